"""The shipped type stubs: ``mypy --strict`` accepts a typed example and catches a misspelt
method."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("mypy")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "typed_example.py"


def _mypy(path):
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           str(path)], capture_output=True, text=True)


def test_mypy_strict_accepts_the_typed_example():
    r = _mypy(EXAMPLE)
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_catches_a_misspelt_method(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import tricklab\n\n"
                   "s = tricklab.Game('whist').new_initial_state()\n"
                   "s.aply(3)\n")
    r = _mypy(bad)
    assert r.returncode == 1 and '"State" has no attribute "aply"' in r.stdout, r.stdout
