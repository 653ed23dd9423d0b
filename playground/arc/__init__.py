"""Tournament Arc: draft a team, train it with Episodes, and compete in a Sport revealed late.

>>> from playground import arc
>>> game = arc.new_game(seed=1, players=4).play(arc.policies.greedy)
>>> arc.scoring.athlete_score({"body": 2}, [{"body": 1}], ["body"], multiplier=2)
6
"""

from playground.core.engine import IllegalAction

from . import odds, policies, scoring, simulate
from .cards import ArcData, load_data
from .engine import ArcGame, new_game
from .rules import Rules

__all__ = [
    "ArcData",
    "ArcGame",
    "IllegalAction",
    "Rules",
    "load_data",
    "new_game",
    "odds",
    "policies",
    "scoring",
    "simulate",
]
