"""A hand drawn as a card diagram: one line per seat with its cards by suit, then the trick in
progress; for the environments' ``render()``."""

from __future__ import annotations

from ._tricklab import State

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS = "AKQJT98765432"


def _suits(cards: list[str]) -> str:
    """``["QS", "TS", "4H"]`` as ``♠ Q T  ♥ 4`` (spades, hearts, diamonds, clubs; high first)."""
    parts = []
    for suit in "SHDC":
        ranks = sorted((c[0] for c in cards if c[1] == suit), key=_RANKS.index)
        parts.append(f"{SUIT_SYMBOL[suit]} {' '.join(ranks) if ranks else '-'}")
    return "  ".join(parts)


def card_diagram(state: State, seats: list[int] | None = None) -> str:
    """The hand as text: the game, dealer, trump and who is to act; each seat's cards by suit
    and tricks won (only the ``seats`` given show their cards; every seat by default); the
    trick in progress; the returns once the hand is over."""
    n = state.num_players()
    view = state.observation(0)
    trump = view["trump"]
    to_act = state.current_player()
    head = [view["game"], f"dealer seat {state.dealer()}",
            f"trump {SUIT_SYMBOL[trump]}" if trump else "no trump yet",
            "hand over" if to_act is None else f"seat {to_act} to act"]
    lines = [" · ".join(head)]
    shown = range(n) if seats is None else seats
    for seat in range(n):
        cards = _suits(state.hand(seat)) if seat in shown else "(hidden)"
        mark = ">" if seat == to_act else " "
        lines.append(f"{mark} seat {seat}  {cards}   tricks {view['tricks_won'][seat]}")
    trick = view["trick"]
    played = ", ".join(f"seat {s} {c[0]}{SUIT_SYMBOL[c[1]]}" for s, c in trick)
    lines.append(f"  trick: {played}" if trick else "  trick: (none in progress)")
    if state.is_terminal():
        lines.append(f"  returns: {state.returns()}")
    return "\n".join(lines)
