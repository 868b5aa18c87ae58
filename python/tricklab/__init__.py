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

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

from ._tricklab import NUM_ACTION_IDS, Agent, Game, Interrupted, State, agent, solve, worlds
from ._tricklab import _play_pair, _tournament_tables
from ._tricklab import clear_stop as _clear_stop
from ._tricklab import request_stop as _request_stop
from ._tricklab import run_config as _run_config
from ._tricklab import simulate as _simulate

__all__ = [
    "NUM_ACTION_IDS",
    "OBSERVATION_LAYOUT",
    "Agent",
    "Game",
    "Interrupted",
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


# Who may sit in a seat: a spec, an agent, or a function of the state returning an action.
Sitter = Union[str, "Agent", Callable[["State"], Union[str, int]]]


def from_record(line: str) -> State:
    """The hand of one ``tricklab-hand/1`` record line, replayed and checked, at its end."""
    return State.from_record(line)


def simulate(game: Union[Game, str], agents: Union[str, Sequence[Sitter]] = "random",
             games: int = 1000, seed: int = 1, hands: bool = False, max_hands: int = 10_000,
             duplicate: bool = False, threads: Optional[int] = None, log: bool = False,
             rows: bool = True) -> dict[str, Any]:
    """Play ``games`` games (matches, or single hands with ``hands=True``) of ``game``.

    ``game`` is a :class:`Game` or a game name. ``agents`` is a seating string
    (``"ismcts;random;random;random"``) or a list with one entry for every seat or one per
    seat, each a spec string, a :func:`agent` or a Python function ``f(state) -> action``
    (the GIL is taken only to call it). The same seed gives the same rows and records as
    ``tricklab simulate --seed SEED``.

    Returns a dict with the columns of the files ``tricklab simulate --out DIR`` writes:
    ``rows`` (hands.csv, one row per seat and hand: ``pandas.DataFrame(result["rows"])``),
    ``deals`` (deals.csv, every statistic per game and rotation), ``summary`` (summary.csv),
    ``report`` (summary.md, the table the command prints), ``records`` (the ``--log`` lines,
    with ``log=True``), ``paired`` (with ``duplicate=True``: the first agent minus the second,
    points per seat and hand, with a 95% interval and the per-game ``scores``) and ``agents``
    (the seating as names). ``rows=False`` leaves ``rows`` out (``None``).

    With ``duplicate=True`` two agents at a larger table (``["ismcts", "random"]`` or
    ``"ismcts;random"``) alternate seats, first, second, first, …, and every rotation is played.
    Ctrl-C (or SIGTERM) stops the call within a fraction of a second with
    ``KeyboardInterrupt``; nothing of the interrupted run is returned.
    """
    if isinstance(game, str):
        game = Game(game)
    _warn_if_costly(game, agents)
    return _simulate(game, agents, games=games, seed=seed, hands=hands, max_hands=max_hands,
                     duplicate=duplicate, threads=threads, log=log, rows=rows)


def tournament(game: Union[Game, str], agents: Sequence[Sitter], deals: int = 200,
               seed: int = 1, threads: Optional[int] = None) -> dict[str, dict[str, list[Any]]]:
    """Every pair of ``agents`` (specs, :func:`agent` objects or Python functions) on
    duplicate single-hand deals, rated with Bradley–Terry.

    Every pair is played as ``tricklab tournament --seed SEED --deals DEALS`` plays it: the
    same seatings (at a table of players alone, the seats alternate first, second, first, …
    in every rotation, and again with the two agents swapped), deals and random streams. A
    pair of tricklab agents is played without the GIL and gives the command's scores; a pair
    with a Python function is played on one thread, the function sitting in its agent's seats.
    A deal's score is the first agent's mean points per seat minus the second's.

    Returns two column dicts for ``pandas.DataFrame``, as the command's pairs.csv and
    ratings.csv (unrounded): ``pairs`` (``agent``, ``opponent``, ``deals``, ``mean`` and its 95%
    t interval ``low``, ``high``, deals ``won``, ``drawn``, ``lost``) and ``ratings``
    (``agent``, ``elo``: Bradley–Terry on the Elo scale, mean 0, with its 95% bootstrap
    interval ``low``, ``high``). Bad input raises ``ValueError``; Ctrl-C stops the call with
    ``KeyboardInterrupt`` (between chunks of 64 deals on the worker threads, at once for the
    caller).
    """
    if isinstance(game, str):
        game = Game(game)
    agents = list(agents)
    if len(agents) < 2:
        raise ValueError("tournament needs at least two agents")
    _warn_if_costly(game, agents)
    names = [_name(a) for a in agents]
    if len(set(names)) < len(names):
        raise ValueError(f"agents must have distinct names; got {', '.join(names)}")
    pairs = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            scores = _play_pair(game, agents[i], agents[j], deals, seed, len(pairs),
                                threads=threads)
            pairs.append((i, j, list(scores)))
    return _tournament_tables(names, pairs, seed)


def _warn_if_costly(game: Game, agents: Union[str, Sequence[Sitter]]) -> None:
    """A RuntimeWarning, before the call, where a seat's decisions are known to cost seconds to
    minutes of CPU each: PIMC or αμ in 9-5-2 (see ``Agent.act``)."""
    import re
    import warnings

    if game.name != "nine-five-two":
        return
    listed = [agents] if isinstance(agents, str) else [_spec(a) or "" for a in agents]
    if any(re.search(r"(^|[;,])\s*(pimc|alphamu)\b", text) for text in listed):
        warnings.warn("PIMC and αμ in nine-five-two solve three 16-card hands double dummy in "
                      "every world for the first card decisions: seconds to minutes of CPU "
                      "each even at worlds=2, so a run of many deals takes hours (see "
                      "docs/python.md, Agents)", RuntimeWarning, stacklevel=3)


def _spec(a: Sitter) -> Optional[str]:
    """The spec string of a tricklab agent, or None for a Python function."""
    if isinstance(a, str):
        return a
    if isinstance(a, Agent):
        return a.spec
    return None


def run(config: Any, out: Any, threads: Optional[int] = None, force: bool = False,
        resume: bool = False) -> dict[str, Any]:
    """Run an experiment config as ``tricklab run CONFIG --out OUT`` does (without the GIL) and
    return ``{"dir": out, "summary": columns of summary.csv}``.

    Errors carry the command's one-line message: bad input (a config, a flag) raises
    ``ValueError``, a failure of the environment (a folder that cannot be written) ``OSError``,
    and a run stopped by Ctrl-C or SIGTERM :class:`Interrupted` (every finished deal is kept;
    ``resume=True`` continues it). Python's own signal handlers are back once it returns.
    """
    import csv
    import os

    _in_worker(_run_config, str(config), str(out), threads=threads, force=force,
               resume=resume, stop_after_deals=_STOP_AFTER.get("deals"))
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


# Tests set ``_STOP_AFTER["deals"]`` to stop a run as if interrupted (the command's hidden
# ``--stop-after-deals``).
_STOP_AFTER: dict[str, int] = {}


def _in_worker(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Runs a native run in a worker thread while this thread waits, so that Ctrl-C reaches
    Python: ``KeyboardInterrupt`` asks the run to stop, and the run ends with
    :class:`Interrupted` and its message. The run installs its own signal handlers once per
    process; Python's are put back when it returns."""
    import signal
    import threading

    saved = []
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is not None:
                saved.append((sig, signal.getsignal(sig)))
    outcome = {}
    done = threading.Event()
    # Before the worker starts, so that a Ctrl-C while the run is starting is not forgotten.
    _clear_stop()
    # SIGTERM stops the run as Ctrl-C does, also once Python's handlers are back after a
    # first run (the command line's are installed once per process): where it would kill
    # Python (its default action), it raises KeyboardInterrupt while the run lasts.
    if saved and dict(saved).get(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, signal.default_int_handler)

    def work():
        try:
            outcome["value"] = call(*args, **kwargs)
        except BaseException as e:  # handed to the waiting thread
            outcome["error"] = e
        finally:
            done.set()

    threading.Thread(target=work, name="tricklab-run", daemon=True).start()
    try:
        # An Event, not Thread.join: a join interrupted by Ctrl-C can mark the thread as
        # finished while it still runs (bpo-45274).
        while not done.is_set():
            try:
                done.wait(0.1)
            except KeyboardInterrupt:
                _request_stop()
    finally:
        for sig, handler in saved:
            if handler is not None:
                signal.signal(sig, handler)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _name(a: Sitter) -> str:
    if isinstance(a, str):
        return a
    if isinstance(a, Agent):
        return a.spec
    return "python:" + getattr(a, "__name__", "function")


def _layout(n: int) -> list[tuple[str, int, int]]:
    parts = [("hand", 52), ("played", n * 52), ("trick", n * 52), ("known", n * 52),
             ("known_elsewhere", 52), ("out_of_play", 52), ("unknown", 52), ("voids", n * 4),
             ("hand_sizes", n), ("tricks_won", n), ("trump", 4), ("decision", 4),
             ("to_act", n), ("dealer", n)]
    out, at = [], 0
    for name, size in parts:
        out.append((name, at, at + size))
        at += size
    return out


def observation_layout(players: int) -> list[tuple[str, int, int]]:
    """The parts of ``State.observation_vector`` for ``players`` seats, as
    ``(name, start, end)``; seat-indexed parts run from the observer round to its right, cards
    are indexed ``suit * 13 + rank`` (C D H S; 2 … A)."""
    return _layout(players)


OBSERVATION_LAYOUT = {n: _layout(n) for n in range(2, 9)}

