"""The attack phase: coaches take turns to play a card or pass, and resolve optional abilities.

A coach who passes plays no more cards this round. The phase ends when both have passed or when
the play areas hold the card limit (9; 7 in extra time) once the last card's abilities are
resolved (an ability that removes a card reopens the limit). Optional abilities are decided one
at a time, right after their card is played, and never later (1 before 2, unless
Rules.ability_order lets the coach use 2 first); using a card's Optional Ability 1
brings its Mandatory Action (if it has one) at once. The reroll and the keeper's save are not
decisions here: they wait in the play area for the duel. Motivation and Signings, the advanced
rules, are in ``advanced.py``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, NamedTuple

from playground.core.engine import CHANCE, Action, Event
from playground.core.numbers import shown
from playground.core.zones import Zone

from .actions import Pass, Play, Sign, Skip, Use
from .cards import FATIGUE, YELLOW_RED, Card
from .rules import POINT_KINDS
from .state import AUTO, Task, said, todo

if TYPE_CHECKING:
    from .engine import TsubasaGame

PASSIVE = ("reroll", "save")
"""Abilities that act in the duel, not when their card is played."""

ROUND_ENDERS = ("control_advance", "special_shot")
"""Abilities that decide the round at once: nothing of their card is resolved after them."""

GAINS = {"gain_shot": "shot", "gain_pass": "pass", "gain_defense": "defense"}

PASS = Pass()

GAIN_TWO = [Use("gain_two", f"{a}+{b}") for a, b in combinations_with_replacement(POINT_KINDS, 2)]
"""The six ways to take two points, made once."""


class Pending(NamedTuple):
    """An optional ability still to be decided: whose, of which card, and whether it is the card's
    Optional Ability 1 (using that one brings the card's Mandatory Action)."""

    coach: int
    card: str
    ability: str
    first: bool


class AttackPhase:
    """The attack phase's options and effects, mixed into the engine."""

    # -- a coach's turn ---------------------------------------------------------------------------

    def _options_attack(self: TsubasaGame, task: Task) -> list[Action]:
        me = self.state.coaches[task.coach]
        room = self.cards_in_play() < self.limit()
        options: list[Action] = [Play(card) for card in me.hand.kinds()] if room else []
        options.append(PASS)
        options += self._motivations(task.coach)
        return options + self._signings(task.coach)

    def _do_attack(self: TsubasaGame, task: Task, action: Action) -> list[Event]:
        me = self.state.coaches[task.coach]
        self.turn = task.coach
        if isinstance(action, Pass):
            me.passed = True
            return [said(f"{me.name} passes"), *self._after_turn(task.coach)]
        if isinstance(action, Play):
            me.hand.move(action.card, me.play)
            self.after_abilities = None
            return [
                said(f"{me.name} plays {self._card(action.card)}"),
                *self._queue_abilities(task.coach, action.card),
            ]
        if isinstance(action, Sign):
            return self._sign(task.coach, action.card, task)
        return self._motivate(task.coach, action.card, task)

    def _end_turn(self: TsubasaGame, coach: int) -> list[Event]:
        """The coach's card is resolved: by the rulebook's timing (Rules.motivation_when) the coach
        may first motivate what is in play (the card just played, the 9th too), and, since a
        signing may be paid for at any time in your turn, sign a player (after the 9th card only a
        keeper, who replaces one); then play moves on."""
        moments = []
        if self._motivates_any_time() and self._motivations(coach):
            moments.append(todo("motivate", coach, coach))
        if self._signings(coach):  # at a full limit only a keeper for a keeper: he takes no room
            moments.append(todo("sign", coach, coach))
        if moments:
            self._then(*moments, todo("end_turn", AUTO, coach))
            return []
        return self._after_turn(coach)

    def _do_end_turn(self: TsubasaGame, task: Task, _: None) -> list[Event]:
        return self._after_turn(task.coach)

    def _after_turn(self: TsubasaGame, coach: int) -> list[Event]:
        """The turn passes to the other coach (if still playing), or the duel begins."""
        coaches = self.state.coaches
        if self.cards_in_play() >= self.limit():
            self._then(todo("start_duel", AUTO, 0))
            return [said(f"{self.cards_in_play()} cards are in play: the attack phase ends")]
        for nxt in (1 - coach, coach):
            if not coaches[nxt].passed:
                self._then(todo("attack", nxt, nxt))
                return []
        self._then(todo("start_duel", AUTO, 0))
        return [said("both coaches have passed: the attack phase ends")]

    # -- optional abilities -------------------------------------------------------------------------

    def _queue_abilities(self: TsubasaGame, coach: int, card: str) -> list[Event]:
        """Put the card's optional abilities first in line, then resolve or ask about them."""
        self._push_abilities(coach, card)
        return self._next_ability()

    def _push_abilities(self: TsubasaGame, coach: int, card: str) -> None:
        abilities = enumerate(self._card(card).abilities)
        self.pending[:0] = [Pending(coach, card, a, i == 0) for i, a in abilities if a not in PASSIVE]

    def _next_ability(self: TsubasaGame) -> list[Event]:
        """Ask about the next ability that can do something now; then go back where play was
        (after_abilities: a decision to ask again, or None when the turn ends)."""
        while self.pending:
            coach, card, ability, _ = self.pending[0]
            if self._still_offered(coach, card) and self._ability_options(coach, card, ability):
                self._then(todo("ability", coach, coach, card))
                return []
            self.pending.pop(0)
        back = self.after_abilities
        if back is None or (back.kind == "attack" and self.cards_in_play() >= self.limit()):
            return self._end_turn(self.turn)  # a signing that fills the limit ends the turn too
        self._then(back)
        return []

    def _still_offered(self: TsubasaGame, coach: int, card: str) -> bool:
        """Is an ability of this card still offered? Not once it has left play, if Rules say so."""
        return self.rules.abilities_after_leaving == "resolve" or card in self.state.coaches[coach].play

    def _do_resume_abilities(self: TsubasaGame, task: Task, _: None) -> list[Event]:
        return self._next_ability()

    def _options_ability(self: TsubasaGame, task: Task) -> list[Action]:
        coach, card, ability, _ = self.pending[0]
        second = self._second_first()
        early = self._ability_options(coach, card, second.ability) if second else []
        return [*self._ability_options(coach, card, ability), *early, Skip(ability)]

    def _second_first(self: TsubasaGame) -> Pending | None:
        """The card's Optional Ability 2, when the coach may use it before 1 (Rules.ability_order)
        and it is another ability; else None."""
        if self.rules.ability_order == "as printed" or len(self.pending) < 2:
            return None
        one, two = self.pending[0], self.pending[1]
        same_card = one.first and not two.first and (two.coach, two.card) == (one.coach, one.card)
        return (
            two
            if same_card and two.ability != one.ability and self._still_offered(two.coach, two.card)
            else None
        )

    def _ability_options(self: TsubasaGame, coach: int, card: str, ability: str) -> list[Use]:
        """The ways to use this ability now (none: it cannot do anything at this moment)."""
        s = self.state
        me, them = s.coaches[coach], s.coaches[1 - coach]
        if ability.startswith("gain"):
            cap = self.rules.max_points
            below = [k for k in POINT_KINDS if me.points[k] < cap]
            if ability in GAINS:
                return [Use(ability)] if GAINS[ability] in below else []
            if ability == "gain_shot_or_pass":
                return [Use(ability, k) for k in ("shot", "pass") if k in below]
            if ability == "gain_each":
                return [Use(ability)] if below else []
            return [u for u in GAIN_TWO if any(k in below for k in u.choice.split("+"))]  # gains a point
        if ability == "eliminate_self":
            return [Use(ability)] if card in me.play else []
        if ability in ("eliminate_opponent", "discard_opponent"):
            return [Use(ability, t) for t in dict.fromkeys(them.play)]
        if ability == "play_card":  # a coach who has passed plays no more cards this round
            room = self.cards_in_play() < self.limit() and not me.passed
            return [Use(ability, t) for t in me.hand.kinds()] if room else []
        if ability == "control_advance":
            return [Use(ability)] if coach == s.attacker else []
        if ability == "special_shot":
            ok = coach == s.attacker and self._card(card).team == me.team and len(me.shots)
            return [Use(ability)] if ok else []
        if ability == "injury":
            return [Use(ability)] if len(them.hand) else []
        if ability == "substitution":
            return [Use(ability)] if len(me.penalty) and not me.red else []
        if ability == "foul":
            booked = them if self.rules.foul_booked == "opponent" else me
            return (
                [Use(ability)] if not booked.red and (len(booked.penalty) or YELLOW_RED in s.supply) else []
            )
        if ability == "fatigue":
            return [Use(ability)] if FATIGUE in s.supply else []
        raise AssertionError(f"unknown ability {shown(ability)}")  # the loader only allows known ones

    def _do_ability(self: TsubasaGame, task: Task, action: Action) -> list[Event]:
        second = self._second_first()
        early = second is not None and isinstance(action, Use) and action.ability == second.ability
        coach, card, ability, first = self.pending.pop(1 if early else 0)
        me = self.state.coaches[coach]
        if isinstance(action, Skip):
            return [said(f"{me.name} does not use {ability}"), *self._next_ability()]
        if ability not in ROUND_ENDERS:
            self._then(todo("resume_abilities", AUTO, coach))
        events = self._use(coach, card, action)
        return [*events, *self._mandatory(coach, card)] if first else events

    def _mandatory(self: TsubasaGame, coach: int, card: str) -> list[Event]:
        """The card's Mandatory Action, owed because its Optional Ability 1 was just used (nothing
        to do if the card has none, or has already left the play area)."""
        owed = self._card(card).mandatory
        me = self.state.coaches[coach]
        if owed is None or card not in me.play:
            return []
        if owed == "eliminate_self":
            self._leave_play(coach, card, self.state.box)
            return [said(f"{me.name} must remove {self._card(card)} from the match (its Mandatory Action)")]
        self._leave_play(coach, card, me.discard)  # discard_self
        return [said(f"{me.name} must discard {self._card(card)} (its Mandatory Action)")]

    def _leave_play(self: TsubasaGame, coach: int, card: str, to: Zone) -> None:
        """A card leaves a play area before the round is over (remembered: its reroll may outlast
        it, Rules.reroll_lasts); sent to the discard pile, a signing that leaves the match goes
        to the box instead (see _discard_of)."""
        c = self.state.coaches[coach]
        c.play.move(card, self._discard_of(coach, card) if to is c.discard else to)
        c.left_play.append(card)

    def _discard_of(self: TsubasaGame, coach: int, card: str) -> Zone:
        """Where a played card goes when it is discarded: its coach's discard pile, or the box for
        a signed player who leaves the match (Rules.signed_players), on every path alike."""
        leaves = self.rules.signed_players == "leave the match" and self.data.cards[card].kind == "signing"
        return self.state.box if leaves else self.state.coaches[coach].discard

    def _use(self: TsubasaGame, coach: int, card: str, action: Use) -> list[Event]:
        s = self.state
        me, them = s.coaches[coach], s.coaches[1 - coach]
        a, choice = action.ability, action.choice
        if a in GAINS or a in ("gain_shot_or_pass", "gain_each", "gain_two"):
            kinds = {"gain_shot_or_pass": [choice], "gain_each": list(POINT_KINDS)}.get(a)
            kinds = kinds or (choice.split("+") if a == "gain_two" else [GAINS[a]])
            for k in kinds:
                me.points[k] = min(self.rules.max_points, me.points[k] + 1)
            return [said(f"{me.name} gains {' and '.join(kinds)} points")]
        if a == "eliminate_self":
            self._leave_play(coach, card, s.box)
            return [said(f"{me.name} removes {self._card(card)} from the match")]
        if a == "eliminate_opponent":
            self._leave_play(1 - coach, choice, s.box)
            return [said(f"{me.name} eliminates {them.name}'s {self._card(choice)}")]
        if a == "discard_opponent":
            self._leave_play(1 - coach, choice, them.discard)
            return [said(f"{me.name} sends {them.name}'s {self._card(choice)} to the discard pile")]
        if a == "play_card":
            me.hand.move(choice, me.play)
            self._push_abilities(coach, choice)
            return [said(f"{me.name} also plays {self._card(choice)}")]
        if a == "injury":
            self._then(todo("injury", CHANCE, 1 - coach))
            return [said(f"{me.name} injures a random card of {them.name}'s hand")]
        if a == "substitution":
            me.penalty.move(YELLOW_RED, s.supply)
            return [said(f"{me.name}'s substitution removes the yellow card")]
        if a == "foul":
            booked = them if self.rules.foul_booked == "opponent" else me
            if len(booked.penalty):
                booked.red = True
                return [said(f"{booked.name} gets a second yellow: the card turns red")]
            s.supply.move(YELLOW_RED, booked.penalty)
            return [said(f"{booked.name} gets a yellow card")]
        if a == "fatigue":
            s.supply.move(FATIGUE, them.hand if self.rules.fatigue_to == "hand" else them.discard)
            return [said(f"{them.name} takes a Fatigue card")]
        if a == "control_advance":
            self._clear_play_areas(card)
            return [said(f"{me.name} controls and advances: a successful pass"), *self._end_round("kept")]
        self._clear_play_areas(card)  # special_shot
        self._then(
            todo("pick_shot", coach, coach),
            todo("pick_defense", 1 - coach, 1 - coach),
            todo("special_result", AUTO, coach),
        )
        return [said(f"{me.name} goes for a Special Shot")]

    def _clear_play_areas(self: TsubasaGame, card: str) -> None:
        """Every played card goes to its discard pile; the card used goes to the box."""
        s = self.state
        for coach, c in enumerate(s.coaches):
            if card in c.play:
                c.play.move(card, s.box)
            for other in c.play.clear():
                self._discard_of(coach, other).add(other)
        self.pending.clear()

    def _do_injury(self: TsubasaGame, task: Task, card: str) -> list[Event]:
        victim = self.state.coaches[task.coach]
        victim.hand.move(card, victim.discard)
        return [said(f"{victim.name} discards {self._card(card)}")]

    def _card(self: TsubasaGame, card: str) -> Card:
        return self.state.data.cards[card]
