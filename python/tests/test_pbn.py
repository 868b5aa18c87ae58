"""A deal book's PBN read by another PBN reader (endplay): the same four hands and turned card
as the book's `tricklab-deal/1` lines, board by board. (endplay 0.5 takes a board's dealer
from its board number and applies the `Dealer` tag only with a contract, so the dealer is
not compared here; `tests/it/deals.rs` plays the PBN back into the same records, dealer
included.)"""

import json

import pytest

from conftest import run_cli

pbn = pytest.importorskip("endplay.parsers.pbn")
from endplay.types import Player  # noqa: E402

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SEATS = [Player.north, Player.east, Player.south, Player.west]


def card(c):
    """endplay's `♠A` as tricklab's `AS`."""
    text = str(c)
    return text[1:] + SUITS[text[0]]


def test_endplay_reads_our_pbn_as_the_books_deals(cli, tmp_path):
    book, board_file = tmp_path / "book.jsonl", tmp_path / "book.pbn"
    common = ["deals", "--game", "whist", "--seed", "11", "--count", "12"]
    assert run_cli(cli, *common, "--out", str(book)).returncode == 0
    assert run_cli(cli, *common, "--format", "pbn", "--out", str(board_file)).returncode == 0
    lines = [json.loads(line) for line in book.read_text().splitlines()]
    with open(board_file) as f:
        boards = pbn.load(f)
    assert len(boards) == len(lines) == 12
    for line, board in zip(lines, boards):
        assert board.info["TurnedCard"] == line["deal"]["turned"]
        for seat, hand in enumerate(line["deal"]["hands"]):
            theirs = {card(c) for c in board.deal[SEATS[seat]]}
            assert theirs == set(hand.split()), (seat, board.board_num)
