#!/usr/bin/env python3
"""A bot for the fault tests: plays a fixed legal action (a function of the message only, so
that runs repeat) until its decision number FAULT_AFTER, then breaks the protocol the way
FAULT_MODE says: sleep, exit, garbage, illegal, other_seat, closed, or ok (never). Writes its
process id into the folder FAULT_PIDS. FAULT_GAMES=catch-the-ten claims only that game.
FAULT_MATCHES=3,57 instead breaks it at its first decision of hand 0 of those matches (a
function of the position, not of the process's history, so that shards fault as a whole run)."""

import json
import os
import sys
import time

mode = os.environ.get("FAULT_MODE", "ok")
after = int(os.environ.get("FAULT_AFTER", "0"))
pids = os.environ.get("FAULT_PIDS")
if pids:
    open(os.path.join(pids, str(os.getpid())), "w").close()
games = [
    {"game": "catch-the-ten", "players": [2, 3, 4, 5, 6, 7, 8]},
    {"game": "nine-five-two", "players": [3]},
    {"game": "whist", "players": [4]},
]
only = os.environ.get("FAULT_GAMES")
if only:
    games = [g for g in games if g["game"] == only]

fault_matches = {int(m) for m in os.environ.get("FAULT_MATCHES", "").split(",") if m}
current = (None, None)

decisions = 0
out = sys.stdout
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        out.write(json.dumps({"type": "hello", "protocol": "tricklab-bot/1", "name": "faulty",
                              "author": "tests", "version": "0", "games": games}) + "\n")
        out.flush()
    elif kind == "quit":
        break
    elif kind == "match":
        current = (msg["match"], None)
    elif kind == "hand":
        current = (current[0], msg["hand"])
    elif kind == "decide":
        legal = msg["legal"]
        action = legal[len(msg["cards"]) % len(legal)]
        seat = msg["seat"]
        if fault_matches:
            due = current[0] in fault_matches and current[1] == 0
        else:
            due = decisions >= after
        if mode != "ok" and due:
            if mode == "sleep":
                time.sleep(60)
            elif mode == "exit":
                sys.exit(3)
            elif mode == "garbage":
                out.write("this is not json\n")
                out.flush()
                continue
            elif mode == "illegal":
                ranks, suits = "23456789TJQKA", "CDHS"
                action = next(r + s for s in suits for r in ranks if r + s not in legal)
            elif mode == "other_seat":
                seat = seat + 1
            elif mode == "closed":
                os.close(1)
                time.sleep(60)
        decisions += 1
        out.write(json.dumps({"type": "action", "id": msg["id"], "seat": seat,
                              "action": action}) + "\n")
        out.flush()
