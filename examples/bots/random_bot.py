#!/usr/bin/env python3
"""A random bot for tricklab (protocol tricklab-bot/1, docs/bot-protocol.md).

Plays a uniformly random legal action. Standard library only. Usage:

    tricklab simulate --game whist --agents 'external:cmd="python3 examples/bots/random_bot.py",name=pyrandom'

An optional argument seeds the bot's random generator.
"""

import json
import random
import sys

HELLO = {
    "type": "hello",
    "protocol": "tricklab-bot/1",
    "name": "random-bot",
    "author": "tricklab examples",
    "version": "1.0",
    "games": [
        {"game": "catch-the-ten", "players": [2, 3, 4, 5, 6, 7, 8]},
        {"game": "nine-five-two", "players": [3]},
        {"game": "whist", "players": [4]},
    ],
}


def fields(line):
    """The id, seat and legal actions of a decide line. tricklab writes compact JSON (no
    spaces), so the three fields are cut out of the text without parsing the rest, which is
    most of a random bot's time; anything unexpected falls back to the JSON parser."""
    try:
        i = line.index('"id":') + 5
        s = line.index('"seat":') + 7
        j = line.index('"legal":[') + 9
        legal = line[j:line.index("]", j)].replace('"', "").split(",")
        return int(line[i:line.index(",", i)]), int(line[s:line.index(",", s)]), legal
    except ValueError:
        msg = json.loads(line)
        return msg["id"], msg["seat"], msg["legal"]


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    out = sys.stdout
    for line in sys.stdin:
        # tricklab always writes "type" first, so a bot may skip parsing the lines it ignores.
        if line.startswith('{"type":"decide"'):
            id_, seat, legal = fields(line)
            out.write('{"type":"action","id":%d,"seat":%d,"action":"%s"}\n'
                      % (id_, seat, rng.choice(legal)))
            out.flush()
        elif line.startswith('{"type":"hello"'):
            out.write(json.dumps(HELLO) + "\n")
            out.flush()
        elif line.startswith('{"type":"quit"'):
            break

if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
