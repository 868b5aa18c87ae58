"""PBN both ways with another PBN reader and writer (endplay). A deal book's PBN read by
endplay: the same four hands and turned card as the book's `tricklab-deal/1` lines, board by
board. (endplay 0.5 takes a board's dealer from its board number and applies the `Dealer` tag
only with a contract, so the dealer is not compared there; `tests/it/deals.rs` plays the PBN
back into the same records, dealer included.) Boards endplay writes (`pbn.dump`): tricklab
plays them as the same hands, with each board's dealer and turned card."""

import json
import random

import pytest

from conftest import run_cli

pbn = pytest.importorskip("endplay.parsers.pbn")
from endplay.types import Board, Deal, Player  # noqa: E402

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SEATS = [Player.north, Player.east, Player.south, Player.west]
RANKS = "AKQJT98765432"


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


def pbn_hand(cards):
    """Cards in tricklab's notation (`AS`) as a PBN hand: `AKQ.JT9.876.5432`, spades first."""
    return ".".join("".join(r for r in RANKS if r + s in cards) for s in "SHDC")


def test_tricklab_plays_the_boards_endplay_writes(cli, tmp_path):
    rng = random.Random(33)
    boards = []
    for number in range(1, 9):
        pack = [r + s for s in "SHDC" for r in RANKS]
        rng.shuffle(pack)
        hands = [pack[13 * i : 13 * i + 13] for i in range(4)]
        deal = Deal.from_pbn("N:" + " ".join(pbn_hand(h) for h in hands))
        dealer = rng.randrange(4)
        board = Board(deal=deal, board_num=number, dealer=SEATS[dealer])
        if number % 2:
            # Half the boards name the turned card (tricklab's tag); the rest are bridge deals.
            board.info["TurnedCard"] = rng.choice(hands[dealer])
        boards.append(board)
    board_file = tmp_path / "endplay.pbn"
    with open(board_file, "w") as f:
        pbn.dump(boards, f)
    played = run_cli(
        cli, "simulate", "--game", "whist", "--agents", "rules", "--hands",
        "--deals", str(board_file), "--log", "-",
    )
    assert played.returncode == 0, played.stderr
    records = [json.loads(line) for line in played.stdout.splitlines() if line.startswith("{")]
    assert len(records) == len(boards)
    for record, board in zip(records, boards):
        for seat, hand in enumerate(record["deal"]["hands"]):
            theirs = {card(c) for c in board.deal[SEATS[seat]]}
            assert theirs == set(hand.split()), (seat, board.board_num)
        assert SEATS[record["dealer"]] == board.dealer, board.board_num
        turned = record["deal"]["turned"]
        if "TurnedCard" in board.info:
            assert turned == board.info["TurnedCard"], board.board_num
        else:
            assert turned in record["deal"]["hands"][record["dealer"]].split(), board.board_num
