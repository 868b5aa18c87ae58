"""PettingZoo AEC environments: ``whist_v0``, ``catch_the_ten_v0``, ``nine_five_two_v0``.

>>> from tricklab.pettingzoo import whist_v0
>>> env = whist_v0.env()
>>> env.reset(seed=1)
"""

from . import catch_the_ten_v0, nine_five_two_v0, whist_v0

__all__ = ["catch_the_ten_v0", "nine_five_two_v0", "whist_v0"]
