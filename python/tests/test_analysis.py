"""worlds, solve and run from Python."""

import pathlib
import random

import pytest

import tricklab

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
    bad = tmp_path / "bad.toml"
    bad.write_text("this is not = [ toml")
    with pytest.raises(ValueError, match="failed"):
        tricklab.run(bad, tmp_path / "out-bad")
