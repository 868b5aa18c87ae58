#!/usr/bin/env bash
# CPU time a decision of each ladder agent, measured the way results/ladder/README.md describes:
# the agent in seat 0, B0 (`rules`) in every other seat, one thread, user + system CPU of the
# whole process from /usr/bin/time, less B0's share (timed alone on the same deals' kind), divided
# by seat 0's decisions. Run it on a quiet machine (it prints `uptime` before and after).
#
#   tools/ladder/cpu-per-decision.sh BINARY GAME PLAYERS DECISIONS_A_HAND 'SPEC=HANDS' ...
#
# DECISIONS_A_HAND is one seat's decisions in a hand (Catch the Ten 4p: 9; Whist: 13). Prints
# CSV: spec, hands, CPU seconds, ms a decision.
set -euo pipefail
bin=$1 game=$2 players=$3 per=$4; shift 4
t=$(mktemp); trap 'rm -f $t' EXIT
cpu() { # HANDS AGENTS -> user+sys seconds
  /usr/bin/time -f '%U %S' -o "$t" "$bin" simulate --game "$game" --players "$players" --hands \
    --games "$1" --threads 1 --seed 9 --agents "$2" >/dev/null 2>&1
  awk '{print $1 + $2}' "$t"
}
rest=$(printf ',rules%.0s' $(seq 2 "$players"))
echo "# $(date -u +%FT%TZ) $(uptime)"
echo "# $("$bin" --version), $game, $players players, $per decisions a seat and hand"
b0_hands=20000
b0=$(cpu $b0_hands "rules$rest")
# Seconds of B0 (and the deal's own work) a hand for the seats that are not seat 0.
other=$(awk -v s="$b0" -v n=$b0_hands -v p="$players" 'BEGIN {print s / n * (p - 1) / p}')
echo "spec,hands,cpu_s,ms_a_decision"
echo "rules,$b0_hands,$b0,$(awk -v s="$b0" -v n=$b0_hands -v p="$players" -v d="$per" 'BEGIN {printf "%.5f", s / n / (p * d) * 1000}')"
for arg in "$@"; do
  spec=${arg%=*} hands=${arg##*=}
  s=$(cpu "$hands" "$spec$rest")
  ms=$(awk -v s="$s" -v n="$hands" -v o="$other" -v d="$per" 'BEGIN {printf "%.5f", (s / n - o) / d * 1000}')
  echo "\"$spec\",$hands,$s,$ms"
done
echo "# $(date -u +%FT%TZ) $(uptime)"
