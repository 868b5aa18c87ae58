"""The single-seat gymnasium environment: gymnasium's own checker, registration, and a small
learner that beats random play after a few thousand hands."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import tricklab  # noqa: E402
import tricklab.gymnasium_env  # noqa: E402,F401  (registers the ids)
from tricklab.gymnasium_env import IDS, SeatEnv  # noqa: E402


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_gymnasiums_checker_passes(env_id):
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(env_id, opponents="rules", render_mode="ansi").unwrapped
    check_env(env, skip_render_check=False)


def test_a_hand_against_bots_with_masks_and_reward():
    env = gymnasium.make("tricklab/NineFiveTwo-v0", seat=1, opponents=["rules", "random"])
    obs, _ = env.reset(seed=4)
    total, steps, done = 0.0, 0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        obs, reward, done, trunc, _ = env.step(int(legal[0]))
        total += reward
        steps += 1
    assert env.unwrapped.hand.is_terminal()
    assert total == env.unwrapped.hand.returns()[1]


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = SeatEnv("whist")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info["illegal_action"] and reward == -1.0


def test_the_module_path_form_of_make_imports_the_module():
    env = gymnasium.make("tricklab.gymnasium_env:tricklab/Whist-v0")
    assert env.unwrapped.game.name == "whist"


def _key(obs, action, layout):
    """A small table key for an action: its rank, whether it is a trump, whether it leads."""
    vec = obs["observation"]
    a, b = layout["trump"]
    trump = int(np.argmax(vec[a:b])) if vec[a:b].any() else -1
    a, b = layout["trick"]
    leading = not vec[a:b].any()
    return action % 13, action // 13 == trump, leading


def _play(env, seed, choose):
    obs, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        action = choose(obs, legal)
        obs, reward, done, _, _ = env.step(action)
        total += reward
    return total


def test_a_tabular_learner_beats_random_play():
    """Monte Carlo values of (rank, trump, leading), learnt over 3000 hands of Whist against
    random opponents with epsilon-greedy play; then greedy play against random play on the same
    2000 deals (paired): the learner's side must score more, by three standard errors."""
    env = SeatEnv("whist", seat=0, opponents="random")
    layout = {name: (a, b) for name, a, b in tricklab.observation_layout(4)}
    value, count = {}, {}
    rng = np.random.default_rng(0)

    def greedy(obs, legal):
        return int(max(legal, key=lambda a: value.get(_key(obs, int(a), layout), 0.0)))

    for hand in range(3000):
        obs, _ = env.reset(seed=hand)
        seen, done, total = [], False, 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal)) if rng.random() < 0.3 else greedy(obs, legal)
            seen.append(_key(obs, action, layout))
            obs, reward, done, _, _ = env.step(action)
            total += reward
        for k in seen:
            count[k] = count.get(k, 0) + 1
            value[k] = value.get(k, 0.0) + (total - value.get(k, 0.0)) / count[k]
    pick = np.random.default_rng(1)
    learnt = [_play(env, 100_000 + d, greedy) for d in range(2000)]
    random_play = [_play(env, 100_000 + d, lambda o, legal: int(pick.choice(legal)))
                   for d in range(2000)]
    diff = np.array(learnt) - np.array(random_play)
    se = diff.std(ddof=1) / np.sqrt(len(diff))
    print(f"learnt minus random: {diff.mean():.3f} points a hand, se {se:.3f}")
    assert diff.mean() > 3 * se, (diff.mean(), se)
