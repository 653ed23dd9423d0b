"""A match: the flag, attacks revealed card by card, the bench, and the trophy of the round.

The player who starts reveals one card and puts the flag on it. The other attacks: they reveal
cards one at a time until their attack total reaches the strength of the card with the flag,
and then they must take the flag (never one card more). The flag goes onto their last card, the
other cards of the attack go under it, and the loser of the flag sends that card and the ones
under it to their bench, one seat per card name. Then roles swap. An attacker whose deck runs
out before reaching the flag loses; so does a player who needs one seat more than the bench has.

Strengths (see cards.Card): an attack adds each card's strength, its on-reveal and
during-the-attack bonuses, and once the attacker's bench bonuses; the flag card counts its
strength, its on-reveal and with-flag bonuses, and (a rules field) its owner's bench bonuses.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from playground.core.engine import CHANCE, Action, Event

from .actions import Reveal, TakeFlag
from .state import Match, Task

REVEAL, TAKE_FLAG = Reveal(), TakeFlag()
"""The two moves of a match (values: one of each serves every match)."""

if TYPE_CHECKING:
    from .engine import ChallengersGame


class MatchFlow:
    """The competition half of the engine (mixed into ChallengersGame)."""

    # -- strengths -----------------------------------------------------------------------------

    def attack_total(self: ChallengersGame, side: int) -> int:
        """A side's attack total: every card it revealed in this attack plus its bench bonuses
        (side: a seat, the Robot's too; 0 while it has revealed nothing, and for a side that is
        not attacking now: the flag holder's cards are counted by flag_strength)."""
        side = self.seat(side, "side")
        m = self._match_on()
        attacking = m is not None and m.attacker == side and len(self.state.sides[side].play)
        return self._attack_total(side) if attacking else 0

    def flag_strength(self: ChallengersGame, side: int) -> int:
        """The strength of the card holding the flag in front of ``side``, with its bonuses.
        Asked while that side holds the flag in a match."""
        side = self.seat(side, "side")
        m = self._match_on()
        if m is None or m.flag != side:
            holder = (
                "nobody holds it: no match is being played"
                if m is None
                else "nobody holds it yet"
                if m.flag is None
                else f"{self.player_name(m.flag)} holds it"
            )
            raise ValueError(f"{self.player_name(side)} holds no flag now ({holder})")
        return self._flag_strength(side)

    def attack_reached(self: ChallengersGame, side: int) -> bool:
        """Has ``side``'s attack reached the strength it needs to take the flag? (False when
        no match is being played or that side is not the one attacking.)"""
        side = self.seat(side, "side")
        m = self._match_on()
        return m is not None and m.attacker == side and m.flag is not None and self._attack_reached(side)

    def _match_on(self: ChallengersGame) -> Match | None:
        """The match being played now: None between matches (the last one stays in the state,
        decided, through the next deck phase) and once the flag holder's play area is empty."""
        m = self.state.match
        if m is None or m.winner is not None or (m.flag is not None and not self.state.sides[m.flag].play):
            return None
        return m

    def _attack_total(self: ChallengersGame, side: int) -> int:
        cards = self.data.cards
        return sum(cards[c].attacking for c in self.state.sides[side].play) + self.state.bench_bonus(side)

    def _flag_strength(self: ChallengersGame, side: int) -> int:
        play = self.state.sides[side].play
        bench = self.state.bench_bonus(side) if self.rules.bench_bonus_defends else 0
        return self.data.cards[play[len(play) - 1]].holding + bench + self.state.match.first_bonus

    def _attack_reached(self: ChallengersGame, side: int) -> bool:
        m = self.state.match
        needed = self._flag_strength(m.flag) + (0 if self.rules.tie_takes_flag else 1)
        return bool(len(self.state.sides[side].play)) and self._attack_total(side) >= needed

    # -- starting ------------------------------------------------------------------------------

    def _do_match_start(self: ChallengersGame, task: Task, _: None) -> list[Event]:
        mat, a, b, *final = task.extra
        self.state.match = Match(mat, (a, b), final=bool(final))
        events = [Event(f"On mat {mat}: {self.player_name(a)} against {self.player_name(b)}.")]
        ra, rb = (self.state.sides[s].best_trophy_round() for s in (a, b))
        if ra != rb:
            starter = a if ra > rb else b
            self._then(Task("first", self._actor_of(starter), starter))
            return events + [Event(f"{self.player_name(starter)} holds the highest-round trophy and starts.")]
        self._then(Task("toss", CHANCE, 0, (a, b)))
        return events + [Event("The flag is tossed like a coin to see who starts.")]

    def _do_toss(self: ChallengersGame, task: Task, name: str) -> list[Event]:
        starter = next(s for s in task.extra if self.player_name(s) == name)
        self._then(Task("first", self._actor_of(starter), starter))
        return [Event(f"{name} wins the toss and starts.")]

    def _options_first(self: ChallengersGame, task: Task) -> list[Action]:
        return [REVEAL]

    def _do_first(self: ChallengersGame, task: Task, _: Action | None) -> list[Event]:
        """The starter reveals the first card, or, with no cards, loses at once: when both players
        have none (the rulebook has no such case), Rules.both_without_cards says who loses."""
        sides, other = self.state.sides, self.state.match.other(task.side)
        if not len(sides[task.side].deck):
            if not len(sides[other].deck) and self.rules.both_without_cards == "starter wins":
                return self._end_match(task.side, "Neither player has a card, so the one not starting loses")
            return self._end_match(other, f"{self.player_name(task.side)} has no cards")
        self._then(Task("reveal_draw", CHANCE, task.side, "first"))
        return [Event(f"{self.player_name(task.side)} reveals the first card.")]

    # -- attacking -----------------------------------------------------------------------------

    def _do_reveal_draw(self: ChallengersGame, task: Task, card: str) -> list[Event]:
        me = self.state.sides[task.side]
        me.deck.move(card, me.play)
        c = self.data.cards[card]
        events = [Event(f"{me.name} reveals {c.name} ({c.strength}).")]
        if c.timing == "on_reveal":
            events += self._on_reveal(task.side, c)
        m = self.state.match
        if task.extra == "first":
            m.flag = task.side
            m.first_bonus = c.bonus("during_attack") if self.rules.first_card_attack_bonus else 0
            events.append(Event(f"The flag goes on {c.name}: strength {self._flag_strength(task.side)}."))
            return events + self._attack_next(m.other(task.side))
        total, flag = self._attack_total(task.side), self._flag_strength(m.flag)
        events.append(Event(f"Attack total {total} against {flag}."))
        return events + self._attack_next(task.side, total >= flag + (0 if self.rules.tie_takes_flag else 1))

    def _on_reveal(self: ChallengersGame, side: int, card) -> list[Event]:
        if card.timing != "on_reveal":
            return []
        if card.effect == "fans":
            return self._gain_fans(side, card.amount, card.name)
        if card.effect == "rest":
            return self._rest_oldest_seat(side, card.name)
        return []

    def _rest_oldest_seat(self: ChallengersGame, side: int, because: str) -> list[Event]:
        me = self.state.sides[side]
        if not me.seats:
            return [Event(f"{because}: {me.name}'s bench is empty, nothing goes to the rest pile.")]
        name = me.seats.pop(0)
        for card in [c for c in me.bench.kinds() if self.data.cards[c].name == name]:
            me.bench.move(card, me.rest, me.bench.count(card))
        return [Event(f"{because}: {me.name}'s {name} seat goes to the rest pile.")]

    def _attack_next(self: ChallengersGame, side: int, reached: bool | None = None) -> list[Event]:
        """Queue the attacker's next move, or end the match if they cannot reach the flag.

        reached: whether their total already reaches the flag, when the caller has just worked
        it out (else it is worked out here, and only if their deck is empty).
        """
        m = self.state.match
        m.attacker = side
        if not len(self.state.sides[side].deck) and not (
            self._attack_reached(side) if reached is None else reached
        ):
            return self._end_match(m.flag, f"{self.player_name(side)} ran out of cards")
        self._then(Task("attack", self._actor_of(side), side))
        return []

    def _options_attack(self: ChallengersGame, task: Task) -> list[Action]:
        return [TAKE_FLAG] if self._attack_reached(task.side) else [REVEAL]

    def _do_attack(self: ChallengersGame, task: Task, action: Action | None) -> list[Event]:
        """Reveal or take the flag: a player's action was checked against ``_options_attack``,
        so it already says which; the Robot's (None) is worked out here."""
        reached = self._attack_reached(task.side) if action is None else action == TAKE_FLAG
        if not reached:
            self._then(Task("reveal_draw", CHANCE, task.side))
            return []
        return self._take_flag(task.side)

    def _take_flag(self: ChallengersGame, side: int) -> list[Event]:
        """The attack takes the flag. The losing card's when-losing-the-flag effect resolves first,
        as the rulebook times it (at the flag's removal): a rest effect frees a bench seat before
        the check for a full bench, so it can save a player at the limit."""
        m = self.state.match
        loser = m.flag
        them = self.state.sides[loser]
        lost = self.data.cards[them.play[len(them.play) - 1]]
        events = [Event(f"{self.player_name(side)} takes the flag from {lost.name}.")]
        if lost.timing == "losing_flag":
            if lost.effect == "fans":
                events += self._gain_fans(loser, lost.amount, lost.name)
            elif lost.effect == "rest":
                events += self._rest_oldest_seat(loser, lost.name)
        m.flag = side
        m.flag_moves += 1
        m.first_bonus = 0  # the first card no longer holds the flag
        names = list(dict.fromkeys(self.data.cards[c].name for c in them.play))
        new = [n for n in names if n not in them.seats]
        if len(them.seats) + len(new) > self.rules.bench_seats:
            return events + self._end_match(
                side, f"{them.name} needs a bench seat more than the {self.rules.bench_seats}", "bench full"
            )
        for card in them.play.clear():
            them.bench.add(card)
        them.seats += new
        events.append(Event(f"{them.name}'s bench: {len(them.seats)} of {self.rules.bench_seats} seats."))
        return events + self._attack_next(loser)

    def _end_match(self: ChallengersGame, winner: int, why: str, how: str = "ran out") -> list[Event]:
        st, m = self.state, self.state.match
        m.winner = winner
        st.match_log.append(
            {
                "round": "final" if m.final else st.round,
                "mat": m.mat,
                "players": " v ".join(self.player_name(s) for s in m.sides),
                "winner": self.player_name(winner),
                "how": how,
                "flag moves": m.flag_moves,
            }
        )
        events = [Event(f"{why}: {self.player_name(winner)} wins the match.")]
        if not m.final:
            trophy = st.stacks[m.mat - 1].pop_first()
            if winner == self.robot and self.rules.robot_trophy == "box":
                st.box.add(trophy)
                events.append(Event("The Robot's trophy goes back to the box."))
            elif winner == self.robot:
                st.sides[winner].trophies.add(trophy)
                events.append(Event(f"The Robot keeps the round {st.round} trophy (it is not ranked)."))
            else:
                st.sides[winner].trophies.add(trophy)
                self._rescore()
                events.append(Event(f"{self.player_name(winner)} takes the round {st.round} trophy."))
        for s in m.sides:
            me = st.sides[s]
            for zone in (me.play, me.bench, me.rest):
                for card, n in Counter(zone.clear()).items():  # copies together: one add each
                    me.deck.add(card, n)
            me.seats.clear()
        self._match_over(m)
        return events

    # -- refusals ------------------------------------------------------------------------------

    def _match_why(self: ChallengersGame, task: Task, action: Action) -> str | None:
        if not isinstance(action, Reveal | TakeFlag):
            return None
        if task.kind != "attack":
            return "Cards are revealed and the flag is taken in a match, not now."
        name, m = self.player_name(task.side), self.state.match
        total, flag = self._attack_total(task.side), self._flag_strength(m.flag)
        if isinstance(action, Reveal):
            return (
                f"{name}'s attack total {total} already reaches the flag's {flag}: you may not "
                "reveal more cards than you need. Take the flag."
            )
        return f"{name}'s attack total {total} is below the flag's {flag}: reveal another card first."
