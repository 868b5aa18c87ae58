"""PettingZoo environments for one hand of nine-five-two (see ``tricklab.pettingzoo._env``):
``env()`` (AEC, with PettingZoo's standard wrappers), ``raw_env()`` (unwrapped) and
``parallel_env()``."""

from ._env import constructors

env, raw_env, parallel_env = constructors("nine-five-two")

__all__ = ["env", "parallel_env", "raw_env"]
