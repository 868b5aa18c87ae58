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


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    out = sys.stdout
    for line in sys.stdin:
        # tricklab always writes "type" first, so a bot may skip parsing the lines it ignores.
        if line.startswith('{"type":"decide"'):
            msg = json.loads(line)
            out.write('{"type":"action","id":%d,"seat":%d,"action":"%s"}\n'
                      % (msg["id"], msg["seat"], rng.choice(msg["legal"])))
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
