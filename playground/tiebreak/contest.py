"""The tournament itself: risking tokens, the tie-break die or race, and who is champion after.

Once a player has entered, they risk team tokens (at most one of each type, by the rulebook), and
so does the reserver they meet in a Training tie-break: each token is a tie-break point. A vacant
tournament is one roll of the tie-break die: the player's bonuses, risked tokens and the die must
reach a target (7 by the rulebook). Against someone (the champion, or a player who reserved the
tournament by Training) it is a race: both sides start from their points before any die, then take
turns to roll the die and add it, and the first to reach 7 with a lead of 2 wins.

The points before any die are the bonuses: a card that matches the space, an Ace (doubles on the
move there) and, against a champion, a matching surface and the Wildcard that qualified the
challenger (none for the Top Ranker). A champion starts from a head start instead; a reserver
gets the matching-card point when their face-down card matches.

Afterwards a champion who defended keeps the challenger's tokens and every other risked token
goes back to the bag; the losing card is discarded and the winning card goes on the space as its
title, in place of the old champion's. Titles are ranking points: the player with the most holds
the Top Ranker card (and keeps no Wildcard tokens), and reaching the target ranking ends the
season.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from playground.core.engine import CHANCE, Action, Event
from playground.core.numbers import is_whole, shown

from .actions import Risk
from .cards import Card
from .rules import SPONSORS_AS_WILDCARD, TOKEN_TYPES, token_units
from .state import Contest, Task

if TYPE_CHECKING:
    from .engine import TiebreakGame


class ContestPhase:
    """Risking tokens, the tie-break, its bonuses and the new champion, mixed into the engine."""

    # -- risking tokens ----------------------------------------------------------------------------

    def _options_risk(self: TiebreakGame, task: Task) -> list[Action]:
        contest = self.state.contest
        slot_used = (
            contest is not None
            and task.player == contest.player
            and contest.pay in ("wildcard", "sponsors", "invitation")
            and self.rules.wildcard_slot == "used by qualifying"
        )
        # a Top Ranker has no Wildcard point: Sponsors do not buy one, at any tournament, unless
        # the Top Ranker may pay for it (Rules.top_ranker_pays_wildcard)
        stand_in = self.rules.top_ranker_pays_wildcard or task.player != self.state.top_ranker
        return [Risk(r) for r in self._risks(self.state.players[task.player].tokens, slot_used, stand_in)]

    def _risks(
        self: TiebreakGame, tokens: Counter[str], wildcard_slot_used: bool, stand_in: bool = True
    ) -> list[tuple[str, ...]]:
        limit = self.rules.max_risk_per_type
        caps = tuple(
            max(min(tokens[t], limit - (1 if t == "wildcard" and wildcard_slot_used else 0)), 0)
            for t in TOKEN_TYPES
        )
        combos = _risk_combinations(caps)
        if not (self.rules.sponsors_risk_as_wildcard and stand_in):
            return combos
        cost = self.rules.sponsor_cost
        free = max(limit - (1 if wildcard_slot_used else 0), 0)  # Wildcard tokens the slot takes
        return combos + [
            (*r, SPONSORS_AS_WILDCARD)
            for r in combos
            if r.count("wildcard") < free and tokens["sponsor"] - r.count("sponsor") >= cost
        ]

    def _do_risk(self: TiebreakGame, task: Task, action: Risk) -> list[Event]:
        c = self.state.contest
        assert c is not None
        who = self.state.players[task.player]
        for t in token_units(action.tokens, self.rules.sponsor_cost):
            who.tokens[t] -= 1
        events = [Event(f"{who.name} risks {', '.join(action.tokens) or 'no tokens'}.")]
        if task.player == c.player:
            c.risked = action.tokens
            if c.kind == "vacant":
                self._then(Task("vacant_roll", CHANCE, c.player))
                return events
            if c.kind == "training":
                self._then(Task("risk", c.opponent, c.opponent))
                return events
        else:
            c.opponent_risked = action.tokens
        return events + self._start_race(c)

    # -- the points before any die -----------------------------------------------------------------

    def challenger_bonus(self: TiebreakGame, contest: Contest | None = None) -> int:
        """The challenger's points before any die (matching card, Ace, surface, Wildcard) in
        ``contest``: the tournament being played now if left out, or one a player is weighing."""
        return self._challenger_bonus(self._a_contest(contest))

    def reserver_bonus(self: TiebreakGame, contest: Contest | None = None) -> int:
        """The reserver's points before any die in a Training tie-break (``contest`` as above)."""
        return self._reserver_bonus(self._a_contest(contest))

    def _a_contest(self: TiebreakGame, contest: Any) -> Contest:
        if contest is None:
            if self.state.contest is None:
                raise ValueError(
                    "no tournament is being played now, so there is no bonus to count; give a "
                    "Contest to weigh one, or ask again once a player has entered one"
                )
            return self.state.contest
        if not isinstance(contest, Contest):
            raise TypeError(f"contest must be a Contest (game.state.contest); got {type(contest).__name__}")
        if not (is_whole(contest.space) and 0 <= contest.space < len(self.board.spaces)):
            raise ValueError(
                f"the contest's space must be a space of the board, 0 to {len(self.board.spaces) - 1}; "
                f"got {shown(contest.space)}"
            )
        cards = [contest.card, *([contest.opponent_card] if contest.opponent_card is not None else [])]
        if not all(isinstance(card, Card) for card in cards):
            raise TypeError("the contest's card and opponent_card must be tournament cards (Card)")
        return contest

    def _challenger_bonus(self: TiebreakGame, c: Contest) -> int:
        r = self.rules
        matches = c.card.points == self.board.spaces[c.space].points  # a reserved card may not match
        bonus = (r.matching_card_bonus if matches else 0) + (r.ace_bonus if c.ace else 0)
        if c.kind == "defended":
            if r.surface_match == "space":
                surface = self.board.spaces[c.space].surface
            else:
                surface = c.opponent_card.surface if c.opponent_card else None
            bonus += r.surface_bonus if c.card.surface == surface else 0
            bonus += r.wildcard_bonus if c.pay != "top ranker" else 0
        elif c.kind == "training" and r.surface_in_training:
            bonus += r.surface_bonus if c.card.surface == self.board.spaces[c.space].surface else 0
        return bonus

    def _reserver_bonus(self: TiebreakGame, c: Contest) -> int:
        r, space = self.rules, self.board.spaces[c.space]
        card = c.opponent_card
        matches = card is not None and card.points == space.points
        bonus = r.matching_card_bonus if r.reserver_card_point and matches else 0
        if r.surface_in_training and card is not None and card.surface == space.surface:
            bonus += r.surface_bonus
        return bonus

    # -- the vacant die and the race ---------------------------------------------------------------

    def _do_vacant_roll(self: TiebreakGame, task: Task, die: int) -> list[Event]:
        c = self.state.contest
        assert c is not None
        total = self._challenger_bonus(c) + len(c.risked) + die
        won = total >= self.rules.vacant_target
        verdict = "wins" if won else "short of"
        text = f"Tie-break die {die}: total {total} ({verdict} {self.rules.vacant_target})."
        return [Event(text)] + self._finish(c, won)

    def _start_race(self: TiebreakGame, c: Contest) -> list[Event]:
        r = self.rules
        mine = self._challenger_bonus(c) + len(c.risked)
        theirs = (
            r.champion_head_start
            if c.kind == "defended"
            else self._reserver_bonus(c) + len(c.opponent_risked)
        )
        c.scores = [mine, theirs]
        c.roller = 0 if r.race_first == "challenger" else 1
        events = [
            Event(f"Tie-break race to {r.race_target}, win by {r.race_margin}: starts {mine}-{theirs}.")
        ]
        if r.race_won_at_start:
            for side in (0, 1):
                if self._race_won(c, side):
                    return events + [Event("Already won before anyone rolls.")] + self._finish(c, side == 0)
        self._then(Task("race_roll", CHANCE, c.player))
        return events

    def _do_race_roll(self: TiebreakGame, task: Task, die: int) -> list[Event]:
        c = self.state.contest
        assert c is not None
        r = c.roller
        c.scores[r] += die
        who = self.state.players[c.player if r == 0 else c.opponent].name
        events = [Event(f"{who} rolls {die}: {c.scores[0]}-{c.scores[1]}.")]
        if self._race_won(c, r):
            return events + self._finish(c, r == 0)
        c.roller = 1 - r
        self._then(Task("race_roll", CHANCE, task.player))
        return events

    def _race_won(self: TiebreakGame, c: Contest, side: int) -> bool:
        """Does side (0 the arriving player, 1 the other) meet the race's target and margin?"""
        mine, theirs = c.scores[side], c.scores[1 - side]
        return mine >= self.rules.race_target and mine - theirs >= self.rules.race_margin

    # -- the new champion --------------------------------------------------------------------------

    def _finish(self: TiebreakGame, c: Contest, challenger_won: bool) -> list[Event]:
        """Settle a tournament: cards to the board or the discards, tokens to the bag or the champion."""
        s = self.state
        me = s.players[c.player]
        s.contest = None
        spent = (*token_units(c.risked, self.rules.sponsor_cost), *c.paid_tokens)
        name = self.board.spaces[c.space].name
        if c.kind == "defended" and not challenger_won:
            me.discards[c.card] += 1
            kept = self._kept_by_champion(c)
            for t in kept:
                s.players[c.opponent].tokens[t] += 1
            for t in spent[len(kept) :]:  # what the champion keeps comes first in spent
                s.bag[t] += 1
            back = f"; {', '.join(spent[len(kept) :])} back to the bag" if len(kept) < len(spent) else ""
            return [
                Event(
                    f"{self.player_name(c.opponent)} defends {name} and keeps "
                    f"{', '.join(kept) or 'no tokens'}{back}."
                )
            ] + self._top_ranker_wildcards()
        for t in (*spent, *token_units(c.opponent_risked, self.rules.sponsor_cost)):
            s.bag[t] += 1
        if c.kind == "training":
            loser, loser_card = (c.opponent, c.opponent_card) if challenger_won else (c.player, c.card)
            s.players[loser].discards[loser_card] += 1
            winner, card = (c.player, c.card) if challenger_won else (c.opponent, c.opponent_card)
            return self._crown(winner, card, c.space)
        if not challenger_won:
            me.discards[c.card] += 1
            return [Event(f"{me.name} does not win {name}; the card is discarded.")]
        reserved = s.reservations.pop(c.space, None)
        if reserved:  # an injured player's reservation is lost
            s.players[reserved[0]].discards[reserved[1]] += 1
        return self._crown(c.player, c.card, c.space)

    def _kept_by_champion(self: TiebreakGame, c: Contest) -> list[str]:
        """The challenger's tokens a winning champion keeps: the risked ones, then the qualifying
        payment (Rules.champion_takes_tokens, champion_takes_qualifying), in that order."""
        if not self.rules.champion_takes_tokens:
            return []
        risked = token_units(c.risked, self.rules.sponsor_cost)
        return [*risked, *c.paid_tokens] if self.rules.champion_takes_qualifying else risked

    def _crown(self: TiebreakGame, p: int, card: Card, space: int) -> list[Event]:
        """Put p's card on the space as its champion; the old champion's card is discarded."""
        s = self.state
        old = s.titles.get(space)
        if old:
            s.players[old[0]].discards[old[1]] += 1
        s.titles[space] = (p, card)
        events = [
            Event(f"{self.player_name(p)} wins {self.board.spaces[space].name}! Ranking {s.ranking(p)}.")
        ]
        events += self._update_top_ranker()
        if s.ranking(p) >= self.target:
            events += self._end(f"{self.player_name(p)} reached {self.target} ranking points")
        return events

    def _update_top_ranker(self: TiebreakGame) -> list[Event]:
        s = self.state
        ranks = s.rankings()
        best = max(ranks)
        leaders = [p for p, r in enumerate(ranks) if r == best]
        keeps = self.rules.top_ranker_tie == "holder keeps" and s.top_ranker in leaders
        holder = leaders[0] if len(leaders) == 1 else (s.top_ranker if keeps else None)
        if holder == s.top_ranker:
            return []
        s.top_ranker = holder
        if holder is None:
            return [Event("Rankings are tied: nobody holds the Top Ranker card.")]
        return [Event(f"{self.player_name(holder)} is now the Top Ranker.")] + self._top_ranker_wildcards()

    def _top_ranker_wildcards(self: TiebreakGame) -> list[Event]:
        s = self.state
        if s.top_ranker is None or not self.rules.top_ranker_returns_wildcards:
            return []
        holder = s.players[s.top_ranker]
        n = holder.tokens["wildcard"]
        if not n:
            return []
        holder.tokens["wildcard"] = 0
        s.bag["wildcard"] += n
        return [Event(f"{holder.name} is the Top Ranker: {n} Wildcard token(s) go back to the bag.")]


@lru_cache(maxsize=4096)
def _risk_combinations(caps: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Every way to risk up to caps[i] tokens of each type, listed once per caps (a race asks for
    the same few again and again; callers copy the list before changing it)."""
    return [
        tuple(t for t, n in zip(TOKEN_TYPES, counts, strict=True) for _ in range(n))
        for counts in product(*(range(cap + 1) for cap in caps))
    ]
