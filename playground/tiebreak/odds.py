"""Exact odds of Tie-Break Triumph's chance events: Fractions, no randomness.

Every function returns an exact ``fractions.Fraction`` (or a sympy object where the algebra is
what a notebook wants to show), so a teacher can put "36/41" on the board and know it is right.
``simulate.py`` holds the Monte Carlo counterparts; the tests check every function against a
second, independent derivation (enumeration, icepool, a worked example). The rulebook
(Tie-Break Triumph) is read in shared/rules-notes.md; each topic module says in plain words,
our own, what it models.

This module gathers the odds in one place to import from; each topic lives in its own module:

* ``odds_target.py``: one die against a target (the vacant tournament's roll), its sympy
  formula, and the Ace (doubles on the number dice); the argument check and DEFAULT_RULES.
* ``odds_race.py``: the defended tournament's race: who wins it, how long it lasts, its tail
  as sympy equations, a grid over both starts, and the race's settings and bounds.
* ``odds_tokens.py``: what a risked token buys: bonuses, starts, chances of winning, the token
  tables, a token's own worth, vacant against defended.
* ``odds_landing.py``: movement and landing: where one move ends, and the long-run share of
  turns on each space (the landing chain).
* ``odds_schedules.py``: a schedule dealt from the deck: how many alike cards it holds.
* ``playground/core/linear.py``: ``solve_exact``, the exact linear solver the race uses.
"""

from __future__ import annotations

# A name imported as itself (X as X) is kept importable from here although not in __all__: the
# bounds and the solver, as before the split; the private helpers the tests look into; and every
# cached function (bench.clear_caches clears the caches it finds in this module for its cold runs).
from playground.core.linear import MAX_DIGITS as MAX_DIGITS
from playground.core.linear import MAX_UNKNOWNS as MAX_UNKNOWNS
from playground.core.linear import solve_exact as solve_exact

from .odds_landing import GUESS_DENOMINATOR as GUESS_DENOMINATOR
from .odds_landing import LandingState as LandingState
from .odds_landing import _checked_guess as _checked_guess
from .odds_landing import _closed_classes as _closed_classes
from .odds_landing import _eliminated as _eliminated
from .odds_landing import _landing_chain as _landing_chain
from .odds_landing import _landing_solved as _landing_solved
from .odds_landing import _move_plan as _move_plan
from .odds_landing import _stationary as _stationary
from .odds_landing import landing_frame, landing_frequencies, move_distribution
from .odds_race import GRID_WORK as GRID_WORK
from .odds_race import RACE_BOUNDS as RACE_BOUNDS
from .odds_race import ROLLERS as ROLLERS
from .odds_race import (
    RaceChain,
    check_race_args,
    expected_race_length,
    p_challenger_wins,
    race_args,
    race_chain,
    race_grid,
    race_length,
    won_at_start,
)
from .odds_race import RaceState as RaceState
from .odds_race import _race_length_exact as _race_length_exact
from .odds_race import _race_values as _race_values
from .odds_schedules import MAX_DECK as MAX_DECK
from .odds_schedules import MAX_SCHEDULE_DIGITS as MAX_SCHEDULE_DIGITS
from .odds_schedules import check_schedule_args, p_schedule_holds, schedule_dist
from .odds_target import DEFAULT_RULES as DEFAULT_RULES
from .odds_target import p_ace, p_reach_target, reach_target_formula
from .odds_tokens import (
    MAX_CARD_POINTS,
    MAX_TOKEN_WORTH,
    best_tokens,
    challenger_start,
    defended_token_table,
    max_defended_tokens,
    max_tokens,
    p_defended_win,
    p_vacant_win,
    token_net_table,
    token_value_table,
    vacant_bonus,
    vacant_vs_defended,
)

__all__ = [
    "MAX_CARD_POINTS",
    "MAX_TOKEN_WORTH",
    "RaceChain",
    "best_tokens",
    "challenger_start",
    "check_race_args",
    "check_schedule_args",
    "defended_token_table",
    "expected_race_length",
    "landing_frame",
    "landing_frequencies",
    "max_defended_tokens",
    "max_tokens",
    "move_distribution",
    "p_ace",
    "p_challenger_wins",
    "p_defended_win",
    "p_reach_target",
    "p_schedule_holds",
    "p_vacant_win",
    "race_args",
    "race_chain",
    "race_grid",
    "race_length",
    "reach_target_formula",
    "schedule_dist",
    "token_net_table",
    "token_value_table",
    "vacant_bonus",
    "vacant_vs_defended",
    "won_at_start",
]
