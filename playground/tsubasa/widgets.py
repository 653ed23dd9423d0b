"""Captain Tsubasa's interactive panels, built from the shared widget pieces.

- ``duel_panel``: attack and defense totals, Assured Success, a reroll, the keeper: the exact
  chance of winning the duel and of a goal, with the bars of the die difference.
- ``special_shot_panel``: the Special Shot guessing game, played against a defender who mixes
  with the exact equilibrium; a tally against the exact goal chance.
- ``match_panel``: a whole match stepped on the table picture, with the key rules up front.

Callbacks only call exact (cached) functions or step one match, so a slider answers at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as w

from playground.core.draws import sample_exact
from playground.core.engine import Game, random_legal
from playground.core.numbers import shown
from playground.widgets.bars import bars_svg
from playground.widgets.choice import Choice
from playground.widgets.game_panel import GamePanel
from playground.widgets.predict import headline
from playground.widgets.redraw import redraws
from playground.widgets.rules_panel import RulesPanel
from playground.widgets.starts import start_at, start_choice, start_rules, start_seed

from . import odds
from .cards import load_data
from .engine import TsubasaGame, new_game
from .policies import equilibrium_picker, greedy, odds_spender
from .rules import Rules
from .table_view import TableView

POLICIES: dict[str, Callable[[Game], object]] = {
    "random legal moves": random_legal,
    "greedy": greedy,
    "odds spender": odds_spender,
    "equilibrium picker": equilibrium_picker,
}
_SLIDER = {"continuous_update": True, "style": {"description_width": "initial"}}


class DuelPanel(w.VBox):
    """The duel: two totals, the switches of the duel, and its exact chances (bounds as in odds)."""

    def __init__(self, attack: int = 7, defense: int = 8):
        attack, defense = start_at(attack, "attack", 0, 25), start_at(defense, "defense", 0, 25)
        self.attack = w.IntSlider(value=attack, min=0, max=25, description="attack total", **_SLIDER)
        self.defense = w.IntSlider(value=defense, min=0, max=25, description="defense total", **_SLIDER)
        self.assured = w.Checkbox(value=False, description="Assured Success (6 against 1 wins)", indent=False)
        self.ties = w.Checkbox(value=True, description="ties go to the attacker", indent=False)
        self.reroll = Choice(options=["nobody", "attacker", "defender"], value="nobody", description="reroll")
        self.keeper = w.Checkbox(value=False, description="the keeper can save a shot", indent=False)
        self.result = w.HTML()
        self.result.add_class("pg-ts-duel-result")
        self.chart = w.HTML()
        for control in (self.attack, self.defense, self.assured, self.ties, self.reroll, self.keeper):
            control.observe(lambda _: self.update(), names="value")
        super().__init__(
            [
                w.HBox([self.attack, self.defense]),
                w.HBox([self.ties, self.assured]),
                w.HBox([self.reroll, self.keeper]),
                self.result,
                self.chart,
            ]
        )
        self.add_class("pg-ts-duel-panel")
        self.update()

    def p_win(self) -> Fraction:
        """The attack's exact chance of winning the duel with the controls as they are."""
        reroll = None if self.reroll.value == "nobody" else self.reroll.value
        return odds.p_attacker_wins(
            self.attack.value,
            self.defense.value,
            self.assured.value,
            reroll,
            ties_to_attacker=self.ties.value,
        )

    def p_goal(self) -> Fraction:
        """The chance a shot scores: the duel won, then (with the keeper) his die shows 4-6; a
        reroll held is played on the duel's dice or the keeper's, whichever serves its holder."""
        reroll = None if self.reroll.value == "nobody" else self.reroll.value
        return odds.p_goal(
            self.attack.value,
            self.defense.value,
            self.keeper.value,
            self.assured.value,
            reroll=reroll,
            ties_to_attacker=self.ties.value,
        )

    @redraws("result", "chart")
    def update(self) -> None:
        gap = self.attack.value - self.defense.value
        self.result.value = headline("P(attack wins the duel)", self.p_win()) + headline(
            "P(goal from a shot)", self.p_goal()
        )
        need = -gap if self.ties.value else -gap + 1  # the smallest die difference that wins
        top = 5  # a difference of +5 is only 6 against 1, -5 only 1 against 6: Assured Success's pairs
        assured = self.assured.value
        self.chart.value = bars_svg(
            odds.difference_dist(),
            highlight=lambda k: (k == top) if assured and abs(k) == top else k >= need,
            title=f"attacker's die minus defender's die (vermillion: wins with totals {gap:+d})",
        )


class SpecialShotPanel(w.VBox):
    """Choose a Special Shot; the defender picks with the exact equilibrium mix (a seeded generator)."""

    def __init__(self, attacker: str = "toho", seed: int = 0):
        attacker = start_choice(attacker, "attacker", ("toho", "nankatsu"))
        self.data = load_data()
        self.rng = random.Random(start_seed(seed))
        defender = "nankatsu" if attacker == "toho" else "toho"
        self.shots = self.data.special_ids(attacker, "shot")
        self.blocks = self.data.special_ids(defender, "defense")
        self.stops = self.data.stop_matrix(attacker)
        _, self.mix, self.value = odds.special_shot_equilibrium(self.stops)
        self.tally = {"goals": 0, "shots": 0}
        buttons = []
        for shot in self.shots:
            button = w.Button(description=self.data.specials[shot].name, layout=w.Layout(width="auto"))
            button.on_click(lambda _, s=shot: self.shoot(s))
            buttons.append(button)
        self.last = w.HTML()
        self.score = w.HTML()
        self.score.add_class("pg-ts-special-score")
        super().__init__([w.HTML("<b>Choose your Special Shot:</b>"), w.HBox(buttons), self.last, self.score])
        self.add_class("pg-ts-special-panel")
        self._show()

    def shoot(self, shot: str) -> bool:
        """Take one Special Shot against the equilibrium defender; True if it is a goal."""
        if shot not in self.shots:
            raise ValueError(f"{shown(shot)} is not one of the Special Shots: {', '.join(self.shots)}")
        block = sample_exact([(b, p) for b, p in zip(self.blocks, self.mix, strict=True) if p], self.rng)
        goal = not self.stops[self.shots.index(shot)][self.blocks.index(block)]
        shots, goals = self.tally["shots"] + 1, self.tally["goals"] + goal
        self.tally = {"goals": goals, "shots": shots}  # both counts at once, or neither
        names = self.data.specials
        self.last.value = (
            f"{names[shot].name} against {names[block].name}: <b>{'GOAL!' if goal else 'blocked'}</b>"
        )
        self._show()
        return goal

    def _show(self) -> None:
        n, g = self.tally["shots"], self.tally["goals"]
        goals, shots = ("goal" if g == 1 else "goals"), ("shot" if n == 1 else "shots")
        share = f"{g} {goals} from {n} {shots} ({g / n:.0%})" if n else "no shots yet"
        self.score.value = (
            f"{share}; against the equilibrium every shot scores with chance exactly {self.value}"
        )


class MatchPanel(w.VBox):
    """A whole match on the table picture: policy and the key rules up front, then Step."""

    KEY_RULES = ("ties_to_attacker", "assured_success", "card_limit")

    def __init__(self, seed: int = 0, rules: Rules | None = None, policy: str = "odds spender"):
        seed, rules = start_seed(seed), start_rules(rules, Rules)
        policy = start_choice(policy, "policy", tuple(POLICIES))
        self.data = load_data()
        self.policy = Choice(options=list(POLICIES), value=policy, description="coaches play")
        self.rules_panel = RulesPanel(
            rules or Rules(), on_change=lambda _: self.restart(), key=self.KEY_RULES
        )
        self.view = TableView()
        self.games = GamePanel(self._make_game, POLICIES[policy], seed, on_update=self._draw)
        self.rules_panel.in_force = lambda: self.games.game.rules  # after a stop, the rules in play
        self.policy.observe(lambda _: self.restart(), names="value")
        super().__init__(
            [
                self.policy,
                w.HTML("<b>Rules</b> (change one and the match restarts)"),
                self.rules_panel,
                self.view,
                self.games,
            ]
        )
        self.add_class("pg-ts-match-panel")

    def _make_game(self, seed: int) -> TsubasaGame:
        return new_game(self.rules_panel.rules, self.data, seed)

    def restart(self) -> None:
        """A new match with the current rules and policy (same seed)."""
        self.games.policies = POLICIES[self.policy.value]
        self.games.reset()

    def _draw(self, game: Game) -> None:
        assert isinstance(game, TsubasaGame)
        self.view.show_game(game)


def duel_panel(attack: int = 7, defense: int = 8) -> DuelPanel:
    """The duel panel (totals 0 to 25 on the sliders)."""
    return DuelPanel(attack, defense)


def special_shot_panel(attacker: str = "toho", seed: int = 0) -> SpecialShotPanel:
    """Play Special Shots against the equilibrium defender (attacker "toho" or "nankatsu")."""
    return SpecialShotPanel(attacker, seed)


def match_panel(seed: int = 0, rules: Rules | None = None, policy: str = "odds spender") -> MatchPanel:
    """Step a whole match on the table picture (policy: one of POLICIES' names)."""
    return MatchPanel(seed, rules, policy)
