#!/usr/bin/env bash
# The README's SLURM job-array recipe on a real single-node cluster (issue 26): 3 shards and an
# afterok merge job against one plain run, byte for byte. The daemons need root (sudo if we are
# not root); a cluster that cannot be brought up here is reported as SKIP, a wrong result fails.
set -euo pipefail
cargo build --locked --quiet
run=(env SLURM_SMOKE_SKIP_UNAVAILABLE=1 TRICKLAB_BIN="$PWD/target/debug/tricklab" bash scripts/slurm-smoke.sh)
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then
    sudo "${run[@]}"
else
    "${run[@]}"
fi
