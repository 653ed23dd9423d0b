"""Interactive panels shared by the games: rules, step-through, dice explorer, charts."""

from .bars import bars_svg
from .dice_explorer import DiceExplorer, dice_explorer
from .game_panel import GamePanel, frame_html, game_panel
from .rules_panel import RulesPanel, rules_panel

__all__ = [
    "DiceExplorer",
    "GamePanel",
    "RulesPanel",
    "bars_svg",
    "dice_explorer",
    "frame_html",
    "game_panel",
    "rules_panel",
]
