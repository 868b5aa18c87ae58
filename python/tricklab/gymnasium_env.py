"""One seat of a tricklab game against tricklab's bots, as a single-agent ``gymnasium.Env``.

>>> import gymnasium, tricklab.gymnasium_env
>>> env = gymnasium.make("tricklab/Whist-v0", opponents="rules")
>>> obs, info = env.reset(seed=1)

Importing this module registers ``tricklab/Whist-v0``, ``tricklab/CatchTheTen-v0`` and
``tricklab/NineFiveTwo-v0`` (``gymnasium.make("tricklab.gymnasium_env:tricklab/Whist-v0")``
imports it for you). An episode is one hand.
"""

from __future__ import annotations

from typing import Any, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import tricklab
from tricklab._render import card_diagram

Observation = dict[str, np.ndarray]
Opponent = Union[str, tricklab.Agent]

IDS = {
    "tricklab/Whist-v0": "whist",
    "tricklab/CatchTheTen-v0": "catch-the-ten",
    "tricklab/NineFiveTwo-v0": "nine-five-two",
}


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` of one hand of ``game``; every other seat is played by a tricklab agent.

    ``opponents`` is one spec (``"random"``, ``"rules"``, ``"ismcts:iterations=200"``, …) or
    :func:`tricklab.agent` for every other seat, or a list with one per other seat (in seat
    order, skipping ``seat``). ``players`` and ``options`` are as for :class:`tricklab.Game`.

    The observation is a dict: ``observation`` (``State.observation_vector(seat)``, float32;
    layout ``tricklab.observation_layout(n)``) and ``action_mask`` (int8, 1 for each legal
    action id). The action is an action id (``Discrete(56)``: ``suit * 13 + rank`` for a card,
    ``52 + suit`` for a trump). The reward is 0 until the hand ends, then the seat's points for
    the hand (``State.returns()[seat]``). An illegal action ends the episode with
    ``illegal_reward`` (one below the least a seat can score, by default) and
    ``info["illegal_action"] = True``.

    ``reset(seed=s)`` deals the first hand of game 0 of ``tricklab simulate --seed s`` and seeds
    the opponents from ``s``; resets without a seed draw fresh deals from the last seed.
    ``render_mode`` ``"ansi"`` returns, ``"human"`` prints a card diagram of the seat's own
    cards and the trick.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str = "whist", seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "random",
                 players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, illegal_reward: float | None = None) -> None:
        self.game = tricklab.Game(game, players=players, options=options)
        n = self.game.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table: seats are 0 to {n - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, (str, tricklab.Agent)):
            specs = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise ValueError(f"{len(specs)} opponents for the {len(others)} other seats")
        self.opponent_specs = {s: o.spec if isinstance(o, tricklab.Agent) else o
                               for s, o in zip(others, specs)}
        for spec in self.opponent_specs.values():
            tricklab.agent(spec)  # a bad spec fails here, with the command line's message
        self.seat = seat
        self.render_mode = render_mode
        least, most = self.game.points_range
        self.illegal_reward = float(least - 1) if illegal_reward is None else illegal_reward
        self.reward_range = (min(self.illegal_reward, float(least)), float(most))
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 52.0, shape=(self.game.observation_size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(tricklab.NUM_ACTION_IDS,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(tricklab.NUM_ACTION_IDS)
        self._hand: tricklab.State | None = None
        self._opponents: dict[int, tricklab.Agent] = {}

    @property
    def hand(self) -> tricklab.State:
        """The tricklab state of the hand in play (after ``reset``)."""
        if self._hand is None:
            raise RuntimeError("reset() the environment before using it")
        return self._hand

    def _observation(self) -> Observation:
        mask = np.zeros(tricklab.NUM_ACTION_IDS, dtype=np.int8)
        if self.hand.current_player() == self.seat:
            mask[self.hand.legal_action_ids()] = 1
        return {"observation": self.hand.observation_vector(self.seat), "action_mask": mask}

    def _play_opponents(self) -> None:
        """The opponents' decisions until the seat is to act or the hand is over."""
        while True:
            to_act = self.hand.current_player()
            if to_act is None or to_act == self.seat:
                return
            self.hand.apply(self._opponents[to_act].act_id(self.hand))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self._hand = self.game.new_initial_state(seed=deal_seed, index=0)
        n = self.game.players
        self._opponents = {s: tricklab.agent(spec, seed=(deal_seed * n + s) % 2**64)
                           for s, spec in self.opponent_specs.items()}
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.hand.is_terminal():
            raise RuntimeError("the hand is over: reset() the environment")
        if int(action) not in self.hand.legal_action_ids():
            return self._observation(), self.illegal_reward, True, False, {"illegal_action": True}
        self.hand.apply(int(action))
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        done = self.hand.is_terminal()
        reward = float(self.hand.returns()[self.seat]) if done else 0.0
        return self._observation(), reward, done, False, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = card_diagram(self.hand, seats=[self.seat])
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    for env_id, game in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SeatEnv", kwargs={"game": game})


_register()
