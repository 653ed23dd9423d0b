"""Challengers!: the capture-the-flag card tournament of seven rounds, a bench and a final.

>>> from playground import challengers
>>> game = challengers.new_game(seed=1, players=4).play()
>>> game.is_over()
True
>>> challengers.odds.p_reach_strength([1, 1, 1, 2, 3, 4], 4)
Fraction(1, 1)
"""

from playground.core.engine import IllegalAction

from . import odds, policies
from .cards import Card, ChallengersData, load_data
from .engine import ChallengersGame, new_game
from .rules import Rules

__all__ = [
    "Card",
    "ChallengersData",
    "ChallengersGame",
    "IllegalAction",
    "Rules",
    "load_data",
    "new_game",
    "odds",
    "policies",
]
