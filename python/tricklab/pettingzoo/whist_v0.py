"""PettingZoo environments for one hand of whist (see ``tricklab.pettingzoo._env``):
``env()`` (AEC, with PettingZoo's standard wrappers), ``raw_env()`` (unwrapped) and
``parallel_env()``."""

from ._env import constructors

env, raw_env, parallel_env = constructors("whist")

__all__ = ["env", "parallel_env", "raw_env"]
