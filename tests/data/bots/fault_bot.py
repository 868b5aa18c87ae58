#!/usr/bin/env python3
"""A bot for the fault tests: plays a fixed legal action (a function of the message only, so
that runs repeat) until its decision number FAULT_AFTER, then breaks the protocol the way
FAULT_MODE says: sleep, exit, garbage, illegal, other_seat, closed, long (a 10 MiB line),
trickle (a line that never ends, a byte a millisecond), double (at the last decision of the hand,
when it holds one card: the answer twice; double_late: the second 0.2 s later), give_illegal
(an illegal card at every 9-5-2 give that names its receiver `to`), mid_match (exits with
code 3 when `match` is followed by a hand other than 0, as after a restart mid-match),
forfeit_end (exits with code 3 at a `hand_end` that carries `forfeit`), or ok (never). Writes its
process id into the folder FAULT_PIDS. FAULT_GAMES=catch-the-ten claims only that game.
FAULT_MATCHES=3,57 instead breaks it at its first decision of hand 0 of those matches (a
function of the position, not of the process's history, so that shards fault as a whole run).
FAULT_SPAWN=1 starts a grandchild that leaves the bot's session (double fork and setsid),
ignores SIGTERM, keeps the bot's pipes open and sleeps for an hour (its process id goes into
FAULT_PIDS too). FAULT_STUBBORN=1 makes the bot ignore SIGTERM, `quit` and the end of its input:
it then sleeps for an hour. FAULT_STDERR=lines writes `deciding ID` to stderr at each decision;
FAULT_STDERR=flood writes 20 MiB to stderr when it starts. FAULT_LINGER=quit ignores `quit`
(it exits when its input ends); FAULT_LINGER=eof exits on `quit` but sleeps for an hour when its
input ends without one."""

import json
import os
import signal
import sys
import time

mode = os.environ.get("FAULT_MODE", "ok")
after = int(os.environ.get("FAULT_AFTER", "0"))
pids = os.environ.get("FAULT_PIDS")
if pids:
    open(os.path.join(pids, str(os.getpid())), "w").close()
stderr_mode = os.environ.get("FAULT_STDERR")
if stderr_mode == "flood":
    sys.stderr.write(("e" * 1023 + "\n") * (20 << 10))
    sys.stderr.flush()
stubborn = os.environ.get("FAULT_STUBBORN") == "1"
linger = os.environ.get("FAULT_LINGER")
if stubborn:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if os.environ.get("FAULT_SPAWN") == "1":
    if os.fork() == 0:
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            time.sleep(3600)
            os._exit(0)
        # Written before the bot goes on, so that the test knows of it however soon it ends.
        if pids:
            open(os.path.join(pids, str(grandchild)), "w").close()
        os._exit(0)
    os.wait()
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
quitted = False
just_matched = False
out = sys.stdout
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        out.write(json.dumps({"type": "hello", "protocol": "tricklab-bot/1", "name": "faulty",
                              "author": "tests", "version": "0", "games": games}) + "\n")
        out.flush()
    elif kind == "quit":
        if linger == "quit":
            continue
        quitted = True
        break
    elif kind == "match":
        current = (msg["match"], None)
        just_matched = True
    elif kind == "hand":
        current = (current[0], msg["hand"])
        if mode == "mid_match" and just_matched and msg["hand"] != 0:
            sys.stderr.write("fault_bot: hand %d right after match\n" % msg["hand"])
            sys.exit(3)
        just_matched = False
    elif kind == "hand_end":
        if mode == "forfeit_end" and "forfeit" in msg:
            sys.stderr.write("fault_bot: a forfeit\n")
            sys.exit(3)
    elif kind == "decide":
        if stderr_mode == "lines":
            sys.stderr.write("deciding %d\n" % msg["id"])
            sys.stderr.flush()
        legal = msg["legal"]
        action = legal[len(msg["cards"]) % len(legal)]
        seat = msg["seat"]
        if fault_matches:
            due = current[0] in fault_matches and current[1] == 0
        else:
            due = decisions >= after
        if mode in ("double", "double_late"):
            due = due and len(msg["cards"]) == 1
        if mode == "give_illegal":
            # A broken give handler: every give is illegal, other decisions are fine.
            due = msg["decision"] == "give" and isinstance(msg.get("to"), int)
            mode_now = "illegal"
        else:
            mode_now = mode
        if mode != "ok" and due:
            if mode_now == "sleep":
                time.sleep(60)
            elif mode_now == "exit":
                sys.exit(3)
            elif mode_now == "garbage":
                out.write("this is not json\n")
                out.flush()
                continue
            elif mode_now == "illegal":
                ranks, suits = "23456789TJQKA", "CDHS"
                action = next(r + s for s in suits for r in ranks if r + s not in legal)
            elif mode_now == "other_seat":
                seat = seat + 1
            elif mode_now == "closed":
                os.close(1)
                time.sleep(60)
            elif mode_now == "long":
                out.write("x" * (10 << 20) + "\n")
                out.flush()
            elif mode_now == "trickle":
                for _ in range(60000):
                    out.write("x")
                    out.flush()
                    time.sleep(0.001)
            elif mode_now in ("double", "double_late"):
                answer = json.dumps({"type": "action", "id": msg["id"], "seat": seat,
                                     "action": action}) + "\n"
                out.write(answer)
                if mode_now == "double_late":
                    # The second answer comes after tricklab has moved on.
                    out.flush()
                    time.sleep(0.2)
        decisions += 1
        out.write(json.dumps({"type": "action", "id": msg["id"], "seat": seat,
                              "action": action}) + "\n")
        out.flush()
if stubborn or (linger == "eof" and not quitted):
    time.sleep(3600)
