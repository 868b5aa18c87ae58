#!/usr/bin/env bash
# Side-by-side of issue 31: tricklab's random Whist hands (whole process) against OpenSpiel's C++
# random bridge card play, per card, interleaved on one machine.
#
#   tools/openspiel_reference/side_by_side.sh TRICKLAB_BINARY [REPS]
#
# Each of REPS rounds runs (a) the tricklab command of the issue under /usr/bin/time (user CPU of
# the whole process; ns a card = user CPU / (GAMES x 52)) and (b) bridge_random.py (CPU time,
# marginal ns a card with the per-call Python overhead subtracted); odd rounds run (a) first, even
# rounds (b) first. Then the medians and the ratio OpenSpiel ns/card / tricklab ns/card.
#
# Environment: GAMES (tricklab hands, default 1000000, the issue's figure), OS_HANDS (OpenSpiel
# hands of card play, default 200000), OS_WHOLE (OpenSpiel whole hands for the second line,
# default 20000, 0 skips), PYTHON (default python3, with open_spiel installed).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 TRICKLAB_BINARY [REPS]   (env: GAMES, OS_HANDS, OS_WHOLE, PYTHON)" >&2
  exit 2
fi
BIN=$1
REPS=${2:-5}
GAMES=${GAMES:-1000000}
OS_HANDS=${OS_HANDS:-200000}
OS_WHOLE=${OS_WHOLE:-20000}
PYTHON=${PYTHON:-python3}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ -x $BIN ]] || { echo "not an executable: $BIN" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ROWS=$TMP/rows.tsv

echo "# side by side, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(hostname), $(nproc) cores"
echo "# $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "# tricklab: $BIN ($("$BIN" --version 2>/dev/null || echo '?')), GAMES=$GAMES"
echo "# openspiel: $PYTHON $HERE/bridge_random.py --hands $OS_HANDS --whole-hands $OS_WHOLE"
echo "# uptime before: $(uptime)"

run_tricklab() {
  /usr/bin/time -f '%U %S %e' -o "$TMP/time" \
    "$BIN" simulate --game whist --players 4 --hands --games "$GAMES" --seed 3 --threads 1 \
    > "$TMP/tricklab.out"
  read -r TL_USER TL_SYS TL_WALL < "$TMP/time"
  TL_NS=$(awk -v u="$TL_USER" -v g="$GAMES" 'BEGIN { printf "%.2f", u * 1e9 / (g * 52) }')
  echo "round $r tricklab: user ${TL_USER} s, sys ${TL_SYS} s, wall ${TL_WALL} s -> ${TL_NS} ns a card (whole process)"
}

run_openspiel() {
  "$PYTHON" "$HERE/bridge_random.py" --json --hands "$OS_HANDS" --whole-hands "$OS_WHOLE" \
    > "$TMP/os.json"
  read -r OS_NS OS_RAW OS_WHOLE_NS OS_VER < <("$PYTHON" -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("%.2f %.2f %s %s" % (r["play_ns_per_card"], r["play_raw_ns_per_card"],
      "%.2f" % r["whole_ns_per_card"] if "whole_ns_per_card" in r else "nan", r["openspiel_version"]))
' "$TMP/os.json")
  echo "round $r openspiel $OS_VER: play ${OS_NS} ns a card (marginal), ${OS_RAW} raw; whole hand ${OS_WHOLE_NS} ns per 52 cards"
}

for ((r = 1; r <= REPS; r++)); do
  if ((r % 2 == 1)); then run_tricklab; run_openspiel; else run_openspiel; run_tricklab; fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$TL_NS" "$OS_NS" "$OS_RAW" "$OS_WHOLE_NS" >> "$ROWS"
done

echo "# uptime after: $(uptime)"
"$PYTHON" - "$ROWS" <<'EOF'
import math, statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()]
tl = [float(r[1]) for r in rows]
os_play = [float(r[2]) for r in rows]
os_raw = [float(r[3]) for r in rows]
os_whole = [float(r[4]) for r in rows if not math.isnan(float(r[4]))]
med = statistics.median
print(f"medians over {len(rows)} rounds: tricklab {med(tl):.2f} ns a card; OpenSpiel play "
      f"{med(os_play):.2f} (raw {med(os_raw):.2f})"
      + (f", whole hand {med(os_whole):.2f}" if os_whole else ""))
ratio = med(os_play) / med(tl)
per_round = [o / t for o, t in zip(os_play, tl)]
print(f"ratio OpenSpiel play / tricklab (medians): {ratio:.1f}x  (target >= 20x: "
      f"{'met' if ratio >= 20 else 'not met'}); per round {', '.join(f'{x:.1f}' for x in per_round)}")
print(f"  with OpenSpiel's raw figure (Python call overhead included): {med(os_raw) / med(tl):.1f}x"
      + (f"; whole hand (deal + random auction + play, not like for like): "
         f"{med(os_whole) / med(tl):.1f}x" if os_whole else ""))
EOF
