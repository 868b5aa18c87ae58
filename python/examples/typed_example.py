"""A typed use of tricklab that ``mypy --strict`` checks against the shipped stubs
(python/tests/test_typing.py)."""

import tricklab


def lowest(state: tricklab.State) -> int:
    return state.legal_action_ids()[0]


def play_one(seed: int) -> list[float]:
    game = tricklab.Game("whist", options={"honours": True})
    state = game.new_initial_state(seed=seed)
    bot = tricklab.agent("rules", seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        action: int = lowest(state) if seat == 0 else bot.act_id(state)
        state.apply(action)
    return state.returns()


def compare() -> float:
    result = tricklab.simulate("whist", ["rules", lowest], games=4, hands=True, duplicate=True)
    paired = result["paired"]
    assert paired is not None
    return float(paired["mean"])


if __name__ == "__main__":
    print(play_one(1), compare())
