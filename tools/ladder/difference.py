#!/usr/bin/env python3
"""Two head-to-head runs on the same deals, and the difference between them deal by deal.

    python3 tools/ladder/difference.py results/ladder/<run A> results/ladder/<run B>

Each run is a finished tournament of one pair (two agents). A tournament's deal d is the same
in every run of the same game, seed and player count, so the two pairs' scores pair deal by
deal. Prints each pair's mean points a seat of its first agent over its second, with a 95% t
interval over deals, and the mean of (A's score − B's score) over the deals both played, with a
paired 95% t interval. Checks that both runs have one game, seed and player count and one pair,
and stops with a one-line message and exit code 2 if not. Standard library only.
"""

import csv
import sys
from pathlib import Path

from section import mean_interval  # the README's number formats, beside this file
from share import fail, setting  # the runs' settings, read as share.py reads them


def pair_scores(folder: Path) -> tuple:
    """The run's one pair (first agent, second agent) and its scores by deal, from scores.csv."""
    if not (folder / "scores.csv").exists():
        fail(f"{folder} has no scores.csv: give a finished tournament's folder")
    pairs, scores = set(), {}
    for r in csv.DictReader(open(folder / "scores.csv", newline="")):
        pairs.add((r["agent"], r["opponent"]))
        scores[int(r["deal"])] = float(r["score"])
    if len(pairs) != 1:
        fail(f"{folder} holds {len(pairs)} pairs; give runs of one pair each")
    return pairs.pop(), scores


def main(a: Path, b: Path) -> None:
    sa, sb = setting(a), setting(b)
    for key in ("game", "players", "seed"):
        if sa.get(key) != sb.get(key):
            fail(f"the runs differ in {key}: {sa.get(key)} and {sb.get(key)}; "
                 "the difference needs the same deals")
    (pa, xa), (pb, xb) = pair_scores(a), pair_scores(b)
    deals = sorted(set(xa) & set(xb))
    if len(deals) < 2:
        fail("the runs share fewer than two deals")
    print(f"{sa['game']}, seed {sa['seed']}, {len(deals):,} deals both runs played; "
          "points a seat of the first agent over the second, 95% t intervals:")
    print()
    print("| run | pair | score [95%] |")
    print("|---|---|---:|")
    print(f"| A: {a.name} | {pa[0]} − {pa[1]} | {mean_interval([xa[d] for d in deals])} |")
    print(f"| B: {b.name} | {pb[0]} − {pb[1]} | {mean_interval([xb[d] for d in deals])} |")
    print(f"| A − B, deal by deal | | {mean_interval([xa[d] - xb[d] for d in deals])} |")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        fail("usage: difference.py RUN_A RUN_B (two finished tournaments of one pair each)")
    main(Path(sys.argv[1]), Path(sys.argv[2]))
