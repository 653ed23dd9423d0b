"""Tie-Break Triumph: the tennis board game of dice, tournaments and win-by-2 tie-breaks.

>>> from playground import tiebreak
>>> game = tiebreak.new_game(seed=1).play()
"""

from .cards import Card, load_data
from .engine import TiebreakGame, new_game
from .rules import Rules

__all__ = ["Card", "Rules", "TiebreakGame", "load_data", "new_game"]
