#!/usr/bin/env python3
"""Prints the second edition's tables from the files `tricklab family` writes.

    python3 tools/second-edition/table.py [results/second-edition] [verdicts|secondary|tips]

`verdicts`: every primary hypothesis by field, raw and Holm-adjusted (the report's one table);
`secondary`: the secondary hypotheses by field, unadjusted; `tips`: one row per primary
hypothesis with its B0-field and search-field results (the top-level README's tip table).
Reads `family-tips-2.csv` and `hypotheses-tips-2.csv`; computes nothing but formatting.
"""

import csv
import os
import sys

FIELDS = ["b0", "search", "mixed", "ladder"]
FIELD_NAMES = {"b0": "B0", "search": "search", "mixed": "mixed", "ladder": "ladder (PIMC-20)"}


def num(x, digits):
    v = float(x)
    s = f"{v:+.{digits}f}".replace("-", "−")
    return s


def bounds(lo, hi, digits):
    return f"[{num(lo, digits)}, {num(hi, digits)}]"


def digits_for(epsilon):
    return 2 if float(epsilon) >= 0.25 else 3


def pvalue(x):
    """A p-value; 0 means below what the t distribution's tail gives in double precision."""
    v = float(x)
    return "≈ 0" if v == 0 else f"{v:.1e}"


def played(row):
    p, n = int(row["played"]), int(row["planned"])
    return f"{p:,}" if p >= n else f"{p:,} of {n:,}"


def load(folder, name):
    with open(os.path.join(folder, name), newline="") as f:
        return list(csv.DictReader(f))


def tip_key(row):
    return row["hypothesis"]


def verdicts(folder):
    rows = load(folder, "family-tips-2.csv")
    order = []
    for r in rows:
        if tip_key(r) not in order:
            order.append(tip_key(r))
    print("| hypothesis (predicted, ε) | field | played | n | effect | raw 95% interval | "
          "label | p (Holm) | Holm-level interval | label after Holm |")
    print("|---|---|---:|---:|---:|---|---|---:|---|---|")
    for h in order:
        for field in FIELDS:
            for r in rows:
                if tip_key(r) != h or r["field"] != field:
                    continue
                d = digits_for(r["epsilon"])
                sign = ">" if r["direction"] == "greater" else "<"
                head = f"{h} ({sign} 0, ε {r['epsilon']})"
                if not r["raw_low"]:
                    print(f"| {head} | {FIELD_NAMES[field]} | not run | | | | | | | |")
                    continue
                print(f"| {head} | {FIELD_NAMES[field]} | {played(r)} | {int(r['deals']):,} | "
                      f"{num(r['estimate'], d)} | {bounds(r['raw_low'], r['raw_high'], d)} | "
                      f"{r['raw_label']} | {pvalue(r['p_holm'])} | "
                      f"{bounds(r['adjusted_low'], r['adjusted_high'], d)} | "
                      f"**{r['adjusted_label']}** |")


def secondary(folder):
    rows = [r for r in load(folder, "hypotheses-tips-2.csv") if r["primary"] == "false"]
    names = []
    for r in rows:
        if r["hypothesis"] not in names:
            names.append(r["hypothesis"])
    rows.sort(key=lambda r: (names.index(r["hypothesis"]), FIELDS.index(r["field"])))
    print("| hypothesis (predicted, ε) | field | played | n | effect | 95% interval | label | "
          "at ε/2 | at 2ε |")
    print("|---|---|---:|---:|---:|---|---|---|---|")
    for r in rows:
        if not r["raw_low"]:
            continue
        d = digits_for(r["epsilon"])
        sign = ">" if r["direction"] == "greater" else "<"
        print(f"| {r['hypothesis']} ({sign} 0, ε {r['epsilon']}) | {FIELD_NAMES[r['field']]} | "
              f"{played(r)} | {int(r['deals']):,} | {num(r['estimate'], d)} | "
              f"{bounds(r['raw_low'], r['raw_high'], d)} | {r['raw_label']} | "
              f"{r['label_half_epsilon']} | {r['label_double_epsilon']} |")


def tips(folder):
    rows = load(folder, "family-tips-2.csv")
    order = []
    for r in rows:
        if tip_key(r) not in order:
            order.append(tip_key(r))

    def cell(h, field):
        for r in rows:
            if tip_key(r) == h and r["field"] == field:
                if not r["raw_low"]:
                    return "not run"
                d = digits_for(r["epsilon"])
                n = "" if int(r["played"]) >= int(r["planned"]) else f", {int(r['played']):,} deals"
                return (f"**{r['adjusted_label']}** {num(r['estimate'], d)} "
                        f"{bounds(r['raw_low'], r['raw_high'], d)}{n}")
        return "—"

    print("| tip (primary statistic) | B0 field | search field |")
    print("|---|---|---|")
    for h in order:
        print(f"| {h} | {cell(h, 'b0')} | {cell(h, 'search')} |")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "results/second-edition"
    what = sys.argv[2] if len(sys.argv) > 2 else "verdicts"
    {"verdicts": verdicts, "secondary": secondary, "tips": tips}[what](folder)


if __name__ == "__main__":
    main()
