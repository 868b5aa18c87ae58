#!/usr/bin/env bash
# The published head-to-head (results/openspiel-ismcts/): for each game, OpenSpiel's ISMCTSBot
# against tricklab's ISMCTS at equal iterations, then at equal CPU time per decision: tricklab's
# iterations calibrated to OpenSpiel's mean CPU time per decision measured in the
# equal-iterations run. Run from the repository root with the package installed (see
# .ci/python.sh):
#   PY=target/pyvenv/bin/python python/bench/openspiel_ismcts_all.sh
set -euo pipefail
PY=${PY:-python3}
OUT=${OUT:-results/openspiel-ismcts}
DEALS=${DEALS:-30}
ITERATIONS=${ITERATIONS:-50}
one_game() {
    local game=$1
    nice -n 10 "$PY" python/bench/openspiel_ismcts.py --game "$game" --deals "$DEALS" \
        --iterations "$ITERATIONS" --mode iterations --out "$OUT" > "$OUT/log-$game-iterations.txt"
    local ms
    ms=$("$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(round(1000*r["openspiel_cpu_seconds_per_decision"], 1))' \
        "$OUT/run-$game-iterations.json")
    nice -n 10 "$PY" python/bench/openspiel_ismcts.py --game "$game" --deals "$DEALS" \
        --iterations "$ITERATIONS" --mode cpu --cpu-ms "$ms" --out "$OUT" > "$OUT/log-$game-cpu.txt"
}
mkdir -p "$OUT"
one_game whist &
one_game catch_the_ten &
wait
