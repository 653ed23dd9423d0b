"""The deck phase: draw from the round's level deck, keep what the bracket allows, remove cards.

Each player in turn draws (one chance step per card, exact over the level deck's top layer),
then keeps cards one at a time, may throw back what is left and draw as many again once (before
or after the first keep), and finally removes any cards they like. Cards thrown back or removed
go to their level's discard compartment; a full compartment is shuffled and put under its deck.
Starting cards that are removed go back to the box. The Robot takes the next cards of its pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from playground.core.engine import CHANCE, Action, Event
from playground.core.numbers import shown

from .actions import DoneRemoving, Keep, Redraw, Remove, StopKeeping, card_action
from .rules import SHUFFLE_COMPARTMENT
from .state import AUTO, FAN, DeckPhase, Task

REDRAW, STOP_KEEPING, DONE_REMOVING = Redraw(), StopKeeping(), DoneRemoving()
"""The deck phase's moves that name no card (values: one of each serves every phase)."""

if TYPE_CHECKING:
    from .engine import ChallengersGame


TASK_WORDS = {
    "pick": "keeps cards from those drawn",
    "remove": "may remove cards from their deck",
    "first": "starts the match by revealing a card",
    "attack": "is playing a match: reveal the next card or take the flag",
}
"""What a player is doing at each kind of decision, for the refusals."""


MAX_CHOSEN = 200
"""Cards in one chosen deck at most (more than the game holds of every card but the fans)."""


def checked_decks(
    decks: Any, players: int, available: Mapping[str, int]
) -> tuple[tuple[str, ...], ...] | None:
    """The decks chosen at set-up, as tuples of card ids, or a ValueError naming what is wrong.

    decks: None, or one list of card ids per player (1 to MAX_CHOSEN each), no card asked for
    more often over all the decks than the game holds copies of it outside the Robot's pile.
    """
    if decks is None:
        return None
    if isinstance(decks, str) or not isinstance(decks, Sequence) or len(decks) != players:
        raise ValueError(
            f"decks must be one list of card ids per player ({players}), or None; got {shown(decks, 60)}"
        )
    chosen = []
    for seat, deck in enumerate(decks):
        if isinstance(deck, str) or not isinstance(deck, Sequence) or not 1 <= len(deck) <= MAX_CHOSEN:
            raise ValueError(
                f"decks[{seat}] must be a list of 1 to {MAX_CHOSEN} card ids; got {shown(deck, 60)}"
            )
        unknown = [c for c in deck if not isinstance(c, str) or c not in available]
        if unknown:
            raise ValueError(f"decks[{seat}] holds {shown(unknown[0], 40)}: not a card id of this data")
        chosen.append(tuple(deck))
    asked = Counter(c for deck in chosen for c in deck)
    short = [c for c, n in asked.items() if n > available[c]]
    if short:
        raise ValueError(
            f"the decks ask for {asked[short[0]]} copies of {shown(short[0])}; the game holds "
            f"{available[short[0]]} for the players"
        )
    return tuple(chosen)


class DeckPhaseFlow:
    """The deck-phase half of the engine (mixed into ChallengersGame)."""

    def _do_chosen_decks(self: ChallengersGame, task: Task, _: None) -> list[Event]:
        """Round 1 with decks chosen at set-up: every player's deck goes to the box, then each
        takes its chosen cards from the box first, then from the level decks and compartments
        (a set-up step, so a replay of the history makes the same trades)."""
        st = self.state
        for side in self.humans():
            for card, n in st.sides[side].deck.counts().items():
                st.sides[side].deck.move(card, st.box, n)
        sources = [st.box, *(z for level in st.levels.values() for z in [*level.layers, level.compartment])]
        events = []
        for side, cards in zip(self.humans(), task.extra, strict=True):
            for card in cards:
                next(z for z in sources if card in z).move(card, st.sides[side].deck)
            names = ", ".join(f"{n} {self.data.cards[c].name}" for c, n in sorted(Counter(cards).items()))
            events.append(Event(f"{self.player_name(side)} plays with the deck chosen at set-up: {names}."))
        return events

    def _deck_phase_tasks(self: ChallengersGame, side: int, line: tuple[str, int]) -> list[Task]:
        """A side's deck phase, with the (level, keep) its bracket shows this round."""
        if side == self.robot:
            return [Task("robot_grow", AUTO, side, line)]
        return [Task("phase_start", AUTO, side, line)]

    def _do_phase_start(self: ChallengersGame, task: Task, _: None) -> list[Event]:
        level, shown_keep = task.extra
        keep = min(shown_keep, self.rules.draw_per_round)  # you cannot keep more than you draw
        self.state.deck_phase = DeckPhase(level, keep)
        name = self.player_name(task.side)
        if keep == 0:
            self._then(Task("remove", task.side, task.side))
            return [Event(f"{name}'s bracket shows no new cards this round.")]
        draws = [Task("draw", CHANCE, task.side) for _ in range(self.rules.draw_per_round)]
        self._then(*draws, Task("pick", task.side, task.side))
        return [
            Event(f"{name} draws {self.rules.draw_per_round} cards from level {level} and may keep {keep}.")
        ]

    def _do_draw(self: ChallengersGame, task: Task, card: str) -> list[Event]:
        deck = self.state.levels[self.state.deck_phase.level]
        deck.top().move(card, self.state.sides[task.side].drawn)
        return [Event(f"{self.player_name(task.side)} draws {self.data.cards[card].name}.")]

    def _empty_level_deck(self: ChallengersGame, task: Task) -> list[Event]:
        """The level deck ran out: its compartment is shuffled in (a rules field says whether a
        compartment that is not full is), or there is nothing to draw."""
        deck = self.state.levels[self.state.deck_phase.level]
        if len(deck.compartment) and self.rules.empty_level_deck == SHUFFLE_COMPARTMENT:
            deck.recycle()
            self._then(task)
            return [Event(f"Level {deck.level} ran out: its compartment is shuffled and becomes the deck.")]
        if len(deck.compartment):
            return [Event(f"Level {deck.level} is empty and its compartment is not full: no card drawn.")]
        return [Event(f"Level {deck.level} and its compartment are empty: no card drawn.")]

    def _to_compartment(self: ChallengersGame, card: str, source) -> list[Event]:
        """Put a level card in its compartment; a full compartment is shuffled under its deck. A
        card of the set left out of this tournament (a deck chosen at set-up may hold one) goes
        back to the box instead: it is no card of the level decks."""
        if self.data.cards[card].set == self.state.left_out:
            source.move(card, self.state.box)
            return []
        deck = self.state.levels[self.data.cards[card].level]
        source.move(card, deck.compartment)
        if len(deck.compartment) >= self.rules.compartment_size:
            deck.recycle()
            return [Event(f"The level {deck.level} compartment is full: shuffled and put under the deck.")]
        return []

    # -- keeping -------------------------------------------------------------------------------

    def _options_pick(self: ChallengersGame, task: Task) -> list[Action]:
        phase, drawn = self.state.deck_phase, self.state.sides[task.side].drawn
        cards = self.data.cards
        options: list[Action] = [card_action(Keep, c, cards[c].name) for c in drawn.kinds()]
        if phase.redraws < self.rules.redraws_per_phase and len(drawn):
            options.append(REDRAW)
        if self.rules.may_keep_fewer or not len(drawn):
            options.append(STOP_KEEPING)
        return options

    def _do_pick(self: ChallengersGame, task: Task, action: Action) -> list[Event]:
        phase, me = self.state.deck_phase, self.state.sides[task.side]
        name = self.player_name(task.side)
        if isinstance(action, Redraw):
            n = len(me.drawn)
            if not phase.redraws:  # before any redraw, the round drew the cards in hand and those kept
                phase.round_drew = n + phase.kept
            phase.redraws += 1
            new = n if self.rules.redraw_draws == "as many as thrown back" else phase.round_drew
            events = [Event(f"{name} throws back {n} cards and draws {new} new ones.")]
            for card in list(me.drawn):
                events += self._to_compartment(card, me.drawn)
            self._then(*[Task("draw", CHANCE, task.side) for _ in range(new)], task)
            return events
        if isinstance(action, Keep):
            phase.kept += 1
            me.drawn.move(action.card, me.deck)
            kept = self.data.cards[action.card].name  # the card's own name, whatever the action says
            events = [Event(f"{name} keeps {kept}.")] + self._on_selection(task.side, action.card)
            if phase.kept < phase.keep and len(me.drawn):
                self._then(task)
                return events
        else:
            events = [Event(f"{name} keeps no more cards.")]
        for card in list(me.drawn):
            events += self._to_compartment(card, me.drawn)
        self._then(Task("remove", task.side, task.side))
        return events

    def _on_selection(self: ChallengersGame, side: int, card: str) -> list[Event]:
        c = self.data.cards[card]
        if c.timing == "upon_selection" and c.effect == "fans":
            return self._gain_fans(side, c.amount, c.name)
        return []

    def _gain_fans(self: ChallengersGame, side: int, n: int, because: str) -> list[Event]:
        """Fans from the general reserve (as many as are left there)."""
        n = min(n, len(self.state.reserve))
        if n:
            self.state.reserve.move(FAN, self.state.sides[side].fans, n)
            self._rescore()
        return [Event(f"{self.player_name(side)} gains {n} fan(s) ({because}).")]

    # -- removing ------------------------------------------------------------------------------

    def _options_remove(self: ChallengersGame, task: Task) -> list[Action]:
        deck = self.state.sides[task.side].deck
        options: list[Action] = [DONE_REMOVING]
        if len(deck) > self.rules.min_deck:
            cards = self.data.cards
            options += [card_action(Remove, c, cards[c].name) for c in deck.kinds()]
        return options

    def _do_remove(self: ChallengersGame, task: Task, action: Action) -> list[Event]:
        me, name = self.state.sides[task.side], self.player_name(task.side)
        if isinstance(action, DoneRemoving):
            self.state.deck_phase = None
            return [Event(f"{name} shuffles a deck of {len(me.deck)} cards.")]
        card = self.data.cards[action.card]
        self._then(task)
        if card.level == "S" or card.set == self.state.left_out:
            me.deck.move(card.id, self.state.box)
            why = "a starting card" if card.level == "S" else "its set is out of this tournament: it"
            return [Event(f"{name} removes {card.name}: {why} goes back to the box.")]
        return [
            Event(f"{name} removes {card.name} to the level {card.level} compartment.")
        ] + self._to_compartment(card.id, me.deck)

    def _do_robot_grow(self: ChallengersGame, task: Task, _: None) -> list[Event]:
        """The Robot's deck phase: the next cards of its pile (of its bracket's level, by default)."""
        level, keep = task.extra
        how = self.rules.robot_grows
        if how == "never" or not keep:
            return [Event("The Robot adds no cards this round.")]
        pile, robot = self.state.robot_pile, self.state.sides[task.side]
        cards = pile.clear()
        fits = [i for i, c in enumerate(cards) if how == "in order" or self.data.robot_levels[c] == level]
        taken = set(fits[:keep])
        for i, card in enumerate(cards):
            (robot.deck if i in taken else pile).add(card)
        names = ", ".join(self.data.cards[cards[i]].name for i in sorted(taken))
        if not names:
            names = "nothing (its pile is empty)" if how == "in order" else f"nothing (no level {level} left)"
        return [Event(f"The Robot adds {names}.")]

    # -- refusals ------------------------------------------------------------------------------

    def _deck_phase_why(self: ChallengersGame, task: Task, action: Action) -> str | None:
        phase, me = self.state.deck_phase, self.state.sides[task.side]
        name = self.player_name(task.side)
        if isinstance(action, Keep | Redraw | StopKeeping) and task.kind != "pick":
            if phase is not None and task.kind == "remove":
                return (
                    f"{name} has finished keeping cards this round ({phase.kept} kept; the bracket "
                    f"allows {phase.keep}): no more can be kept or drawn again."
                )
            return (
                "Keeping and drawing again happen in the deck phase; now "
                f"{name} {TASK_WORDS.get(task.kind, 'plays on')}."
            )
        if isinstance(action, Keep | Remove) and not isinstance(action.card, str):
            what = "keep" if isinstance(action, Keep) else "remove"
            return (
                f"A card to {what} is named by its id, a text such as 'rookie'; got "
                f"{shown(action.card, 40)}. legal_actions() lists the cards {name} may {what} now."
            )
        if isinstance(action, Keep) and action.card not in me.drawn:
            drawn = ", ".join(self.data.cards[c].name for c in me.drawn)
            return f"{name} can only keep a card they drew this round: {drawn}."
        if isinstance(action, Redraw) and phase is not None and not len(me.drawn):
            return (
                f"{name} holds no drawn cards to throw back: drawing again draws as many new cards "
                "as are thrown back, so with none there is nothing to draw again."
            )
        if isinstance(action, Redraw) and not self.rules.redraws_per_phase:
            return f"The rules allow no drawing again (redraws_per_phase is 0), so {name} cannot."
        if isinstance(action, Redraw):
            return (
                f"{name} has already drawn again {phase.redraws} time(s) this deck phase, the most "
                f"the rules allow ({self.rules.redraws_per_phase})."
            )
        if isinstance(action, StopKeeping):
            return f"{name} must keep {phase.keep} cards this round (the rules say you may not keep fewer)."
        if isinstance(action, Remove):
            if task.kind != "remove":
                return "Cards are removed at the end of the deck phase, not now."
            if len(me.deck) <= self.rules.min_deck:
                return f"{name}'s deck must keep at least {self.rules.min_deck} card(s)."
            return f"{action.name or action.card} is not in {name}'s deck."
        return None
