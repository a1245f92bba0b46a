# The layering of docs/design.md, checked on the sources and on the programs built:
#   - predictors/common is a set of rooms (predictors/common/README.md); a
#     file includes its own room's headers by name and another room's as
#     "ROOM/name.h", only from the rooms below its own (ROOMS_BELOW);
#   - a predictor or tool (predictors/NAME, tools/NAME) and the common unit
#     tests include only their own directory's headers and the rooms, and of
#     an engine room only its public header (ENGINE_HEADERS);
#   - the harness (harness/NAME, its unit tests) includes only its own
#     directory's headers, harness/lib and the base room ("base/name.h"),
#     and no harness program contains code of predictors/common but the
#     base's, nor of a predictor;
#   - no two files of predictors/common or of one program call each other
#     in a circle, directly or through others.
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
# the file's own directory or to LIB, or is "base/name.h" of the base room.
check_includes() {
  local lib=$1 file name where
  shift
  for file in "$@"; do
    [ -f "$file" ] || continue
    while read -r name; do
      where=$(resolved_dir "$file" "$name" "$lib")
      [ -z "$where" ] && [[ $name == base/* ]] && [ -f "predictors/common/$name" ] &&
        where=$root/predictors/common/base
      case $where in
        "$(realpath "$(dirname "$file")")" | "$root/$lib" | "$root/predictors/common/base") ;;
        "") fail "$file includes \"$name\", found neither beside it nor in $lib nor in the base" ;;
        *) fail "$file includes \"$name\" from ${where#"$root/"}, outside its directory, $lib and the base" ;;
      esac
    done < <(quoted_includes "$file")
  done
}

# Each room and the rooms it may include; the order is the build-up of the
# shared core, from the base to the driver of a predictor.
declare -A ROOMS_BELOW=(
  [base]=""
  [trace]="base"
  [cli]="base trace"
  [report]="base trace cli"
  [shadow]="base trace cli report"
  [reorder]="base trace"
  [wcp_engine]="base trace cli report shadow"
  [pwr_engine]="base trace cli report shadow"
  [driver]="base trace cli report"
  [view]="base trace"
)
ENGINE_HEADERS="wcp_engine/wcp_clocks.h pwr_engine/pwr_engine.h"

for dir in predictors/common/*/; do
  room=$(basename "$dir")
  [ -n "${ROOMS_BELOW[$room]+set}" ] || fail "predictors/common/$room is not a known room"
done
[ -z "$(find predictors/common -maxdepth 1 -name '*.[ch]')" ] ||
  fail "predictors/common holds files outside its rooms"

# check_room_includes FILE ROOM...: each quoted include of FILE resolves beside
# it or is "ROOM/name.h" of one of the given rooms, an engine's public header
# only when ENGINES is set.
check_room_includes() {
  local file=$1 name room; shift
  while read -r name; do
    [ -f "$(dirname "$file")/$name" ] && continue
    room=${name%%/*}
    if [ "$room" = "$name" ] || [ ! -f "predictors/common/$name" ]; then
      fail "$file includes \"$name\", found neither beside it nor in a room"
    elif [[ " $* " != *" $room "* ]]; then
      fail "$file includes \"$name\": room $room is not below its own"
    elif [ -n "${ENGINES:-}" ] && [[ $room == *_engine ]] && [[ " $ENGINE_HEADERS " != *" $name "* ]]; then
      fail "$file includes \"$name\", an engine's internal header"
    fi
  done < <(quoted_includes "$file")
}

for file in predictors/common/*/*.[ch]; do
  room=$(basename "$(dirname "$file")")
  check_room_includes "$file" ${ROOMS_BELOW[$room]-}
done
for file in predictors/*/*.[ch] tools/*/*.[ch] tests/unit/common_*.c; do
  case $file in predictors/common/*) continue ;; esac
  ENGINES=1 check_room_includes "$file" "${!ROOMS_BELOW[@]}"
done
check_includes harness/lib harness/*/*.[ch] tests/unit/harness_*.c

# The global symbols defined by predictors/common but its base and by the
# predictors' objects, but main; none may be defined in a harness program.
build=$RP_BIN/..
global_symbols() {  # OBJECT-OR-LIBRARY...
  nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 && $3 != "main" { print $3 }' | sort -u
}
global_symbols "$build"/obj/predictors/common/base/*.o > "$TMP/base.syms"
[ -s "$TMP/base.syms" ] || fail "no symbols found in $build/obj/predictors/common/base"
global_symbols "$build/libcommon.a" "$build"/obj/predictors/*/*.o |
  comm -23 - "$TMP/base.syms" > "$TMP/predictor.syms"
[ -s "$TMP/predictor.syms" ] || fail "no symbols found in $build/libcommon.a"
for dir in harness/*/; do
  name=$(basename "$dir")
  case $name in lib) continue ;; rp) program=$RP_BIN/rp ;; *) program=$RP_BIN/rp-$name ;; esac
  [ -x "$program" ] || { fail "$program not built"; continue; }
  shared=$(nm --defined-only "$program" | awk 'NF == 3 { print $3 }' | sort -u |
           comm -12 - "$TMP/predictor.syms" | tr '\n' ' ')
  [ -z "$shared" ] || fail "$program contains predictor code: $shared"
done
# Circles of calls between files: an edge A -> B when object A uses a symbol
# object B defines; tsort names every loop it finds.
call_edges() {  # OBJECT...
  nm -A "$@" 2>/dev/null | awk '
    { obj = $1; sub(/:.*/, "", obj); sub(/.*\//, "", obj) }
    NF == 3 && $2 ~ /[TDBR]/ { def[$3] = obj }
    NF == 2 && $1 ~ /U$/ || NF == 3 && $2 == "U" { use[obj, $NF] = 1 }
    END { for (k in use) { split(k, p, SUBSEP); if ((p[2] in def) && def[p[2]] != p[1]) print p[1], def[p[2]] } }'
}
no_call_circles() {  # WHAT OBJECT...
  local what=$1 loops; shift
  loops=$(call_edges "$@" | sort -u | tsort 2>&1 >/dev/null | grep -v '^tsort: -: input contains a loop:$' | sed 's/^tsort: //')
  [ -z "$loops" ] || fail "$what: files call each other in a circle: $(echo $loops)"
}
no_call_circles predictors/common "$build"/obj/predictors/common/*/*.o
for dir in "$build"/obj/predictors/*/ "$build"/obj/tools/*/; do
  case $dir in */predictors/common/) continue ;; esac
  compgen -G "$dir*.o" >/dev/null && no_call_circles "${dir#"$build/obj/"}" "$dir"*.o
done
finish
