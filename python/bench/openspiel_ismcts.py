"""OpenSpiel's ISMCTSBot (its Python implementation, on this package's OpenSpiel game) against
tricklab's ISMCTS at equal iterations, on duplicate deals, Whist or 4-player Catch the Ten
(both: partners opposite, sides {0, 2} and {1, 3}).

    python python/bench/openspiel_ismcts.py --game whist --deals 10 --iterations 100 \
        --out results/openspiel-ismcts

Deal i is chance outcome i of tricklab_<game>(seed=1). Each deal is played twice: OpenSpiel's
bot in seats 0 and 2 and tricklab's in 1 and 3, then swapped. Per deal, the difference is
OpenSpiel's mean points per hand minus tricklab's; the summary gives the mean over deals with
its 95% t interval. OpenSpiel's bot: random-rollout evaluator, UCT c = 2, max-visit-count final
policy, unlimited world samples via State.resample_from_infostate (tricklab's exact sampler).
"""

import argparse
import csv
import math
import os
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tricklab
import tricklab.openspiel  # noqa: F401

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042}


def t975(df):
    keys = sorted(k for k in T975 if k <= df)
    return T975[keys[-1]] if keys else 1.96


def play(game, deal, openspiel_seats, iterations, seed):
    state = game.new_initial_state()
    state.apply_action(deal)
    rs = np.random.RandomState(seed)
    os_bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                              uct_c=2.0, max_simulations=iterations, random_state=rs)
    tl_bot = tricklab.agent(f"ismcts:iterations={iterations}", seed=seed)
    spent = {"openspiel": 0.0, "tricklab": 0.0}
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        if seat in openspiel_seats:
            state.apply_action(os_bot.step(state))
            spent["openspiel"] += time.perf_counter() - start
        else:
            state.apply_action(tl_bot.act_id(state.hand))
            spent["tricklab"] += time.perf_counter() - start
    return state.returns(), spent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="whist", choices=["whist", "catch_the_ten"])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--out", default="results/openspiel-ismcts")
    args = ap.parse_args()
    game = pyspiel.load_game(f"tricklab_{args.game}", {"seed": 1, "deals": 100_000})
    os.makedirs(args.out, exist_ok=True)
    rows, diffs = [], []
    for deal in range(args.deals):
        os_points, tl_points = [], []
        for rotation, seats in enumerate([(0, 2), (1, 3)]):
            returns, spent = play(game, deal, seats, args.iterations, seed=1000 * deal + rotation)
            o = [returns[s] for s in seats]
            t = [returns[s] for s in range(4) if s not in seats]
            os_points += o
            tl_points += t
            rows.append({"deal": deal, "rotation": rotation, "openspiel_seats": "0 2" if rotation == 0 else "1 3",
                         "openspiel_points": o[0], "tricklab_points": t[0],
                         "openspiel_seconds": round(spent["openspiel"], 3),
                         "tricklab_seconds": round(spent["tricklab"], 3)})
            print(rows[-1], flush=True)
        diffs.append(sum(os_points) / len(os_points) - sum(tl_points) / len(tl_points))
    with open(os.path.join(args.out, f"hands-{args.game}.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("nan")
    half = t975(n - 1) * sd / math.sqrt(n) if n > 1 else float("nan")
    os_time = sum(r["openspiel_seconds"] for r in rows)
    tl_time = sum(r["tricklab_seconds"] for r in rows)
    summary = os.path.join(args.out, f"summary-{args.game}.md")
    with open(summary, "w") as f:
        f.write(
            f"# OpenSpiel ISMCTSBot vs tricklab ISMCTS, {args.game}, {args.iterations} "
            "iterations each\n\n"
            f"Command: `python python/bench/openspiel_ismcts.py --game {args.game} "
            f"--deals {args.deals} "
            f"--iterations {args.iterations} --out {args.out}`\n\n"
            f"{n} duplicate deals (each played twice with the sides swapped), "
            f"{2 * n} hands.\n\n"
            f"OpenSpiel minus tricklab, points per seat and hand: **{mean:+.3f}** "
            f"[{mean - half:+.3f}, {mean + half:+.3f}] (95% t interval over deals).\n\n"
            f"Time spent choosing: OpenSpiel's bot {os_time:.1f} s, tricklab's {tl_time:.1f} s "
            f"(the ratio, {os_time / max(tl_time, 1e-9):.0f}x, is the iterations-per-second gap "
            "at equal iterations; measured on a shared, heavily loaded 2-core machine).\n\n"
            "Equal wall time was not run. n is small: read the interval, not the sign.\n")
    print(open(summary).read())


if __name__ == "__main__":
    main()
