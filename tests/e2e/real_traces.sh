# HB, SHB and SyncP print RAPID's racy events / racy lines on the bundled
# real traces (datasets/real/README.md; SyncP: RAPID's SyncPreserving), in
# both builds of make test.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
while read -r trace hb shb syncp; do
  for p in hb shb syncp; do
    want=${!p}
    got=$(xz -dc "datasets/real/$trace.std.xz" | rp-$p --quiet --stats - - | awk -F, 'NR==2{print $8 "/" $10}')
    expect_eq "$p $trace" "$got" "$want"
  done
  got=$(xz -dc "datasets/real/$trace.std.xz" | rp-hb --epochs --quiet --stats - - | awk -F, 'NR==2{print $8 "/" $10}')
  expect_eq "hb --epochs $trace" "$got" "$hb"
done <<'TABLE'
jgf_moldyn_A 5/1 5/1 17/3
jgf_montecarlo_A 325/5 188/2 188/2
jgf_raytracer_A 1/1 1/1 7/3
own_Bank 1654/5 1357/5 1358/5
own_BoundedBuffer 247/2 228/2 228/2
dacapo_sunflow_default 19/8 12/5 15/6
jgf_lufact_A 506365/17 131/3 131/3
jgf_crypt_A 0/0 0/0 0/0
own_DCL 201/6 3/2 3/2
own_FlagPublish 201/3 3/3 3/3
TABLE
finish
