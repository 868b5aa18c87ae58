"""Shared helpers: the tables every suite covers, hands played along and worlds redealt for
the no-leak tests, and the command-line binary the determinism tests compare against."""

import os
import pathlib
import random
import subprocess
import sys

import pytest

# `python -m pytest` run from python/ puts that folder first on sys.path, and its tricklab/ has
# no compiled module unless `maturin develop` put one there: then import the installed wheel.
_SOURCE = pathlib.Path(__file__).resolve().parents[1]
if not [f for ext in ("so", "pyd") for f in (_SOURCE / "tricklab").glob(f"_tricklab*.{ext}")]:
    sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _SOURCE]

import tricklab  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Tables every suite covers: (game, players, options).
TABLES = [
    ("whist", None, {}),
    ("whist", None, {"honours": True, "target": 7}),
    ("catch-the-ten", None, {}),
    ("catch-the-ten", 2, {}),
    ("catch-the-ten", 3, {}),
    ("catch-the-ten", 5, {}),
    ("catch-the-ten", 6, {"pairs": True}),
    ("nine-five-two", None, {}),
    ("nine-five-two", None, {"rules": "SwappedTargets"}),
]


def table_id(t):
    game, players, options = t
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players or 'default'}-{opts or 'plain'}"


def states_along_a_hand(game, seed):
    """The states of one hand of `game` dealt with `seed`, played by seeded random choices."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def game_of(table):
    """The game of a table of TABLES."""
    game_name, players, options = table
    return tricklab.Game(game_name, players=players, options=options)


def redealt_worlds(table):
    """Worlds a seat cannot tell apart from the state it sees, at a table of TABLES: three
    hands, about six states of each, every seat, four worlds sampled for that seat. Yields
    (state, seat, world). Once all are yielded it fails the test unless some world really
    moved the hidden cards (so that a no-leak test can fail)."""
    game = game_of(table)
    moved = 0
    for seed in range(3):
        states = states_along_a_hand(game, seed)
        for state in states[:: max(1, len(states) // 6)]:
            for seat in range(game.players):
                for k in range(4):
                    world = state.sample_world(seat, rng_seed=100 * seed + k)
                    others = [q for q in range(game.players) if q != seat]
                    moved += [world.hand(q) for q in others] != [state.hand(q) for q in others]
                    yield state, seat, world
    assert moved > 0, "the sampled worlds never moved the hidden cards"


@pytest.fixture(scope="session")
def cli():
    """The `tricklab` binary: $TRICKLAB_BIN, else target/release or target/debug. Missing
    binary is a failure, not a skip: the determinism tests must run."""
    candidates = [os.environ.get("TRICKLAB_BIN")] + [
        str(ROOT / "target" / p / "tricklab") for p in ("release", "debug")
    ]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    pytest.fail("no tricklab binary: build it with `cargo build` or set TRICKLAB_BIN")


def run_cli(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True)
