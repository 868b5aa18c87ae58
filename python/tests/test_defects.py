"""Issue 37's defects, one test each: returns with Whist's honours, duplicate with two agents,
ValueError (not OverflowError) for integers out of range."""

import json

import pytest

import tricklab
from conftest import TABLES, game_of, states_along_a_hand, table_id


def _finished(game, seed):
    return states_along_a_hand(game, seed)[-1]


def test_returns_include_whists_honours():
    game = tricklab.Game("whist", options={"honours": True})
    seen = 0
    for seed in range(200):
        end = _finished(game, seed)
        rec = json.loads(end.to_record())
        result = rec["result"]
        if not any(result["honours"]):
            continue
        seen += 1
        per_side = [t + h for t, h in zip(result["trick_points"], result["honours"])]
        assert end.returns() == [float(per_side[s % 2]) for s in range(4)]
        gained = [a - b for a, b in zip(rec["scores_after"], rec["scores_before"])]
        assert per_side == gained
    assert seen > 0, "no hand with honours in 200 deals"


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_returns_stay_in_points_range(table):
    game = game_of(table)
    lo, hi = game.points_range
    for seed in range(30):
        assert all(lo <= r <= hi for r in _finished(game, seed).returns())


def test_points_range_counts_honours():
    assert tricklab.Game("whist").points_range == (0, 7)
    assert tricklab.Game("whist", options={"honours": True}).points_range == (0, 11)


@pytest.mark.parametrize("agents", [["rules", "random"], "rules;random", "rules,random",
                                    [tricklab.agent("rules"), "random"]],
                         ids=["list", "string", "commas", "agent-object"])
def test_duplicate_with_two_agents_alternates_seats(agents):
    r = tricklab.simulate("whist", agents, games=6, seed=2, hands=True, duplicate=True)
    assert r["agents"] == ["rules", "random", "rules", "random"]
    assert r["paired"]["first"] == "rules" and r["paired"]["second"] == "random"
    assert len(r["paired"]["scores"]) == 6
    spelt_out = tricklab.simulate("whist", ["rules", "random"] * 2, games=6, seed=2, hands=True,
                                  duplicate=True)
    assert r["paired"] == spelt_out["paired"] and r["summary"] == spelt_out["summary"]


def test_duplicate_with_an_ismcts_and_a_python_function():
    r = tricklab.simulate("whist", ["ismcts:iterations=20", lambda s: s.legal_action_ids()[0]],
                          games=2, hands=True, duplicate=True)
    ismcts = tricklab.agent("ismcts:iterations=20").spec
    assert r["agents"] == [ismcts, "python:<lambda>"] * 2


@pytest.mark.parametrize("agents, duplicate, says", [
    (["rules", "random"], False, "2 agents for 4 seats: give one agent (it takes every seat) or "
                                 "4, one per seat in seat order; to compare two agents on the "
                                 "same deals, add duplicate=True"),
    ("rules;random;rules", False, "3 agents for 4 seats: give one agent (it takes every seat) "
                                  "or 4, one per seat in seat order"),
    (["rules"] * 3, True, "3 agents for 4 seats: give one agent (it takes every seat) or 4, one "
                          "per seat in seat order, or two to compare (they alternate seats)"),
])
def test_an_agent_count_that_does_not_fit_says_what_to_pass(agents, duplicate, says):
    with pytest.raises(ValueError) as e:
        tricklab.simulate("whist", agents, games=2, duplicate=duplicate)
    assert str(e.value) == says


@pytest.mark.parametrize("call", [
    lambda: tricklab.simulate("whist", games=-1),
    lambda: tricklab.simulate("whist", games=10, seed=2**64),
    lambda: tricklab.simulate("whist", games=10, seed=-3),
    lambda: tricklab.simulate("whist", games=10, threads=-1),
    lambda: tricklab.Game("whist").new_initial_state(seed=-1),
    lambda: tricklab.Game("whist").new_initial_state(index=2**70),
    lambda: tricklab.Game("catch-the-ten", players=-2),
    lambda: tricklab.agent("random", seed=-1),
    lambda: tricklab.tournament("whist", ["rules", "random"], deals=-5),
    lambda: tricklab.Game("whist").new_initial_state().sample_world(0, rng_seed=-1),
    lambda: tricklab.Game("whist").new_initial_state().apply(2**80),
    lambda: tricklab.run("no-such.toml", "/nonexistent/out", threads=-1),
    lambda: tricklab.simulate("whist", games=1, max_hands=-1),
    lambda: tricklab.worlds(tricklab.Game("whist").new_initial_state(), 0, n=-1),
    lambda: tricklab.tournament("whist", ["rules", "random"], deals=2, threads=-1),
])
def test_out_of_range_integers_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("table", [t for t in TABLES if t[0] == "catch-the-ten"], ids=table_id)
def test_returns_are_the_hands_side_points_where_no_bonus_is_settled(table):
    """Catch the Ten's game score moves by other amounts than a hand's points; returns() stay
    the hand's points, the `side_points` of simulate's rows."""
    r = tricklab.simulate(game_of(table), "random", games=20, log=True, max_hands=30)
    rows = r["rows"]
    points = {(rows["deal"][i], rows["hand"][i], rows["seat"][i]): rows["side_points"][i]
              for i in range(len(rows["deal"]))}
    for line in r["records"]:
        rec = json.loads(line)
        returns = tricklab.from_record(line).returns()
        assert returns == [float(points[(rec["match"], rec["hand"], s)])
                           for s in range(len(returns))]


def test_a_slow_decision_is_warned_of_once():
    from tricklab import _tricklab

    _tricklab._set_slow_decision_ms(0)
    try:
        bot = tricklab.agent("ismcts:iterations=50")
        state = tricklab.Game("whist").new_initial_state(seed=1)
        with pytest.warns(RuntimeWarning, match="took .* s for one decision in whist"):
            bot.act(state)
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("error")
            bot.act(state)  # once per agent
    finally:
        _tricklab._set_slow_decision_ms(5000)


@pytest.mark.parametrize("call", [
    lambda s: s.observation_vector(2**70),
    lambda s: s.observation(-2**70),
    lambda s: s.information_state_string(2**64),
    lambda s: s.hand(2**63),
    lambda s: s.action_to_string(2**65),
])
def test_seats_and_ids_out_of_range_raise_value_error(call):
    with pytest.raises(ValueError):
        call(tricklab.Game("whist").new_initial_state())


def _nine_five_two_at_its_first_card():
    state = tricklab.Game("nine-five-two").new_initial_state(seed=1)
    rules = tricklab.agent("rules")
    exchange = []
    while state.decision() != "play":
        exchange.append(state.clone())
        state.apply(rules.act(state))
    return exchange, state


def test_pimc_in_nine_five_two_is_warned_of_before_its_costly_decisions():
    """The first card decisions of PIMC (and αμ) in 9-5-2 cost minutes: the warning comes
    before the search (here raised as an error, so the search never starts)."""
    import warnings

    exchange, first_card = _nine_five_two_at_its_first_card()
    for spec in ("pimc:worlds=2", "alphamu:worlds=2"):
        bot = tricklab.agent(spec)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            for state in exchange:  # the exchange is decided by the rules: no warning
                if state.current_player() == first_card.current_player():
                    bot.act(state)
            with pytest.raises(RuntimeWarning, match="nine-five-two.*minutes of CPU"):
                bot.act(first_card)


@pytest.mark.parametrize("call", [
    lambda: tricklab.simulate("nine-five-two", "rules;pimc:worlds=2;rules", games=1),
    lambda: tricklab.simulate("nine-five-two", ["rules", tricklab.agent("alphamu"), "random"],
                              games=1),
    lambda: tricklab.tournament("nine-five-two", ["pimc", "rules"], deals=1),
], ids=["simulate-string", "simulate-list", "tournament"])
def test_bulk_calls_with_pimc_in_nine_five_two_warn_before_they_start(call):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RuntimeWarning, match="nine-five-two"):
            call()
        tricklab.simulate("whist", "pimc:worlds=2", games=1, hands=True)  # Whist: no warning
