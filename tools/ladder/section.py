#!/usr/bin/env python3
"""A finished ladder's table and head-to-head lines, in the form results/ladder/README.md uses.

    python3 tools/ladder/section.py results/ladder/<folder>

Reads the tournament's `ladder.csv` and `pairs.csv` and, where `tricklab frontier DIR --times
CSV` has written it, `frontier-cpu.csv` for the quiet-core CPU time a decision. Prints a
markdown table (agent, CPU a decision, points over the baseline, share of the ceiling's edge,
rating) and one line per pair that involves neither the baseline nor the ceiling. The labels
are the config's; rename them by hand where the README says more. Copying the numbers this way
keeps the README's tables the same as the run's files.
"""

import csv
import sys
from pathlib import Path


def signed(x: float) -> str:
    """A number with its sign and two decimals, with a typographic minus."""
    return f"{x:+.2f}".replace("-", "−")


def mean_interval(xs: list) -> str:
    """The mean of xs with its 95% t interval (normal quantile), as `+0.10 [+0.05, +0.15]`."""
    n = len(xs)
    mean = sum(xs) / n
    sd = (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5
    half = 1.96 * sd / n**0.5
    return f"{signed(mean)} [{signed(mean - half)}, {signed(mean + half)}]"


def percent(x: float) -> str:
    return f"{round(x * 100):d}%".replace("-", "−")


def rating(x: float) -> str:
    return f"{round(x):d}".replace("-", "−")


def cpu(ms: float) -> str:
    """CPU a decision as the README writes it: µs below 0.1 ms, one decimal below 100 ms."""
    if ms < 0.1:
        return f"{ms * 1000:.1f} µs"
    if ms < 100:
        return f"{ms:.1f} ms"
    return f"{ms:.0f} ms"


def main(folder: Path) -> None:
    rows = list(csv.DictReader(open(folder / "ladder.csv", newline="")))
    times = {}
    frontier = folder / "frontier-cpu.csv"
    if frontier.exists():
        for r in csv.DictReader(open(frontier, newline="")):
            times[r["agent"]] = float(r["ms_a_decision"])
    baseline = next(r["agent"] for r in rows if r["over_baseline"] == "")
    ceiling = next(
        (r["agent"] for r in rows if r["share"] and float(r["share"]) == 1.0), None
    )
    print("| agent | CPU a decision (quiet core) | over B0 [95%] "
          "| share of the oracle's edge [95%] | rating [95%] |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        a = r["agent"]
        t = cpu(times[a]) if a in times else "—"
        elo = f"{rating(float(r['elo']))} [{rating(float(r['elo_low']))}, {rating(float(r['elo_high']))}]"
        if a == baseline:
            print(f"| {a} | {t} | 0 | — | {elo} |")
            continue
        over = (f"{signed(float(r['over_baseline']))} "
                f"[{signed(float(r['over_low']))}, {signed(float(r['over_high']))}]")
        share = ("100%" if a == ceiling else
                 f"{percent(float(r['share']))} "
                 f"[{percent(float(r['share_low']))}, {percent(float(r['share_high']))}]")
        print(f"| {a} | {t} | {over} | {share} | {elo} |")
    print()
    for p in csv.DictReader(open(folder / "pairs.csv", newline="")):
        if {p["agent"], p["opponent"]} & {baseline, ceiling}:
            continue
        print(f"- {p['agent']} − {p['opponent']} = {signed(float(p['mean']))} "
              f"[{signed(float(p['low']))}, {signed(float(p['high']))}]: "
              f"{p['won']} won, {p['drawn']} drawn, {p['lost']} lost "
              f"(over {p['deals']} deals)")


if __name__ == "__main__":
    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "ladder.csv").exists():
        print("usage: section.py FOLDER (a finished tournament's folder, with ladder.csv)",
              file=sys.stderr)
        sys.exit(2)
    main(Path(sys.argv[1]))
