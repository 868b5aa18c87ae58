"""observation(seat) never depends on cards that seat may not know: redeal the hidden cards
(uniformly, keeping everything the seat knows) and compare."""

import pytest

import tricklab
from conftest import TABLES, redealt_worlds, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(table):
    # redealt_worlds fails unless the sampled worlds really move the hidden cards.
    for state, seat, world in redealt_worlds(table):
        assert world.hand(seat) == state.hand(seat)
        assert world.observation(seat) == state.observation(seat)
        assert (world.observation_vector(seat) == state.observation_vector(seat)).all()
        assert world.information_state_string(seat) == state.information_state_string(seat)


def test_the_observation_changes_with_the_seats_own_cards():
    """The converse: another seat's view of the same deal differs (it holds other cards)."""
    state = tricklab.Game("whist").new_initial_state(seed=1)
    assert state.observation(0)["hand"] != state.observation(1)["hand"]
    assert (state.observation_vector(0) != state.observation_vector(1)).any()
