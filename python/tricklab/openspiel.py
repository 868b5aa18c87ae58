"""The three games as OpenSpiel Python games.

>>> import pyspiel, tricklab.openspiel
>>> game = pyspiel.load_game("tricklab_whist")
>>> state = game.new_initial_state()

Importing this module registers ``tricklab_whist``, ``tricklab_catch_the_ten`` and
``tricklab_nine_five_two``. A game is one hand. The first moves are chance: together they pick
deal ``i`` of ``deals`` equally likely deals, the first hand of game ``i`` of ``tricklab simulate
--seed SEED`` (a hand is thus a uniform draw from ``deals`` tricklab deals, 2**24 by default,
not from every possible deal). ``i`` is written in digits of at most 256 values, one chance node
per digit, least significant first (three nodes of 256 outcomes by default; one node when
``deals`` is at most 256), so ``chance_outcomes()`` is one cached list and OpenSpiel's usual
chance loop costs microseconds a hand; ``deals`` must therefore have no prime factor above
256. A chance action outside its node's outcomes raises ``ValueError``. Player actions are
tricklab's action ids (``suit * 13 + rank`` for a card, ``52 + suit`` for a trump), so a state is
fixed by its history and OpenSpiel's serialisation works. Returns are each seat's points for
the hand (``State.returns()``: its side's points, bonuses such as Whist's honours included);
9-5-2 is zero-sum, the others general-sum.

Parameters: ``players``, ``seed``, ``deals`` and ``options``: the command line's options with
``;`` between items and ``:`` before a value, since OpenSpiel's game strings reserve ``,`` and
``=`` (``"pairs"``, ``"rules:SwappedTargets"``, ``"honours;target:7"``).

Observers honour ``pyspiel.IIGObservationType`` (see :class:`TricklabObserver`): public
information only (``PrivateInfoType.NONE``), the player's own (``SINGLE_PLAYER``, the default:
the observation tensor is ``State.observation_vector(player)``, see
``tricklab.observation_layout``; with perfect recall ``State.information_state_tensor(player)``,
see ``Game.information_state_layout``) or every player's (``ALL_PLAYERS``: every hand added).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import tricklab
from tricklab._render import card_diagram

_DEFAULT_DEALS = 2**24

# The most outcomes of one chance node (a digit of the deal number).
_MAX_DIGIT = 256

_GAMES = {
    # short name: (tricklab name, long name, min players, max players, default players,
    # whether the returns always sum to 0)
    "tricklab_whist": ("whist", "tricklab Whist", 4, 4, 4, False),
    "tricklab_catch_the_ten": ("catch-the-ten", "tricklab Catch the Ten", 2, 8, 4, False),
    "tricklab_nine_five_two": ("nine-five-two", "tricklab 9-5-2", 3, 3, 3, True),
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


def _digits(deals):
    """The sizes of the chance nodes that pick one of ``deals`` deals: factors of ``deals`` of
    at most 256 each, largest first, packed greedily (``[256, 256, 256]`` for 2**24)."""
    if deals < 1:
        raise ValueError("deals must be at least 1")
    primes, rest, p = [], deals, 2
    while p * p <= rest:
        while rest % p == 0:
            primes.append(p)
            rest //= p
        p += 1
    if rest > 1:
        primes.append(rest)
    if primes and max(primes) > _MAX_DIGIT:
        raise ValueError(f"deals = {deals} has the prime factor {max(primes)}: deals must have "
                         f"no prime factor above {_MAX_DIGIT} (e.g. 100000 or 2**24), so that "
                         "the deal can be picked in chance nodes of at most 256 outcomes")
    digits = []
    for f in sorted(primes, reverse=True):
        for i, d in enumerate(digits):
            if d * f <= _MAX_DIGIT:
                digits[i] = d * f
                break
        else:
            digits.append(f)
    return sorted(digits, reverse=True) or [1]


def _game_type(short_name):
    name, long_name, lo, hi, players, zero_sum = _GAMES[short_name]
    utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
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
        if not 0 <= self.seed < 2**64:
            raise ValueError(f"seed must be from 0 to {2**64 - 1}; got {self.seed}")
        self.deals = int(merged["deals"])
        self.digits = _digits(self.deals)
        # One list per chance node, built once: chance_outcomes() hands it out as it is.
        self.outcomes = [[(i, 1.0 / d) for i in range(d)] for d in self.digits]
        lo, hi = self.tricklab_game.points_range
        zero_sum = _GAMES[self.short_name][5]
        info = pyspiel.GameInfo(
            num_distinct_actions=tricklab.NUM_ACTION_IDS,
            max_chance_outcomes=max(self.digits),
            num_players=self.tricklab_game.players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=_MAX_GAME_LENGTH + len(self.digits),
        )
        super().__init__(game_type, info, params)

    def __deepcopy__(self, memo):
        # A game does not change: a cloned state shares it (with its chance lists), where a
        # copy would lose every attribute set here.
        return self

    def new_initial_state(self):
        return TricklabState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TricklabObserver(self, iig_obs_type, params)


def _action_string(action):
    if action >= 52:
        return "CDHS"[action - 52]
    return "23456789TJQKA"[action % 13] + "CDHS"[action // 13]


class TricklabState(pyspiel.State):
    """A hand: the chance nodes of the deal number, then tricklab's state."""

    def __init__(self, game):
        super().__init__(game)
        self._game = game
        self.hand = None
        # The chance digits so far, and the deal number they make.
        self._digit = 0
        self._deal = 0
        self._place = 1

    def current_player(self):
        if self.hand is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.hand.current_player()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        return self.hand.legal_action_ids()

    def chance_outcomes(self):
        return self._game.outcomes[self._digit]

    def _apply_action(self, action):
        if self.hand is None:
            size = self._game.digits[self._digit]
            if not 0 <= action < size:
                raise ValueError(f"chance action {action} is not an outcome of this chance node "
                                 f"(0 to {size - 1})")
            self._deal += int(action) * self._place
            self._place *= size
            self._digit += 1
            if self._digit == len(self._game.digits):
                self.hand = self._game.tricklab_game.new_initial_state(
                    seed=self._game.seed, index=self._deal)
        else:
            self.hand.apply(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal digit {action}"
        return _action_string(action)

    def is_terminal(self):
        return self.hand is not None and self.hand.is_terminal()

    def returns(self):
        if self.hand is None:
            return [0.0] * self._game.tricklab_game.players
        return self.hand.returns()

    def __str__(self):
        return "before the deal" if self.hand is None else card_diagram(self.hand)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn uniformly from those ``player_id`` cannot tell from this one
        (tricklab's exact world sampler), its seed drawn from ``probability_sampler``."""
        state = TricklabState(self._game)
        if self.hand is not None:
            seed = int(probability_sampler() * 2**53)
            state.hand = self.hand.sample_world(player_id, seed)
        return state


class TricklabObserver:
    """OpenSpiel's observer, for the observation type asked for (``iig_obs_type``; OpenSpiel's
    default observation when ``None``: the player's own, without perfect recall).

    ``private_info``:

    - ``SINGLE_PLAYER``: what the player sees. Tensor: ``State.observation_vector(player)``, or
      with perfect recall ``State.information_state_tensor(player)``; string:
      ``State.information_state_string(player)``, without its ``history`` line unless perfect
      recall.
    - ``NONE``: what every seat sees alike (public information). The same tensor with each
      private part replaced by its public version: no hand; cards known to be in a hand or
      another place only where every seat knows it; unknown = every card whose place is not
      public; no exchange decisions. The string says the dealer, trump, the trick, the cards
      each seat played, its voids, hand size and tricks, who is to act, and with perfect recall
      the public decisions (plays and trump naming) in order.
    - ``ALL_PLAYERS``: the player's view and every seat's cards now: the tensor has ``n × 52``
      more entries (seat ``k`` to the player's left in row ``k``), the string one ``seat k
      holds …`` line per seat.

    ``public_info=False`` with ``NONE`` leaves an empty tensor and string.
    """

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        self.public = bool(iig_obs_type.public_info)
        g = game.tricklab_game
        self.players = g.players
        self.layout = dict((name, (a, b)) for name, a, b in tricklab.observation_layout(g.players))
        base = g.information_state_tensor_size if self.perfect_recall else g.observation_size
        if self.private == pyspiel.PrivateInfoType.NONE and not self.public:
            base = 0
        extra = g.players * 52 if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else 0
        self.tensor = np.zeros(base + extra, np.float32)
        key = "info_state" if self.perfect_recall else "observation"
        self.dict = {key: self.tensor}

    def _own(self, hand, player):
        if self.perfect_recall:
            return hand.information_state_tensor(player)
        return hand.observation_vector(player)

    def set_from(self, state, player):
        self.tensor.fill(0.0)
        hand = state.hand
        if hand is None or self.tensor.size == 0:
            return
        if self.private == pyspiel.PrivateInfoType.NONE:
            self.tensor[:] = self._public(hand, player)
            return
        own = self._own(hand, player)
        self.tensor[: own.size] = own
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            n = self.players
            for k in range(n):
                for card in hand.hand((player + k) % n):
                    self.tensor[own.size + 52 * k + _card_id(card)] = 1.0

    def _public(self, hand, player):
        """The player's tensor with every private part replaced by its public version."""
        n, at = self.players, self.layout
        views = [hand.observation_vector(s) for s in range(n)]
        out = self._own(hand, player).copy()

        def part(v, name):
            a, b = at[name]
            return v[a:b]

        # Cards every seat knows to be in seat a's hand (its own for the seat itself).
        known = np.ones((n, 52), np.float32)
        for o, v in enumerate(views):
            rows = part(v, "known").reshape(n, 52)
            for k in range(n):
                seat = (o + k) % n
                known[seat] = np.minimum(known[seat], part(v, "hand") if k == 0 else rows[k])
        elsewhere = np.minimum.reduce([part(v, "known_elsewhere") for v in views])
        out_of_play = np.minimum.reduce([part(v, "out_of_play") for v in views])
        trump = np.minimum.reduce([part(v, "trump") for v in views])
        played = part(out, "played").reshape(n, 52).max(axis=0)
        placed = np.maximum.reduce([played, out_of_play, elsewhere, known.max(axis=0)])
        part(out, "hand")[:] = 0.0
        part(out, "known")[:] = np.roll(known, -player, axis=0).reshape(-1)
        part(out, "known_elsewhere")[:] = elsewhere
        part(out, "out_of_play")[:] = out_of_play
        part(out, "unknown")[:] = 1.0 - placed
        part(out, "trump")[:] = trump
        if self.perfect_recall:
            layout = dict((name, (a, b)) for name, a, b in
                          hand.game().information_state_layout)
            a, b = layout["exchange"]
            out[a:b] = 0.0
        return out

    def string_from(self, state, player):
        hand = state.hand
        if hand is None:
            return "before the deal"
        if self.private == pyspiel.PrivateInfoType.NONE:
            return self._public_string(hand) if self.public else ""
        text = hand.information_state_string(player)
        if not self.perfect_recall:
            text = "\n".join(line for line in text.split("\n") if not line.startswith("history"))
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            n = self.players
            text += "".join(f"\nseat {s} holds {' '.join(hand.hand(s))}" for s in range(n))
        return text

    def _public_string(self, hand):
        view = hand.observation(0)
        n = view["players"]
        trumps = {hand.observation(s)["trump"] for s in range(n)}
        trump = trumps.pop() if len(trumps) == 1 else None
        sizes = {p["seat"]: p["size"] for p in view["places"] if "seat" in p}
        sizes[0] = len(view["hand"])
        lines = [f"public {view['game']}: dealer seat {view['dealer']}, "
                 f"trump {trump or 'not known'}, "
                 f"to act {'nobody' if view['to_act'] is None else 'seat %d' % view['to_act']}",
                 "trick " + " ".join(f"{s}:{c}" for s, c in view["trick"])]
        for s in range(n):
            lines.append(f"seat {s}: {sizes.get(s, 0)} cards, {view['tricks_won'][s]} tricks, "
                         f"played {' '.join(view['played'][s]) or '-'}, "
                         f"void in {''.join(view['voids'][s]) or '-'}")
        if self.perfect_recall:
            public = [f"{s}:{a}" for s, a in hand.history()
                      if a.split()[0] in _PUBLIC_DECISIONS]
            lines.append("history " + " ".join(public))
        return "\n".join(lines)


# The decisions every seat sees (the others, discards and gives, only their maker does).
_PUBLIC_DECISIONS = ("play", "trump")


def _card_id(card):
    return "CDHS".index(card[1]) * 13 + "23456789TJQKA".index(card[0])


def _register():
    registered = set(pyspiel.registered_names())
    for short_name in _GAMES:
        cls = type(f"TricklabGame_{short_name}", (TricklabGame,), {"short_name": short_name})
        globals()[cls.__name__] = cls
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), cls)


_register()
