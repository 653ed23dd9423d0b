"""Moving: the roll, the move, and what the space a piece arrives at asks for.

A turn on tour starts with a roll of the two number dice and the direction die. The number dice
say how many spaces the piece goes; the direction die picks the road at a fork (in the 'every
move' variant it sets the direction too). When the roll can end on more than one space the
player picks one; otherwise the piece goes straight there. Doubles make the move an Ace: a
tournament played on the space the dice reached starts with an extra tie-break point.

Arriving is where the board acts on a player. The Injury space puts them out for some weeks
(``specials.py``); a Let space draws a Let card from its pile; a space where another player is
champion forces a challenge (``entering.py``). A Let card either acts at once (draw tokens, give
some back, move a few spaces) or is kept for later (a plane ticket, an Invitation that stands in
for a Wildcard); every card goes to the bottom of the pile it came from, a kept one once it is
spent. A flight, paid with Travel tokens or a ticket, arrives too, but it is not a roll, so it
is never an Ace.

Readings the engine makes here, and why:

- Arriving at a champion's space forces a qualification attempt only until the player has
  had the week's tournament (a real entry, or a failed attempt while Rules.failed_qualify_is_entry
  says that counts): a later arrival the same week (by a flight, say) forces nothing, unless
  Rules.challenge_after_entry is on.
- A Let card that moves you onto another Let space draws no second card by our ruling
  (Rules.let_chain allows up to 5 more a week: a cap, since two piles that send you to each other
  would otherwise loop for ever).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playground.core.engine import CHANCE, Action, Event

from .actions import Move, Roll, Travel
from .state import LetPile, Player, Task

if TYPE_CHECKING:
    from .engine import TiebreakGame


class MovingPhase:
    """The roll, the move and the arrival, with the Let cards, mixed into the engine."""

    # -- the roll and the move ---------------------------------------------------------------------

    def _do_roll(self: TiebreakGame, task: Task, roll: Roll) -> list[Event]:
        me = self.state.players[task.player]
        steps = roll.first + roll.second
        key = (me.position, steps, *self.rules.move_of(roll.face))
        options = self._ends.get(key)
        if options is None:  # each move is walked once per board, not once per roll
            options = self._ends[key] = self.board.move_ends(*key)
        events = [Event(f"{me.name} rolls {roll}" + (" (doubles: an Ace!)" if roll.doubles else "") + ".")]
        self.doubles = roll.doubles
        if len(options) == 1:
            return events + self._arrive(task.player, options[0], by_dice=True)
        self.move_options = options
        self._then(Task("move", task.player, task.player))
        return events

    def _options_move(self: TiebreakGame, task: Task) -> list[Action]:
        return [Move(i, self.board.spaces[i].name) for i in self.move_options]

    def _do_move(self: TiebreakGame, task: Task, action: Move) -> list[Event]:
        return self._arrive(task.player, action.to, by_dice=True)

    def _travel_options(self: TiebreakGame, position: int, pay: str) -> list[Travel]:
        """Travel to every other space, paid one way: made once per game for each start and pay."""
        key = (position, pay)
        if key not in self._travels:
            spaces = enumerate(self.board.spaces)
            self._travels[key] = [Travel(i, s.name, pay) for i, s in spaces if i != position]
        return self._travels[key]

    # -- arriving ----------------------------------------------------------------------------------

    def _arrive(self: TiebreakGame, p: int, position: int, by_dice: bool) -> list[Event]:
        """Put a piece on a space and queue what that space asks for."""
        me = self.state.players[p]
        me.position = position
        space = self.board.spaces[position]
        self.ace_space = position if by_dice and self.doubles else None
        self.arrival_kind = space.kind
        self.blocked_this_week |= space.kind in ("let", "injury")
        events = [Event(f"{me.name} arrives at {space.name}.")]
        if space.kind == "injury":
            return events + self._injure(p, f"{me.name} lands on the Injury space", there=True)
        if space.kind == "let":
            self._then(Task("let_draw", CHANCE, p))
        elif self._defended(position, p) and (not self.entered or self.rules.challenge_after_entry):
            self.entered = self.entered or self.rules.failed_qualify_is_entry  # qualifying sets it anyway
            if self._options_challenge(Task("challenge", p, p)):
                self._then(Task("challenge", p, p))
            else:
                champion = self.state.titles[position][0]
                cards, tokens = self.rules.failed_qualify_cards, self.rules.failed_qualify_tokens
                takes = " and ".join(t for t, n in (("a card", cards), ("tokens", tokens)) if n) or "nothing"
                events.append(
                    Event(
                        f"{me.name} cannot qualify against {self.player_name(champion)}: "
                        f"the champion takes {takes}."
                    )
                )
                if cards:  # a penalty card is the week's discard, unless the rules want one more
                    self.card_used |= not self.rules.failed_qualify_week_discard
                penalties = [Task("penalty_card", champion, p)] * cards
                if self.rules.failed_qualify_tokens:
                    penalties.append(Task("penalty_tokens", champion, p))
                self._then(*penalties)
        return events

    # -- Let cards ---------------------------------------------------------------------------------

    def _do_let_draw(self: TiebreakGame, task: Task, card: Any) -> list[Event]:
        self._take_from(self.state.let_unseen, card.id)
        self._let_pile(task.player).unseen -= 1
        return self._let_effect(task.player, card)

    def _let_effect(self: TiebreakGame, p: int, card: Any) -> list[Event]:
        me = self.state.players[p]
        events = [Event(f"{me.name} draws the Let card {card.name}: {card.description}")]
        pile = self._let_pile_at(me.position)
        if card.effect in ("keep_wildcard", "keep_travel"):
            me.lets.append((card, pile))
        else:
            self.state.let_piles[pile].seen.append(card.id)
        if card.effect == "draw_tokens":
            self._then(Task("draw_token", CHANCE, p, card.amount))
        elif card.effect == "lose_token" and me.token_count():
            self._then(*[Task("give_back", p, p)] * min(card.amount, me.token_count()))
        elif card.effect == "move":
            direction = "clockwise" if card.amount > 0 else "counter"
            to = self.board.destinations(me.position, abs(card.amount), direction, "main")[0]
            space = self.board.spaces[to]
            keep_ace = self.rules.ace_after_let_move and self.ace_space is not None
            if space.kind == "let" and self.lets_chained >= self.rules.let_chain:  # Rules.let_chain
                me.position = to
                self.ace_space = to if keep_ace else None
                more = "second" if not self.rules.let_chain else "further"
                events.append(Event(f"{me.name} moves to {space.name} (no {more} Let card this week)."))
            else:
                self.lets_chained += space.kind == "let"
                events += self._arrive(p, to, by_dice=keep_ace)
        return events

    def _return_let(self: TiebreakGame, me: Player, effect: str) -> None:
        """Spend a kept Let card: it goes to the bottom of the pile it was drawn from."""
        held = next(h for h in me.lets if h[0].effect == effect)
        me.lets.remove(held)
        self.state.let_piles[held[1]].seen.append(held[0].id)

    def _let_pile(self: TiebreakGame, player: int) -> LetPile:
        """The pile of the Let space the drawing player stands on."""
        return self.state.let_piles[self._let_pile_at(self.state.players[player].position)]

    def _let_pile_at(self: TiebreakGame, position: int) -> int:
        """The index of the Let pile drawn from at a Let space."""
        return 0 if len(self.state.let_piles) == 1 else self.board.let_spaces.index(position)
