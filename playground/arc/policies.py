"""Simple Tournament Arc players: random legal, greedy for the revealed Sport, and one that
plays for the Sport it expects before the reveal.

A player judges a move by the margin it leaves: its own best team score minus the best
opponent's, for the Sport revealed (greedy) or averaged over the Sports still in the deck
(expected). Moves whose outcome is a hidden draw (Growth Spurt, Birthday Party, a new Region)
are judged as leaving the margin as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from weakref import WeakKeyDictionary

from playground.core.checks import a_kind
from playground.core.dist import Dist
from playground.core.engine import Action, Game, random_legal
from playground.core.players import policy

from .actions import Discard, Graduate, Keep, Pick, Play, Take
from .cards import STATS
from .engine import ArcGame
from .state import State

Unders = dict[str, tuple[str, ...]]
"""Each stack's id and the cards under it (tuples: they are the memo's keys as they are)."""

EVERY_STAT = ("teamwork", "body", "underdog", "speed", "focus")


def _layout(s: State) -> tuple[Unders, dict[str, tuple[int, str]]]:
    unders = {st.id: tuple(st.under) for st in s.stacks}
    owners = {st.id: (st.owner, st.top) for st in s.stacks}
    return unders, owners


Classes = tuple[list[int], list[tuple[str, ...]], list[tuple[int, bool]]]
"""Sports as whole-number weights over one common denominator, their relevant stats, and each
one's (team size, lowest wins); Sports alike in all three are merged."""


def _classes(sports: list[tuple[Fraction, tuple, int, bool]]) -> Classes:
    """The Sports to come as integer weights: margins then add up as whole numbers, exactly."""
    merged: dict[tuple, Fraction] = {}
    for p, rel, size, lowest in sports:
        merged[rel, size, lowest] = merged.get((rel, size, lowest), Fraction(0)) + p
    scale = lcm(*(p.denominator for p in merged.values()))
    weights = [p.numerator * (scale // p.denominator) for p in merged.values()]
    return weights, [k[0] for k in merged], [(k[1], k[2]) for k in merged]


def _team_best(vectors: list[list[int]], shapes: list[tuple[int, bool]]) -> list[int]:
    """A team's best score for each Sport (sending its best, or lowest, Athletes)."""
    if len(vectors) <= min(size for size, _ in shapes):  # everyone competes in every Sport
        return [sum(column) for column in zip(*vectors, strict=True)] if vectors else [0] * len(shapes)
    columns = zip(*vectors, strict=True)  # as best_team does, for every Sport at once
    return [sum(sorted(c, reverse=not low)[:size]) for c, (size, low) in zip(columns, shapes, strict=True)]


def _margin(
    s: State,
    player: int,
    unders: Unders,
    owners: dict,
    locks: Sequence[str],
    classes: Classes,
    memo: dict,
) -> int:
    """Own best team minus the best opponent's, summed over the Sports with their weights.

    The weights share one denominator, so the sum stays a whole number (the average times that
    denominator). memo keeps each Athlete's scores for every Sport by what is under it, so trying
    many plays that change one Athlete rescores only that one.
    """
    weights, relevants, shapes = classes
    mc = s.main_character_of(unders)
    lock_key = tuple(locks)
    teams: list[list[list[int]]] = [[] for _ in range(s.players)]
    for sid, (owner, top) in owners.items():
        under = unders[sid]
        key = (top, under, sid in mc, lock_key)
        scores = memo.get(key)
        if scores is None:
            scores = memo[key] = s.scores_for(top, under, relevants, sid in mc, locks)
        teams[owner].append(scores)
    best = []
    for team in teams:  # a team whose Athletes all score as before is not sorted again
        key = tuple(map(id, team))  # the score lists are the memo's own, kept while it lives
        if key not in memo:
            memo[key] = _team_best(team, shapes)
        best.append(memo[key])
    own = best[player]
    others = best[:player] + best[player + 1 :]
    key = ("rivals", *map(id, others))
    if key not in memo:  # the best opponent's score for each Sport (the lowest where lowest wins)
        memo[key] = [
            min(column) if lowest else max(column)
            for column, (_, lowest) in zip(zip(*others, strict=True), shapes, strict=True)
        ]
    rivals = memo[key]
    return sum(
        w * (r - o if lowest else o - r)
        for w, o, r, (_, lowest) in zip(weights, own, rivals, shapes, strict=True)
    )


_MEMOS: WeakKeyDictionary[Game, dict] = WeakKeyDictionary()
"""Each live game's Athlete scores, kept from one decision to the next (gone with the game)."""


def _memo(game: Game, classes: Classes) -> dict:
    """The game's memo for these Sports and these active Regions: what an Athlete scores then
    depends only on its cards, the Main Character and the lock cards, the memo's keys."""
    per_game = _MEMOS.setdefault(game, {})
    return per_game.setdefault((tuple(classes[1]), tuple(classes[2]), tuple(game.state.active_regions)), {})


def _after_play(
    s: State, player: int, play: Play, layout: tuple[Unders, dict]
) -> tuple[Unders, dict, list[str]] | None:
    """The table (given as _layout's) as it would be after a play whose result is known now
    (None when hidden). The layout is copied, never changed."""
    unders, owners = dict(layout[0]), dict(layout[1])
    locks = list(s.locks)
    e = s.data.episodes[play.card]
    if e.kind == "attach":
        unders[play.target] = (*unders[play.target], play.card)
    elif e.effect == "non_canon_ova" and play.target:
        sid, card = play.target.split("/")
        rest = list(unders[sid])
        rest.remove(card)
        unders[sid] = tuple(rest)
    elif e.effect == "someones_dad":
        unders["dad?"] = ()
        owners["dad?"] = (player, play.card)
    elif e.effect == "all_athletes":
        locks.append(play.card)
    else:
        return None
    return unders, owners, locks


def _sports_now(s: State) -> list[tuple[Fraction, tuple, int, bool]]:
    sport = s.sport()
    if sport is None:
        return [(Fraction(1), EVERY_STAT, s.rules.team_size, False)]
    return [(Fraction(1), sport.relevant, sport.team_size, sport.effect == "lowest_wins")]


def sports_to_come(s: State) -> list[tuple[Fraction, tuple, int, bool]]:
    """The revealed Sport with certainty, else each Sport the deck can still reveal, with its chance.

    s: a game's state (game.state)."""
    if not isinstance(s, State):
        raise TypeError(f"sports_to_come takes a game's state (game.state); got {a_kind(s)}")
    if s.sport() is not None:
        return _sports_now(s)
    known = [s.sport_top[0]] if len(s.sport_top) else list(s.sport_deck)
    sports = [s.data.sports[c] for c in known]
    if not sports:
        return _sports_now(s)
    dist = Dist.uniform(sports)
    return [(p, sp.relevant, sp.team_size, sp.effect == "lowest_wins") for sp, p in dist.items()]


def _best(game: Game, sports: list[tuple[Fraction, tuple, int, bool]]) -> Action:
    """The legal action with the best margin (first listed wins a tie: deterministic)."""
    s: State = game.state
    actions = game.legal_actions()
    player = game.current_actor()
    first = actions[0]
    if isinstance(first, Play):
        layout = _layout(s)
        classes = _classes(sports)
        memo = _memo(game, classes)
        base = _margin(s, player, *layout, list(s.locks), classes, memo)
        best, best_value = None, None
        for a in actions:
            if not isinstance(a, Play):
                continue
            after = _after_play(s, player, a, layout)
            value = base if after is None else _margin(s, player, *after, classes, memo)
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best if best is not None else first
    if isinstance(first, Pick):
        return _best_pick(game, actions)
    if isinstance(first, Keep):
        return max(actions, key=lambda a: _athlete_worth(s, a.athlete, sports))
    if isinstance(first, Discard | Take):
        return _discard_choice(s, actions, sports, take=isinstance(first, Take))
    if isinstance(first, Graduate):
        return min(actions, key=lambda a: _stack_worth(s, a.stack, sports))
    return first


def _athlete_worth(s: State, card: str, sports) -> Fraction:
    return sum((p * sum(s.base_of(card).get(x, 0) for x in rel) for p, rel, _, _ in sports), Fraction(0))


def _stack_worth(s: State, stack_id: str, sports) -> Fraction:
    st = s.stack(stack_id)
    return sum((p * s.score_of(st.top, list(st.under), rel, False) for p, rel, _, _ in sports), Fraction(0))


def _card_worth(s: State, card: str, sports) -> Fraction:
    mods = s.data.episodes[card].modifiers
    return sum((p * sum(mods.get(x, 0) for x in rel) for p, rel, _, _ in sports), Fraction(0)) + (
        1 if s.data.episodes[card].kind != "attach" else 0
    )


def _discard_choice(s: State, actions: list[Action], sports, take: bool) -> Action:
    """Discard the card worth least (take the card worth most)."""
    pick = max if take else min
    return pick(actions, key=lambda a: _card_worth(s, a.card, sports))


def _best_pick(game: Game, actions: list[Action]) -> Action:
    s: State = game.state
    sport = s.sport()
    lowest = sport is not None and sport.effect == "lowest_wins"
    scores = [game.team_score(game.current_actor(), a.stacks) for a in actions]
    target = min(scores) if lowest else max(scores)
    return actions[scores.index(target)]


@policy(ArcGame)
def greedy(game: Game) -> Action:
    """Plays for the Sport revealed; before the reveal, as if every stat counted.

    It plays for points in every Sport, the lowest-wins ones included: under Cheerleading, which
    the team with the most attached cards wins, it still plays for the points of its stats, so it
    may put on an opponent's Athlete the very cards that win it the Sport.
    """
    if game.current_actor() == "chance":
        return random_legal(game)
    return _best(game, _sports_now(game.state))


@policy(ArcGame)
def expected(game: Game) -> Action:
    """Plays for the average over the Sports the deck can still reveal (exact chances), by points
    as greedy does (Cheerleading too by its stats' points, not by its count of cards).

    Measured, it plays no better than greedy: 49.7% of 1,000 two-player seasons against it
    (95% interval 46.6% to 52.8%), and 22.5% of 600 four-player seasons against three greedy
    players (interval 19.2% to 25.8%; a fair share is 25%), with head_to_head, seed 10,000.
    """
    if game.current_actor() == "chance":
        return random_legal(game)
    return _best(game, sports_to_come(game.state))


__all__ = ["STATS", "expected", "greedy", "random_legal"]
