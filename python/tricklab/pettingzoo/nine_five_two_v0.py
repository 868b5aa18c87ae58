"""PettingZoo AEC environment for one hand of nine-five-two (see ``tricklab.pettingzoo._env``)."""

from ._env import TricklabEnv


def env(players=None, options=None, render_mode=None):
    """A nine-five-two hand; ``players`` and ``options`` as for ``tricklab.Game``."""
    return TricklabEnv("nine-five-two", players=players, options=options, render_mode=render_mode)


raw_env = env
