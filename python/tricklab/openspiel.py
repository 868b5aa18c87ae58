"""The three games as OpenSpiel Python games.

>>> import pyspiel, tricklab.openspiel
>>> game = pyspiel.load_game("tricklab_whist")
>>> state = game.new_initial_state()

Importing this module registers ``tricklab_whist``, ``tricklab_catch_the_ten`` and
``tricklab_nine_five_two``. A game is one hand. The first move is chance: it picks deal ``i``
of ``deals`` equally likely deals, the first hand of game ``i`` of ``tricklab simulate --seed
SEED`` (a hand is thus a uniform draw from ``deals`` tricklab deals, 100 000 by default, not from
every possible deal). Player actions are tricklab's action ids (``suit * 13 + rank`` for a
card, ``52 + suit`` for a trump), so a state is fixed by its history and OpenSpiel's
serialisation works. Returns are each seat's points for the hand (its side's points).

Parameters: ``players``, ``seed``, ``deals`` and ``options``: the command line's options with
``;`` between items and ``:`` before a value, since OpenSpiel's game strings reserve ``,`` and
``=`` (``"pairs"``, ``"rules:SwappedTargets"``, ``"honours;target:7"``).

The observation tensor is ``State.observation_vector(player)`` (see
``tricklab.observation_layout``); the information state tensor is
``State.information_state_tensor(player)`` (see ``Game.information_state_layout``); the
information state string is ``State.information_state_string(player)``, the observation string
the same without the history of decisions.
"""

from __future__ import annotations

import numpy as np
import pyspiel

import tricklab

_DEFAULT_DEALS = 100_000

_GAMES = {
    # short name: (tricklab name, long name, min players, max players, default players)
    "tricklab_whist": ("whist", "tricklab Whist", 4, 4, 4),
    "tricklab_catch_the_ten": ("catch-the-ten", "tricklab Catch the Ten", 2, 8, 4),
    "tricklab_nine_five_two": ("nine-five-two", "tricklab 9-5-2", 3, 3, 3),
}

_MAX_GAME_LENGTH = 128


def _options(text):
    """``"pairs;keep_6S"``, ``"rules:SwappedTargets"``: items separated by ``;``, a value after
    ``:`` (OpenSpiel's game strings reserve ``,`` and ``=``)."""
    out = {}
    for item in (t.strip() for t in text.split(";")):
        if not item:
            continue
        key, _, value = item.partition(":")
        out[key.strip()] = value.strip() if value else True
    return out


def _game_type(short_name):
    name, long_name, lo, hi, players = _GAMES[short_name]
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": players,
            "seed": 1,
            "deals": _DEFAULT_DEALS,
            "options": "",
        },
    )


class TricklabGame(pyspiel.Game):
    """One hand of a tricklab game."""

    short_name = None

    def __init__(self, params=None):
        game_type = _game_type(self.short_name)
        spec = dict(game_type.parameter_specification)
        params = dict(params or {})
        merged = {k: params.get(k, v) for k, v in spec.items()}
        name = _GAMES[self.short_name][0]
        self.tricklab_game = tricklab.Game(
            name, players=int(merged["players"]), options=_options(str(merged["options"]))
        )
        self.seed = int(merged["seed"])
        self.deals = int(merged["deals"])
        if self.deals < 1:
            raise ValueError("deals must be at least 1")
        lo, hi = self.tricklab_game.points_range
        info = pyspiel.GameInfo(
            num_distinct_actions=tricklab.NUM_ACTION_IDS,
            max_chance_outcomes=self.deals,
            num_players=self.tricklab_game.players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        return TricklabState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TricklabObserver(self, iig_obs_type, params)


def _action_string(action):
    if action >= 52:
        return "CDHS"[action - 52]
    return "23456789TJQKA"[action % 13] + "CDHS"[action // 13]


class TricklabState(pyspiel.State):
    """A hand: a chance node (the deal), then tricklab's state."""

    def __init__(self, game):
        super().__init__(game)
        self._game = game
        self.hand = None

    def current_player(self):
        if self.hand is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.hand.current_player()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        return self.hand.legal_action_ids()

    def chance_outcomes(self):
        p = 1.0 / self._game.deals
        return [(i, p) for i in range(self._game.deals)]

    def _apply_action(self, action):
        if self.hand is None:
            self.hand = self._game.tricklab_game.new_initial_state(
                seed=self._game.seed, index=int(action)
            )
        else:
            self.hand.apply(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return _action_string(action)

    def is_terminal(self):
        return self.hand is not None and self.hand.is_terminal()

    def returns(self):
        if self.hand is None:
            return [0.0] * self._game.tricklab_game.players
        return self.hand.returns()

    def __str__(self):
        return "before the deal" if self.hand is None else str(self.hand)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn uniformly from those ``player_id`` cannot tell from this one
        (tricklab's exact world sampler), its seed drawn from ``probability_sampler``."""
        state = TricklabState(self._game)
        if self.hand is not None:
            seed = int(probability_sampler() * 2**53)
            state.hand = self.hand.sample_world(player_id, seed)
        return state


class TricklabObserver:
    """OpenSpiel's observer. With perfect recall (the information state): the tensor is
    tricklab's information-state tensor and the string the information state string; else the
    observation vector and the same string without the history."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        g = game.tricklab_game
        if self.perfect_recall:
            self.tensor = np.zeros(g.information_state_tensor_size, np.float32)
            self.dict = {"info_state": self.tensor}
        else:
            self.tensor = np.zeros(g.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if state.hand is None:
            self.tensor.fill(0.0)
        elif self.perfect_recall:
            self.tensor[:] = state.hand.information_state_tensor(player)
        else:
            self.tensor[:] = state.hand.observation_vector(player)

    def string_from(self, state, player):
        if state.hand is None:
            return "before the deal"
        text = state.hand.information_state_string(player)
        if self.perfect_recall:
            return text
        return "\n".join(line for line in text.split("\n") if not line.startswith("history"))


def _register():
    registered = set(pyspiel.registered_names())
    for short_name in _GAMES:
        cls = type(f"TricklabGame_{short_name}", (TricklabGame,), {"short_name": short_name})
        globals()[cls.__name__] = cls
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), cls)


_register()
