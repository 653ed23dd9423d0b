"""Challengers!' interactive panels, built from the shared widget pieces.

- ``attack_panel``: a deck of strengths against a flag: how many cards the attack needs, exactly.
- ``thinning_panel``: remove one card and see the chances before and after.
- ``tournament_panel``: a whole tournament stepped match by match on the mat picture.

Callbacks only call exact functions that take milliseconds at these sizes, so a slider answers
at once; a bad deck typed in the box gives a message, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as w
import pandas as pd

from playground.core.dist import Dist
from playground.core.engine import Game, random_legal
from playground.core.numbers import is_whole, shown
from playground.widgets.bars import bars_svg
from playground.widgets.choice import Choice
from playground.widgets.dice_explorer import chance_table
from playground.widgets.game_panel import GamePanel, frame_html
from playground.widgets.predict import percent
from playground.widgets.redraw import redraws
from playground.widgets.rules_panel import RulesPanel
from playground.widgets.starts import start_at, start_choice, start_rules, start_seed

from . import odds
from .engine import ChallengersGame, new_game
from .mat_view import MatView
from .policies import greedy, thinning
from .rules import Rules
from .simulate import step_to_match_end

STARTING = "1, 1, 1, 2, 3, 4"
"""The Starting Deck's strengths, as typed in a deck box."""

POLICIES: dict[str, Callable[[Game], object]] = {
    "greedy (keep the strongest)": greedy,
    "thinning (remove weak cards by the odds)": thinning,
    "random legal moves": random_legal,
}
_SLIDER = {"continuous_update": True, "style": {"description_width": "initial"}}
_LABELLED = {"style": {"description_width": "initial"}}


MAX_DECK_TEXT = 1_000
"""Characters a deck box may hold (60 strengths of two digits with commas fit in 240)."""


def parse_deck(text: str) -> list[int]:
    """Strengths typed as '1, 1, 2, 4' (spaces or commas); ValueError saying what is allowed.

    text: at most MAX_DECK_TEXT characters; each strength is 0 to 30 written with the digits 0-9.
    """
    if not isinstance(text, str) or len(text) > MAX_DECK_TEXT:
        raise ValueError(f"the deck must be text of at most {MAX_DECK_TEXT:,} characters, like 1, 1, 2, 4")
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
        raise ValueError("type the deck's strengths as whole numbers, like 1, 1, 1, 2, 3, 4")
    deck = [int(p) for p in parts]
    odds._deck(deck)  # the bounds: 1 to 60 cards of strength 0 to 30
    return deck


def _deck_text(deck: object) -> str:
    """A panel's starting deck as its text box shows it: text as typed, or a list of strengths."""
    if not isinstance(deck, str) and isinstance(deck, Iterable):
        strengths = list(deck)
        if not all(is_whole(s) for s in strengths):
            raise ValueError(
                f"deck must be text like '1, 1, 2, 4' or a list of whole strengths; got {shown(deck, 60)}"
            )
        deck = ", ".join(str(int(s)) for s in strengths)
    parse_deck(deck)  # type: ignore[arg-type]  # refused in words before any control is made
    return deck  # type: ignore[return-value]


def needed_frame(dist) -> object:
    """The distribution of cards needed as a table: each count, its exact chance and in percent."""
    if not isinstance(dist, Dist):
        raise TypeError(f"dist must be a Dist of cards needed (odds.cards_needed); got {shown(dist, 60)}")
    return chance_table(dist, "cards needed").set_index("cards needed")


class AttackPanel(w.VBox):
    """Type a deck, slide the flag's strength: the exact chance of needing 1, 2, 3... cards."""

    def __init__(self, deck: str = STARTING, flag: int = 4, rules: Rules | None = None):
        deck, flag = _deck_text(deck), start_at(flag, "flag", 1, 30)
        self.rules_panel = RulesPanel(
            start_rules(rules, Rules), lambda _: self.update(), key=("tie_takes_flag",)
        )
        self.deck = w.Text(value=deck, description="my deck (strengths)", **_LABELLED)
        self.flag = w.IntSlider(value=flag, min=1, max=30, description="defender's flag strength", **_SLIDER)
        self.within = w.IntSlider(value=2, min=1, max=10, description="within this many cards", **_SLIDER)
        self.headline, self.chart, self.table = w.HTML(), w.HTML(), w.HTML()
        self.headline.add_class("pg-attack-headline")
        for control in (self.deck, self.flag, self.within):
            control.observe(lambda _: self.update(), names="value")
        super().__init__(
            [self.deck, self.flag, self.within, self.rules_panel, self.headline, self.chart, self.table]
        )
        self.add_class("pg-challengers-attack")
        self.update()

    @redraws("headline", "chart", "table")
    def update(self) -> None:
        try:
            deck = parse_deck(self.deck.value)
        except ValueError as error:
            self.headline.value = f"<span style='color:#b00'>{error}</span>"
            self.chart.value = self.table.value = ""
            return
        self.within.max = len(deck)
        k = min(self.within.value, len(deck))
        ties = self.rules_panel.rules.tie_takes_flag
        needed = self.flag.value + (0 if ties else 1)  # a house rule: the attack must beat the flag
        p = odds.p_reach_strength(deck, needed, k)
        dist = odds.cards_needed(deck, needed)
        self.p_within = p
        self.dist = dist
        verb = "reach" if ties else "beat"
        self.headline.value = (
            f"<div style='font-size:1.2em'>P({verb} {self.flag.value} within {k} card(s)) &asymp; "
            f"<b>{percent(p)}</b>, exactly <b>{p}</b></div>"
        )
        self.chart.value = bars_svg(
            dist, highlight=lambda c: isinstance(c, int) and c <= k, title="How many cards the attack needs"
        )
        self.table.value = frame_html(needed_frame(dist), "pg-attack-table")


def attack_panel(deck: str = STARTING, flag: int = 4, rules: Rules | None = None) -> AttackPanel:
    """Build the attack panel: a deck box, the flag's strength and whether a tie takes the flag
    (the rules panel's key field); exact bars of the cards needed."""
    return AttackPanel(deck, flag, rules)


class ThinningPanel(w.VBox):
    """Pick a card to remove: the chances before and after, for every flag strength up to a limit."""

    def __init__(self, deck: str = STARTING, up_to: int = 10):
        deck, up_to = _deck_text(deck), start_at(up_to, "up_to", 1, 40)
        self.deck = w.Text(value=deck, description="my deck (strengths)", **_LABELLED)
        self.remove = Choice(
            options=sorted(set(parse_deck(deck))), description="remove a card of strength", **_LABELLED
        )
        self.up_to = w.IntSlider(value=up_to, min=1, max=40, description="flags up to", **_SLIDER)
        self.message, self.table = w.HTML(), w.HTML()
        self.deck.observe(lambda _: self._new_deck(), names="value")
        self.remove.observe(lambda _: self.update(), names="value")
        self.up_to.observe(lambda _: self.update(), names="value")
        super().__init__([self.deck, self.remove, self.up_to, self.message, self.table])
        self.add_class("pg-challengers-thinning")
        self._new_deck()

    @redraws("message", "table")
    def _new_deck(self) -> None:
        try:
            deck = parse_deck(self.deck.value)
        except ValueError as error:
            self.message.value = f"<span style='color:#b00'>{error}</span>"
            self.table.value = ""
            return
        options = sorted(set(deck))
        keep = self.remove.value if self.remove.value in options else options[0]
        self.remove.options = options
        self.remove.value = keep
        self.update()

    @redraws("message", "table")
    def update(self) -> None:
        try:
            deck = parse_deck(self.deck.value)
            self.frame = odds.thinning_frame(deck, self.remove.value, range(1, self.up_to.value + 1))
        except ValueError as error:
            self.message.value = f"<span style='color:#b00'>{error}</span>"
            self.table.value = ""
            return
        better = [
            t for t, row in self.frame.iterrows() if row["P(reach in 1) after"] > row["P(reach in 1) before"]
        ]
        if len(better) == 1:
            flags = f"against a flag of {better[0]}"
        elif better:
            flags = f"against flags {', '.join(map(str, better[:-1]))} and {better[-1]}"
        else:
            flags = f"against no flag from 1 to {self.up_to.value}"
        self.message.value = (
            f"Removing a {self.remove.value}: the first card alone reaches the flag more often {flags}; "
            "a deck that cannot reach shows P(reach) 0."
        )
        self.table.value = frame_html(_thinning_shown(self.frame), "pg-thinning-table")


def _thinning_shown(frame: pd.DataFrame) -> pd.DataFrame:
    """The chances in percent and the mean in cards (2 decimals): a mean is not a chance."""
    shown = frame.copy()
    for column in frame.columns:
        as_text = percent if column.startswith("P(") else (lambda v: f"{float(v):.2f} cards")
        shown[column] = [("" if v is None else as_text(v)) for v in frame[column]]
    return shown


def thinning_panel(deck: str = STARTING, up_to: int = 10) -> ThinningPanel:
    """Build the thinning panel: a deck, a card to remove, the chances before and after."""
    return ThinningPanel(deck, up_to)


class TournamentPanel(w.VBox):
    """A tournament stepped on the mat picture, with the state, the matches and the history."""

    def __init__(self, players: int = 2, seed: int = 0, rules: Rules | None = None, policy: str = ""):
        players, seed, rules = start_at(players, "players", 1, 8), start_seed(seed), start_rules(rules, Rules)
        if policy != "":  # "" is the default strategy; anything else must name one
            start_choice(policy, "policy", tuple(POLICIES))
        self.players = w.IntSlider(value=players, min=1, max=8, description="players", **_SLIDER)
        self.policy = Choice(options=list(POLICIES), description="players' strategy", **_LABELLED)
        if policy:
            self.policy.value = policy
        self.rules_panel = RulesPanel(rules or Rules(), lambda _: self.games.reset(), key=("bench_seats",))
        self.mat = MatView()
        self.matches = w.HTML()
        self.next_match = w.Button(description="Step to the end of the match", icon="flag")
        self.games = GamePanel(self._make, lambda g: POLICIES[self.policy.value](g), seed, self._shown)
        self.rules_panel.in_force = lambda: self.games.game.rules  # after a stop, the rules in play
        self.next_match.on_click(lambda _: self.step_match())
        self.players.observe(lambda _: self.games.reset(), names="value")
        self.policy.observe(lambda _: self.games.reset(), names="value")
        super().__init__(
            [
                w.HBox([self.players, self.policy]),
                self.rules_panel,
                self.next_match,
                self.mat,
                self.games,
                w.HTML("<b>Matches so far</b>"),
                self.matches,
            ]
        )
        self.add_class("pg-challengers-tournament")
        self._shown(self.games.view)

    def _make(self, seed: int) -> ChallengersGame:
        return new_game(self.rules_panel.rules, seed=seed, players=self.players.value)

    def _shown(self, game: ChallengersGame) -> None:
        self.mat.show(game)
        self.matches.value = frame_html(game.state.matches_frame().tail(8), "pg-matches")

    def step_match(self, limit: int = 5000) -> None:
        """Step until the current (or next) match is decided, or the tournament ends (a player's
        refused pick or error stops it there and is said in the status line, as Step does)."""
        try:
            step_to_match_end(self.games.game, POLICIES[self.policy.value], limit)
        except Exception as error:
            self.games._redraw()
            self.games._refused(error)
            return
        except BaseException:  # the stop button: the steps played so far are kept, and shown
            self.games._redraw()
            raise
        self.games._redraw()


def tournament_panel(
    players: int = 2, seed: int = 0, rules: Rules | None = None, policy: str = ""
) -> TournamentPanel:
    """Build the tournament panel: the mat picture, Step / Step to the end of the match, tables."""
    return TournamentPanel(players, seed, rules, policy)
