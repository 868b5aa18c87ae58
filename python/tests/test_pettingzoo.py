"""PettingZoo's own API and seed tests for every game and a few tables."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tricklab.pettingzoo import catch_the_ten_v0, nine_five_two_v0, whist_v0

ENVS = [
    (whist_v0, {}),
    (whist_v0, {"options": {"honours": True}}),
    (catch_the_ten_v0, {}),
    (catch_the_ten_v0, {"players": 3}),
    (catch_the_ten_v0, {"players": 6, "options": {"pairs": True}}),
    (catch_the_ten_v0, {"players": 7}),
    (nine_five_two_v0, {}),
    (nine_five_two_v0, {"options": {"rules": "SwappedTargets"}}),
]


@pytest.mark.parametrize("module, kwargs", ENVS, ids=lambda x: getattr(x, "__name__", str(x)))
def test_api_and_seed(module, kwargs):
    api_test(module.env(**kwargs), num_cycles=300)
    seed_test(lambda: module.env(**kwargs), num_cycles=300)


def test_a_masked_random_agent_plays_hands_and_collects_points():
    env = whist_v0.env()
    totals = np.zeros(4)
    for episode in range(5):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[int(agent[-1])] += reward
            if term or trunc:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert totals.sum() > 0
    assert totals[0] == totals[2] and totals[1] == totals[3]


def test_reset_with_a_seed_deals_the_clis_game_0():
    import tricklab

    env = whist_v0.env()
    env.reset(seed=5)
    state = tricklab.Game("whist").new_initial_state(seed=5, index=0)
    for seat in range(4):
        np.testing.assert_array_equal(env.observe(f"player_{seat}")["observation"],
                                      state.observation_vector(seat))
