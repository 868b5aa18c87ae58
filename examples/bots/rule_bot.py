#!/usr/bin/env python3
"""A simple rule bot for tricklab (protocol tricklab-bot/1.1, docs/bot-protocol.md).

Standard library only. It keeps the hand's story from the messages it is sent and plays by
three rules:

* last to play to a trick it can win: the lowest card that wins; otherwise, when its partner
  is winning or it cannot win, the lowest card it may play (non-trumps before trumps);
* on lead: its highest card of its longest plain suit (its lowest with the option `lead=low`,
  set from the spec with `opt.lead=low`);
* 9-5-2: names its longest suit as trumps, discards and gives its lowest non-trumps.

An `info` line before each action says which rule it used (tricklab keeps it in the log).
It speaks protocol 1.1 to declare its option; it ignores the time it is given (it is fast).
"""

import json
import sys

HELLO = {
    "type": "hello",
    "protocol": "tricklab-bot/1.1",
    "name": "rule-bot",
    "author": "tricklab examples",
    "version": "1.0",
    "games": [
        {"game": "catch-the-ten", "players": [2, 3, 4, 5, 6, 7, 8]},
        {"game": "nine-five-two", "players": [3]},
        {"game": "whist", "players": [4]},
    ],
    "options": [
        {"name": "lead", "type": "choice", "default": "high", "values": ["high", "low"]},
    ],
}

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0])


def suit(card):
    return card[1]


class Bot:
    def __init__(self):
        self.seat = 0
        self.sides = []
        self.lead = "high"

    def power(self, card, led, trump):
        """How strongly `card` stands in a trick led in `led` (0: it cannot win)."""
        if trump and suit(card) == trump:
            return 100 + rank(card)
        if suit(card) == led:
            return rank(card)
        return 0

    def decide(self, msg):
        legal = msg["legal"]
        decision = msg["decision"]
        trump = msg.get("trump")
        cards = msg["cards"]
        if decision == "trump":
            counts = {s: sum(1 for c in cards if suit(c) == s) for s in legal}
            return max(legal, key=lambda s: counts[s]), "longest suit"
        if decision in ("discard", "give"):
            plain = [c for c in legal if suit(c) != trump] or legal
            return min(plain, key=rank), "lowest non-trump"
        trick = msg["trick"]
        played = trick["cards"]
        if not played:
            plain = [c for c in legal if suit(c) != trump] or legal
            counts = {}
            for c in plain:
                counts[suit(c)] = counts.get(suit(c), 0) + 1
            longest = max(counts, key=lambda s: (counts[s], s))
            pick = max if self.lead == "high" else min
            best = pick((c for c in plain if suit(c) == longest), key=rank)
            return best, f"lead {self.lead} from the longest suit"
        led = suit(played[0])
        powers = [self.power(c, led, trump) for c in played]
        best = max(range(len(played)), key=lambda i: powers[i])
        n = len(self.sides)
        winner_seat = (trick["leader"] + best) % n
        partner_wins = winner_seat != self.seat and self.sides[winner_seat] == self.sides[self.seat]
        last = len(played) == n - 1
        cheapest = min(legal, key=lambda c: (suit(c) == trump, rank(c)))
        if partner_wins:
            return cheapest, "partner is winning: lowest"
        winners = [c for c in legal if self.power(c, led, trump) > powers[best]]
        if winners and last:
            return min(winners, key=lambda c: self.power(c, led, trump)), "last: lowest winner"
        if winners and not (trump and suit(winners[0]) == trump and led != trump):
            return max(winners, key=lambda c: self.power(c, led, trump)), "win high"
        return cheapest, "cannot win cheaply: lowest"

    def run(self):
        out = sys.stdout
        for line in sys.stdin:
            msg = json.loads(line)
            kind = msg["type"]
            if kind == "hello":
                out.write(json.dumps(HELLO) + "\n")
                out.flush()
            elif kind == "option" and msg["name"] == "lead":
                self.lead = msg["value"]
            elif kind == "isready":
                out.write(json.dumps({"type": "readyok"}) + "\n")
                out.flush()
            elif kind == "match":
                self.seat = msg["seat"]
                self.sides = msg["sides"]
            elif kind == "decide":
                action, why = self.decide(msg)
                out.write(json.dumps({"type": "info", "id": msg["id"], "comment": why}) + "\n")
                out.write(json.dumps({"type": "action", "id": msg["id"],
                                      "seat": msg["seat"], "action": action}) + "\n")
                out.flush()
            elif kind == "quit":
                break


if __name__ == "__main__":
    try:
        Bot().run()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
