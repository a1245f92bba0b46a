# rp lockset --mode eraser prints RAPID's LockSet racy events / racy lines on
# the bundled real traces (datasets/real/README.md).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
while read -r trace want; do
  got=$(xz -dc "datasets/real/$trace.std.xz" |
        rp-lockset --mode eraser --quiet --stats - - | awk -F, 'NR==2{print $8 "/" $10}')
  expect_eq "lockset --mode eraser $trace" "$got" "$want"
done <<'TABLE'
jgf_moldyn_A 121351/62
jgf_montecarlo_A 378/10
jgf_raytracer_A 727185/62
own_Bank 1655/6
own_BoundedBuffer 445/4
dacapo_sunflow_default 144/30
jgf_lufact_A 671875/47
jgf_crypt_A 501801/30
own_DCL 403/8
own_FlagPublish 201/3
TABLE
finish
