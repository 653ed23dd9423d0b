"""The table of a Tournament Arc game: every card zone, every Athlete stack, and views of them.

An Athlete on the table is a *stack*: the Athlete on top, and under it every card attached to
it, in the order attached (Episodes, and any Athlete pushed under by Growth Spurt or Magical
Girl Transformation, which then acts as an Episode card). Someone's Dad can be a stack's top.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pandas as pd

from playground.core.zones import Row, Table, Zone

from .cards import STATS, ArcData, Sport
from .rules import Rules
from .scoring import combined_multiplier, relevant_sum

TOKEN = "Main Character token"


class Task(NamedTuple):
    """One pending step of the game: its kind, the player it concerns, and what else it needs."""

    kind: str
    player: int | None = None
    info: Any = None


@dataclass(eq=False, slots=True)
class Stack:
    """An Athlete on the table with the cards under it (each stack is itself: equal only to itself)."""

    id: str
    owner: int
    top: str
    under: Row

    def zones(self) -> list[Row]:
        return [Row(f"{self.id} top", [self.top]), self.under]


@dataclass
class State:
    """Every zone of the game."""

    data: ArcData
    rules: Rules
    players: int
    region_deck: Zone
    athlete_deck: Zone
    episode_deck: Zone
    sport_deck: Zone
    sport_top: Row
    active_regions: Row = field(default_factory=lambda: Row("active regions"))
    athlete_discard: Zone = field(default_factory=lambda: Zone("athlete discards"))
    episode_discard: Zone = field(default_factory=lambda: Zone("episode discards"))
    box: Zone = field(default_factory=lambda: Zone("box (graduated)"))
    pool: Zone = field(default_factory=lambda: Zone("public pool"))
    locks: Row = field(default_factory=lambda: Row("lock cards"))
    active_sport: Row = field(default_factory=lambda: Row("active sport"))
    sport_used: Zone = field(default_factory=lambda: Zone("used sports"))
    hands: list[Zone] = field(default_factory=list)
    draft_hands: list[Zone] = field(default_factory=list)
    claimed: list[Zone] = field(default_factory=list)
    stacks: list[Stack] = field(default_factory=list)
    next_stack: int = 1
    revealed: bool = False
    # the Main Character's tops and each stack's attached count, kept between steps (see
    # main_character_tops): bookkeeping, not part of what the state is
    _kept: tuple[str, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _counts: dict[Stack, int] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.hands = [Zone(f"P{p + 1} hand") for p in range(self.players)]
        self.draft_hands = [Zone(f"P{p + 1} draft hand") for p in range(self.players)]
        self.claimed = [Zone(f"P{p + 1} claimed sports") for p in range(self.players)]

    # -- zones ----------------------------------------------------------------------------------

    def table(self) -> Table:
        """Every zone, the Main Character token included, for one conservation check."""
        token_home = self.main_character_stacks()
        token = Zone("token supply", [] if len(token_home) == 1 else [TOKEN])
        zones: list[Zone | Row] = [*self.shared_zones(), token]
        for s in self.stacks:
            zones.extend(s.zones())
            if token_home == [s]:
                zones.append(Row(f"{s.id} token", [TOKEN]))
        return Table(zones)

    def shared_zones(self) -> list[Zone | Row]:
        """The decks, piles, hands and rows that are not an Athlete's stack."""
        return [
            self.region_deck,
            self.active_regions,
            self.athlete_deck,
            self.athlete_discard,
            self.box,
            self.episode_deck,
            self.episode_discard,
            self.pool,
            self.locks,
            self.sport_deck,
            self.sport_top,
            self.active_sport,
            self.sport_used,
            *self.hands,
            *self.draft_hands,
            *self.claimed,
        ]

    def expected_census(self) -> dict[str, int]:
        """How many copies of each card (and the token) exist: what the table must always hold."""
        d = self.data
        census = {a: 1 for a in d.athletes} | {r: 1 for r in d.regions} | {s: 1 for s in d.sports}
        return census | d.episode_deck() | {TOKEN: 1}

    def stack(self, stack_id: str) -> Stack:
        for s in self.stacks:
            if s.id == stack_id:
                return s
        raise KeyError(stack_id)

    def team(self, player: int) -> list[Stack]:
        return [s for s in self.stacks if s.owner == player]

    def new_stack(self, owner: int, top: str) -> Stack:
        s = Stack(f"#{self.next_stack}", owner, top, Row(f"#{self.next_stack} under"))
        self.next_stack += 1
        self.stacks.append(s)
        self.stacks_changed()
        return s

    def stacks_changed(self) -> None:
        """Forget the Main Character kept for the history: called wherever a stack changes."""
        self._kept = self._counts = None

    def attached(self, st: Stack, card: str) -> None:
        """card was just put under st: the kept counts move by one instead of being made again."""
        self._kept = None
        counts = self._counts
        if counts is None or st not in counts:
            self._counts = None
        elif self.rules.lower_athlete_counts or card not in self.data.athlete_cards:
            counts[st] += 1

    def main_character_tops(self) -> tuple[str, ...]:
        """The top cards of main_character_stacks(), worked out again only after a change.

        The history records the Main Character after every step. Most steps (a card drawn into a
        hand, a Region or Sport revealed) leave every stack as it was, and most of the others
        attach one card, which moves one kept count (attached()). The contract checker compares
        the record with a fresh count after every step of every checked game.
        """
        if self._kept is None:
            counts = self._counts
            if counts is None:
                counts = self._counts = {st: self.attached_count(st.under) for st in self.stacks}
            self._kept = tuple([st.top for st in self._holders(list(counts), list(counts.values()))])
        return self._kept

    def sport(self):
        return self.data.sports[self.active_sport[0]] if len(self.active_sport) else None

    # -- what a stack is worth -------------------------------------------------------------------

    def base_of(self, card: str) -> dict[str, int]:
        """The base stats of an Athlete card, or of Someone's Dad (his printed modifiers)."""
        if card in self.data.athletes:
            return self.data.athletes[card].stats
        return {s: self.data.episodes[card].modifiers.get(s, 0) for s in STATS}

    def is_athlete_card(self, card: str) -> bool:
        """An Athlete card, or an Episode that plays as an Athlete (Someone's Dad)."""
        return card in self.data.athlete_cards

    def modifiers(self, under: Sequence[str], locks: Sequence[str] | None = None) -> list[dict[str, int]]:
        """Every modifier on an Athlete: the cards under it (an Athlete under adds its base
        stats) and the lock cards that touch every Athlete."""
        eps = self.data.episodes
        mods = [self.base_of(c) if self.is_athlete_card(c) else eps[c].modifiers for c in under]
        locks = self.locks if locks is None else locks
        return mods + [eps[c].modifiers for c in locks if eps[c].effect == "all_athletes"]

    def region_of(self, top: str, under: Sequence[str]) -> str:
        """An Athlete's Region: its "Moving to..." card, else the top card's home. With two such
        cards (the rulebook is silent) Rules.moves_stack decides: the one attached last wins, by
        our ruling, or the first; discarding it brings back the other."""
        for c in reversed(under) if self.rules.moves_stack == "last attached" else under:
            e = self.data.episodes.get(c)
            if e is not None and e.effect == "move_region":
                return e.region or ""
        if top in self.data.athletes:
            return self.data.athletes[top].region
        return self.data.episodes[top].region or ""

    def attached_count(self, under: Sequence[str]) -> int:
        """Cards that count towards the Main Character (lower Athletes per the rules field)."""
        if self.rules.lower_athlete_counts:
            return len(under)
        athletes = self.data.athlete_cards
        return len([c for c in under if c not in athletes])

    def main_character_of(self, unders: Mapping[str, Sequence[str]]) -> list[str]:
        """Which of these Athletes (id -> cards under) hold the Main Character bonus.

        The single one with the most attached cards; on a tie nobody (Ensemble Cast), or all
        tied in the house variant.
        """
        return self._holders(list(unders), [self.attached_count(u) for u in unders.values()])

    def _holders(self, keys: list, counts: list[int]) -> list:
        """The keys holding the Main Character, given each one's attached-card count."""
        top = max(counts, default=0)
        rules = self.rules
        if top < rules.main_character_min_cards:
            return []
        if counts.count(top) == 1:
            return [keys[counts.index(top)]]
        if rules.main_character_on_tie == "nobody":
            return []
        return [k for k, c in zip(keys, counts, strict=True) if c == top]

    def main_character_stacks(self) -> list[Stack]:
        """The stacks holding the Main Character token now (none on a tie: Ensemble Cast).

        Asked after every step of the Sport's reveal, so it counts without copying the stacks.
        """
        stacks = self.stacks
        if self.rules.lower_athlete_counts:  # every card under counts: no need to look at them
            return self._holders(stacks, [len(st.under) for st in stacks])
        return self._holders(stacks, [self.attached_count(st.under) for st in stacks])

    def multipliers(
        self, top: str, under: Sequence[str], is_mc: bool, regions: Sequence[str] | None = None
    ) -> list[int]:
        """The bonuses of one Athlete: Homefield, Main Character, and each Evil Clone."""
        r = self.rules
        found = []
        regions = self.active_regions if regions is None else regions
        if self.region_of(top, under) in regions:
            found.append(r.homefield_multiplier)
        if is_mc:
            found.append(r.main_character_multiplier)
        eps = self.data.episodes
        clones = sum(1 for c in under if c in eps and eps[c].effect == "evil_clone")
        if not r.evil_clones_stack:
            clones = min(clones, 1)
        return found + [r.evil_clone_multiplier] * clones

    def score_of(
        self,
        top: str,
        under: Sequence[str],
        relevant: Sequence[str],
        is_mc: bool,
        locks: Sequence[str] | None = None,
    ) -> int:
        """An Athlete's score for some relevant stats: the total, then times the combined bonus."""
        return self.scores_for(top, under, [relevant], is_mc, locks)[0]

    def scores_for(
        self,
        top: str,
        under: Sequence[str],
        relevants: Sequence[Sequence[str]],
        is_mc: bool,
        locks: Sequence[str] | None = None,
    ) -> list[int]:
        """The Athlete's score for each of several Sports' relevant stats (score_of for each).

        Each stat is added up once and the bonuses combined once, however many Sports are
        asked: a player weighing every Sport left in the deck asks for twenty at a time.
        """
        base, mods = self.base_of(top), self.modifiers(under, locks)
        # each stat asked for once, as relevant_sum adds it: base plus every modifier
        asked = dict.fromkeys(x for rel in relevants for x in rel)
        stats = {x: base.get(x, 0) + sum(m.get(x, 0) for m in mods) for x in asked}
        r = self.rules
        bonuses = self.multipliers(top, under, is_mc)
        m = combined_multiplier(bonuses, 0, stack=r.bonuses_stack, negatives=r.multiply_negatives)
        totals = [sum(stats[x] for x in rel) for rel in relevants]
        if min(totals, default=0) >= 0:
            return [t * m for t in totals]
        m_negative = combined_multiplier(bonuses, -1, stack=r.bonuses_stack, negatives=r.multiply_negatives)
        return [t * (m if t >= 0 else m_negative) for t in totals]

    def stack_score(self, s: Stack, relevant: Sequence[str], mc: list[Stack]) -> int:
        return self.score_of(s.top, list(s.under), relevant, s in mc)

    def contest_value(self, s: Stack, sport: Sport, mc: list[Stack]) -> int:
        """What one competing Athlete adds to its team for this Sport: the number that decides.

        Its score, or for a Sport won by the most attached cards (Cheerleading) its attached
        cards. The engine's result, the state table and the picture all read this one number.
        """
        if decided_by_cards(sport):
            return self.attached_count(list(s.under))  # lower Athletes as the rules count them
        return self.stack_score(s, sport.relevant, mc)

    # -- views ----------------------------------------------------------------------------------

    def athlete_cards(self) -> list[dict[str, Any]]:
        """Every Athlete on the table as plain values: what the state table and the picture show."""
        if not self.revealed:
            return [face_down_card(st) for st in self.stacks]
        mc = self.main_character_stacks()
        sport = self.sport()
        cards = []
        for st in self.stacks:
            under = list(st.under)
            base = self.base_of(st.top)
            mods = self.modifiers(under)
            now = {x: relevant_sum(base, mods, [x]) for x in STATS}
            region = self.region_of(st.top, under)
            card: dict[str, Any] = {
                "stack": st.id,
                "owner": st.owner,
                "name": self.data.name(st.top),
                "region": self.data.regions[region].name if region in self.data.regions else region,
                "homefield": region in self.active_regions,
                "stats": now,
                "mods": {x: now[x] - base.get(x, 0) for x in STATS},
                "attached": [self.data.name(c) for c in under],
                "main_character": st in mc,
                "home_times": self.rules.homefield_multiplier,  # the badges say the rules' bonuses
                "mc_times": self.rules.main_character_multiplier,
                "score": None,
                "multiplier": 1,
                "measure": "score",
                "face_down": False,
            }
            if sport is not None and decided_by_cards(sport):
                card["score"], card["measure"] = self.attached_count(under), "attached cards"
            elif sport is not None:
                total = relevant_sum(base, mods, sport.relevant)
                m = combined_multiplier(
                    self.multipliers(st.top, under, st in mc),
                    total,
                    stack=self.rules.bonuses_stack,
                    negatives=self.rules.multiply_negatives,
                )
                card["score"], card["multiplier"] = total * m, m
            cards.append(card)
        return cards

    def athletes_frame(self) -> pd.DataFrame:
        """One row per Athlete on the table: owner, Region, attached cards, stats now, bonuses.

        "score now" is the number that decides the Sport (attached cards for Cheerleading),
        blank until the Sport is revealed; a face-down Athlete shows nothing but its owner.
        """
        rows = [
            {
                "stack": c["stack"],
                "owner": f"Player {c['owner'] + 1}",
                "athlete": c["name"],
                "region": c["region"],
                "homefield": c["homefield"],
                "attached": ", ".join(c["attached"]),
                **c["stats"],
                "main character": c["main_character"],
                "score now": "" if c["score"] is None else c["score"],
            }
            for c in self.athlete_cards()
        ]
        columns = [
            "stack",
            "owner",
            "athlete",
            "region",
            "homefield",
            "attached",
            *STATS,
            "main character",
            "score now",
        ]
        return pd.DataFrame(rows, columns=columns).set_index("stack")


def decided_by_cards(sport: Sport) -> bool:
    """Whether the Sport's card makes the most attached cards win instead of the best score."""
    return sport.effect == "most_cards_wins"


def face_down_card(st: Stack) -> dict[str, Any]:
    """A drafted Athlete still face down, as the table shows it: whose it is, and nothing more."""
    return {
        "stack": st.id,
        "owner": st.owner,
        "name": "(face down)",
        "region": "(face down)",
        "homefield": None,
        "stats": dict.fromkeys(STATS),
        "mods": dict.fromkeys(STATS, 0),
        "attached": [],
        "main_character": False,
        "score": None,
        "multiplier": 1,
        "measure": "score",
        "face_down": True,
    }
