#!/usr/bin/env bash
# The README's SLURM job-array recipe on a real single-node cluster (issue 26): 3 shards and an
# afterok merge job against one plain run, byte for byte. Needs the debug build (.ci/bots.sh).
set -euo pipefail
cargo build --locked --quiet
SLURM_SMOKE_SKIP_UNAVAILABLE=1 TRICKLAB_BIN=target/debug/tricklab bash scripts/slurm-smoke.sh
