#!/usr/bin/env python3
"""A bot for the tests of protocol tricklab-bot/1.1 (docs/bot-protocol.md). It declares two
options (`depth`, an int from 1 to 10, and `style`, `safe` or `bold`) and pondering, answers
`isready` with `readyok`, and plays the first legal action. It checks what tricklab must do and
exits with code 3, naming the breach on stderr, when tricklab does not: options only before
`isready`; after `ponder`, `stop` before any other line; every `decide` with the 1.1 time fields.
Before each action it writes an `info` line with the options it was set and whether it
pondered since its last action, which the tests read from the bot's log.

V11_SLEEP_MS=N sleeps N ms before each answer; V11_NO_READYOK=1 never answers `isready`;
V11_PROTOCOL=P answers `hello` with protocol P. V11_BREAK=ponder answers `stop` with a line
that is not `info` (a broken ponder handler); V11_BREAK=option exits with code 3 when it is
sent an option (a broken option handler)."""

import json
import os
import sys
import time

HELLO = {
    "type": "hello",
    "protocol": os.environ.get("V11_PROTOCOL", "tricklab-bot/1.1"),
    "name": "v11-bot",
    "author": "tricklab tests",
    "version": "1.0",
    "games": [
        {"game": "catch-the-ten", "players": [2, 3, 4, 5, 6, 7, 8]},
        {"game": "nine-five-two", "players": [3]},
        {"game": "whist", "players": [4]},
    ],
    "options": [
        {"name": "depth", "type": "int", "default": 3, "min": 1, "max": 10},
        {"name": "style", "type": "choice", "default": "safe", "values": ["safe", "bold"]},
    ],
    "ponder": True,
}
TIME_FIELDS = ("time_control", "time_left_ms", "increment_ms", "iterations", "nodes")
sleep = int(os.environ.get("V11_SLEEP_MS", "0")) / 1000
broken = os.environ.get("V11_BREAK")


def breach(why):
    sys.stderr.write("v11-bot: " + why + "\n")
    sys.stderr.flush()
    sys.exit(3)


def main():
    options = {}
    ready = False
    pondering = False
    pondered = False
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if pondering and kind not in ("stop", "quit"):
            breach("after ponder came " + kind + ", not stop")
        if kind == "hello":
            if "tricklab-bot/1.1" not in msg.get("versions", []):
                breach("tricklab's hello does not list 1.1")
            out.write(json.dumps(HELLO) + "\n")
        elif kind == "option":
            if broken == "option":
                breach("cannot take option " + msg["name"])
            if ready:
                breach("an option after isready")
            options[msg["name"]] = msg["value"]
        elif kind == "isready":
            ready = True
            if os.environ.get("V11_NO_READYOK") == "1":
                continue
            out.write(json.dumps({"type": "readyok"}) + "\n")
        elif kind == "ponder":
            pondering = True
        elif kind == "stop":
            if not pondering:
                breach("stop without ponder")
            pondering, pondered = False, True
            if broken == "ponder":
                out.write(json.dumps({"type": "stopped"}) + "\n")
        elif kind == "decide":
            if not ready:
                breach("a decide before isready")
            missing = [f for f in TIME_FIELDS if f not in msg]
            if missing:
                breach("decide without " + ", ".join(missing))
            if sleep:
                time.sleep(sleep)
            info = {"type": "info", "id": msg["id"], "options": options, "pondered": pondered}
            out.write(json.dumps(info) + "\n")
            out.write(json.dumps({"type": "action", "id": msg["id"], "seat": msg["seat"],
                                  "action": msg["legal"][0]}) + "\n")
            pondered = False
        elif kind == "quit":
            break
        out.flush()


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
