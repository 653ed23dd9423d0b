"""Tie-Break Triumph's interactive panels, built from the shared widget pieces.

- ``targets_panel``: how many tokens to risk, with the exact chance of a win for each choice.
- ``race_panel``: the win-by-2 race against a champion's head start, exactly.
- ``season_panel``: a whole game stepped turn by turn, on the board, with any rules.

Callbacks only call exact functions (cached where a grid of them is drawn), so a slider
answers at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction

import ipywidgets as w
import pandas as pd

from playground.core.engine import Game, random_legal
from playground.widgets.bars import bars_svg
from playground.widgets.game_panel import GamePanel, frame_html
from playground.widgets.rules_panel import RulesPanel

from . import odds
from .board_view import BoardView
from .cards import load_data
from .engine import TiebreakGame, new_game
from .policies import expected_value, greedy
from .rules import Rules

POLICIES: dict[str, Callable[[Game], object]] = {
    "random legal moves": random_legal,
    "greedy": greedy,
    "expected value": expected_value,
}
_SLIDER = {"continuous_update": True, "style": {"description_width": "initial"}}


def _headline(text: str, p: Fraction) -> str:
    return f"<div style='font-size:1.25em'>{text} = <b>{p}</b> &asymp; {float(p):.4f}</div>"


class TargetsPanel(w.VBox):
    """Vacant or defended: pick tokens, Ace, surface and target; see every token's worth."""

    def __init__(self, rules: Rules | None = None):
        self.base_rules = rules or Rules()
        self.mode = w.ToggleButtons(options=["vacant", "defended"], description="tournament")
        self.tokens = w.IntSlider(
            value=0, min=0, max=odds.max_tokens(self.base_rules), description="tokens risked", **_SLIDER
        )
        self.ace = w.Checkbox(value=False, description="Ace (doubles on the move)", indent=False)
        self.surface = w.Checkbox(value=False, description="matching surface", indent=False)
        self.top_ranker = w.Checkbox(value=False, description="Top Ranker (no Wildcard point)", indent=False)
        self.target = w.IntSlider(
            value=self.base_rules.vacant_target, min=1, max=30, description="target", **_SLIDER
        )
        self.points = w.Dropdown(options=[250, 500, 1000, 2000], value=1000, description="card points")
        self.answer, self.chart, self.table = w.HTML(), w.HTML(), w.HTML()
        for widget, name in [(self.answer, "pg-answer"), (self.chart, "pg-chart"), (self.table, "pg-table")]:
            widget.add_class(name)
        self._adjusting = False
        self.mode.observe(lambda _: self._mode_changed(), names="value")
        for control in (self.tokens, self.ace, self.surface, self.top_ranker, self.target, self.points):
            control.observe(lambda _: self.update(), names="value")
        controls = w.VBox(
            [self.mode, self.tokens, self.ace, self.surface, self.top_ranker, self.target, self.points]
        )
        super().__init__([w.HBox([controls, self.answer]), self.chart, self.table])
        self.add_class("pg-tiebreak-targets")
        self.update()

    @property
    def rules(self) -> Rules:
        """The base rules with this panel's target in place."""
        field = "vacant_target" if self.mode.value == "vacant" else "race_target"
        return self.base_rules.replace(**{field: self.target.value})

    def table_frame(self, rules: Rules | None = None) -> pd.DataFrame:
        """The exact worth of 0, 1, 2... tokens for the current settings."""
        rules = rules or self.rules
        if self.mode.value == "vacant":
            return odds.token_value_table(self.ace.value, rules, self.points.value)
        return odds.defended_token_table(
            self.ace.value, self.surface.value, rules, self.top_ranker.value, self.points.value
        )

    def _mode_changed(self) -> None:
        """Vacant and defended have their own target (and a race to more than 15 is slow to draw)."""
        vacant = self.mode.value == "vacant"
        with self._adjusting_controls():
            self.target.max = 30
            base = self.base_rules
            self.target.value = base.vacant_target if vacant else min(base.race_target, 15)
            self.target.max = 30 if vacant else 15
        self.update()

    @contextmanager
    def _adjusting_controls(self) -> Iterator[None]:
        """Move controls without each move redrawing the panel."""
        self._adjusting = True
        try:
            yield
        finally:
            self._adjusting = False

    def update(self) -> None:
        if self._adjusting:
            return
        vacant = self.mode.value == "vacant"
        rules = self.rules
        self.surface.disabled = self.top_ranker.disabled = vacant
        most = odds.max_tokens(rules) if vacant else odds.max_defended_tokens(rules, self.top_ranker.value)
        if self.tokens.max != most:
            with self._adjusting_controls():
                self.tokens.value = min(self.tokens.value, most)
                self.tokens.max = most
        frame = self.table_frame(rules)
        p = frame.loc[self.tokens.value, "p_win"]
        what = "P(win the vacant tournament)" if vacant else "P(beat the champion)"
        self.answer.value = _headline(what, p)
        self.chart.value = bars_svg(
            dict(zip(frame.tokens, frame.p_win, strict=True)),
            highlight=lambda k: k == self.tokens.value,
            title="chance to win with 0, 1, 2... tokens (orange: your choice)",
        )
        self.table.value = frame_html(frame.set_index("tokens"), "pg-token-table")


class RacePanel(w.VBox):
    """The tie-break race: starts, target, margin and who rolls first; exact odds and length."""

    def __init__(self, challenger: int = 2, head_start: int | None = None, rules: Rules | None = None):
        rules = rules or Rules()
        self.sides = rules.tiebreak_die_sides
        self.settle_at_start = rules.race_won_at_start
        head_start = rules.champion_head_start if head_start is None else head_start
        target, margin = rules.race_target, rules.race_margin
        self.challenger = w.IntSlider(
            value=challenger, min=0, max=15, description="challenger start", **_SLIDER
        )
        self.head_start = w.IntSlider(
            value=head_start, min=0, max=15, description="champion start", **_SLIDER
        )
        self.target = w.IntSlider(value=target, min=1, max=15, description="race to", **_SLIDER)
        self.margin = w.IntSlider(value=margin, min=1, max=5, description="win by", **_SLIDER)
        self.first = w.ToggleButtons(
            options=["challenger", "champion"], value=rules.race_first, description="first roll"
        )
        self.answer, self.chart = w.HTML(), w.HTML()
        self.answer.add_class("pg-answer")
        self.chart.add_class("pg-chart")
        for control in (self.challenger, self.head_start, self.target, self.margin, self.first):
            control.observe(lambda _: self.update(), names="value")
        controls = w.VBox([self.challenger, self.head_start, self.target, self.margin, self.first])
        super().__init__([w.HBox([controls, self.answer]), self.chart])
        self.add_class("pg-tiebreak-race")
        self.update()

    def args(self) -> tuple[int, int, int, int, int, str, bool]:
        return (
            self.challenger.value,
            self.head_start.value,
            self.target.value,
            self.margin.value,
            self.sides,
            self.first.value,
            self.settle_at_start,
        )

    @property
    def probability(self) -> Fraction:
        """P(the challenger wins), exactly, for the current sliders."""
        return odds.p_challenger_wins(*self.args())

    def update(self) -> None:
        mean = odds.expected_race_length(*self.args())
        self.answer.value = _headline("P(challenger wins)", self.probability) + (
            f"<div>average length: <b>{mean}</b> &asymp; {float(mean):.2f} rolls</div>"
        )
        lengths = odds.race_length(*self.args(), max_rolls=24).iloc[:-1]
        self.chart.value = bars_svg(
            dict(zip(lengths.rolls, lengths.probability, strict=True)),
            title="P(the race takes exactly n rolls)",
        )


class SeasonPanel(w.VBox):
    """A whole season: rules, players and policy; step it and watch the board and the tables."""

    def __init__(self, players: int = 4, seed: int = 0, rules: Rules | None = None):
        self.data = load_data()
        self.board = self.data.board
        self.players = w.IntSlider(value=players, min=2, max=6, description="players", **_SLIDER)
        self.policy = w.Dropdown(options=list(POLICIES), value="expected value", description="players play")
        self.heat = w.Checkbox(value=False, description="show exact landing frequencies", indent=False)
        self.rules_panel = RulesPanel(rules or Rules(), on_change=lambda _: self.restart())
        rules_box = w.Accordion(
            [self.rules_panel], titles=("Rules (change any and the game restarts)",), selected_index=None
        )
        self.view = BoardView(self.board, players)
        self.board_table = w.HTML()
        self.board_table.add_class("pg-board-table")
        self.games = GamePanel(self._make_game, POLICIES[self.policy.value], seed, on_update=self._draw)
        self.players.observe(lambda _: self.restart(), names="value")
        self.policy.observe(lambda _: self.restart(), names="value")
        self.heat.observe(lambda _: self._draw_heat(), names="value")
        super().__init__(
            [
                w.HBox([self.players, self.policy, self.heat]),
                rules_box,
                self.view,
                self.games,
                w.HTML("<b>Tournaments</b>"),
                self.board_table,
            ]
        )
        self.add_class("pg-tiebreak-season")
        self.restart()

    def _make_game(self, seed: int) -> TiebreakGame:
        return new_game(self.rules_panel.rules, self.data, seed, self.players.value)

    def restart(self) -> None:
        """A new game with the current rules, players and policy (same seed)."""
        self.games.policies = POLICIES[self.policy.value]
        self.games.reset()
        self._draw_heat()

    def _draw(self, game: Game) -> None:
        assert isinstance(game, TiebreakGame)
        self.view.show_state(game.state)
        self.board_table.value = frame_html(game.board_frame(), "pg-board-frame")

    def _draw_heat(self) -> None:
        freqs = odds.landing_frequencies(self.board, self.rules_panel.rules) if self.heat.value else {}
        self.view.set_heat(freqs, show=self.heat.value)


def targets_panel(rules: Rules | None = None) -> TargetsPanel:
    """Build the tokens-and-targets panel."""
    return TargetsPanel(rules)


def race_panel(challenger: int = 2, head_start: int | None = None, rules: Rules | None = None) -> RacePanel:
    """Build the tie-break race panel, starting from rules (default: the rulebook's race).

    The default challenger start, 2, is the matching card plus the qualifying Wildcard.
    """
    return RacePanel(challenger, head_start, rules)


def season_panel(players: int = 4, seed: int = 0, rules: Rules | None = None) -> SeasonPanel:
    """Build the whole-season panel."""
    return SeasonPanel(players, seed, rules)
