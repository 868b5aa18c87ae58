#!/usr/bin/env bash
# ISMCTS iterations per second at Whist's first card (random rollouts, one fixed deal and seed)
# at 10k, 100k and 1M iterations a search, for each thread count asked for (default 1 and 2).
# One line per (iterations, threads): wall it/s, CPU it/s, tree bytes and heap allocations per
# iteration; then one table of the wall rates: thread counts side by side with their speed-up
# over the first, and each size's rate over 10k's (the "1M ÷ 10k" target is the last row).
# Each line runs searches until 2M iterations are done (a 1M line: two searches), after one
# warm-up search. Build (release, once): a few minutes; the runs: about a minute on an idle
# machine. Run it on a quiet one: wall rates mean little while other work shares the cores.
# Usage: scripts/ismcts-scaling.sh [threads,…]   e.g. scripts/ismcts-scaling.sh 1,2,4,8,16
set -euo pipefail
cd "$(dirname "$0")/.."
threads="${1:-1,2}"
cargo build --release --quiet --example ismcts_rate
echo "# $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ); $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
exec target/release/examples/ismcts_rate 10000,100000,1000000 "$threads" 2000000
