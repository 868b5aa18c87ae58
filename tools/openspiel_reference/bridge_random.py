#!/usr/bin/env python3
"""Time OpenSpiel's C++ random play of bridge cards, with as little Python in the loop as possible.

The reference side of issue 31 (tricklab's random Whist hands against OpenSpiel's random bridge
card play, per card). See README.md in this folder.

Method ("play"): the game is `bridge(use_double_dummy_result=false)`. K deals are drawn from a
seeded Python RNG and dealt card by card (outside the timing); a short auction follows (a one-level
bid by North, strain rotating over the deals, then three passes), so the state stands at the
opening lead. Each timed call is

    pyspiel.evaluate_bots(start.clone(), bots, seed)

with the four C++ bots of `pyspiel.make_uniform_random_bot(player, seed)`: OpenSpiel's own C++
loop (open_spiel/algorithms/evaluate_bots.cc) plays the 52 cards, each bot choosing uniformly
among the legal cards (declarer's bot plays dummy's cards, as OpenSpiel's bridge asks).
One Python call per hand remains: the pybind11 crossing, the clone, the seeding of the loop's
mt19937 and the Python loop itself. To remove it, the same calls are timed on states with only
the last trick left (48 cards played beforehand, outside the timing), and

    ns per card (marginal) = (T52 - T4) / 48

where T52 and T4 are the CPU times per call (time.process_time()) of the two kinds; the
per-call overhead is T4 - 4 x marginal. The two kinds are timed in alternating blocks so that a
change of machine load hits both alike. The raw figure T52 / 52 (overhead included) is reported
too; it flatters the comparison for tricklab, so the marginal figure is the one to compare.

Second line ("whole hand", a different measure, clearly not like for like with card play):
`evaluate_bots(game.new_initial_state(), bots, seed)`: the 52 chance nodes of the deal, a
uniformly random auction (random bots bid too) and the play, CPU time divided by 52 cards.
Hands passed out in the auction (no card play) are counted by a separate untimed sample.
"""

import argparse
import gc
import importlib.metadata
import json
import platform
import random
import statistics
import sys
import time

import pyspiel

GAME = "bridge(use_double_dummy_result=false)"
CARDS = 52
PASS = 52  # bridge's call actions follow the 52 card actions: Pass = 52, 1C = 55, 1D = 56, ...
ONE_CLUB = 55


def play_start_states(game, k, seed):
    """K states at the opening lead: a seeded random deal, then 1x (x rotating), pass, pass, pass."""
    rng = random.Random(seed)
    states = []
    for i in range(k):
        state = game.new_initial_state()
        cards = list(range(CARDS))
        rng.shuffle(cards)
        for card in cards:  # the deal: 52 chance nodes, one card each
            state.apply_action(card)
        state.apply_action(ONE_CLUB + i % 5)  # 1C, 1D, 1H, 1S, 1NT by North (the dealer)
        for _ in range(3):
            state.apply_action(PASS)
        assert not state.is_chance_node() and not state.is_terminal()
        assert len(state.legal_actions()) == 13, "not at the opening lead"
        states.append(state)
    return states


def last_trick_states(starts, seed):
    """The same deals with 48 cards already played at random (untimed): 4 cards remain."""
    rng = random.Random(seed)
    out = []
    for start in starts:
        state = start.clone()
        for _ in range(CARDS - 4):
            state.apply_action(rng.choice(state.legal_actions()))
        assert not state.is_terminal()
        out.append(state)
    return out


def time_calls(states, bots, n, seed0):
    """CPU seconds for n calls of evaluate_bots(clone of a fixed state, bots, seed)."""
    evaluate = pyspiel.evaluate_bots
    k = len(states)
    t0 = time.process_time()
    for i in range(n):
        evaluate(states[i % k].clone(), bots, seed0 + i)
    return time.process_time() - t0


def time_clones(states, n):
    k = len(states)
    t0 = time.process_time()
    for i in range(n):
        states[i % k].clone()
    return time.process_time() - t0


def time_whole_hands(game, bots, n, seed0):
    evaluate = pyspiel.evaluate_bots
    new_state = game.new_initial_state
    t0 = time.process_time()
    for i in range(n):
        evaluate(new_state(), bots, seed0 + i)
    return time.process_time() - t0


def whole_hand_sample(game, bots, n, seed0):
    """Untimed: how many of n random whole hands reach card play, and their mean auction length."""
    played, calls = 0, 0
    for i in range(n):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed0 + i)
        moves_after_deal = len(state.history()) - CARDS
        if moves_after_deal > 4:  # a passed-out hand is exactly four passes and no card play
            played += 1
            calls += moves_after_deal - CARDS
    return played, (calls / played if played else float("nan"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=200_000,
                    help="hands of card play (52 cards from the opening lead) to time [200000]")
    ap.add_argument("--deals", type=int, default=1000, help="K fixed deals, cycled [1000]")
    ap.add_argument("--blocks", type=int, default=10,
                    help="alternating blocks of full-play and last-trick calls [10]")
    ap.add_argument("--whole-hands", type=int, default=20_000,
                    help="hands for the whole-hand line (deal + random auction + play); 0 skips [20000]")
    ap.add_argument("--seed", type=int, default=3, help="seed of the deals, bots and loops [3]")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = ap.parse_args()
    if args.hands < args.blocks or args.blocks < 1 or args.deals < 1:
        ap.error("need --hands >= --blocks >= 1 and --deals >= 1")

    game = pyspiel.load_game(GAME)
    bots = [pyspiel.make_uniform_random_bot(p, args.seed * 1000 + p) for p in range(4)]
    starts = play_start_states(game, args.deals, args.seed)
    lasts = last_trick_states(starts, args.seed + 1)

    # Check once, untimed, that a call from the opening lead plays exactly 52 cards to the end.
    probe = starts[0].clone()
    before = len(probe.history())
    pyspiel.evaluate_bots(probe, bots, 1)
    assert probe.is_terminal() and len(probe.history()) - before == CARDS

    per_block = args.hands // args.blocks
    gc.disable()
    # Warm-up (caches, allocator), not counted.
    time_calls(starts, bots, min(2000, per_block), 0)
    time_calls(lasts, bots, min(2000, per_block), 0)
    t52, t4, tclone = [], [], []
    for b in range(args.blocks):
        s0 = 10_000_000 + b * per_block
        t52.append(time_calls(starts, bots, per_block, s0) / per_block)
        t4.append(time_calls(lasts, bots, per_block, s0) / per_block)
        tclone.append(time_clones(starts, per_block) / per_block)
    whole = None
    if args.whole_hands > 0:
        time_whole_hands(game, bots, min(500, args.whole_hands), 0)  # warm-up
        whole = time_whole_hands(game, bots, args.whole_hands, 20_000_000) / args.whole_hands
    gc.enable()

    T52, T4 = sum(t52) / len(t52), sum(t4) / len(t4)
    marginal = (T52 - T4) / (CARDS - 4)
    block_marginals = [(a - b) / (CARDS - 4) for a, b in zip(t52, t4)]
    result = {
        "openspiel_version": importlib.metadata.version("open_spiel"),
        "python": platform.python_version(),
        "game": GAME,
        "deals": args.deals,
        "seed": args.seed,
        "hands": per_block * args.blocks,
        "blocks": args.blocks,
        "play_ns_per_card": marginal * 1e9,
        "play_ns_per_card_block_min": min(block_marginals) * 1e9,
        "play_ns_per_card_block_max": max(block_marginals) * 1e9,
        "play_raw_ns_per_card": T52 / CARDS * 1e9,
        "play_us_per_call": T52 * 1e6,
        "last_trick_us_per_call": T4 * 1e6,
        "overhead_us_per_call": (T4 - 4 * marginal) * 1e6,
        "clone_us": statistics.fmean(tclone) * 1e6,
        "play_hands_per_cpu_s": 1.0 / (marginal * CARDS),
        "play_hands_per_cpu_s_raw": 1.0 / T52,
        "cpu_s": sum(t52) * per_block + sum(t4) * per_block,
    }
    if whole is not None:
        sample = min(2000, args.whole_hands)
        played, mean_calls = whole_hand_sample(game, bots, sample, 30_000_000)
        result.update({
            "whole_hands": args.whole_hands,
            "whole_ns_per_card": whole / CARDS * 1e9,
            "whole_hands_per_cpu_s": 1.0 / whole,
            "whole_sample_played_fraction": played / sample,
            "whole_sample_mean_auction_calls": mean_calls,
        })
        result["cpu_s"] += whole * args.whole_hands

    if args.json:
        print(json.dumps(result))
        return
    r = result
    print(f"OpenSpiel {r['openspiel_version']} (pyspiel, C++ {GAME}), Python {r['python']}, "
          f"{r['hands']} hands over {r['deals']} fixed deals, seed {r['seed']}, CPU time "
          f"(time.process_time), {r['blocks']} alternating blocks")
    print(f"play, 52 cards from the opening lead in C++ (evaluate_bots + uniform random bots): "
          f"{r['play_ns_per_card']:.1f} ns a card (marginal, per-call overhead subtracted; "
          f"blocks {r['play_ns_per_card_block_min']:.1f}-{r['play_ns_per_card_block_max']:.1f}), "
          f"{r['play_hands_per_cpu_s']:,.0f} hands/CPU s")
    print(f"  raw: {r['play_us_per_call']:.2f} us a call = {r['play_raw_ns_per_card']:.1f} ns a card "
          f"with the overhead ({r['play_hands_per_cpu_s_raw']:,.0f} hands/CPU s); last trick only "
          f"{r['last_trick_us_per_call']:.2f} us a call; per-call overhead "
          f"{r['overhead_us_per_call']:.2f} us (clone alone {r['clone_us']:.2f} us)")
    if whole is not None:
        print(f"whole hand (NOT card play alone: deal's 52 chance nodes + random auction + play, "
              f"new_initial_state + evaluate_bots, overhead included): "
              f"{r['whole_ns_per_card']:.1f} ns per 52 cards, {r['whole_hands_per_cpu_s']:,.0f} "
              f"hands/CPU s; untimed sample: {100 * r['whole_sample_played_fraction']:.1f}% of "
              f"hands reach play, auction {r['whole_sample_mean_auction_calls']:.1f} calls on average")
    print(f"total CPU {r['cpu_s']:.2f} s")


if __name__ == "__main__":
    sys.exit(main())
