"""Interactive panels shared by the games: rules, step-through, dice explorer, charts, lessons."""

from .bars import bars_svg
from .dice_explorer import DiceExplorer, dice_explorer
from .figure import comparison_widgets, figure_widget
from .game_panel import GamePanel, frame_html, game_panel
from .live_sim import LiveSimulation, live_simulation
from .predict import PredictReveal, predict_reveal
from .rules_panel import RulesPanel, rules_panel
from .shaded import shaded

__all__ = [
    "DiceExplorer",
    "GamePanel",
    "LiveSimulation",
    "PredictReveal",
    "RulesPanel",
    "bars_svg",
    "comparison_widgets",
    "dice_explorer",
    "figure_widget",
    "frame_html",
    "game_panel",
    "live_simulation",
    "predict_reveal",
    "rules_panel",
    "shaded",
]
