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
from playground.core.numbers import whole_number
from playground.widgets.bars import bars_svg
from playground.widgets.choice import Choice, Toggle
from playground.widgets.game_panel import GamePanel, frame_html
from playground.widgets.predict import headline, percent
from playground.widgets.redraw import redraws
from playground.widgets.rules_panel import RulesPanel
from playground.widgets.starts import rule_high, start_at, start_rules, start_seed

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


class TargetsPanel(w.VBox):
    """Vacant or defended: pick tokens, Ace, card and a token's worth; see every token's worth.

    Up front: the lesson's knobs (tournament, tokens, Ace, card points, what a token is worth to
    you). Behind "more settings": the surface and Top Ranker (defended only), the target, and
    every other rule.
    """

    def __init__(self, rules: Rules | None = None, token_worth: int = 150):
        self.base_rules = start_rules(rules, Rules)
        self.mode = Toggle(options=["vacant", "defended"], description="tournament")
        self.tokens = w.IntSlider(
            value=0, min=0, max=odds.max_tokens(self.base_rules), description="tokens risked", **_SLIDER
        )
        self.ace = w.Checkbox(value=False, description="Ace (doubles on the move here)", indent=False)
        self.points = Choice(options=[250, 500, 1000, 2000], value=1000, description="card points")
        self.token_worth = w.IntSlider(
            value=token_worth,
            min=0,
            max=1000,
            step=10,
            description="a token kept is worth (ranking points)",
            **_SLIDER,
        )
        self.surface = w.Checkbox(value=False, description="matching surface", indent=False)
        self.top_ranker = w.Checkbox(value=False, description="Top Ranker (no Wildcard point)", indent=False)
        self.target = w.IntSlider(
            value=self.base_rules.vacant_target, min=1, max=30, description="target", **_SLIDER
        )
        self.rules_panel = RulesPanel(self.base_rules, on_change=self._rules_changed)
        self.rules_panel.refuse = self._beyond_this_panel
        self.answer, self.chart, self.table = w.HTML(), w.HTML(), w.HTML()
        for widget, name in [(self.answer, "pg-answer"), (self.chart, "pg-chart"), (self.table, "pg-table")]:
            widget.add_class(name)
        self._adjusting = False
        self.mode.observe(lambda _: self._mode_changed(), names="value")
        self.target.observe(lambda _: self._target_moved(), names="value")
        self.top_ranker.observe(lambda _: self._show_mode(), names="value")
        for control in (self.tokens, self.ace, self.surface, self.top_ranker, self.points, self.token_worth):
            control.observe(lambda _: self.update(), names="value")
        controls = w.VBox([self.mode, self.tokens, self.ace, self.points, self.token_worth])
        self.more = w.Accordion(
            [w.VBox([self.surface, self.top_ranker, self.target, self.rules_panel])],
            titles=("more settings: surface, Top Ranker, target, all rules",),
            selected_index=None,
        )
        super().__init__([w.HBox([controls, self.answer]), self.chart, self.table, self.more])
        self.add_class("pg-tiebreak-targets")
        self._show_mode()
        self.update()

    DEFENDED_RULES = ("champion_head_start", "race_first", "wildcard_slot", "top_ranker_returns_wildcards")
    """The rules that change only a defended tournament: up front in that mode, behind "all rules"
    in the vacant one, where they change nothing."""

    @property
    def rules(self) -> Rules:
        """The base rules with this panel's target in place."""
        field = "vacant_target" if self.mode.value == "vacant" else "race_target"
        return self.base_rules.replace(**{field: self.target.value})

    def table_frame(self, rules: Rules | None = None) -> pd.DataFrame:
        """The exact worth of 0, 1, 2... tokens for the current settings, net of their worth kept."""
        rules = rules or self.rules
        if self.mode.value == "vacant":
            frame = odds.token_value_table(self.ace.value, rules, self.points.value)
        else:
            frame = odds.defended_token_table(
                self.ace.value, self.surface.value, rules, self.top_ranker.value, self.points.value
            )
        return odds.token_net_table(frame, self.token_worth.value)

    def _target_moved(self) -> None:
        """The target slider is the rules' target for this mode: the rules panel follows it."""
        if not self._adjusting:
            self.rules_panel.set_rules(self.rules)  # its change redraws the panel

    def _show_mode(self) -> None:
        """Label the tokens as this mode counts them and put its own rules up front."""
        defended = self.mode.value == "defended"
        self.rules_panel.arrange(self.DEFENDED_RULES if defended else ())
        wildcard = defended and not self.top_ranker.value
        self.tokens.description = "tokens risked besides the Wildcard" if wildcard else "tokens risked"

    def _rules_changed(self, rules: Rules) -> None:
        """Another rule changed in "all rules": keep it, and move the target if that changed."""
        self.base_rules = rules
        field = "vacant_target" if self.mode.value == "vacant" else "race_target"
        with self._adjusting_controls():
            self.target.value = min(getattr(rules, field), self.target.max)
        self.update()

    RACE_TARGET_MAX = 15
    """The longest race this panel draws (a race to more than 15 is slow to draw)."""

    def _beyond_this_panel(self, rules: Rules) -> str | None:
        """A defended tournament's race target above RACE_TARGET_MAX is refused, with the reason."""
        if self.mode.value == "defended" and rules.race_target > self.RACE_TARGET_MAX:
            return (
                f"this panel draws races to at most {self.RACE_TARGET_MAX} (race target {rules.race_target}"
                " is allowed in a game, but too slow to draw here)"
            )
        return None

    def _mode_changed(self) -> None:
        """Vacant and defended have their own target; a longer race than this panel draws is cut
        to RACE_TARGET_MAX, and the rules panel shows the race the figures are for."""
        vacant = self.mode.value == "vacant"
        with self._adjusting_controls():
            self.target.max = 30
            base = self.base_rules
            self.target.value = base.vacant_target if vacant else min(base.race_target, self.RACE_TARGET_MAX)
            self.target.max = 30 if vacant else self.RACE_TARGET_MAX
        if self.rules != self.rules_panel.rules:
            self.rules_panel.set_rules(self.rules)  # its change redraws the panel
        self._show_mode()
        self.update()

    @contextmanager
    def _adjusting_controls(self) -> Iterator[None]:
        """Move controls without each move redrawing the panel."""
        self._adjusting = True
        try:
            yield
        finally:
            self._adjusting = False

    @redraws("answer", "chart", "table")
    def update(self) -> None:
        """Redraw the answer, the advice, the chart and the table for the current controls."""
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
        k = self.tokens.value
        p = frame.loc[k, "p_win"]
        what = "P(win the vacant tournament)" if vacant else "P(beat the champion)"
        best = odds.best_tokens(frame, self.token_worth.value)
        net = frame.net_points
        self.answer.value = headline(what, p) + (
            f"<div>expected ranking points: <b>{float(frame.loc[k, 'expected_points']):.0f}</b>; "
            f"after the {k} token(s) at {self.token_worth.value} each: <b>{float(net[k]):.0f}</b></div>"
            f"<div>best for you: risk <b>{best}</b> token(s) (net {float(net[best]):.0f} points)</div>"
        )
        self.chart.value = bars_svg(
            dict(zip(frame.tokens, frame.p_win, strict=True)),
            highlight=lambda t: t == self.tokens.value,
            title="chance to win with 0, 1, 2... tokens (orange: your choice)",
        )
        self.table.value = frame_html(_token_display(frame, self.token_worth.value), "pg-token-table")


def _token_display(frame: pd.DataFrame, token_worth: int) -> pd.DataFrame:
    """The token table as a class reads it: percentages and whole ranking points."""
    return pd.DataFrame(
        {
            "P(win)": frame.p_win,
            "%": [percent(p) for p in frame.p_win],
            "chance the last token added": ["" if g is None else percent(g) for g in frame.gain],
            "expected points": [round(float(v)) for v in frame.expected_points],
            f"net of tokens at {token_worth}": [round(float(v)) for v in frame.net_points],
        },
        index=pd.Index(frame.tokens, name="tokens"),
    )


class RacePanel(w.VBox):
    """The tie-break race: both starts and who rolls first up front; target and margin behind.

    Shows the exact chance, the average length, the chance of each length, and a table of the
    chance from every challenger start 0 to 8 with the other settings as they are.
    """

    def __init__(self, challenger: int = 2, head_start: int | None = None, rules: Rules | None = None):
        rules = start_rules(rules, Rules)
        self.sides = rules.tiebreak_die_sides
        self.settle_at_start = rules.race_won_at_start
        most = rule_high(Rules, "champion_head_start")  # the rules' largest head start
        challenger = start_at(challenger, "challenger", 0, most)
        head_start = (
            rules.champion_head_start if head_start is None else start_at(head_start, "head_start", 0, most)
        )
        target, margin = rules.race_target, rules.race_margin
        self.challenger = w.IntSlider(
            value=challenger, min=0, max=most, description="challenger start", **_SLIDER
        )
        self.head_start = w.IntSlider(
            value=head_start, min=0, max=most, description="champion start", **_SLIDER
        )
        self.first = Toggle(
            options=["challenger", "champion"], value=rules.race_first, description="first roll"
        )
        self.target = w.IntSlider(
            value=target, min=1, max=rule_high(Rules, "race_target"), description="race to", **_SLIDER
        )
        self.margin = w.IntSlider(
            value=margin, min=1, max=rule_high(Rules, "race_margin"), description="win by", **_SLIDER
        )
        self.answer, self.chart, self.table = w.HTML(), w.HTML(), w.HTML()
        for widget, name in [(self.answer, "pg-answer"), (self.chart, "pg-chart"), (self.table, "pg-table")]:
            widget.add_class(name)
        for control in (self.challenger, self.head_start, self.target, self.margin, self.first):
            control.observe(lambda _: self.update(), names="value")
        controls = w.VBox([self.challenger, self.head_start, self.first])
        self.more = w.Accordion(
            [w.VBox([self.target, self.margin])],
            titles=("more settings: race to, win by",),
            selected_index=None,
        )
        super().__init__([w.HBox([controls, self.answer]), self.chart, self.table, self.more])
        self.add_class("pg-tiebreak-race")
        self.update()

    def args(self) -> tuple[int, int, int, int, int, str, bool]:
        """The race settings as p_challenger_wins takes them."""
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

    def starts_frame(self) -> pd.DataFrame:
        """P(challenger wins) and the average length from every challenger start 0..8."""
        _, *rest = self.args()
        starts = range(9)
        chances = [odds.p_challenger_wins(c, *rest) for c in starts]
        return pd.DataFrame(
            {
                "P(challenger wins)": [percent(p) for p in chances],
                "average rolls": [f"{float(odds.expected_race_length(c, *rest)):.2f}" for c in starts],
            },
            index=pd.Index(starts, name="challenger start"),
        )

    @redraws("answer", "chart", "table")
    def update(self) -> None:
        """Redraw the answer, the length chart and the table of every start."""
        p = self.probability
        mean = odds.expected_race_length(*self.args())
        in_100 = round(float(p) * 100)
        self.answer.value = headline("P(challenger wins)", p) + (
            f"<div>about <b>{in_100}</b> {'race' if in_100 == 1 else 'races'} in 100</div>"
            f"<div>average length: <b>{float(mean):.2f}</b> rolls (both players' rolls counted)</div>"
        )
        lengths = odds.race_length(*self.args(), max_rolls=24).iloc[:-1]
        self.chart.value = bars_svg(
            dict(zip(lengths.rolls, lengths.probability, strict=True)),
            title="P(the race takes exactly n rolls)",
        )
        self.table.value = frame_html(self.starts_frame().T, "pg-race-starts")


class SeasonPanel(w.VBox):
    """A whole season: players and policy up front; step it, watch board and tables.

    The rules wait in a folded "Rules" section, so a class first sees eight controls, not fifteen;
    opened, the fields a season lesson turns (KEY_RULES, and the target score of the chosen player
    count) stand first and every other field of Rules waits behind the "all rules" expander.
    """

    KEY_RULES = ("direction_die", "race_margin", "champion_head_start")

    def __init__(self, players: int = 4, seed: int = 0, rules: Rules | None = None):
        players, seed, rules = start_at(players, "players", 2, 6), start_seed(seed), start_rules(rules, Rules)
        self.data = load_data()
        self.board = self.data.board
        self.players = w.IntSlider(value=players, min=2, max=6, description="players", **_SLIDER)
        self.policy = Choice(options=list(POLICIES), value="expected value", description="players play")
        self.heat = w.Checkbox(value=False, description="show exact landing frequencies", indent=False)
        self.rules_box = w.Accordion(selected_index=None)  # folded: the season's own controls first
        self.rules_panel = self._rules_panel(rules or Rules())
        self.view = BoardView(self.board, players)
        self.board_table = w.HTML()
        self.board_table.add_class("pg-board-table")
        self.games = GamePanel(self._make_game, POLICIES[self.policy.value], seed, on_update=self._draw)
        self.rules_panel.in_force = lambda: self.games.game.rules  # after a stop, the rules in play
        self.players.observe(lambda _: self._players_changed(), names="value")
        self.policy.observe(lambda _: self.restart(), names="value")
        self.heat.observe(lambda _: self.games._redraw(self._draw_heat), names="value")
        super().__init__(
            [
                w.HBox([self.players, self.policy, self.heat]),
                self.rules_box,
                self.view,
                self.games,
                w.HTML("<b>Tournaments</b>"),
                self.board_table,
            ]
        )
        self.add_class("pg-tiebreak-season")
        self.restart()

    def key_rules(self) -> tuple[str, ...]:
        """The fields shown up front: the target score for this many players, then KEY_RULES."""
        return (f"target_score_{self.players.value}p", *self.KEY_RULES)

    def _rules_panel(self, rules: Rules) -> RulesPanel:
        """A rules panel with the key fields up front (rearranged when the player count changes)."""
        panel = RulesPanel(rules, on_change=lambda _: self.restart(), key=self.key_rules())
        self.rules_box.children = (panel,)
        self.rules_box.set_title(0, "Rules (open to change one; the season restarts)")
        return panel

    def _players_changed(self) -> None:
        self.rules_panel.arrange(self.key_rules())
        self.restart()

    def _make_game(self, seed: int) -> TiebreakGame:
        return new_game(self.rules_panel.rules, self.data, seed, self.players.value)

    def restart(self) -> None:
        """A new game with the current rules, players and policy (same seed)."""
        self.games.policies = POLICIES[self.policy.value]
        self.games.reset()
        self.games._redraw(self._draw_heat)  # a stop in the exact frequencies redraws them too

    def _draw(self, game: Game) -> None:
        assert isinstance(game, TiebreakGame)
        self.view.show_state(game.state)
        self.board_table.value = frame_html(game.board_frame(), "pg-board-frame")

    def _draw_heat(self) -> None:
        freqs = odds.landing_frequencies(self.board, self.rules_panel.rules) if self.heat.value else {}
        self.view.set_heat(freqs, show=self.heat.value)


def targets_panel(rules: Rules | None = None, token_worth: int = 150) -> TargetsPanel:
    """Build the tokens-and-targets panel.

    token_worth (0 to 1000 ranking points, in steps of 10 on the slider) is what a token kept for
    later is worth to the player: an assumption, since the rulebook prices no token. 150 is the
    expected-value player's yardstick (see playground.tiebreak.policies.expected_value).
    """
    token_worth = whole_number(token_worth, "token_worth", 0, 1000)  # ranking points
    return TargetsPanel(rules, token_worth)


def race_panel(challenger: int = 2, head_start: int | None = None, rules: Rules | None = None) -> RacePanel:
    """Build the tie-break race panel, starting from rules (default: the rulebook's race).

    The default challenger start, 2, is the matching card plus the qualifying Wildcard.
    """
    return RacePanel(challenger, head_start, rules)


def season_panel(players: int = 4, seed: int = 0, rules: Rules | None = None) -> SeasonPanel:
    """Build the whole-season panel: players 2 to 6, any seed, rules default to the rulebook."""
    return SeasonPanel(players, seed, rules)
