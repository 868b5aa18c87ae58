"""The information-state tensor: fixed size per table, the documented layout, no leak (the
same in every world the seat cannot tell apart) and perfect recall (different histories seen
give different tensors), and OpenSpiel's information_state_tensor."""

import random

import numpy as np
import pytest

import tricklab
from conftest import TABLES, game_of, redealt_worlds, states_along_a_hand, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_shape_and_layout(table):
    game = game_of(table)
    n = game.players
    layout = game.information_state_layout
    assert [p[0] for p in layout] == ["observation", "scores", "tricks", "exchange"]
    assert layout[0] == ("observation", 0, game.observation_size)
    assert all(a[2] == b[1] for a, b in zip(layout, layout[1:]))
    assert layout[-1][2] == game.information_state_tensor_size
    assert layout[2][2] - layout[2][1] == (52 // n) * (n + 52 * n)
    for state in states_along_a_hand(game, 1)[::7]:
        for seat in range(n):
            t = state.information_state_tensor(seat)
            assert t.dtype == np.float32 and t.shape == (game.information_state_tensor_size,)
            # The first part is the observation vector.
            assert (t[: game.observation_size] == state.observation_vector(seat)).all()


def test_the_tricks_part_holds_each_card_played_by_seat_and_trick():
    game = tricklab.Game("whist")
    state = game.new_initial_state(seed=5)
    for _ in range(6):  # one whole trick and two cards of the next
        state.apply(state.legal_action_ids()[0])
    seat = 1
    _, start, end = game.information_state_layout[2]
    tricks = state.information_state_tensor(seat)[start:end].reshape(13, 4 + 4 * 52)
    for i, ((who, _), card) in enumerate(zip(state.history(), state.history_ids())):
        t, rel = i // 4, (who - seat) % 4
        assert tricks[t, 4 + rel * 52 + card] == 1.0
        if i % 4 == 0:  # the trick's leader
            assert tricks[t, :4].tolist() == [1.0 if r == rel else 0.0 for r in range(4)]
    assert tricks[:2].sum() == 2 + 6 and tricks[2:].sum() == 0


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_no_leak_the_tensor_is_the_same_in_every_world_the_seat_cannot_tell_apart(table):
    # redealt_worlds fails unless the sampled worlds really move the hidden cards.
    for state, seat, world in redealt_worlds(table):
        t = state.information_state_tensor(seat)
        assert (world.information_state_tensor(seat) == t).all()


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_distinct_information_states_have_distinct_tensors(table):
    """On many states of many hands: equal tensors exactly when equal information state
    strings (which tell apart every history the seat has seen)."""
    game = game_of(table)
    by_string, by_tensor = {}, {}
    for seed in range(12):
        # Two hands from the same deal with different play, so that histories share prefixes.
        for branch in range(2):
            state = game.new_initial_state(seed=1, index=seed % 4)
            rng = random.Random(1000 * seed + branch)
            while True:
                for seat in range(game.players):
                    s = state.information_state_string(seat)
                    t = state.information_state_tensor(seat).tobytes()
                    by_string.setdefault(s, set()).add(t)
                    by_tensor.setdefault(t, set()).add(s)
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))
    assert all(len(v) == 1 for v in by_string.values()), "one information state, two tensors"
    assert all(len(v) == 1 for v in by_tensor.values()), "one tensor, two information states"
    # The samples hold shared information states (the same deal from the start) and many
    # different ones.
    assert len(by_string) > 100


def test_openspiel_information_state_tensor():
    pyspiel = pytest.importorskip("pyspiel")
    import tricklab.openspiel  # noqa: F401

    for name in ["tricklab_whist", "tricklab_nine_five_two"]:
        game = pyspiel.load_game(name, {"deals": 10})
        assert game.get_type().provides_information_state_tensor
        shape = game.information_state_tensor_shape()
        state = game.new_initial_state()
        state.apply_action(3)
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
        p = state.current_player()
        t = np.asarray(state.information_state_tensor(p), np.float32)
        assert list(shape) == [t.size]
        assert (t == state.hand.information_state_tensor(p)).all()
        assert t.size == state.hand.game().information_state_tensor_size
