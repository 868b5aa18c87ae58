"""observation(seat) never depends on cards that seat may not know: redeal the hidden cards
(uniformly, keeping everything the seat knows) and compare."""

import random

import pytest

import tricklab
from conftest import TABLES, table_id


def states_along_a_hand(game, seed):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(table):
    game_name, players, options = table
    game = tricklab.Game(game_name, players=players, options=options)
    differed = 0
    for seed in range(3):
        states = states_along_a_hand(game, seed)
        for state in states[:: max(1, len(states) // 6)]:
            for seat in range(game.players):
                obs = state.observation(seat)
                vec = state.observation_vector(seat)
                info = state.information_state_string(seat)
                for k in range(4):
                    world = state.sample_world(seat, rng_seed=100 * seed + k)
                    others = [world.hand(q) for q in range(game.players) if q != seat]
                    if others != [state.hand(q) for q in range(game.players) if q != seat]:
                        differed += 1
                    assert world.hand(seat) == state.hand(seat)
                    assert world.observation(seat) == obs
                    assert (world.observation_vector(seat) == vec).all()
                    assert world.information_state_string(seat) == info
    # The test can fail: the sampled worlds really move the hidden cards.
    assert differed > 0


def test_the_observation_changes_with_the_seats_own_cards():
    """The converse: another seat's view of the same deal differs (it holds other cards)."""
    state = tricklab.Game("whist").new_initial_state(seed=1)
    assert state.observation(0)["hand"] != state.observation(1)["hand"]
    assert (state.observation_vector(0) != state.observation_vector(1)).any()
