"""The advanced rules: Motivation cards and Signings, bought with points.

Motivation (Rules.motivation) swaps a player played this round for his motivated card, whose
abilities are then used. The rulebook allows it "at any time during the match"; the engine asks
at the moments where a motivation can change something (Rules.motivation_when = "any time"): in
the coach's own attack turn, right after each card the coach plays (the 9th too, before the duel
begins), and at the start of the Shooting/Passing phase, the attacker first, then the defender
(a coach who has passed included). The variant "own turn" offers it only in the coach's own
attack turn. A Signing (Rules.signings) is bought in the coach's own attack turn, as the rulebook
says; a signed keeper replaces a keeper already played (Rules.replaced_keeper says where he goes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playground.core.engine import Action, Event

from .actions import Motivate, Sign, Skip
from .cards import Card
from .rules import POINT_KINDS
from .state import Task, said

if TYPE_CHECKING:
    from .engine import TsubasaGame

NO_MOTIVATION = Skip("motivation")
"""Declining a chance to motivate."""
NO_SIGNING = Skip("signing")
"""Declining a chance to sign a player (right after the card played this turn)."""


class AdvancedRules:
    """Motivation and Signings, mixed into the engine."""

    # -- Motivation ---------------------------------------------------------------------------------

    def _motivates_any_time(self: TsubasaGame) -> bool:
        """Are the rulebook's extra moments to motivate on (beyond the coach's own attack turn)?"""
        return self.rules.motivation and self.rules.motivation_when == "any time"

    def _motivations(self: TsubasaGame, coach: int) -> list[Action]:
        """The played cards this coach can motivate now (affordable, its motivated card set aside)."""
        if not self.rules.motivation:
            return []
        me = self.state.coaches[coach]
        return [Motivate(card) for card in dict.fromkeys(me.play) if self._motivation_for(coach, card)]

    def _options_motivate(self: TsubasaGame, task: Task) -> list[Action]:
        """A moment to motivate: the cards it can be done to, or nothing (the moment is skipped)."""
        found = self._motivations(task.coach)
        return [*found, NO_MOTIVATION] if found else []

    def _do_motivate(self: TsubasaGame, task: Task, action: Action) -> list[Event]:
        if isinstance(action, Skip):
            return [said(f"{self.player_name(task.coach)} motivates no one now")]
        return self._motivate(task.coach, action.card, task)

    def _motivation_for(self: TsubasaGame, coach: int, card: str) -> str | None:
        """The motivation card that can replace this played card now, if affordable."""
        me = self.state.coaches[coach]
        for m in me.motivation.kinds():
            if self._card(m).replaces == card and self._affordable(coach, self._card(m)):
                return m
        return None

    def _motivate(self: TsubasaGame, coach: int, card: str, back: Task) -> list[Event]:
        """Pay, swap the card for its motivated card (the old one to the box), use the new card's
        abilities, then ask the same decision again (back)."""
        s = self.state
        me = s.coaches[coach]
        m = self._motivation_for(coach, card)
        self._pay(coach, self._card(m))
        me.play.move(card, s.box)
        me.motivation.move(m, me.play)
        self.after_abilities = back
        return [said(f"{me.name} motivates {self._card(card)}"), *self._queue_abilities(coach, m)]

    # -- points ---------------------------------------------------------------------------------------

    def _affordable(self: TsubasaGame, coach: int, card: Card) -> bool:
        points = self.state.coaches[coach].points
        return all(points[k] >= n for k, n in zip(POINT_KINDS, card.cost, strict=True))

    def _pay(self: TsubasaGame, coach: int, card: Card) -> None:
        for k, n in zip(POINT_KINDS, card.cost, strict=True):
            self.state.coaches[coach].points[k] -= n

    # -- Signings -------------------------------------------------------------------------------------

    def _is_keeper(self: TsubasaGame, card: str) -> bool:
        c = self._card(card)
        return (
            c.kind == "keeper"
            or c.replaces == "keeper"
            or (c.kind == "motivation" and self._card(c.replaces).kind == "keeper")
        )

    def _can_sign(self: TsubasaGame, coach: int, card: str) -> bool:
        me = self.state.coaches[coach]
        if not self._affordable(coach, self._card(card)):
            return False
        if self._card(card).replaces == "keeper":
            return any(self._is_keeper(c) for c in me.play)
        return self.cards_in_play() < self.limit()

    def _signings(self: TsubasaGame, coach: int) -> list[Action]:
        """The signings this coach can make now (affordable, with room where the player needs it)."""
        if not self.rules.signings:
            return []
        return [Sign(card) for card in self.state.offer if self._can_sign(coach, card)]

    def _options_sign(self: TsubasaGame, task: Task) -> list[Action]:
        """After the card played this turn: a signing, or none (the moment is skipped if none can be made)."""
        found = self._signings(task.coach)
        return [*found, NO_SIGNING] if found else []

    def _do_sign(self: TsubasaGame, task: Task, action: Action) -> list[Event]:
        if isinstance(action, Skip):
            return [said(f"{self.player_name(task.coach)} signs no one now")]
        return self._sign(task.coach, action.card, task)

    def _sign(self: TsubasaGame, coach: int, card: str, back: Task) -> list[Event]:
        """Pay, bring the signing into the play area (a keeper for a keeper), use its abilities
        (unless Rules say a signing brings its values only), then ask the same decision again (back)."""
        s = self.state
        me = s.coaches[coach]
        self._pay(coach, self._card(card))
        events = []
        if self._card(card).replaces == "keeper":
            old = next(c for c in me.play if self._is_keeper(c))
            signed = self._card(old).kind == "signing" and self.rules.signed_players == "leave the match"
            to_box = self.rules.replaced_keeper == "box" or signed  # a signing that leaves the match
            self._leave_play(coach, old, s.box if to_box else me.discard)
            events.append(said(f"{self._card(old)} makes way"))
        s.offer.move(card, me.play)
        self.after_abilities = back
        then = self._queue_abilities(coach, card) if self.rules.signed_abilities else self._next_ability()
        return [said(f"{me.name} signs {self._card(card)}"), *events, *then]
