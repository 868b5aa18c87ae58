"""The table of results/openspiel-ismcts/README.md from the head-to-head's per-hand rows.

    python python/bench/openspiel_ismcts_summary.py results/openspiel-ismcts

Reads ``hands-<game>-<mode>.csv``, or, for a run stopped early, the rows its log
``log-<game>-<mode>.txt`` printed (only deals with both rotations count). Per deal: OpenSpiel's
mean points per seat and hand minus tricklab's; mean over deals with a 95% t interval.
"""

import ast
import csv
import math
import os
import sys

from openspiel_ismcts import interval


def rows_of(folder, game, mode):
    path = os.path.join(folder, f"hands-{game}-{mode}.csv")
    if os.path.exists(path):
        with open(path, newline="") as f:
            return [{k: float(v) if k != "openspiel_seats" else v for k, v in r.items()}
                    for r in csv.DictReader(f)], "complete"
    path = os.path.join(folder, f"log-{game}-{mode}.txt")
    if not os.path.exists(path):
        return [], "missing"
    with open(path) as f:
        rows = [ast.literal_eval(line) for line in f if line.startswith("{'deal'")]
    return rows, "stopped early (rows from its log)"


def summary(rows):
    by_deal = {}
    for r in rows:
        by_deal.setdefault(int(r["deal"]), []).append(r)
    diffs = []
    for deal, rs in sorted(by_deal.items()):
        if len(rs) != 2:
            continue
        # Both seats of a side score the same: a row's points stand for its side.
        diffs.append(sum(r["openspiel_points"] for r in rs) / 2
                     - sum(r["tricklab_points"] for r in rs) / 2)
    kept = [r for r in rows if len(by_deal[int(r["deal"])]) == 2]
    dec_os = sum(r["openspiel_decisions"] for r in kept)
    dec_tl = sum(r["tricklab_decisions"] for r in kept)
    cpu = all("openspiel_cpu_seconds" in r for r in kept)
    return {
        "deals": len(diffs),
        "interval": interval(diffs) if diffs else (math.nan,) * 3,
        "record": (sum(d > 0 for d in diffs), sum(d == 0 for d in diffs),
                   sum(d < 0 for d in diffs)),
        "os_ms": 1000 * sum(r["openspiel_seconds"] for r in kept) / max(dec_os, 1),
        "tl_ms": 1000 * sum(r["tricklab_seconds"] for r in kept) / max(dec_tl, 1),
        "os_cpu_ms": (1000 * sum(r["openspiel_cpu_seconds"] for r in kept) / max(dec_os, 1)
                      if cpu else math.nan),
        "tl_cpu_ms": (1000 * sum(r["tricklab_cpu_seconds"] for r in kept) / max(dec_tl, 1)
                      if cpu else math.nan),
    }


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "results/openspiel-ismcts"
    print("| game | mode | deals (hands) | OpenSpiel − tricklab, points per seat and hand "
          "[95% t] | deals OpenSpiel ahead / tied / behind | wall ms per decision, "
          "OpenSpiel / tricklab | CPU ms per decision, OpenSpiel / tricklab | rows |")
    print("|---|---|---:|---|---|---|---|---|")
    for game in ["whist", "catch_the_ten"]:
        for mode in ["iterations", "cpu"]:
            rows, how = rows_of(folder, game, mode)
            if not rows:
                continue
            s = summary(rows)
            m, lo, hi = s["interval"]
            w, t, lost = s["record"]
            cpu = ("—" if math.isnan(s["os_cpu_ms"])
                   else f"{s['os_cpu_ms']:.1f} / {s['tl_cpu_ms']:.1f}")
            print(f"| {game} | {mode} | {s['deals']} ({2 * s['deals']}) | **{m:+.2f}** "
                  f"[{lo:+.2f}, {hi:+.2f}] | {w} / {t} / {lost} | "
                  f"{s['os_ms']:.0f} / {s['tl_ms']:.1f} | {cpu} | {how} |")


if __name__ == "__main__":
    main()
