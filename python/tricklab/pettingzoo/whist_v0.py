"""PettingZoo AEC environment for one hand of whist (see ``tricklab.pettingzoo._env``)."""

from ._env import TricklabEnv


def env(players=None, options=None, render_mode=None):
    """A whist hand; ``players`` and ``options`` as for ``tricklab.Game``."""
    return TricklabEnv("whist", players=players, options=options, render_mode=render_mode)


raw_env = env
