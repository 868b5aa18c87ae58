#!/usr/bin/env python3
"""Each rung's share of a ceiling's edge, where the ceiling was played in another run.

    python3 tools/ladder/share.py results/ladder/<ladder> results/ladder/<ceiling-run> [LABEL]

A tournament's deal d is the same in every run of the same game, seed and player count, so a
ceiling played against the baseline in a run of its own (9-5-2's MCTS oracle) pairs deal by
deal with every rung's pair against the baseline in the ladder. For each agent of the ladder
that played the baseline, on the deals both runs played (the first n of the seed): its mean
points a seat over the baseline, and that mean divided by the ceiling's over the same deals,
with a 95% percentile bootstrap over deals (10,000 resamples, the rung's and the ceiling's
scores resampled together, from a fixed seed). The ceiling is LABEL, an agent of the other
run, or else the agent with a share of 100% there. Checks that both runs have one game, seed, player count and baseline, and
stops with a one-line message and exit code 2 if not. Standard library only.
"""

import csv
import json
import random
import sys
from pathlib import Path

from section import mean_interval, percent, signed  # the README's number formats, beside this file

RESAMPLES = 10_000


def fail(message: str) -> None:
    print(f"{Path(sys.argv[0]).name}: {message}", file=sys.stderr)
    sys.exit(2)


def setting(folder: Path) -> dict:
    """The run's game, players, seed and deals, read from its run.json's config."""
    run = folder / "run.json"
    if not run.exists():
        fail(f"{folder} has no run.json: give a finished tournament's folder")
    config = json.load(open(run))["config"]
    out = {}
    for line in config.splitlines():
        key, _, value = line.partition("=")
        key = key.strip()
        if key in ("game", "players", "seed", "deals", "baseline") and "[" not in line:
            out.setdefault(key, value.strip().strip('"'))
    return out


def edges(folder: Path, baseline: str) -> dict:
    """Per agent, its points a seat over the baseline by deal, from scores.csv."""
    out: dict = {}
    for r in csv.DictReader(open(folder / "scores.csv", newline="")):
        a, o, d, s = r["agent"], r["opponent"], int(r["deal"]), float(r["score"])
        if o == baseline:
            out.setdefault(a, {})[d] = s
        elif a == baseline:
            out.setdefault(o, {})[d] = -s
    return out


def ceiling_of(folder: Path) -> str:
    for r in csv.DictReader(open(folder / "ladder.csv", newline="")):
        if r["share"] and float(r["share"]) == 1.0:
            return r["agent"]
    fail(f"{folder} names no ceiling (no agent with a share of 100% in ladder.csv)")
    return ""


def interval(xs: list, cs: list, rng: random.Random) -> tuple:
    n = len(xs)
    shares = []
    for _ in range(RESAMPLES):
        idx = [rng.randrange(n) for _ in range(n)]
        c = sum(cs[i] for i in idx)
        if c != 0:
            shares.append(sum(xs[i] for i in idx) / c)
    shares.sort()
    return shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1]


def main(ladder: Path, other: Path, label: str | None) -> None:
    a, b = setting(ladder), setting(other)
    for key in ("game", "players", "seed", "baseline"):
        if a.get(key) != b.get(key):
            fail(f"the runs differ in {key}: {a.get(key)} and {b.get(key)}; "
                 "the shares need the same deals")
    baseline = a["baseline"]
    ceiling = label or ceiling_of(other)
    top = edges(other, baseline).get(ceiling)
    if not top:
        fail(f"{other}: the ceiling {ceiling} did not play {baseline}")
    rungs = edges(ladder, baseline)
    print(f"Share of {ceiling}'s edge over {baseline} ({other.name}, {len(top)} deals), "
          f"on the deals of seed {a['seed']} that both runs played (n):")
    print()
    print(f"| agent | n | over {baseline} [95%] | {ceiling} over {baseline} | share [95%] |")
    print("|---|---:|---:|---:|---:|")
    for agent, by_deal in rungs.items():
        deals = sorted(set(by_deal) & set(top))
        if not deals:
            continue
        xs = [by_deal[d] for d in deals]
        cs = [top[d] for d in deals]
        n = len(deals)
        share = (sum(xs) / n) / (sum(cs) / n)
        low, high = interval(xs, cs, random.Random(34))
        print(f"| {agent} | {n:,} | {mean_interval(xs)} "
              f"| {signed(sum(cs) / n)} | {percent(share)} [{percent(low)}, {percent(high)}] |")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        fail("usage: share.py LADDER_FOLDER CEILING_FOLDER [LABEL] (two finished tournaments)")
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) == 4 else None)
