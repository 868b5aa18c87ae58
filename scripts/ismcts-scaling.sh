#!/usr/bin/env bash
# ISMCTS iterations per second at Whist's first card (random rollouts, one fixed deal and seed)
# for threads 1, 2, 4, 8, 16 at 10k, 100k and 1M iterations a search: wall it/s, CPU it/s,
# tree bytes and heap allocations per iteration. Each line runs searches until 2M iterations
# are done (a 1M line: two searches). Build (release, once): a few minutes; the runs: about a
# minute and a half on an idle 16-core machine. Usage: scripts/ismcts-scaling.sh [threads,…]
set -euo pipefail
cd "$(dirname "$0")/.."
threads="${1:-1,2,4,8,16}"
cargo build --release --quiet --example ismcts_rate
echo "# $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
exec target/release/examples/ismcts_rate 10000,100000,1000000 "$threads" 2000000
