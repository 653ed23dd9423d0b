"""The act phase: what a player may do after moving, until they end the week.

After the move a player may enter a tournament (``entering.py``) and pay tokens for special
actions, as many as they can afford: Training reserves an empty tournament with a face-down
schedule card, Travel flies the piece to any space (the arrival is in ``moving.py``) and a Health
attack sends another player to the Injury space. Ending the week closes the phase.

An injured player stays on the Injury space for some weeks. In each of those turns they may spend
Health tokens, each one a week less (fit again at none, and back on tour that same turn), use the
special actions the rules allow, or rest a week.

The rest are the small payments the game asks for: the champion's penalty on a player who cannot
qualify (a schedule card discarded, tokens taken), the tokens a Let card makes a player give back
to the bag, and the week's discard of a player who entered no tournament with a schedule card.

Readings the engine makes here (each a ``Rules`` field):

- The injury weeks are the turns after the one you land on the Injury space; that turn is still
  yours (Health, and the special actions ``Rules.injured_actions`` allows). With
  ``Rules.injury_landing_counts`` the landing turn is the first of them.
- A failed qualification uses no card, so the week's discard still follows
  (``Rules.failed_qualify_week_discard``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from playground.core.engine import Action, Event

from .actions import (
    Discard,
    EndTurn,
    Enter,
    GiveBack,
    Heal,
    Injure,
    Qualify,
    RollNow,
    ServeWeek,
    Take,
    Train,
    Travel,
)
from .cards import Card
from .rules import TOKEN_TYPES
from .state import AUTO, Player, Task

if TYPE_CHECKING:
    from .engine import TiebreakGame


class SpecialsPhase:
    """The act phase's options and effects: special actions, Injury, penalties, mixed into the engine."""

    # -- the act phase -----------------------------------------------------------------------------

    def _options_act(self: TiebreakGame, task: Task) -> list[Action]:
        options: list[Action] = [EndTurn()]
        if self.state.players[task.player].injured_weeks:  # the week you land on the Injury space
            return options + self._injured_options(task.player)
        if not self.entered:
            options += self._entries(task.player)
        return options + self._specials(task.player, travel=True)

    def _do_act(self: TiebreakGame, task: Task, action: Action) -> list[Event]:
        p = task.player
        me = self.state.players[p]
        if isinstance(action, EndTurn):
            return [Event(f"{me.name} ends the week.")]
        self._then(task)  # acting goes on until the player ends the week
        return self._do_chosen(p, action)

    def _options_prepare(self: TiebreakGame, task: Task) -> list[Action]:
        """Before the roll (Rules.specials_before_roll): roll now, pay for a special action, or
        (Rules.remote_before_roll) enter United/Final from afar; once injured by then, only what
        an injured player may do: Health, and no Travel."""
        p = task.player
        if self.state.players[p].injured_weeks:
            return [RollNow(), *self._injured_options(p)]
        here = self.state.players[p].position
        early = self.rules.remote_before_roll and not self.entered
        remote = [a for a in self._entries(p) if a.space != here] if early else []  # United/Final from afar
        return [RollNow(), *remote, *self._specials(p, travel=True)]

    def _do_prepare(self: TiebreakGame, task: Task, action: Action) -> list[Event]:
        me = self.state.players[task.player]
        if isinstance(action, RollNow):
            if me.injured_weeks and self.tasks and self.tasks[0].kind == "roll":  # landed on Injury
                self.tasks.popleft()  # no movement roll: the act phase offers what an injured player may do
                return [Event(f"{me.name} is injured: no roll this week.")]
            return []
        self._then(task)  # paying (or entering United/Final from afar) goes on until the player rolls
        return self._do_chosen(task.player, action)

    def _do_chosen(self: TiebreakGame, p: int, action: Action) -> list[Event]:
        """What a player chose before the roll or in the act phase (both offer these): heal, enter
        or qualify, or a special action."""
        if isinstance(action, Heal):
            return self._heal(self.state.players[p])
        if isinstance(action, Enter):
            return self._enter(p, action)
        if isinstance(action, Qualify):
            return self._qualify(p, action)
        return self._special(p, action)

    # -- special actions ---------------------------------------------------------------------------

    def _specials(self: TiebreakGame, p: int, travel: bool) -> list[Action]:
        """The special actions a player can pay for now: Training, Travel, a Health attack."""
        me = self.state.players[p]
        options: list[Action] = []
        if me.tokens["training"] >= self.rules.training_cost:
            empty = [
                i
                for i in self.board.tournaments
                if i not in self.state.titles and i not in self.state.reservations
            ]
            match = self.rules.training_needs_match
            for card in sorted(set(me.schedule)):
                options += [
                    Train(card, i, self.board.spaces[i].name)
                    for i in empty
                    if not match or self.board.spaces[i].points == card.points
                ]
        pays = (["tokens"] if me.tokens["travel"] >= self.rules.travel_cost else []) + (
            ["ticket"] if me.held_let("keep_travel") else []
        )
        for pay in pays if travel else ():
            options += self._travel_options(me.position, pay)
        if me.tokens["health"] >= self.rules.health_attack_cost and self.rules.injury_weeks:
            again = self.rules.injured_can_be_injured
            options += [
                Injure(q)
                for q in range(self.players)
                if q != p and (again or self.state.players[q].injured_weeks == 0)
            ]
        return options

    def _special(self: TiebreakGame, p: int, action: Action) -> list[Event]:
        """Carry out a paid special action (Training, Travel, a Health attack)."""
        me = self.state.players[p]
        if isinstance(action, Train):
            self._spend(me, "training", self.rules.training_cost)
            me.schedule.remove(action.card)
            self.state.reservations[action.space] = (p, action.card)
            self.card_used |= not self.rules.reservation_costs_week  # the reserved card is the week's
            return [Event(f"{me.name} reserves {action.name} with a face-down {action.card}.")]
        if isinstance(action, Travel):
            if action.pay == "tokens":
                self._spend(me, "travel", self.rules.travel_cost)
            else:
                self._return_let(me, "keep_travel")
            return [Event(f"{me.name} flies to {action.name}.")] + self._arrive(p, action.to, by_dice=False)
        if isinstance(action, Injure):
            self._spend(me, "health", self.rules.health_attack_cost)
            return self._injure(action.target, f"{me.name} sends {self.player_name(action.target)}")
        raise AssertionError(action)

    def _spend(self: TiebreakGame, player: Player, token: str, n: int) -> None:
        """Pay n tokens of one type back into the bag."""
        player.tokens[token] -= n
        self.state.bag[token] += n

    # -- Injury and healing ------------------------------------------------------------------------

    def _injure(self: TiebreakGame, p: int, lead: str, there: bool = False) -> list[Event]:
        """Put player p on the Injury space for the rules' weeks; lead says who sends them
        ("Ash sends Billie"), or, there, how they got there ("Ash lands on the Injury space")."""
        who, weeks = self.state.players[p], self.rules.injury_weeks
        said = f"{lead}: injured" if there else f"{lead} to the Injury space"
        if not weeks:
            return [Event(f"{said}, but injuries last 0 weeks.")]
        who.position = self.board.injury
        who.injured_weeks = (
            weeks  # with Rules.injury_landing_counts the landing week is one (see _do_end_week)
        )
        return [Event(f"{said} for {weeks} week{'' if weeks == 1 else 's'}.")]

    def _options_injured(self: TiebreakGame, task: Task) -> list[Action]:
        return [ServeWeek(), *self._injured_options(task.player)]

    def _injured_options(self: TiebreakGame, p: int) -> list[Action]:
        """What an injured player may do besides ending the week: Health, and the allowed specials."""
        options: list[Action] = [Heal()] if self.state.players[p].tokens["health"] else []
        if self.rules.injured_actions == "all but travel":
            options += self._specials(p, travel=False)
        return options

    def _do_injured(self: TiebreakGame, task: Task, action: Action) -> list[Event]:
        me = self.state.players[task.player]
        if isinstance(action, Heal):
            events = self._heal(me)
            if me.injured_weeks == 0 and self.rules.healed_turn == "rests":
                self._then(Task("end_week", AUTO, task.player))
            elif me.injured_weeks == 0:  # back on tour this very week (Rules.healed_turn)
                self._then(*self._week_on_tour(task.player))
            else:
                self._then(task)
            return events
        if not isinstance(action, ServeWeek):  # Training or a Health attack from the Injury space
            self._then(task)
            return self._special(task.player, action)
        me.injured_weeks -= 1
        self._then(Task("end_week", AUTO, task.player))
        return [Event(f"{me.name} rests a week ({me.injured_weeks} left).")]

    def _heal(self: TiebreakGame, me: Player) -> list[Event]:
        """Spend one Health token: a week less injured."""
        self._spend(me, "health", 1)
        me.injured_weeks -= 1
        if me.injured_weeks == 0:
            return [Event(f"{me.name} spends a Health token and is fit again.")]
        left = f"{me.injured_weeks} week{'s' if me.injured_weeks != 1 else ''}"
        return [Event(f"{me.name} spends a Health token: {left} left.")]

    # -- penalties, give-backs and discards --------------------------------------------------------

    def _options_discard(self: TiebreakGame, task: Task) -> list[Action]:
        return [Discard(c) for c in sorted(set(self.state.players[task.player].schedule))]

    _options_penalty_card = _options_discard

    def _do_discard(self: TiebreakGame, task: Task, action: Discard) -> list[Event]:
        me = self.state.players[task.player]
        self._discard(me, action.card)
        return [Event(f"{me.name} lets a week pass and discards {action.card}.")]

    @staticmethod
    def _discard(player: Player, card: Card) -> None:
        """A schedule card goes to its owner's discards."""
        player.schedule.remove(card)
        player.discards[card] += 1

    def _options_penalty_tokens(self: TiebreakGame, task: Task) -> list[Action]:
        victim = self.state.players[task.player].tokens
        k = min(self.rules.failed_qualify_tokens, sum(victim.values()))
        if k == 0:  # nothing to take: the step is skipped
            return []
        return [
            Take(combo)
            for combo in combinations_with_replacement(TOKEN_TYPES, k)
            if all(combo.count(t) <= victim[t] for t in set(combo))
        ]

    def _do_penalty_card(self: TiebreakGame, task: Task, action: Discard) -> list[Event]:
        victim = self.state.players[task.player]
        self._discard(victim, action.card)
        return [Event(f"The champion makes {victim.name} discard {action.card}.")]

    def _do_penalty_tokens(self: TiebreakGame, task: Task, action: Take) -> list[Event]:
        victim = self.state.players[task.player]
        champion = self.state.players[task.actor]
        for t in action.tokens:
            victim.tokens[t] -= 1
            champion.tokens[t] += 1
        return [
            Event(f"{champion.name} takes {', '.join(action.tokens)} from {victim.name}.")
        ] + self._top_ranker_wildcards()

    def _options_give_back(self: TiebreakGame, task: Task) -> list[Action]:
        return [GiveBack(t) for t in TOKEN_TYPES if self.state.players[task.player].tokens[t]]

    def _do_give_back(self: TiebreakGame, task: Task, action: GiveBack) -> list[Event]:
        me = self.state.players[task.player]
        self._spend(me, action.token, 1)
        return [Event(f"{me.name} puts a {action.token} token back in the bag.")]
