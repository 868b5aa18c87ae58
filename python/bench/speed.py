"""Speed from Python: tricklab driven move by move, tricklab.simulate in bulk, and OpenSpiel's
Python-driven loop on its own bridge and hearts, all playing uniformly random legal moves.

Run with the wheel installed (release build): python python/bench/speed.py [seconds-per-row]
Each row runs for about the given time (default 3 s) and prints hands per second.
"""

import random
import sys
import time

import pyspiel

import tricklab
import tricklab.openspiel  # noqa: F401

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0


def rate(label, one_hand, seconds=SECONDS):
    n, decisions, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += one_hand(n)
        n += 1
    took = time.perf_counter() - start
    print(f"{label:62s} {n / took:10.0f} hands/s {decisions / took:12.0f} decisions/s")


def tricklab_hand(game, rng, use_ids):
    def one(i):
        state = game.new_initial_state(seed=1, index=i)
        k = 0
        while not state.is_terminal():
            legal = state.legal_action_ids() if use_ids else state.legal_actions()
            state.apply(rng.choice(legal))
            k += 1
        return k
    return one


def spiel_hand(game, rng):
    def one(_):
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                k += 1
        return k
    return one


def main():
    rng = random.Random(1)
    for name in ["whist", "catch-the-ten", "nine-five-two"]:
        game = tricklab.Game(name)
        rate(f"tricklab {name}: Python loop, legal_action_ids/apply", tricklab_hand(game, rng, True))
        rate(f"tricklab {name}: Python loop, legal_actions (strings)/apply",
             tricklab_hand(game, rng, False))
    for name in ["hearts", "bridge(use_double_dummy_result=false)"]:
        rate(f"OpenSpiel {name}: Python loop", spiel_hand(pyspiel.load_game(name), rng))
    rate("OpenSpiel tricklab_whist (Python game): Python loop",
         spiel_hand(pyspiel.load_game("tricklab_whist", {"deals": 1000}), rng))
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
                print(f"{label:62s} {games / took:10.0f} hands/s")


if __name__ == "__main__":
    main()
