"""Tournament Arc's interactive panels, built from the shared widget pieces.

- ``score_panel``: one Athlete's score, added then multiplied, next to multiplied then added,
  with the operations counted (notebook 30).
- ``sport_odds_panel``: before the reveal, what an Athlete and an Episode are worth on average
  over the Sports still in the deck, exactly (notebook 31).
- ``season_panel``: a whole season stepped, the table drawn as cards (notebook 32).

Callbacks call exact functions only, so a slider answers at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
import pandas as pd

from playground.core.engine import Game, random_legal
from playground.core.numbers import shown
from playground.widgets.bars import bars_svg
from playground.widgets.choice import Choice
from playground.widgets.game_panel import GamePanel, frame_html
from playground.widgets.predict import decimal
from playground.widgets.redraw import redraws
from playground.widgets.rules_panel import RulesPanel
from playground.widgets.starts import start_at, start_rules, start_seed

from . import odds
from .cards import ArcData, load_data
from .engine import ArcGame, new_game
from .policies import expected, greedy
from .rules import Rules
from .scoring import athlete_score, combined_multiplier, count_both_ways, operation_count
from .table_view import TableView

POLICIES: dict[str, Callable[[Game], object]] = {
    "random legal moves": random_legal,
    "greedy for the revealed Sport": greedy,
    "expected over the Sport deck": expected,
}
_SLIDER = {"continuous_update": True, "style": {"description_width": "initial"}}
SCORE_STATS = ("teamwork", "body", "underdog")


def _signed(v: int) -> str:
    return f"&minus;{-v}" if v < 0 else str(v)


def _sum_text(values: list[int]) -> str:
    """1 + 3 &minus; 2 + 2: a sum written as a class writes it."""
    text = _signed(values[0])
    for v in values[1:]:
        text += f" &minus; {-v}" if v < 0 else f" + {v}"
    return text


class ScorePanel(w.VBox):
    """An Athlete's three relevant stats, two attached Episodes and the bonuses, scored two ways.

    Up front: the base stats, the Episodes' modifiers, Homefield, Main Character and Evil Clones.
    Starts on the rulebook's Xavier at home: 12.
    """

    def __init__(self) -> None:
        def slider(value: int, label: str) -> w.IntSlider:
            return w.IntSlider(value=value, min=-5, max=9, description=label, **_SLIDER)

        xavier = {"teamwork": 1, "body": 2, "underdog": 0}
        episodes = [{"teamwork": 3, "body": 2, "underdog": 0}, {"teamwork": -2, "body": -1, "underdog": 1}]
        self.base = {x: slider(xavier[x], f"base {x}") for x in SCORE_STATS}
        self.episodes = [
            {x: slider(e[x], f"Episode {i + 1} {x}") for x in SCORE_STATS} for i, e in enumerate(episodes)
        ]
        self.homefield = w.Checkbox(value=True, description="Homefield ×2", indent=False)
        self.main_character = w.Checkbox(value=False, description="Main Character ×2", indent=False)
        self.clones = w.IntSlider(value=0, min=0, max=3, description="Evil Clones (×2 each)", **_SLIDER)
        self.output = w.HTML()
        self.output.add_class("arc-score-output")
        controls = [*self.base.values(), *(s for e in self.episodes for s in e.values())]
        for c in [*controls, self.homefield, self.main_character, self.clones]:
            c.observe(lambda _: self.update(), names="value")
        columns = [w.VBox(list(self.base.values()))] + [w.VBox(list(e.values())) for e in self.episodes]
        bonuses = w.HBox([self.homefield, self.main_character, self.clones])
        super().__init__([w.HBox(columns), bonuses, self.output])
        self.add_class("arc-score-panel")
        self.update()

    def numbers(self) -> list[int]:
        """Every relevant number on the cards, stat by stat: the base, then each Episode's modifier
        (a modifier of 0 is one the card does not print, so nobody adds it: Xavier has 8 numbers)."""
        return [
            v
            for x in SCORE_STATS
            for v in [self.base[x].value, *(e[x].value for e in self.episodes if e[x].value)]
        ]

    def multipliers(self) -> list[int]:
        return [2] * (self.homefield.value + self.main_character.value + self.clones.value)

    @property
    def score(self) -> int:
        """The score, from the same function the engine uses."""
        base = {x: s.value for x, s in self.base.items()}
        eps = [{x: s.value for x, s in e.items()} for e in self.episodes]
        total = sum(self.numbers())
        return athlete_score(base, eps, SCORE_STATS, combined_multiplier(self.multipliers(), total))

    @redraws("output")
    def update(self) -> None:
        nums, mults = self.numbers(), self.multipliers()
        m = combined_multiplier(mults, sum(nums))
        both = count_both_ways(nums, mults)
        counts = operation_count(len(nums), len(mults))
        added = _sum_text(nums)
        factor = " × ".join(str(x) for x in mults)
        each = " + ".join(f"({_signed(v)} × {factor})" for v in nums)  # each bonus in turn, as counted
        trap = ""
        if sum(nums) < 0 and mults:
            trap = (
                f"<div style='color:#D55E00'><b>The negative trap:</b> the total is {sum(nums)}, and the "
                f"bonus multiplies it too: {sum(nums)} × {m} = {sum(nums) * m}. "
                "A bonus makes a bad score worse.</div>"
            )
        if not mults:  # no bonus: nothing to multiply, both ways are the one sum
            self.output.value = (
                f"<div><b>No bonus ticked:</b> nothing to multiply, so both ways are the same sum: "
                f"{added} = <b>{self.score}</b> ({counts['add then multiply']} operations)</div>"
            )
            return
        self.output.value = (
            f"<div><b>Add, then multiply:</b> ({added}) × {factor} = {sum(nums)} × {factor} = "
            f"<b>{self.score}</b> "
            f"({counts['add then multiply']} operations)</div>"
            f"<div><b>Multiply each, then add:</b> {each} = <b>{both['multiply each then add'][0]}</b> "
            f"({counts['multiply each then add']} operations)</div>{trap}"
        )


def score_panel() -> ScorePanel:
    """Build the score panel (Xavier's example to start)."""
    return ScorePanel()


BONUS_CASES = (
    ("Xavier at home (total 6)", 6, ("homefield",)),
    ("Xavier at home and Main Character (total 6)", 6, ("homefield", "main_character")),
    ("Evil Clone at home (total 5)", 5, ("homefield", "evil_clone")),
    ("two Sprained Ankles, at home and Main Character (total -2)", -2, ("homefield", "main_character")),
)


BONUS_NAMES = {"homefield": "Homefield", "main_character": "Main Character", "evil_clone": "Evil Clone"}


class BonusPanel(w.VBox):
    """The bonus rules up front (sizes, stacking, negatives); a table of example scores under them."""

    KEY_RULES = (
        "homefield_multiplier",
        "main_character_multiplier",
        "evil_clone_multiplier",
        "bonuses_stack",
        "multiply_negatives",
    )

    def __init__(self, rules: Rules | None = None):
        self.rules_panel = RulesPanel(
            start_rules(rules, Rules), on_change=lambda _: self.update(), key=self.KEY_RULES
        )
        self.table = w.HTML()
        self.table.add_class("arc-bonus-table")
        super().__init__([self.rules_panel, self.table])
        self.update()

    def frame(self) -> pd.DataFrame:
        """Each example: its total, its bonuses, the multiplier and the score under these rules."""
        r = self.rules_panel.rules
        sizes = {
            "homefield": r.homefield_multiplier,
            "main_character": r.main_character_multiplier,
            "evil_clone": r.evil_clone_multiplier,
        }
        rows = {}
        for label, total, bonuses in BONUS_CASES:
            m = combined_multiplier(
                [sizes[b] for b in bonuses], total, stack=r.bonuses_stack, negatives=r.multiply_negatives
            )
            rows[label] = {
                "total": total,
                "bonuses": _bonus_words([(BONUS_NAMES[b], sizes[b]) for b in bonuses], total, r),
                "multiplier": f"×{m}",
                "score": total * m,
            }
        return pd.DataFrame(rows).T

    @redraws("table")
    def update(self) -> None:
        self.table.value = frame_html(self.frame(), "arc-bonus-frame")


def _bonus_words(bonuses: list[tuple[str, int]], total: int, rules: Rules) -> str:
    """The bonuses an example holds, each with its size, and which of them count under the rules."""
    named = " and ".join(f"{name} ×{size}" for name, size in bonuses)
    if total < 0 and not rules.multiply_negatives:
        return f"{named} (none counts: a negative total is not multiplied)"
    if len(bonuses) > 1 and not rules.bonuses_stack:
        return f"{named} (they do not stack: only the biggest counts)"
    return named


def bonus_panel(rules: Rules | None = None) -> BonusPanel:
    """Build the bonus-rules panel."""
    return BonusPanel(rules)


def _start_name(given: str | None, usual: str, names: list[str], what: str) -> str:
    """The name a dropdown starts on: the one given, else the usual one if this card list has it,
    else its first; a given name that is not there is refused, naming the choices."""
    if given is None:
        return usual if usual in names else names[0]
    if given not in names:
        raise ValueError(
            f"{what} must be one of this card list's: {', '.join(names)}; got {shown(given, 40)}"
        )
    return given


def _choices(cards: Mapping[str, Any], content: Callable[[Any], object]) -> dict[str, str]:
    """A dropdown's labels, each naming one card id: copies of a card (the same name and content)
    are one choice, named by the card's name; two different cards of one name (a teacher's card
    list may have them) are told apart by their ids, "Xavier (A02)"."""
    first: dict[tuple[str, str], str] = {}
    for card_id, card in sorted(cards.items()):
        first.setdefault((card.name, repr(content(card))), card_id)
    shared = Counter(name for name, _ in first)
    labels = {
        (name if shared[name] == 1 else f"{name} ({card_id})"): card_id
        for (name, _), card_id in first.items()
    }
    return dict(sorted(labels.items()))


class SportOddsPanel(w.VBox):
    """Pick an Athlete and an Episode; see their worth averaged over the Sports to come, exactly.

    Up front: the Athlete, the Episode, and the first-game order (Relay Race known to come first).
    """

    def __init__(
        self, data: ArcData | str | None = None, athlete: str | None = None, episode: str | None = None
    ):
        self.data = data if isinstance(data, ArcData) else load_data(data)  # a folder, or ours
        d = self.data
        self.athletes = _choices(d.athletes, lambda a: a.stats)
        self.episodes = _choices(
            {i: e for i, e in d.episodes.items() if e.kind == "attach" and e.modifiers}, lambda e: e.modifiers
        )
        if not self.episodes:
            raise ValueError(
                "this card list has no Episode that changes a stat, so there is nothing to weigh"
            )
        athlete = _start_name(athlete, "Xavier", list(self.athletes), "athlete")
        episode = _start_name(episode, "Training Montage", list(self.episodes), "episode")
        self.athlete = Choice(
            options=list(self.athletes.items()), value=self.athletes[athlete], description="Athlete"
        )
        self.episode = Choice(
            options=list(self.episodes.items()), value=self.episodes[episode], description="Episode"
        )
        relay = any(s.name == "Relay Race" for s in d.sports.values())
        self.first_game = w.Checkbox(
            value=False,
            description="first-game order on top (Relay Race next)"
            if relay
            else "(no Relay Race in this deck)",
            indent=False,
            disabled=not relay,
        )
        self.headline = w.HTML()
        self.headline.add_class("arc-odds-headline")
        self.chart = w.HTML()
        self.table = w.HTML()
        for c in (self.athlete, self.episode, self.first_game):
            c.observe(lambda _: self.update(), names="value")
        super().__init__(
            [w.HBox([self.athlete, self.episode, self.first_game]), self.headline, self.chart, self.table]
        )
        self.add_class("arc-odds-panel")
        self.update()

    def sports(self):
        d = self.data
        deck = list(d.sports.values())
        relay = [s for s in deck if s.name == "Relay Race"][:1]
        if self.first_game.value and relay:
            return odds.sport_chances(deck, top=relay)
        return odds.sport_chances(deck)

    def worths(self):
        """(expected score without, expected score with the Episode, the Episode's worth)."""
        base = self.data.athletes[self.athlete.value].stats
        mods = self.data.episodes[self.episode.value].modifiers
        sports = self.sports()
        before = odds.expected_athlete_score(base, [], sports)
        after = odds.expected_athlete_score(base, [mods], sports)
        return before, after, odds.episode_value(mods, sports)

    def episode_frame(self) -> pd.DataFrame:
        """Every attach Episode's average worth over the Sports to come, best first."""
        sports = self.sports()
        rows = {
            label: odds.episode_value(self.data.episodes[card].modifiers, sports)
            for label, card in self.episodes.items()
        }
        frame = pd.DataFrame({"average points added": rows}).sort_values(
            "average points added", ascending=False
        )
        frame["as a decimal"] = frame["average points added"].map(lambda f: round(float(f), 2))
        return frame

    @redraws("headline", "chart", "table")
    def update(self) -> None:
        before, after, value = self.worths()
        base = self.data.athletes[self.athlete.value].stats
        mods = self.data.episodes[self.episode.value].modifiers
        athlete, episode = self.athlete.label, self.episode.label
        self.headline.value = (
            f"<div>{escape(athlete)} scores {_about(before)} on average alone; "
            f"with {escape(episode)} {_about(after)}: "
            f"the Episode is worth {_about(value)} points before the reveal.</div>"
        )
        dist = odds.score_distribution(base, [mods], self.sports())
        self.chart.value = bars_svg(dist, title=f"{athlete} with {episode}: score by Sport")
        self.table.value = frame_html(self.episode_frame(), "arc-episode-worth")


def sport_odds_panel(data: ArcData | str | None = None) -> SportOddsPanel:
    """Build the before-the-reveal panel (data: our card list, a loaded one, or a folder of one)."""
    return SportOddsPanel(data)


class SeasonPanel(w.VBox):
    """A whole game: players, policy and the key rules up front; step it and watch the cards."""

    KEY_RULES = ("ruleset", "mode", "first_game_sports")

    def __init__(self, players: int = 3, seed: int = 0, rules: Rules | None = None):
        players, seed, rules = start_at(players, "players", 2, 6), start_seed(seed), start_rules(rules, Rules)
        self.data = load_data()
        self.players = w.IntSlider(value=players, min=2, max=6, description="players", **_SLIDER)
        self.policy = Choice(
            options=list(POLICIES), value="greedy for the revealed Sport", description="how they play"
        )
        self.rules_panel = RulesPanel(
            rules or Rules(), on_change=lambda _: self.restart(), key=self.KEY_RULES
        )
        self.view = TableView()
        self.games = GamePanel(
            self._make_game, POLICIES[self.policy.value], seed, on_update=self.view.show_game
        )
        self.rules_panel.in_force = lambda: self.games.game.rules  # after a stop, the rules in play
        self.players.observe(lambda _: self.restart(), names="value")
        self.policy.observe(lambda _: self.restart(), names="value")
        super().__init__(
            [
                w.HBox([self.players, self.policy]),
                w.HTML("<b>Rules</b> (change one and the game restarts)"),
                self.rules_panel,
                self.view,
                self.games,
            ]
        )
        self.add_class("arc-season-panel")
        self.restart()

    def _make_game(self, seed: int) -> ArcGame:
        return new_game(self.rules_panel.rules, self.data, seed, self.players.value)

    def restart(self) -> None:
        """A new game with the current rules, players and policy (same seed)."""
        self.games.policies = POLICIES[self.policy.value]
        self.games.reset()


def season_panel(players: int = 3, seed: int = 0, rules: Rules | None = None) -> SeasonPanel:
    """Build the season panel."""
    return SeasonPanel(players, seed, rules)


def _about(x: Fraction) -> str:
    """An exact average in bold, with its decimal when it is not a whole number: 71/24 ≈ 2.96,
    -9/8 ≈ -1.13 (rounded as a class rounds), 3."""
    return f"<b>{x}</b>" if x.denominator == 1 else f"<b>{x}</b> ≈ {decimal(x)}"
