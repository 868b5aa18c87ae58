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


def test_resample_from_infostate_and_openspiels_ismcts_bot():
    import random

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("tricklab_whist", {"deals": 10})
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    p = state.current_player()
    moved = 0
    for k in range(5):
        world = state.resample_from_infostate(p, random.Random(k).random)
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.legal_actions() == state.legal_actions()
        moved += world.hand.hand((p + 1) % 4) != state.hand.hand((p + 1) % 4)
    assert moved > 0
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=10, random_state=rs)
    assert bot.step(state) in state.legal_actions()
