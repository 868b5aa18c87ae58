"""tricklab from Python: Catch the Ten, 9-5-2 and Whist, their agents and fast simulation.

>>> import tricklab
>>> game = tricklab.Game("whist")
>>> state = game.new_initial_state(seed=1)
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0])
>>> len(state.returns())
4

The engine is tricklab's Rust library; see docs/python.md for the whole API, the observation
vector's layout and the PettingZoo and OpenSpiel adapters.
"""

from ._tricklab import NUM_ACTION_IDS, Agent, Game, State, agent, solve, worlds
from ._tricklab import run_cli_run as _run_cli_run
from ._tricklab import simulate as _simulate

__all__ = [
    "NUM_ACTION_IDS",
    "OBSERVATION_LAYOUT",
    "Agent",
    "Game",
    "State",
    "agent",
    "from_record",
    "observation_layout",
    "run",
    "simulate",
    "solve",
    "tournament",
    "worlds",
]


def from_record(line):
    """The hand of one ``tricklab-hand/1`` record line, replayed and checked, at its end."""
    return State.from_record(line)


def simulate(game, agents="random", games=1000, seed=1, hands=False, max_hands=10_000,
             duplicate=False, threads=None, log=False, rows=True):
    """Play ``games`` games (matches, or single hands with ``hands=True``) of ``game``.

    ``game`` is a :class:`Game` or a game name. ``agents`` is a seating string
    (``"ismcts;random;random;random"``) or a list with one entry for every seat or one per
    seat, each a spec string, a :func:`agent` or a Python function ``f(state) -> action``
    (the GIL is taken only to call it). The same seed gives the same rows and records as
    ``tricklab simulate --seed SEED``.

    Returns a dict: ``rows`` (the per-hand CSV of ``--out`` as columns:
    ``pandas.DataFrame(result["rows"])``), ``report`` (the summary the command prints),
    ``records`` (the ``--log`` lines, with ``log=True``), ``paired`` (with ``duplicate=True``:
    the first agent minus the second, points per seat and hand, with a 95% interval) and
    ``agents`` (the seating as names). ``rows=False`` leaves ``rows`` out (``None``): the
    run is then bound by the engine alone.
    """
    if isinstance(game, str):
        game = Game(game)
    return _simulate(game, agents, games=games, seed=seed, hands=hands, max_hands=max_hands,
                     duplicate=duplicate, threads=threads, log=log, rows=rows)


def tournament(game, agents, deals=200, seed=1, threads=None):
    """Every pair of ``agents`` (specs, :func:`agent` objects or Python functions) on
    duplicate single-hand deals: the first of each pair in seat 0's side, the second in the
    others, and again with the sides swapped (for 9-5-2 and everyone-alone tables, every
    rotation).

    Returns columns for ``pandas.DataFrame``: ``first``, ``second``, ``deals``, ``mean`` (the
    first's points per seat and hand minus the second's) and its 95% interval ``low``,
    ``high``.
    """
    if isinstance(game, str):
        game = Game(game)
    n = game.players
    names = [_name(a) for a in agents]
    cols = {"first": [], "second": [], "deals": [], "mean": [], "low": [], "high": []}
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            # The first agent sits in seat 0 and every other seat of its side is filled by it
            # too through the rotations; the second fills the remaining seats.
            seating = [agents[i]] + [agents[j]] * (n - 1)
            if n == 4 and game.name != "nine-five-two" and _teams(game):
                seating = [agents[i], agents[j], agents[i], agents[j]]
            r = simulate(game, seating, games=deals, seed=seed, hands=True, duplicate=True,
                         threads=threads, rows=False)
            p = r["paired"]
            cols["first"].append(names[i])
            cols["second"].append(names[j])
            cols["deals"].append(p["deals"])
            cols["mean"].append(p["mean"])
            cols["low"].append(p["low"])
            cols["high"].append(p["high"])
    return cols


def run(config, out, threads=None, force=False):
    """Run an experiment config as ``tricklab run CONFIG --out OUT`` does (without the GIL) and
    return ``{"dir": out, "summary": columns of summary.csv}``. Bad input raises
    ``ValueError``; the command's one-line message is on stderr."""
    import csv
    import os

    code = _run_cli_run(str(config), str(out), threads=threads, force=force)
    if code != 0:
        raise ValueError(f"tricklab run {config} failed (exit code {code}); see the message above")
    with open(os.path.join(str(out), "summary.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    columns = {k: [r[k] for r in rows] for k in (rows[0].keys() if rows else [])}
    for k, col in columns.items():
        for kind in (int, float):
            try:
                columns[k] = [kind(x) if x != "" else None for x in col]
                break
            except ValueError:
                continue
    return {"dir": str(out), "summary": columns}


def _teams(game):
    import json
    opts = json.loads(game.options_json)
    return game.name == "whist" or not opts.get("everyone_alone", False)


def _name(a):
    if isinstance(a, str):
        return a
    if isinstance(a, Agent):
        return a.spec
    return "python:" + getattr(a, "__name__", "function")


def _layout(n):
    parts = [("hand", 52), ("played", n * 52), ("trick", n * 52), ("known", n * 52),
             ("known_elsewhere", 52), ("out_of_play", 52), ("unknown", 52), ("voids", n * 4),
             ("hand_sizes", n), ("tricks_won", n), ("trump", 4), ("decision", 4),
             ("to_act", n), ("dealer", n)]
    out, at = [], 0
    for name, size in parts:
        out.append((name, at, at + size))
        at += size
    return out


def observation_layout(players):
    """The parts of ``State.observation_vector`` for ``players`` seats, as
    ``(name, start, end)``; seat-indexed parts run from the observer round to its right, cards
    are indexed ``suit * 13 + rank`` (C D H S; 2 … A)."""
    return _layout(players)


OBSERVATION_LAYOUT = {n: _layout(n) for n in range(2, 9)}

