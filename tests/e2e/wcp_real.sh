# rp-wcp --rapid prints RAPID's WCP racy events / racy lines on the bundled
# real traces (datasets/real/README.md), with and without queue compaction;
# the default (Kini et al.'s Algorithm 1) orders less on two of them.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
# counts TRACE [OPTIONS...]: "racy_events/racy_lines queue_peak late_threads"
counts() {
  local t=$1; shift
  xz -dc "datasets/real/$t.std.xz" | rp-wcp --quiet --stats - "$@" - |
    awk -F, 'NR==1{for(i=1;i<=NF;i++) k[$i]=i}
             NR==2{print $k["racy_events"] "/" $k["racy_lines"], $k["queue_peak"], $k["late_threads"]}'
}
while read -r trace rapid strict; do
  read -r got peak late <<< "$(counts "$trace" --rapid)"
  expect_eq "wcp --rapid $trace" "$got" "$rapid"
  expect_eq "wcp --rapid $trace late threads" "$late" 0
  [ "$peak" -ge 0 ] 2>/dev/null || fail "wcp $trace queue_peak '$peak'"
  read -r got nogc_peak _ <<< "$(counts "$trace" --rapid --no-gc)"
  expect_eq "wcp --rapid --no-gc $trace" "$got" "$rapid"
  [ "$nogc_peak" -ge "$peak" ] || fail "wcp $trace: --no-gc peak $nogc_peak < $peak"
  read -r got _ _ <<< "$(counts "$trace")"
  expect_eq "wcp $trace" "$got" "$strict"
done <<'TABLE'
jgf_moldyn_A 12/3 14/3
jgf_montecarlo_A 325/5 325/5
jgf_raytracer_A 4/2 7/3
own_Bank 1654/5 1654/5
own_BoundedBuffer 247/2 247/2
dacapo_sunflow_default 26/8 26/8
jgf_lufact_A 506365/17 506365/17
jgf_crypt_A 0/0 0/0
own_DCL 201/6 201/6
own_FlagPublish 201/3 201/3
TABLE
finish
