"""A PettingZoo AEC environment for one hand of a tricklab game."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import tricklab


class TricklabEnv(AECEnv):
    """One hand of a tricklab game as an AEC environment.

    Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Each observation is a dict:
    ``observation`` (``State.observation_vector(seat)``, float32, layout in
    ``tricklab.observation_layout(n)``) and ``action_mask`` (int8, one entry per action id:
    ``suit * 13 + rank`` for a card, ``52 + suit`` for a trump; all 0 unless the agent is to
    act). Actions are action ids. When the hand ends every agent receives its points for the
    hand (its side's points) as reward. ``reset(seed=s)`` deals the first hand of game 0 of
    ``tricklab simulate --seed s``; resets without a seed draw fresh deals from the last seed.
    """

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players=None, options=None, render_mode=None):
        super().__init__()
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
                    "action_mask": spaces.Box(0, 1, shape=(tricklab.NUM_ACTION_IDS,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(tricklab.NUM_ACTION_IDS) for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._np_random, _ = seeding.np_random(None)
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            deal_seed = int(seed)
        else:
            deal_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(seed=deal_seed, index=0)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(tricklab.NUM_ACTION_IDS, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_action_ids()] = 1
        return {"observation": self.state.observation_vector(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
