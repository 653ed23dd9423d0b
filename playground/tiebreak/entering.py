"""Entering a tournament, or qualifying against its champion.

After moving, a player may enter one tournament a week, with a schedule card worth the
tournament's points: the one where their piece stands, or United or Final from anywhere (unless a
Let or Injury space acted on them this week). A tournament with no champion takes the card
alone. One where another player is champion takes a Wildcard as well, to qualify: a Wildcard
token, a pair of Sponsor tokens or an Invitation Let card (the Top Ranker qualifies without one).
Landing on a champion's space is a forced challenge: qualify there and then, or the champion
makes the player discard a card and takes some of their tokens (``specials.py``). A tournament
another player reserved by Training is played against the reserver's face-down card, on equal
terms; one a player reserved themselves can be played as vacant with the reserved card
(``Rules.own_reservation``).

A player who is injured cannot defend: their titles count as vacant to visitors (the rulebook
says so), and by our ruling a tournament they reserved does too, its reserved card lost if the
visitor wins (``Rules.injured_reservation``; "closed" keeps visitors out until they are fit).
Entering another player's reserved United or Final from afar plays the Training tie-break as
arriving does, by our ruling (``Rules.remote_reservation``; "closed" lets in only a player on it).

The tie-break that follows is in ``contest.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playground.core.engine import Action, Event

from .actions import Enter, Qualify
from .state import Contest, Player, Task

if TYPE_CHECKING:
    from .engine import TiebreakGame


class EnteringPhase:
    """Which tournaments a player may enter or qualify for, and entering them, mixed into the engine."""

    # -- what a player may enter -------------------------------------------------------------------

    def _entries(self: TiebreakGame, p: int) -> list[Action]:
        """Tournaments the player may enter now: where they stand, or United/Final from afar."""
        me = self.state.players[p]
        spaces = [me.position]
        if self.rules.remote_united_final and not self._remote_blocked():
            spaces += [
                i
                for i in self.board.tournaments
                if self.board.spaces[i].kind in ("united", "final") and i != me.position
            ]
        options: list[Action] = []
        for i in spaces:
            space = self.board.spaces[i]
            if not space.is_tournament or self.state.titles.get(i, (None,))[0] == p:
                continue
            if self._defended(i, p):
                if i != me.position:  # a champion on your own space is a forced challenge instead
                    options += self._qualifications(p, i)
                continue
            reserved = self.state.reservations.get(i)
            if reserved and reserved[0] == p:
                if self.rules.own_reservation == "play as vacant":
                    options.append(Enter(i, space.name, reserved[1]))
                continue
            if reserved and self.rules.injured_reservation == "closed" and self._unfit(reserved[0]):
                continue
            if reserved and i != me.position and self.rules.remote_reservation == "closed":
                continue
            options += [Enter(i, space.name, c) for c in sorted(set(me.schedule)) if c.points == space.points]
        return options

    def _remote_blocked(self: TiebreakGame) -> bool:
        """Are United/Final from afar closed now, after a Let or Injury space acted on the player?"""
        if self.rules.remote_block == "whole week":
            return self.blocked_this_week
        return self.arrival_kind in ("let", "injury")

    def _defended(self: TiebreakGame, position: int, p: int) -> bool:
        """Is there a champion other than p, fit to defend, at this space?"""
        holder = self.state.titles.get(position)
        return holder is not None and holder[0] != p and not self._unfit(holder[0])

    def _unfit(self: TiebreakGame, p: int) -> bool:
        """Is p injured now, so cannot defend a title or play a reservation?"""
        return bool(self.state.players[p].injured_weeks)

    def _qualifications(self: TiebreakGame, p: int, space: int) -> list[Action]:
        """Every way to qualify against the champion at space: a matching card and a Wildcard."""
        me = self.state.players[p]
        # the Top Ranker qualifies as such, with no Wildcard point (or, if the rules let them,
        # pays a Sponsor pair or an Invitation for the Wildcard's point)
        if self.state.top_ranker == p:
            pays = ["top ranker"]
            if self.rules.top_ranker_pays_wildcard:
                pays += [pay for pay in self._wildcard_payments(me) if pay != "wildcard"]
        else:
            pays = self._wildcard_payments(me)
        points = self.board.spaces[space].points
        cards = sorted(c for c in set(me.schedule) if c.points == points)
        return [Qualify(space, self.board.spaces[space].name, c, pay) for c in cards for pay in pays]

    def _wildcard_payments(self: TiebreakGame, me: Player) -> list[str]:
        """The ways a player can show a Wildcard: the token, a Sponsor pair, an Invitation card."""
        pays = []
        if me.tokens["wildcard"]:
            pays.append("wildcard")
        if me.tokens["sponsor"] >= self.rules.sponsor_cost:
            pays.append("sponsors")
        if me.held_let("keep_wildcard"):
            pays.append("invitation")
        return pays

    def _options_challenge(self: TiebreakGame, task: Task) -> list[Action]:
        return self._qualifications(task.player, self.state.players[task.player].position)

    def _do_challenge(self: TiebreakGame, task: Task, action: Qualify) -> list[Event]:
        return self._qualify(task.player, action)

    # -- entering ----------------------------------------------------------------------------------

    def _enter(self: TiebreakGame, p: int, action: Enter) -> list[Event]:
        me = self.state.players[p]
        self.entered = True
        reserved = self.state.reservations.get(action.space)
        ace = self.ace_space == action.space
        if reserved and reserved[0] == p:
            del self.state.reservations[action.space]
            self.card_used |= not self.rules.own_reservation_costs_week  # never undoes an earlier use
            self.state.contest = Contest(p, action.space, action.card, ace)
            text = f"{me.name} plays their reserved {action.name}: a vacant tournament."
        else:
            me.schedule.remove(action.card)
            self.card_used = True  # a card from the schedule entered: no week's discard
            self.state.contest = Contest(p, action.space, action.card, ace)
            text = f"{me.name} enters {action.name} with {action.card}."
            if reserved and not self._unfit(reserved[0]):
                c = self.state.contest
                c.kind, c.opponent, c.opponent_card = "training", reserved[0], reserved[1]
                del self.state.reservations[action.space]  # the face-down card is now in play
                text += f" {self.player_name(reserved[0])} reserved it: a tie-break on equal terms."
        self._then(Task("risk", p, p))
        return [Event(text)]

    def _qualify(self: TiebreakGame, p: int, action: Qualify) -> list[Event]:
        me = self.state.players[p]
        self.entered = self.card_used = True
        me.schedule.remove(action.card)
        paid: tuple[str, ...] = ()
        if action.pay == "wildcard":
            paid = ("wildcard",)
        elif action.pay == "sponsors":
            paid = ("sponsor",) * self.rules.sponsor_cost
        elif action.pay == "invitation":
            self._return_let(me, "keep_wildcard")
        for t in paid:
            me.tokens[t] -= 1
        champion, champion_card = self.state.titles[action.space]
        self.state.contest = Contest(
            p,
            action.space,
            action.card,
            self.ace_space == action.space,
            champion,
            champion_card,
            "defended",
            action.pay,
            paid,
        )
        self._then(Task("risk", p, p))
        return [
            Event(
                f"{me.name} qualifies for {action.name} ({action.pay}) and challenges "
                f"{self.player_name(champion)}."
            )
        ]
