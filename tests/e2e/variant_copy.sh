# A variant is one copy away (docs/writing-a-predictor.md): in a scratch
# copy of the source tree, predictors/hb copied to predictors/hb2 and the
# page's minimal predictor as predictors/minimal build with make; rp-hb2
# and `rp hb2` name themselves hb2 and report what rp-hb reports, the
# minimal predictor reports HB's races too, and a short fuzz checks hb2
# under the claims its copied claims file states.
. "$(dirname "$0")/lib.sh"
src=$TMP/src
mkdir "$src"
tar -C "$ROOT" --exclude=./.git --exclude=./build --exclude=./results -cf - . | tar -C "$src" -xf -
cp -r "$src/predictors/hb" "$src/predictors/hb2"
mkdir "$src/predictors/minimal"
awk '/^```$/ && code { exit }
     code { print }
     /^```c$/ { code = 1 }' "$ROOT/docs/writing-a-predictor.md" > "$src/predictors/minimal/minimal.c"
[ -s "$src/predictors/minimal/minimal.c" ] || fail "no C example in docs/writing-a-predictor.md"

bin=$src/build/bin
make -C "$src" -j2 BUILD="$src/build" "$bin/rp" "$bin/rp-hb" "$bin/rp-hb2" "$bin/rp-minimal" \
  "$bin/rp-oracle" "$bin/rp-gen" > "$TMP/make.log" 2>&1 || { tail -20 "$TMP/make.log"; fail "make"; finish; }

# The stats row but the predictor's name and its time.
counts() {  # PREDICTOR TRACE
  "$bin/rp-$1" --quiet --stats - "$2" | awk -F, -v OFS=, '{ $1 = ""; $13 = ""; print }'
}
for trace in "$ROOT"/datasets/crafted/{notes-trace-I,m2-fig2a,vindicator-fig3a}.std; do
  name=$(basename "$trace" .std)
  expect_eq "hb2 $name predictor column" \
    "$("$bin/rp-hb2" --quiet --stats - "$trace" | awk -F, 'NR == 2 { print $1 }')" hb2
  expect_eq "hb2 $name counts" "$(counts hb2 "$trace")" "$(counts hb "$trace")"
  expect_eq "hb2 $name races" "$("$bin/rp-hb2" --quiet --races - "$trace")" \
    "$("$bin/rp-hb" --quiet --races - "$trace")"
  expect_eq "minimal $name races" "$("$bin/rp-minimal" --quiet --races - "$trace")" \
    "$("$bin/rp-hb" --quiet --races - "$trace")"
done
expect_eq "rp hb2 --version" "$("$bin/rp" hb2 --version)" "rp-hb2 0.1.0"
"$bin/rp" hb2 "$ROOT/datasets/crafted/notes-trace-I.std" | grep -q "^hb2: " ||
  fail "rp hb2's summary does not name hb2"
expect_eq "minimal --help" "$("$bin/rp-minimal" --help | head -1)" \
  "rp-minimal: happens-before races, the smallest predictor"

RP_BIN=$bin FOUND_DIR=$TMP/found "$src/scripts/fuzz" 5 --jobs 1 > "$TMP/fuzz" 2>&1 ||
  { cat "$TMP/fuzz"; fail "fuzz of hb2"; }
for claim in "sound-first (enabled)" "complete-trace (cs-preserving)"; do
  grep -q "^  hb2 $claim  *ok  *5 " "$TMP/fuzz" || fail "fuzz did not check hb2 $claim: $(cat "$TMP/fuzz")"
done
finish
