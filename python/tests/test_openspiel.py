"""The games in OpenSpiel: loaded by name, OpenSpiel's random simulation test with
serialisation, and a Python-driven loop through pyspiel."""

import pickle

import pyspiel
import pytest

import tricklab.openspiel  # noqa: F401  (registers the games)

GAMES = [
    ("tricklab_whist", {}),
    ("tricklab_whist", {"options": "honours;target:7"}),
    ("tricklab_catch_the_ten", {}),
    ("tricklab_catch_the_ten", {"players": 2}),
    ("tricklab_catch_the_ten", {"players": 8, "options": "pairs"}),
    ("tricklab_nine_five_two", {}),
    ("tricklab_nine_five_two", {"options": "rules:SwappedTargets"}),
]


@pytest.mark.parametrize("name, params", GAMES, ids=lambda x: str(x))
def test_random_sim_with_serialization(name, params):
    game = pyspiel.load_game(name, dict(params, deals=1000))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_load_by_string_and_play():
    game = pyspiel.load_game("tricklab_whist(seed=3)")
    assert game.num_players() == 4 and game.num_distinct_actions() == 56
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert len(state.information_state_string(0)) > 0
    assert len(state.observation_tensor(0)) == 872
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.returns() == returns
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


def test_bad_options_raise():
    with pytest.raises(Exception, match="applies only with 6 or 8 players"):
        pyspiel.load_game("tricklab_catch_the_ten", {"players": 5, "options": "pairs"})
