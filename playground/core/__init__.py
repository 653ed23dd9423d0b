"""What every game shares: exact distributions, the engine contract, rules, data, rule comparisons."""

from .compare import compare_plot, compare_rules, first_player_won, steps
from .data import Column, DataError, Schema, load_table
from .dist import Dist, dice_sum
from .draws import sample_exact
from .engine import CHANCE, Event, Game, IllegalAction, Result, random_legal
from .rules import FieldSpec, RulesBase, RulesError, field_specs, rule, rules_frame
from .showing import readable
from .zones import Row, Table, Zone, ZoneError

__all__ = [
    "CHANCE",
    "Column",
    "DataError",
    "Dist",
    "Event",
    "FieldSpec",
    "Game",
    "IllegalAction",
    "Result",
    "Row",
    "RulesBase",
    "RulesError",
    "Schema",
    "Table",
    "Zone",
    "ZoneError",
    "compare_plot",
    "compare_rules",
    "dice_sum",
    "field_specs",
    "first_player_won",
    "load_table",
    "random_legal",
    "readable",
    "rule",
    "rules_frame",
    "sample_exact",
    "steps",
]
