"""Shared helpers: the command-line binary the determinism tests compare against."""

import os
import pathlib
import subprocess

import pytest

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
