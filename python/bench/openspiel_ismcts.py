"""OpenSpiel's ISMCTSBot (its Python implementation, on this package's OpenSpiel game) against
tricklab's ISMCTS on duplicate deals, Whist or 4-player Catch the Ten (both: partners
opposite, sides {0, 2} and {1, 3}), at equal iterations or at equal wall time.

    python python/bench/openspiel_ismcts.py --game whist --deals 40 --iterations 25 \
        --mode iterations --out results/openspiel-ismcts
    python python/bench/openspiel_ismcts.py --game whist --deals 40 --iterations 25 \
        --mode time --time-ms 180 --out results/openspiel-ismcts

Deal i is chance outcome i of tricklab_<game>(seed=1). Each deal is played twice: OpenSpiel's
bot in seats 0 and 2 and tricklab's in 1 and 3, then swapped. Per deal, the difference is
OpenSpiel's mean points per seat and hand minus tricklab's; the summary gives the mean over
deals with its 95% t interval.

OpenSpiel's bot: random-rollout evaluator, UCT c = 2, max-visit-count final policy, unlimited
world samples via State.resample_from_infostate (tricklab's exact sampler, seeded from the
bot's RandomState), ``--iterations`` simulations per decision in both modes. tricklab's bot: ``ismcts`` with its defaults (random
rollouts, c = 0.7) and ``iterations=N`` (mode ``iterations``), ``time_ms=T`` (mode ``time``: a
wall-time budget per decision, OpenSpiel's measured mean wall time per decision), or, mode
``cpu``, the iterations that take OpenSpiel's CPU time per decision (``--cpu-ms``): calibrated
at the start from the CPU time per iteration of two self-play hands at 5 000 iterations a
decision. Equal CPU time
is equal wall time on an idle core, and stays fair on a shared, overloaded machine, where
wall-time budgets measure the other jobs; the per-hand CPU seconds of both bots are in the
CSV to check it.

Writes ``hands-<game>-<mode>.csv`` (one row per hand: points, seconds and decisions of each
bot) and ``run-<game>-<mode>.json`` (command, versions, machine, the summary numbers).
"""

import argparse
import csv
import json
import math
import os
import platform
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tricklab
import tricklab.openspiel  # noqa: F401  (registers the games)

# Two-sided 97.5% quantiles of Student's t, by degrees of freedom.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021,
        60: 2.000, 120: 1.980}


def t975(df):
    keys = sorted(k for k in T975 if k <= df)
    return T975[keys[-1]] if keys else float("nan")


def tricklab_spec(args):
    if args.mode == "iterations":
        return f"ismcts:iterations={args.iterations}"
    if args.mode == "cpu":
        return f"ismcts:iterations={args.tricklab_iterations}"
    return f"ismcts:time_ms={args.time_ms}"


def calibrate(game, cpu_ms):
    """tricklab ISMCTS iterations that take ``cpu_ms`` of CPU per decision here, on average
    over a hand: the CPU seconds per iteration of two self-play hands (deals 0 and 1) at
    5 000 iterations a decision, scaled."""
    n, spent, decisions = 5_000, 0.0, 0
    for deal in range(2):
        state = game.new_initial_state()
        state.apply_action(deal)
        bot = tricklab.agent(f"ismcts:iterations={n}", seed=deal)
        while not state.is_terminal():
            start = time.process_time()
            action = bot.act_id(state.hand)
            spent += time.process_time() - start
            decisions += 1
            state.apply_action(action)
    per_iteration = spent / (decisions * n)
    return max(1, round(cpu_ms / 1000 / per_iteration)), per_iteration


def play(game, deal, openspiel_seats, args, seed):
    state = game.new_initial_state()
    state.apply_action(deal)
    rs = np.random.RandomState(seed)
    os_bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                              uct_c=2.0, max_simulations=args.iterations, random_state=rs)
    # Worlds drawn with the bot's own seeded stream: by default the bot passes an unseeded
    # pyspiel.UniformProbabilitySampler, and no two runs would agree. (The bot has no
    # constructor argument for its resampler hook.)
    os_bot._resampler_cb = lambda s, player: s.resample_from_infostate(player, rs.uniform)
    tl_bot = tricklab.agent(tricklab_spec(args), seed=seed)
    spent = {"openspiel": 0.0, "tricklab": 0.0}
    cpu = {"openspiel": 0.0, "tricklab": 0.0}
    decisions = {"openspiel": 0, "tricklab": 0}
    while not state.is_terminal():
        seat = state.current_player()
        who = "openspiel" if seat in openspiel_seats else "tricklab"
        start, start_cpu = time.perf_counter(), time.process_time()
        if who == "openspiel":
            action = os_bot.step(state)
        else:
            action = tl_bot.act_id(state.hand)
        spent[who] += time.perf_counter() - start
        cpu[who] += time.process_time() - start_cpu
        decisions[who] += 1
        state.apply_action(action)
    return state.returns(), spent, cpu, decisions


def interval(diffs):
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("nan"), float("nan")
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="whist", choices=["whist", "catch_the_ten"])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=100,
                    help="OpenSpiel's simulations per decision (and tricklab's in mode iterations)")
    ap.add_argument("--mode", default="iterations", choices=["iterations", "time", "cpu"])
    ap.add_argument("--cpu-ms", type=float, default=None,
                    help="mode cpu: OpenSpiel's CPU ms per decision; tricklab's iterations are "
                         "calibrated to take as much")
    ap.add_argument("--time-ms", type=int, default=None,
                    help="tricklab's wall-time budget per decision in mode time")
    ap.add_argument("--tricklab-iterations", type=int, default=None,
                    help="mode cpu: the calibrated iterations of an earlier calibration "
                         "(to split one run over several processes)")
    ap.add_argument("--out", default="results/openspiel-ismcts")
    args = ap.parse_args()
    if args.mode == "time" and not args.time_ms:
        ap.error("--mode time needs --time-ms (OpenSpiel's mean ms per decision)")
    if args.mode == "cpu" and not args.cpu_ms:
        ap.error("--mode cpu needs --cpu-ms (OpenSpiel's mean CPU ms per decision)")
    game = pyspiel.load_game(f"tricklab_{args.game}", {"seed": 1, "deals": 100_000})
    per_iteration = None
    if args.mode == "cpu" and args.tricklab_iterations:
        print(f"given: {args.tricklab_iterations} iterations", flush=True)
    elif args.mode == "cpu":
        args.tricklab_iterations, per_iteration = calibrate(game, args.cpu_ms)
        print(f"calibrated: {args.tricklab_iterations} iterations "
              f"({per_iteration * 1e6:.2f} CPU us each)", flush=True)
    os.makedirs(args.out, exist_ok=True)
    started = time.time()
    rows, diffs = [], []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        os_points, tl_points = [], []
        for rotation, seats in enumerate([(0, 2), (1, 3)]):
            returns, spent, cpu, decisions = play(game, deal, seats, args,
                                                  seed=1000 * deal + rotation)
            o = [returns[s] for s in seats]
            t = [returns[s] for s in range(4) if s not in seats]
            os_points += o
            tl_points += t
            rows.append({"deal": deal, "rotation": rotation,
                         "openspiel_seats": " ".join(map(str, seats)),
                         "openspiel_points": o[0], "tricklab_points": t[0],
                         "openspiel_seconds": round(spent["openspiel"], 3),
                         "tricklab_seconds": round(spent["tricklab"], 3),
                         "openspiel_cpu_seconds": round(cpu["openspiel"], 3),
                         "tricklab_cpu_seconds": round(cpu["tricklab"], 3),
                         "openspiel_decisions": decisions["openspiel"],
                         "tricklab_decisions": decisions["tricklab"]})
            print(rows[-1], flush=True)
        diffs.append(sum(os_points) / len(os_points) - sum(tl_points) / len(tl_points))
    stem = f"{args.game}-{args.mode}"
    with open(os.path.join(args.out, f"hands-{stem}.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    mean, low, high = interval(diffs)
    os_time = sum(r["openspiel_seconds"] for r in rows)
    tl_time = sum(r["tricklab_seconds"] for r in rows)
    os_dec = sum(r["openspiel_decisions"] for r in rows)
    tl_dec = sum(r["tricklab_decisions"] for r in rows)
    wins = sum(d > 0 for d in diffs), sum(d == 0 for d in diffs), sum(d < 0 for d in diffs)
    command = "python " + " ".join([os.path.relpath(__file__)] + sys.argv[1:])
    record = {
        "command": command,
        "game": f"tricklab_{args.game}(seed=1, deals=100000)",
        "mode": args.mode,
        "openspiel_bot": f"open_spiel.python.algorithms.ismcts.ISMCTSBot(uct_c=2.0, "
                         f"max_simulations={args.iterations}, RandomRolloutEvaluator(1))",
        "tricklab_bot": tricklab_spec(args),
        "deals": [args.first_deal, args.first_deal + args.deals],
        "hands": len(rows),
        "openspiel_minus_tricklab": {"mean": mean, "low": low, "high": high,
                                     "interval": "95% t over deals"},
        "deals_openspiel_ahead_tied_behind": list(wins),
        "openspiel_seconds_per_decision": os_time / max(os_dec, 1),
        "tricklab_seconds_per_decision": tl_time / max(tl_dec, 1),
        "openspiel_cpu_seconds_per_decision":
            sum(r["openspiel_cpu_seconds"] for r in rows) / max(os_dec, 1),
        "tricklab_cpu_seconds_per_decision":
            sum(r["tricklab_cpu_seconds"] for r in rows) / max(tl_dec, 1),
        "calibration_cpu_seconds_per_tricklab_iteration": per_iteration,
        "wall_seconds": round(time.time() - started, 1),
        "versions": {"python": platform.python_version(),
                     "open_spiel": _version("open_spiel"), "numpy": np.__version__,
                     "tricklab_python": _version("tricklab")},
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_average_at_end": list(os.getloadavg())},
    }
    with open(os.path.join(args.out, f"run-{stem}.json"), "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    print(json.dumps(record, indent=2))


def _version(dist):
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # noqa: BLE001  (provenance only)
        return "unknown"


if __name__ == "__main__":
    main()
