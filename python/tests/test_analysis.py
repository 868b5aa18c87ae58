"""worlds, solve and run from Python."""

import pathlib
import random

import pytest

import tricklab
from conftest import run_cli

ROOT = pathlib.Path(__file__).resolve().parents[2]


def midway(game_name, seed=1, steps=10):
    state = tricklab.Game(game_name).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_worlds_keep_what_the_seat_knows():
    state = midway("whist")
    w = tricklab.worlds(state, seat=1, n=50, seed=3)
    assert len(set(len(v) for v in w.values())) == 1
    assert set(w["world"]) == set(range(50))
    mine = set(state.hand(1))
    seen = set()
    for seat, cards in zip(w["seat"], w["cards"]):
        assert seat != 1
        held = set(cards.split())
        assert not held & mine
        assert len(held) == len(state.hand(seat))
        seen.add((seat, cards))
    assert len(seen) > 3  # the worlds differ
    again = tricklab.worlds(state, seat=1, n=50, seed=3)
    assert again == w
    with pytest.raises(ValueError, match="seat 4 is not at this table"):
        tricklab.worlds(state, seat=4)


def test_solve_values_every_legal_card():
    state = midway("whist", steps=36)  # 4 tricks left
    s = tricklab.solve(state)
    assert s["to_act"] == state.current_player()
    assert sorted(s["cards"]) == sorted(state.legal_actions())
    assert s["value"] == max(s["values"])
    done = midway("whist", steps=52)
    with pytest.raises(ValueError, match="no card is to be played"):
        tricklab.solve(done)


def test_run_a_config(tmp_path):
    text = (ROOT / "experiments" / "example-save-ten.toml").read_text()
    small = tmp_path / "small.toml"
    small.write_text(text.replace("deals = 2000", "deals = 40"))
    r = tricklab.run(small, tmp_path / "out", threads=2)
    summary = r["summary"]
    assert summary and len(set(len(v) for v in summary.values())) == 1
    assert (tmp_path / "out" / "summary.md").exists()


def _cli_message(cli, *args):
    """The command line's exit code and its one-line message (after `error: `)."""
    r = run_cli(cli, *args)
    lines = [line for line in r.stderr.splitlines() if line.startswith("error: ")]
    assert len(lines) == 1, r.stderr
    return r.returncode, lines[0][len("error: "):]


def test_run_bad_input_is_a_value_error_with_the_commands_message(tmp_path, cli):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is not = [ toml")
    code, message = _cli_message(cli, "run", str(bad), "--out", str(tmp_path / "cli-bad"))
    assert code == 2
    with pytest.raises(ValueError) as e:
        tricklab.run(bad, tmp_path / "out-bad")
    assert str(e.value) == message
    with pytest.raises(ValueError, match="cannot be used with"):
        tricklab.run(bad, tmp_path / "out-bad", force=True, resume=True)


def test_run_environment_failure_is_an_os_error_with_the_commands_message(tmp_path, cli):
    config = _small_config(tmp_path, 40)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    out = blocker / "out"
    code, message = _cli_message(cli, "run", str(config), "--out", str(out))
    assert code == 1
    with pytest.raises(OSError) as e:
        tricklab.run(config, out)
    assert not isinstance(e.value, ValueError)
    assert str(e.value) == message and "a-file" in message


def test_interrupted_run_raises_interrupted_and_resumes_to_the_same_summary(tmp_path):
    config = _small_config(tmp_path, 200)
    whole = tricklab.run(config, tmp_path / "whole", threads=1)
    tricklab._STOP_AFTER["deals"] = 1
    try:
        with pytest.raises(tricklab.Interrupted) as e:
            tricklab.run(config, tmp_path / "cut", threads=1)
    finally:
        tricklab._STOP_AFTER.clear()
    message = str(e.value)
    assert message.startswith("interrupted after ") and "--resume" in message
    assert str(tmp_path / "cut") in message
    assert not (tmp_path / "cut" / "summary.csv").exists()
    resumed = tricklab.run(config, tmp_path / "cut", threads=1, resume=True)
    assert resumed["summary"] == whole["summary"]
    assert (tmp_path / "cut" / "summary.md").read_text() == (
        tmp_path / "whole" / "summary.md").read_text()


def test_a_stop_requested_between_runs_does_not_stop_the_next(tmp_path):
    import signal

    saved = signal.getsignal(signal.SIGINT)
    try:
        tricklab._tricklab.request_stop()  # may install the command line's handlers
    finally:
        signal.signal(signal.SIGINT, saved)
    r = tricklab.run(_small_config(tmp_path, 40), tmp_path / "out", threads=1)
    assert r["summary"]


def _small_config(tmp_path, deals):
    text = (ROOT / "experiments" / "example-save-ten.toml").read_text()
    assert "deals = 2000" in text
    path = tmp_path / f"small-{deals}.toml"
    path.write_text(text.replace("deals = 2000", f"deals = {deals}"))
    return path


CTRL_C = r"""
import os, signal, sys, threading
import tricklab

config, out = sys.argv[1], sys.argv[2]
# A shell's background job starts with Ctrl-C ignored (SIG_IGN); the test needs it live.
signal.signal(signal.SIGINT, signal.default_int_handler)
for attempt in range(2):
    # The first run installs the command line's handler; the second finds Python's again.
    threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        tricklab.run(config, f"{out}-{attempt}", threads=1)
        print("finished")
    except tricklab.Interrupted as e:
        print("interrupted:", e)
assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
"""


def test_ctrl_c_stops_a_run_with_interrupted_every_time(tmp_path):
    import subprocess
    import sys

    config = _small_config(tmp_path, 2_000_000)
    r = subprocess.run([sys.executable, "-c", CTRL_C, str(config), str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("interrupted: interrupted after ")
                                   for line in lines), r.stdout
    assert "--resume" in lines[1]
