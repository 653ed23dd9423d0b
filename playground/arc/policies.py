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

from playground.core.dist import Dist
from playground.core.engine import Action, Game, random_legal

from .actions import Discard, Graduate, Keep, Pick, Play, Take
from .cards import STATS
from .odds import best_team
from .state import State

Unders = dict[str, list[str]]

EVERY_STAT = ("teamwork", "body", "underdog", "speed", "focus")


def _layout(s: State) -> tuple[Unders, dict[str, tuple[int, str]]]:
    unders = {st.id: list(st.under) for st in s.stacks}
    owners = {st.id: (st.owner, st.top) for st in s.stacks}
    return unders, owners


def _margin(
    s: State,
    player: int,
    unders: Unders,
    owners: dict,
    locks: Sequence[str],
    sports: list[tuple[Fraction, tuple, int, bool]],
    memo: dict | None = None,
) -> Fraction:
    """Own best team minus the best opponent's, averaged over (chance, relevant, size, lowest).

    memo keeps each Athlete's scores for every Sport by what is under it, so trying many plays
    that change one Athlete rescores only that one.
    """
    memo = {} if memo is None else memo
    mc = s.main_character_of(unders)
    lock_key = tuple(locks)
    teams: dict[int, list[list[int]]] = {q: [] for q in range(s.players)}
    for sid, (owner, top) in owners.items():
        key = (top, tuple(unders[sid]), sid in mc, lock_key)
        if key not in memo:
            memo[key] = [s.score_of(top, unders[sid], rel, sid in mc, locks) for _, rel, _, _ in sports]
        teams[owner].append(memo[key])
    scale = lcm(*(p.denominator for p, _, _, _ in sports))
    value = 0  # the average times scale: whole numbers add up fast
    for i, (p, _, size, lowest) in enumerate(sports):
        best = [best_team([v[i] for v in teams[q]], size, lowest) for q in range(s.players)]
        others = best[:player] + best[player + 1 :]
        gap = best[player] - max(others) if not lowest else min(others) - best[player]
        value += p.numerator * (scale // p.denominator) * gap
    return Fraction(value, scale)


def _after_play(s: State, player: int, play: Play) -> tuple[Unders, dict, list[str]] | None:
    """The table as it would be after a play whose result is known now (None when hidden)."""
    unders, owners = _layout(s)
    locks = list(s.locks)
    e = s.data.episodes[play.card]
    if e.kind == "attach":
        unders[play.target] = [*unders[play.target], play.card]
    elif e.effect == "non_canon_ova" and play.target:
        sid, card = play.target.split("/")
        rest = list(unders[sid])
        rest.remove(card)
        unders[sid] = rest
    elif e.effect == "someones_dad":
        unders["dad?"] = []
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
    """The revealed Sport with certainty, else each Sport the deck can still reveal, with its chance."""
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
        unders, owners = _layout(s)
        memo: dict = {}
        base = _margin(s, player, unders, owners, list(s.locks), sports, memo)
        best, best_value = None, None
        for a in actions:
            if not isinstance(a, Play):
                continue
            after = _after_play(s, player, a)
            value = base if after is None else _margin(s, player, *after, sports, memo)
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


def greedy(game: Game) -> Action:
    """Plays for the Sport revealed; before the reveal, as if every stat counted."""
    if game.current_actor() == "chance":
        return random_legal(game)
    return _best(game, _sports_now(game.state))


def expected(game: Game) -> Action:
    """Plays for the average over the Sports the deck can still reveal (exact chances)."""
    if game.current_actor() == "chance":
        return random_legal(game)
    return _best(game, sports_to_come(game.state))


__all__ = ["STATS", "expected", "greedy", "random_legal"]
