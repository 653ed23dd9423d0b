"""Captain Tsubasa: The Card Game: a football match of cards, points and dice duels.

>>> from playground import tsubasa
>>> game = tsubasa.new_game(seed=1).play(tsubasa.policies.greedy)
>>> tsubasa.odds.p_attacker_wins(0, 0)
Fraction(7, 12)
"""

from playground.core.engine import IllegalAction

from . import odds, policies
from .cards import Card, load_data
from .engine import TsubasaGame, new_game
from .rules import Rules

__all__ = ["Card", "IllegalAction", "Rules", "TsubasaGame", "load_data", "new_game", "odds", "policies"]
