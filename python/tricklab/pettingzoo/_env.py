"""PettingZoo environments for one hand of a tricklab game: the AEC environment (``raw_env``,
and ``env`` with PettingZoo's standard wrappers) and a parallel one (``parallel_env``)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import tricklab
from tricklab._render import card_diagram

Observation = dict[str, np.ndarray]


class TricklabEnv(AECEnv):
    """One hand of a tricklab game as an AEC environment (unwrapped; ``env()`` adds the
    standard wrappers).

    Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Each observation is a dict:
    ``observation`` (``State.observation_vector(seat)``, float32, layout in
    ``tricklab.observation_layout(n)``) and ``action_mask`` (int8, one entry per action id:
    ``suit * 13 + rank`` for a card, ``52 + suit`` for a trump; all 0 unless the agent is to
    act). Actions are action ids. When the hand ends every agent receives its points for the
    hand (``State.returns()``: its side's points, bonuses such as Whist's honours included) as
    reward. ``reset(seed=s)`` deals the first hand of game 0 of ``tricklab simulate --seed s``;
    resets without a seed draw fresh deals from the last seed.

    ``max_cycles`` truncates the hand after that many cycles (a cycle is one decision per seat,
    ``n`` decisions); by default a hand runs to its end (at most 128 decisions). ``state()`` is
    every seat's observation vector, seat 0 first (``state_space``). The order of play follows
    the tricks, not a fixed cycle, so the AEC environment is not parallelizable by PettingZoo's
    conversion; ``parallel_env()`` is a native parallel version.
    """

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str, players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.game = tricklab.Game(game, players=players, options=options)
        self.metadata = dict(self.metadata, name=f"{self.game.name.replace('-', '_')}_v0")
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.observation_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 52.0, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(tricklab.NUM_ACTION_IDS,),
                                              dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(tricklab.NUM_ACTION_IDS) for a in self.possible_agents
        }
        self.state_space = spaces.Box(0.0, 52.0, shape=(n * size,), dtype=np.float32)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self._np_random, _ = seeding.np_random(None)
        self._hand: tricklab.State | None = None
        self._decisions = 0

    @property
    def hand(self) -> tricklab.State:
        """The tricklab state of the hand in play (after ``reset``)."""
        if self._hand is None:
            raise RuntimeError("reset() the environment before using it")
        return self._hand

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            deal_seed = int(seed)
        else:
            deal_seed = int(self._np_random.integers(0, 2**63 - 1))
        self._hand = self.game.new_initial_state(seed=deal_seed, index=0)
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._to_act()]

    def _to_act(self) -> int:
        seat = self.hand.current_player()
        assert seat is not None, "a dealt hand has a seat to act"
        return seat

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        mask = np.zeros(tricklab.NUM_ACTION_IDS, dtype=np.int8)
        if self.hand.current_player() == seat:
            mask[self.hand.legal_action_ids()] = 1
        return {"observation": self.hand.observation_vector(seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0 first: the whole deal and what each saw."""
        return np.concatenate([self.hand.observation_vector(s) for s in range(self.num_agents)])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent's action is an action id"
        self._cumulative_rewards[agent] = 0.0
        self.hand.apply(int(action))
        self._decisions += 1
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.hand.is_terminal():
            returns = self.hand.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        else:
            if self.max_cycles is not None and \
                    self._decisions >= self.max_cycles * self.num_agents:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self.possible_agents[self._to_act()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The hand as a card diagram (every seat's cards, the trick, who is to act): printed
        in ``human`` mode, returned in ``ansi`` mode."""
        if self.render_mode is None:
            return None
        text = card_diagram(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class TricklabParallelEnv(ParallelEnv):
    """The same hand as a parallel environment: each ``step`` takes an action from every live
    agent, applies the one of the agent to act and ignores the others (their ``action_mask``
    is all 0: pass anything, e.g. 0). Observations, rewards, ``state()`` and options are those
    of :class:`TricklabEnv`; the agents leave when the hand ends or is truncated."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tricklab_parallel", "render_fps": 1}

    def __init__(self, game: str, players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None) -> None:
        self.aec = TricklabEnv(game, players=players, options=options,
                               render_mode=render_mode, max_cycles=max_cycles)
        self.metadata = dict(self.metadata, name=self.aec.metadata["name"])
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = render_mode
        self.state_space = self.aec.state_space
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        agent = self.aec.agent_selection
        if agent not in actions:
            raise ValueError(f"{agent} is to act: its action is missing from {sorted(actions)}")
        self.aec.step(int(actions[agent]))
        live = self.agents
        obs = {a: self.aec.observe(a) for a in live}
        rewards = {a: float(self.aec.rewards[a]) for a in live}
        terms = {a: bool(self.aec.terminations[a]) for a in live}
        truncs = {a: bool(self.aec.truncations[a]) for a in live}
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if all(terms[a] or truncs[a] for a in live):
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def state(self) -> np.ndarray:
        return self.aec.state()

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def wrapped(raw: TricklabEnv) -> AECEnv:
    """``raw`` with PettingZoo's standard wrappers: an illegal move ends the hand with a reward
    one below the least a seat can score (``TerminateIllegalWrapper``), an action outside the
    action space is an error (``AssertOutOfBoundsWrapper``), and the call order is checked
    (``OrderEnforcingWrapper``: e.g. ``step`` before ``reset``)."""
    least, _ = raw.game.points_range
    env: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=least - 1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def constructors(game: str) -> tuple[Callable[..., AECEnv], Callable[..., TricklabEnv],
                                     Callable[..., TricklabParallelEnv]]:
    """``env``, ``raw_env`` and ``parallel_env`` for ``game``; each takes ``players``,
    ``options`` (as for ``tricklab.Game``), ``render_mode`` and ``max_cycles``."""

    def raw_env(players: int | None = None, options: dict[str, Any] | None = None,
                render_mode: str | None = None, max_cycles: int | None = None) -> TricklabEnv:
        return TricklabEnv(game, players=players, options=options, render_mode=render_mode,
                           max_cycles=max_cycles)

    def env(players: int | None = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None, max_cycles: int | None = None) -> AECEnv:
        return wrapped(raw_env(players, options, render_mode, max_cycles))

    def parallel_env(players: int | None = None, options: dict[str, Any] | None = None,
                     render_mode: str | None = None, max_cycles: int | None = None
                     ) -> TricklabParallelEnv:
        return TricklabParallelEnv(game, players=players, options=options,
                                   render_mode=render_mode, max_cycles=max_cycles)

    for f, what in ((raw_env, "unwrapped AEC"), (env, "AEC (standard wrappers)"),
                    (parallel_env, "parallel")):
        f.__doc__ = (f"One hand of {game} as a {what} environment; ``players`` and ``options``"
                     " as for ``tricklab.Game``.")
    return env, raw_env, parallel_env
