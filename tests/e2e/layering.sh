# The layering of DESIGN.md, checked on the sources and on the programs built:
#   - a predictor or tool (predictors/NAME, tools/NAME) and the common unit
#     tests include only their own directory's headers and predictors/common;
#     predictors/common only its own;
#   - the harness (harness/NAME, its unit tests) includes only its own
#     directory's headers and harness/lib, and no harness program contains
#     code of predictors/common or of a predictor.
# A quoted #include is resolved as the preprocessor does: first beside the
# including file, then in the layer's library directory.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
root=$PWD

# The quoted #include names of a C file.
quoted_includes() {
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"
}

# The directory a quoted include of FILE resolves to, given the layer's
# library directory LIB; empty if it resolves nowhere.
resolved_dir() {  # FILE NAME LIB
  local dir candidate
  dir=$(dirname "$1")
  for candidate in "$dir/$2" "$3/$2"; do
    [ -f "$candidate" ] && { dirname "$(realpath "$candidate")"; return; }
  done
}

# check_includes LIB FILE...: every quoted include of each FILE resolves to
# the file's own directory or to LIB.
check_includes() {
  local lib=$1 file name where
  shift
  for file in "$@"; do
    [ -f "$file" ] || continue
    while read -r name; do
      where=$(resolved_dir "$file" "$name" "$lib")
      case $where in
        "$(realpath "$(dirname "$file")")" | "$root/$lib") ;;
        "") fail "$file includes \"$name\", found neither beside it nor in $lib" ;;
        *) fail "$file includes \"$name\" from ${where#"$root/"}, outside its directory and $lib" ;;
      esac
    done < <(quoted_includes "$file")
  done
}

check_includes predictors/common predictors/*/*.[ch] tools/*/*.[ch] tests/unit/common_*.c
check_includes harness/lib harness/*/*.[ch] tests/unit/harness_*.c

# The global symbols defined by predictors/common and by the predictors'
# objects, but main; none may be defined in a harness program.
build=$RP_BIN/..
nm -g --defined-only "$build/libcommon.a" "$build"/obj/predictors/*/*.o 2>/dev/null |
  awk 'NF == 3 && $3 != "main" { print $3 }' | sort -u > "$TMP/predictor.syms"
[ -s "$TMP/predictor.syms" ] || fail "no symbols found in $build/libcommon.a"
for dir in harness/*/; do
  name=$(basename "$dir")
  case $name in lib) continue ;; rp) program=$RP_BIN/rp ;; *) program=$RP_BIN/rp-$name ;; esac
  [ -x "$program" ] || { fail "$program not built"; continue; }
  shared=$(nm --defined-only "$program" | awk 'NF == 3 { print $3 }' | sort -u |
           comm -12 - "$TMP/predictor.syms" | tr '\n' ' ')
  [ -z "$shared" ] || fail "$program contains predictor code: $shared"
done
finish
