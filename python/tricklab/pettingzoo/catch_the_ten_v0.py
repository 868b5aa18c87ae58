"""PettingZoo AEC environment for one hand of catch-the-ten (see ``tricklab.pettingzoo._env``)."""

from ._env import TricklabEnv


def env(players=None, options=None, render_mode=None):
    """A catch-the-ten hand; ``players`` and ``options`` as for ``tricklab.Game``."""
    return TricklabEnv("catch-the-ten", players=players, options=options, render_mode=render_mode)


raw_env = env
