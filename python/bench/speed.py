"""Speed from Python, like for like: every game driven by the same OpenSpiel loop, and
tricklab's own API and bulk runner beside it.

Run with the wheel installed (a release build): python python/bench/speed.py [seconds-per-row]
Each row runs for about the given time (default 3 s).

The OpenSpiel loop (one function, `spiel_hand`, for every game): a fresh
`game.new_initial_state()`; at a chance node `state.chance_outcomes()` and one outcome drawn by
its probabilities (`random.Random.choices`); at a decision one of `state.legal_actions()` drawn
uniformly (`random.Random.choice`) and `state.apply_action`; until `state.is_terminal()`. The
games, all with their default parameters except the one named:

- OpenSpiel's C++ `hearts` and `bridge(use_double_dummy_result=false)` (bidding and play);
- tricklab's Python games `tricklab_whist`, `tricklab_catch_the_ten`, `tricklab_nine_five_two`
  (registered by `tricklab.openspiel`; default `deals` = 2**24, picked in 3 chance nodes).

Each row prints hands/s, player moves/s and chance nodes a hand; the ratio table gives each
tricklab game's rate over each OpenSpiel game's, per hand and per move (a Whist hand has 52
moves, a bridge hand about 52 plus the auction, a hearts hand 52 plus the pass).

Then tricklab's own Python API (`Game.new_initial_state(seed, index)`, `legal_action_ids()` or
`legal_actions()`, `apply`, random choices in Python) and `tricklab.simulate(..., "random",
hands=True, games=50_000)` on 1 thread and all, with and without rows: not comparable with the
loop above (no OpenSpiel layer), shown for scale.
"""

import random
import sys
import time

import pyspiel

import tricklab
import tricklab.openspiel  # noqa: F401  (registers the tricklab games)

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0

SPIEL_GAMES = ["hearts", "bridge(use_double_dummy_result=false)"]
TRICKLAB_SPIEL_GAMES = ["tricklab_whist", "tricklab_catch_the_ten", "tricklab_nine_five_two"]


def rate(one_hand, seconds=SECONDS):
    """Hands/s, moves/s and chance nodes a hand of `one_hand` (returns (moves, chance))."""
    hands, moves, chance, start = 0, 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        m, c = one_hand(hands)
        moves, chance, hands = moves + m, chance + c, hands + 1
    took = time.perf_counter() - start
    return hands / took, moves / took, chance / hands


def spiel_hand(game, rng):
    """The OpenSpiel loop, the same for every game."""
    def one(_):
        state = game.new_initial_state()
        moves = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves, chance
    return one


def tricklab_hand(game, rng, use_ids):
    """tricklab's own API: a dealt hand (no chance nodes), random legal moves."""
    def one(i):
        state = game.new_initial_state(seed=1, index=i)
        moves = 0
        while not state.is_terminal():
            legal = state.legal_action_ids() if use_ids else state.legal_actions()
            state.apply(rng.choice(legal))
            moves += 1
        return moves, 0
    return one


def row(label, r):
    hands, moves, chance = r
    print(f"{label:58s} {hands:9.0f} hands/s {moves:11.0f} moves/s {chance:5.1f} chance/hand")


def main():
    rng = random.Random(1)
    print(f"{SECONDS} s a row; the OpenSpiel loop for every game:")
    spiel = {}
    for name in SPIEL_GAMES + TRICKLAB_SPIEL_GAMES:
        spiel[name] = rate(spiel_hand(pyspiel.load_game(name), rng))
        row(f"OpenSpiel loop: {name}", spiel[name])
    print("\nratio, tricklab game over OpenSpiel game, per hand / per move:")
    for mine in TRICKLAB_SPIEL_GAMES:
        parts = [f"{spiel[mine][0] / spiel[o][0]:.2f}x / {spiel[mine][1] / spiel[o][1]:.2f}x "
                 f"vs {o.split('(')[0]}" for o in SPIEL_GAMES]
        print(f"  {mine:24s} " + ";  ".join(parts))
    print("\ntricklab's own Python API (no OpenSpiel layer), for scale:")
    for name in ["whist", "catch-the-ten", "nine-five-two"]:
        game = tricklab.Game(name)
        row(f"tricklab {name}: legal_action_ids/apply", rate(tricklab_hand(game, rng, True)))
        row(f"tricklab {name}: legal_actions (strings)/apply",
            rate(tricklab_hand(game, rng, False)))
    for name in ["whist", "catch-the-ten"]:
        for threads in [1, None]:
            for rows in [True, False]:
                games = 50_000
                start = time.perf_counter()
                tricklab.simulate(name, "random", games=games, hands=True, threads=threads,
                                  rows=rows)
                took = time.perf_counter() - start
                label = (f"tricklab.simulate {name}, random, {threads or 'all'} thread(s), "
                         f"{'rows as columns' if rows else 'no rows'}")
                print(f"{label:58s} {games / took:9.0f} hands/s")


if __name__ == "__main__":
    main()
