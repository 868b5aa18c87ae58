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


def test_state_and_state_space():
    env = whist_v0.env()
    env.reset(seed=3)
    s = env.state()
    assert s.dtype == np.float32 and env.unwrapped.state_space.contains(s)
    raw = env.unwrapped
    expected = np.concatenate([raw.hand.observation_vector(k) for k in range(4)])
    np.testing.assert_array_equal(s, expected)


def test_env_is_wrapped_and_raw_env_is_not():
    from pettingzoo.utils import wrappers

    raw = whist_v0.raw_env()
    assert raw.unwrapped is raw and not isinstance(raw, wrappers.BaseWrapper)
    env = whist_v0.env()
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    with pytest.raises(Exception, match="reset"):
        env.step(0)


def test_an_illegal_move_ends_the_hand_for_the_mover():
    env = nine_five_two_v0.env()
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)  # PettingZoo logs a warning
    assert all(env.terminations.values())
    least, _ = env.unwrapped.game.points_range
    assert env.rewards[agent] == least - 1


@pytest.mark.parametrize("module, kwargs", ENVS, ids=lambda x: getattr(x, "__name__", str(x)))
def test_parallel_api(module, kwargs):
    from pettingzoo.test import parallel_api_test

    parallel_api_test(module.parallel_env(**kwargs), num_cycles=300)


def test_truncation_after_max_cycles():
    env = whist_v0.env(max_cycles=2)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 8


def test_render_is_a_card_diagram():
    env = whist_v0.env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    lines = text.splitlines()
    assert lines[0].startswith("whist · dealer seat")
    assert sum(line.lstrip("> ").startswith("seat ") for line in lines) == 4
    assert "♠" in text and "Whist {" not in text and "hands" not in text.lower()
    raw = env.unwrapped
    for card in raw.hand.hand(0):
        assert card[0] in lines[1]


def test_a_render_mode_without_a_renderer_is_refused():
    with pytest.raises(ValueError, match="render_mode must be one of"):
        whist_v0.raw_env(render_mode="rgb_array")
