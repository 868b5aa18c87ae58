"""Same seed, same output: Python against the command line."""

import csv
import json
import os
import re

import pytest

import tricklab
from conftest import TABLES, run_cli, table_id

SEATINGS = {
    "whist": "rules;random;ismcts:iterations=30;random",
    "catch-the-ten": "rules",
    "nine-five-two": "rules;random;rules",
}


def cli_options(options):
    out = []
    for k, v in options.items():
        out += ["--option", f"{k}={str(v).lower() if isinstance(v, bool) else v}"]
    return out


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@pytest.mark.parametrize("hands", [True, False], ids=["hands", "matches"])
def test_simulate_records_equal_the_cli(cli, tmp_path, table, hands):
    game_name, players, options = table
    seating = SEATINGS[game_name] if players in (None, 4) or game_name != "catch-the-ten" else "rules"
    games = 12 if hands else 2
    log = tmp_path / "log.jsonl"
    out = tmp_path / "results"
    args = ["simulate", "--game", game_name, "--agents", seating, "--games", str(games),
            "--seed", "17", "--log", str(log), "--out", str(out), "--threads", "2",
            *cli_options(options)]
    if players:
        args += ["--players", str(players)]
    if hands:
        args.append("--hands")
    res = run_cli(cli, *args)
    assert res.returncode == 0, res.stderr
    game = tricklab.Game(game_name, players=players, options=options)
    r = tricklab.simulate(game, seating, games=games, seed=17, hands=hands, log=True)
    assert r["records"] == log.read_text().splitlines()
    # The command line's simulate is a one-arm experiment; Python returns its files' columns:
    # rows = hands.csv, deals = deals.csv, summary = summary.csv, report = summary.md.
    assert r["rows"] == csv_columns(out / "hands.csv")
    assert typed(r["deals"]) == typed(csv_columns(out / "deals.csv"))
    assert r["summary"] == csv_columns(out / "summary.csv")
    assert r["report"] == (out / "summary.md").read_text()
    # Without rows the deals are built from the runner's numbers, never written as text: the
    # same columns, typed the same.
    lean = tricklab.simulate(game, seating, games=games, seed=17, hands=hands, rows=False)
    assert lean["rows"] is None
    assert typed(lean["deals"]) == typed(r["deals"]) and lean["summary"] == r["summary"]


def typed(columns):
    """Columns with each value's type beside it: 1 and 1.0 are equal, an int and a float
    column are not."""
    return {k: [(type(x).__name__, x) for x in col] for k, col in columns.items()}


def csv_columns(path):
    """A CSV file as the binding returns it: a column of ints where every filled field is one,
    of floats where every filled field is a number, of strings otherwise; empty is None."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    out = {}
    for i, name in enumerate(header):
        col = [r[i] for r in body]
        filled = [x for x in col if x != ""]

        def every(parse):
            try:
                for x in filled:
                    parse(x)
                return True
            except ValueError:
                return False

        if every(int):
            out[name] = [int(x) if x != "" else None for x in col]
        elif every(float):
            out[name] = [float(x) if x != "" else None for x in col]
        else:
            out[name] = col
    return out


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_new_initial_state_deals_game_i_of_the_cli(cli, tmp_path, table):
    """The first hand of game i of `simulate --seed s` is `new_initial_state(s, i)`: replaying
    the record's decisions on it rebuilds the record line byte for byte."""
    game_name, players, options = table
    log = tmp_path / "log.jsonl"
    args = ["simulate", "--game", game_name, "--agents", "random", "--games", "5", "--hands",
            "--seed", "23", "--log", str(log), *cli_options(options)]
    if players:
        args += ["--players", str(players)]
    assert run_cli(cli, *args).returncode == 0
    game = tricklab.Game(game_name, players=players, options=options)
    for i, line in enumerate(log.read_text().splitlines()):
        played = tricklab.from_record(line)
        state = game.new_initial_state(seed=23, index=i)
        for a in played.history_ids():
            state.apply(a)
        # `--hands` plays each hand as a match cut after it unless the hand ends the match, and
        # the command line marks the cut on the record (`"cut": true`, its last field); it also
        # names who played (`arm`, `rotation`, `agents`). A state knows nothing of matches or
        # of agents, so its record is the line without those fields.
        assert state.to_record() == without_run_fields(line)


def without_run_fields(line):
    """A command line's record without the fields only a run knows: the arm, the rotation, the
    seats' agents and the match cut."""
    line = re.sub(r',"arm":"[^"]*","rotation":[0-9]+', "", line, count=1)
    line = re.sub(r',"agents":\[[^\]]*\]', "", line, count=1)
    cut = ',"cut":true}'
    return line[: -len(cut)] + "}" if line.endswith(cut) else line


def test_same_seed_same_records_on_any_thread_count():
    game = tricklab.Game("whist")
    runs = [tricklab.simulate(game, "rules;random;rules;random", games=40, seed=9, log=True, threads=t)
            ["records"] for t in (1, 2)]
    assert runs[0] == runs[1]
    other = tricklab.simulate(game, "rules;random;rules;random", games=40, seed=10, log=True)["records"]
    assert other != runs[0]
