"""The Python API: games, states, actions, records, agents, simulate, errors."""

import copy
import csv
import json
import pickle
import random

import numpy as np
import pytest

import tricklab
from conftest import TABLES, game_of, run_cli, table_id


def play_out(state, rng):
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_whist_hand_with_strings_and_ids():
    game = tricklab.Game("whist")
    assert game.name == "whist" and game.players == 4
    state = game.new_initial_state(seed=7)
    seat = state.current_player()
    assert seat is not None and state.decision() == "play"
    hand = state.hand(seat)
    assert sorted(state.legal_actions()) == sorted(hand)  # the opening lead: any card
    ids = state.legal_action_ids()
    assert ids == sorted(ids) and len(ids) == 13
    assert [state.action_to_string(i) for i in ids] == sorted(
        state.legal_actions(), key=lambda s: state.action_id(s))
    state.apply(ids[0])
    assert state.history() == [(seat, "play " + state.action_to_string(ids[0]))]
    rng = random.Random(1)
    play_out(state, rng)
    r = state.returns()
    assert len(r) == 4 and r[0] == r[2] and r[1] == r[3]
    assert (r[0] > 0) != (r[1] > 0)  # one side scores in whist
    assert state.current_player() is None and state.legal_actions() == []


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_table_plays_to_the_end(table):
    game = game_of(table)
    state = game.new_initial_state(seed=3, index=2)
    play_out(state, random.Random(2))
    lo, hi = game.points_range
    assert all(lo <= x <= hi for x in state.returns())
    line = state.to_record()
    assert json.loads(line)["format"] == "tricklab-hand/1"
    back = tricklab.from_record(line)
    assert back.to_record() == line and back.returns() == state.returns()


def test_illegal_actions_raise_and_change_nothing():
    state = tricklab.Game("whist").new_initial_state(seed=1)
    before = state.information_state_string(0)
    seat = state.current_player()
    not_held = next(c for c in state.hand((seat + 1) % 4))
    with pytest.raises(ValueError, match=r"is not legal for seat"):
        state.apply(not_held)
    with pytest.raises(ValueError, match=r"action id 99 is not legal here"):
        state.apply(99)
    with pytest.raises(ValueError, match="not the decision here"):
        state.apply("discard " + state.legal_actions()[0])
    with pytest.raises(ValueError):
        state.apply("ZZ")
    assert state.information_state_string(0) == before and state.history() == []
    with pytest.raises(ValueError, match="seat 4 is not at this table"):
        state.observation(4)


def test_clone_copy_and_pickle_are_independent():
    state = tricklab.Game("nine-five-two").new_initial_state(seed=5)
    state.apply(state.legal_actions()[0])
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state),
                  pickle.loads(pickle.dumps(state))):
        assert other.history() == state.history()
        assert other.information_state_string(1) == state.information_state_string(1)
        other.apply(other.legal_actions()[0])
        assert len(other.history()) == len(state.history()) + 1
    done = play_out(state.clone(), random.Random(0))
    assert pickle.loads(pickle.dumps(done)).to_record() == done.to_record()
    world = state.sample_world(0, 1)
    world.apply(world.legal_actions()[0])
    back = pickle.loads(pickle.dumps(world))
    assert [back.hand(q) for q in range(3)] == [world.hand(q) for q in range(3)]
    assert back.history() == world.history()

    def keep(s):
        global handed
        handed = s
        return s.legal_action_ids()[0]

    tricklab.simulate("whist", [keep], games=1, hands=True)
    with pytest.raises(TypeError, match="handed to an agent in simulate cannot be pickled"):
        pickle.dumps(handed)


def test_record_only_for_a_finished_dealt_hand():
    state = tricklab.Game("whist").new_initial_state(seed=2)
    with pytest.raises(ValueError, match="the hand is not over"):
        state.to_record()
    with pytest.raises(ValueError, match="not a tricklab record"):
        tricklab.from_record("{}")
    done = play_out(state, random.Random(3))
    rec = json.loads(done.to_record())
    rec["result"]["tricks"] = [13, 0]
    with pytest.raises(ValueError):
        tricklab.from_record(json.dumps(rec))


@pytest.mark.parametrize(
    "make, cli_args",
    [
        (lambda: tricklab.Game("chess"), ["--game", "chess"]),
        (lambda: tricklab.Game("catch-the-ten", players=5, options={"pairs": True}),
         ["--players", "5", "--option", "pairs"]),
        (lambda: tricklab.Game("whist", options={"colour": "red"}),
         ["--game", "whist", "--option", "colour=red"]),
        (lambda: tricklab.Game("whist", players=3), ["--game", "whist", "--players", "3"]),
        (lambda: tricklab.agent("genius"), ["--agents", "genius"]),
        (lambda: tricklab.agent("ismcts:speed=9"), ["--agents", "ismcts:speed=9"]),
        (lambda: tricklab.simulate("whist", "random,random,random", games=1),
         ["--game", "whist", "--agents", "random,random,random"]),
    ],
)
def test_bad_input_gives_the_command_lines_message(cli, make, cli_args):
    with pytest.raises(ValueError) as err:
        make()
    out = run_cli(cli, "simulate", "--games", "1", *cli_args)
    assert out.returncode == 2
    assert out.stderr.strip() == "error: " + str(err.value)


def test_agent_acts_legally_and_reproducibly():
    game = tricklab.Game("catch-the-ten")
    for spec in ["random", "rules", "ismcts:iterations=50", "pimc:worlds=4"]:
        picks = []
        for _ in range(2):
            a = tricklab.agent(spec, seed=11)
            state = game.new_initial_state(seed=4)
            moves = []
            while not state.is_terminal():
                m = a.act(state)
                assert m in state.legal_actions()
                state.apply(m)
                moves.append(m)
            picks.append(moves)
        assert picks[0] == picks[1], spec
    with pytest.raises(ValueError, match="hand is over"):
        tricklab.agent("random").act(state)


def test_observation_vector_layout():
    for n, game in [(4, tricklab.Game("whist")), (3, tricklab.Game("nine-five-two")),
                    (6, tricklab.Game("catch-the-ten", players=6))]:
        state = game.new_initial_state(seed=9)
        layout = dict((name, (a, b)) for name, a, b in tricklab.observation_layout(n))
        seat = state.current_player()
        v = state.observation_vector(seat)
        assert v.dtype == np.float32 and v.shape == (game.observation_size,)
        assert layout["dealer"][1] == game.observation_size
        a, b = layout["hand"]
        held = sorted(state.action_to_string(i) for i in np.flatnonzero(v[a:b]))
        assert held == sorted(state.hand(seat))
        a, b = layout["to_act"]
        assert v[a] == 1.0 and v[a:b].sum() == 1.0  # the observer is to act: slot 0
        a, b = layout["decision"]
        assert v[a:b].sum() == 1.0
        obs = state.observation(seat)
        assert sorted(obs["legal"]) == sorted(state.legal_actions())


def test_python_function_seated_in_simulate():
    calls = []

    def lowest(state):
        calls.append(state.current_player())
        return state.legal_action_ids()[0]

    r = tricklab.simulate("whist", [lowest, "random", "random", "random"], games=20, seed=3,
                          hands=True, log=True)
    assert r["agents"] == ["python:lowest", "random", "random", "random"]
    assert set(calls) == {0}
    # hands.csv's columns: one row per seat and hand, the function named as the agent.
    assert len(r["records"]) == 20 and len(r["rows"]["deal"]) == 80
    seat0 = {a for s, a in zip(r["rows"]["seat"], r["rows"]["agent"]) if s == 0}
    assert seat0 == {"python:lowest"}
    assert len(r["deals"]["deal"]) == 20 and r["summary"]["arm"][0] == "simulate"
    # Every decision of seat 0 in the records is its lowest legal card.
    for line in r["records"]:
        state = tricklab.from_record(line)
        assert sum(1 for s, _ in state.history() if s == 0) == 13


def test_sequential_runner_matches_the_parallel_one():
    for game, seating in [("whist", "rules;random;ismcts:iterations=20;random"),
                          ("nine-five-two", "rules"), ("catch-the-ten", "random")]:
        kw = dict(games=30, seed=5, log=True, duplicate=True, hands=game != "catch-the-ten")
        par = tricklab._tricklab.simulate(tricklab.Game(game), seating, threads=2, **kw)
        seq = tricklab._tricklab.simulate(tricklab.Game(game), seating, sequential=True, **kw)
        for key in ["records", "rows", "deals", "summary", "report", "paired"]:
            assert par[key] == seq[key], (game, key)
        if seq["paired"] is None:  # one agent only: nothing to pair
            continue
        scores = seq["paired"]["scores"]
        assert len(scores) == seq["paired"]["deals"] == 30
        assert sum(scores) / len(scores) == pytest.approx(seq["paired"]["mean"])


def test_a_python_seat_in_a_duplicate_run_is_paired_and_reproducible():
    def first(state):
        return state.legal_action_ids()[0]

    seating = [first, "rules", "rules", "rules"]
    a = tricklab.simulate("whist", seating, games=6, seed=8, hands=True, log=True, duplicate=True)
    b = tricklab.simulate("whist", seating, games=6, seed=8, hands=True, log=True, duplicate=True)
    assert a["records"] == b["records"] and a["summary"] == b["summary"]
    assert a["paired"]["first"] == "python:first" and a["paired"]["second"] == "rules"
    assert len(a["paired"]["scores"]) == a["paired"]["deals"] == 6
    # Every deal is played in both rotations of Whist's two sides.
    assert a["deals"]["rotation"] == [0, 1] * 6


def test_python_errors_stop_the_run():
    def broken(state):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        tricklab.simulate("whist", [broken, "random", "random", "random"], games=2)

    def cheat(state):
        return "AS" if "AS" not in state.legal_actions() else "2C"

    with pytest.raises(ValueError):
        tricklab.simulate("whist", [cheat], games=5)


def test_rows_can_be_left_out():
    full = tricklab.simulate("whist", "rules", games=10, seed=4, log=True)
    bare = tricklab.simulate("whist", "rules", games=10, seed=4, log=True, rows=False)
    assert bare["rows"] is None and full["rows"]
    assert bare["records"] == full["records"] and bare["report"] == full["report"]
    assert bare["deals"] == full["deals"] and bare["summary"] == full["summary"]


def test_rows_load_into_columns():
    r = tricklab.simulate("catch-the-ten", "rules", games=10, seed=2)
    rows = r["rows"]
    lengths = {len(v) for v in rows.values()}
    assert len(lengths) == 1 and lengths.pop() > 0
    assert all(isinstance(x, int) for x in rows["deal"])
    assert set(rows["agent"]) == {"rules"} and "side_points" in rows
    assert r["report"].strip() and r["paired"] is None and r["records"] is None


def test_tournament_pairs_every_agent_and_rates_them():
    def lowest(state):
        return state.legal_action_ids()[0]

    t = tricklab.tournament("whist", ["rules", "random", lowest], deals=20, seed=1)
    pairs, ratings = t["pairs"], t["ratings"]
    assert pairs["agent"] == ["rules", "rules", "random"]
    assert pairs["opponent"] == ["random", "python:lowest", "python:lowest"]
    assert pairs["deals"] == [20, 20, 20]
    assert all(lo <= m <= hi for lo, m, hi in zip(pairs["low"], pairs["mean"], pairs["high"]))
    assert [w + d + lo for w, d, lo in zip(pairs["won"], pairs["drawn"], pairs["lost"])] == [20] * 3
    assert ratings["agent"] == ["rules", "random", "python:lowest"]
    assert abs(sum(ratings["elo"])) < 1e-6  # Bradley–Terry ratings have mean 0
    assert all(lo <= e <= hi for lo, e, hi in zip(ratings["low"], ratings["elo"], ratings["high"]))
    # rules beats a random player: its rating is the highest
    assert ratings["elo"][0] == max(ratings["elo"])


def _counting(agent, counts):
    """A Python function that plays as ``agent`` and counts its card plays by seat."""
    def f(state):
        if state.decision() == "play":
            counts[state.current_player()] += 1
        return agent.act(state)
    return f


def test_a_python_pair_at_three_players_is_seated_as_the_librarys_pairs():
    """9-5-2 seats three players alone: a pair plays x, y, x in every rotation and again
    mirrored (y, x, y), also when a Python function is in it (issue 31: a Python pair once
    played only x, y, x, so its scores could not be compared with the other pairs')."""
    game = tricklab.Game("nine-five-two")
    deals = 3
    # Each agent holds every seat equally often: 3 of the 6 seatings, 16 cards a hand.
    counts = {"x": [0, 0, 0], "y": [0, 0, 0]}
    x = _counting(tricklab.agent("rules"), counts["x"])
    y = _counting(tricklab.agent("rules:longest_suit_trumps"), counts["y"])
    scores = tricklab._play_pair(game, x, y, deals, 5, 0)
    assert len(scores) == deals
    assert counts["x"] == counts["y"] == [deals * 3 * 16] * 3
    # Swapping the two agents negates every deal's score (both decide without randomness).
    assert any(s != 0 for s in scores)
    assert tricklab._play_pair(game, y, x, deals, 5, 0) == pytest.approx([-s for s in scores])
    # The rules agent wrapped in a function scores deal by deal as the library's pair of
    # `rules` and `random` (same seatings, deals, and the random agent's streams).
    rules = tricklab.agent("rules")

    def wrapped_rules(state):
        return rules.act(state)

    for pair in (0, 2):
        library = tricklab._play_pair(game, "rules", "random", deals, 7, pair)
        assert tricklab._play_pair(game, wrapped_rules, "random", deals, 7, pair) == library
        assert tricklab._play_pair(game, "random", wrapped_rules, deals, 7, pair) == \
            tricklab._play_pair(game, "random", "rules", deals, 7, pair)
    # And so do the tournament's tables.
    mine = tricklab.tournament(game, [wrapped_rules, "random"], deals=deals, seed=7)["pairs"]
    theirs = tricklab.tournament(game, ["rules", "random"], deals=deals, seed=7)["pairs"]
    assert mine["agent"] == ["python:wrapped_rules"]
    for k in ("deals", "mean", "low", "high", "won", "drawn", "lost"):
        assert mine[k] == theirs[k], k


def test_an_exception_in_a_python_pair_is_raised_again():
    def broken(state):
        raise RuntimeError("no decision today")

    with pytest.raises(RuntimeError, match="no decision today"):
        tricklab.tournament("nine-five-two", [broken, "random"], deals=2)


def test_tournament_of_tricklab_agents_is_the_commands(tmp_path, cli):
    agents = ["rules", "random", "rules:save_ten"]
    out = tmp_path / "t"
    r = run_cli(cli, "tournament", "--game", "catch-the-ten", "--agents", ";".join(agents),
                "--deals", "30", "--seed", "4", "--threads", "2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    t = tricklab.tournament("catch-the-ten", agents, deals=30, seed=4, threads=2)
    with open(out / "pairs.csv", newline="") as f:
        cli_pairs = list(csv.DictReader(f))
    with open(out / "ratings.csv", newline="") as f:
        cli_ratings = list(csv.DictReader(f))
    p = t["pairs"]
    mine = [{"agent": p["agent"][i], "opponent": p["opponent"][i], "deals": str(p["deals"][i]),
             "mean": f"{p['mean'][i]:.6f}", "low": f"{p['low'][i]:.6f}",
             "high": f"{p['high'][i]:.6f}", "won": str(p["won"][i]),
             "drawn": str(p["drawn"][i]), "lost": str(p["lost"][i])}
            for i in range(len(p["agent"]))]
    assert mine == cli_pairs
    q = t["ratings"]
    mine = [{"agent": q["agent"][i], "elo": f"{q['elo'][i]:.3f}", "low": f"{q['low'][i]:.3f}",
             "high": f"{q['high'][i]:.3f}"} for i in range(len(q["agent"]))]
    assert mine == cli_ratings


def test_tournament_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="at least two"):
        tricklab.tournament("whist", ["rules"])
    with pytest.raises(ValueError, match="distinct"):
        tricklab.tournament("whist", ["rules", "rules"])
    with pytest.raises(ValueError, match="nosuch"):
        tricklab.tournament("whist", ["rules", "nosuch"])
