"""Tie-Break Triumph: the tennis board game of dice, tournaments and win-by-2 tie-breaks.

>>> from playground import tiebreak
>>> game = tiebreak.new_game(seed=1, players=4).play(tiebreak.policies.greedy)
>>> tiebreak.odds.p_challenger_wins(2, 3)
Fraction(24175, 39852)
"""

from playground.core.engine import IllegalAction

from . import odds, policies, simulate
from .cards import Card, load_data
from .engine import TiebreakGame, new_game
from .rules import Rules

__all__ = [
    "Card",
    "IllegalAction",
    "Rules",
    "TiebreakGame",
    "load_data",
    "new_game",
    "odds",
    "policies",
    "simulate",
]
