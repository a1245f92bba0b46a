# make install PREFIX=DIR puts every program of the build into DIR/bin, and
# the rp installed there runs the rp-NAME beside it with nothing on PATH;
# rp help lists every command; "did you mean" for mistyped commands and
# options of rp itself.
. "$(dirname "$0")/lib.sh"
build=${RP_BIN%/bin}
flags=(); under_sanitizers && flags=(SAN=1 "OPT=-O1 -g")   # as make test built it
make -s -C "$ROOT" install BUILD="${build#"$ROOT"/}" PREFIX="$TMP/prefix" "${flags[@]}" \
  > "$TMP/make.out" 2>&1 || fail "make install: $(cat "$TMP/make.out")"
expect_eq "every program installed" "$(cd "$TMP/prefix/bin" && ls | sort)" "$(cd "$RP_BIN" && ls | sort)"
for p in rp rp-show rp-diff rp-fuzz rp-hb; do
  [ -x "$TMP/prefix/bin/$p" ] || fail "$p not installed"
done

# With only the system's directories on PATH, the installed rp runs its own.
T=$ROOT/datasets/crafted/m2-fig1a.std
lonely() { env PATH=/usr/bin:/bin "$TMP/prefix/bin/rp" "$@"; }
lonely show "$T" 2 > "$TMP/out"; expect_eq "rp show from the prefix" $? 0
grep -q '^1> event 2: T1|w(X)|2$' "$TMP/out" || fail "rp show output: $(cat "$TMP/out")"
expect_eq "rp hb from the prefix" "$(lonely hb --quiet --races - "$T" | wc -l)" 1
lonely help > "$TMP/help"; expect_eq "rp help exit" $? 0
grep -q "^Runs rp-COMMAND from $TMP/prefix/bin " "$TMP/help" || fail "rp help: $(head -5 "$TMP/help")"
# rp help lists every command, each with the first line of its --help.
for p in "$TMP"/prefix/bin/rp-*; do
  name=${p##*/rp-}
  grep -q "^  $name  *[^ ]" "$TMP/help" || fail "rp help does not list $name"
done
lonely fuzz --help | head -1 | grep -q '^rp-fuzz: ' || fail "rp fuzz --help from the prefix"
# Put DIR/bin on PATH and rp is a command.
expect_eq "rp on PATH" "$(PATH=$TMP/prefix/bin:/usr/bin:/bin rp --version)" "rp 0.1.0"

# Did you mean: a mistyped command, an abbreviation, rp's own options.
lonely hbb 2> "$TMP/err"; expect_eq "rp hbb exit" $? 1
grep -qx "rp: 'hbb' is not an rp command (did you mean 'hb'?); see 'rp help'" "$TMP/err" ||
  fail "rp hbb: $(cat "$TMP/err")"
lonely help sho 2> "$TMP/err"; expect_eq "rp help sho exit" $? 1
grep -q "did you mean 'show'" "$TMP/err" || fail "rp help sho: $(cat "$TMP/err")"
lonely --verison 2> "$TMP/err"; expect_eq "rp --verison exit" $? 1
grep -q "unknown option --verison (did you mean --version?)" "$TMP/err" || fail "rp --verison: $(cat "$TMP/err")"
lonely qqqqqqq 2> "$TMP/err"; expect_eq "nothing near exit" $? 1
grep -qx "rp: 'qqqqqqq' is not an rp command; see 'rp help'" "$TMP/err" || fail "nothing near: $(cat "$TMP/err")"
finish
