"""Exact expectations before the Sport is revealed: what is an Athlete or an Episode worth?

The Sport comes off a shuffled deck, so before the reveal each Sport still in the deck is
equally likely (or certain, when the first-game order is on top). Every function here is an
exact average over that deck, as a Fraction: a sum of (chance of the Sport) x (score for it).
Inputs are plain values (mappings of stats, Sport records), never game objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import islice
from math import lcm

from playground.core.checks import listed
from playground.core.dist import Dist
from playground.core.numbers import flag, shown, whole_number

from .cards import STATS, Sport
from .scoring import checked_athlete, checked_stats

MAX_SPORTS = 100
MAX_ATHLETES = 20
MAX_SCORES = 1000
_NONE = object()  # next()'s default, where None may be what was given


def sport_chances(deck: Iterable[Sport], top: Sequence[Sport] = ()) -> Dist:
    """The next Sport revealed: each card in the deck equally likely, or the known top card.

    deck holds at most 100 Sport cards.
    """
    if isinstance(deck, str | Dist) or not isinstance(deck, Iterable):
        raise ValueError(
            f"deck must be a list of Sport cards (from load_data().sports); got {shown(deck, 60)}"
        )
    cards = list(islice(deck, MAX_SPORTS + 1))
    if top:
        if not isinstance(top, Sequence) or not all(isinstance(s, Sport) for s in top):
            raise ValueError(f"top must be a list of Sport cards, the top card first; got {shown(top, 60)}")
        if len({s.id for s in top}) != len(top):
            raise ValueError("top repeats a Sport card: each card lies in one place in the deck")
        return Dist({top[0]: 1})
    if not cards:
        raise ValueError("the Sport deck is empty: there is no Sport to reveal")
    if len(cards) > MAX_SPORTS:
        raise ValueError(f"at most {MAX_SPORTS} Sport cards; got {len(cards)}")
    stray = next((c for c in cards if not isinstance(c, Sport)), None)
    if stray is not None:
        raise ValueError(f"the deck must hold Sport cards (from load_data().sports); got {shown(stray, 60)}")
    return Dist.uniform(cards)


def _chances(sports: Dist | Iterable[Sport]) -> Dist:
    if not isinstance(sports, Dist):
        return sport_chances(sports)
    stray = next((s for s, _ in sports.items() if not isinstance(s, Sport)), None)
    if stray is not None:
        raise ValueError(
            f"a Dist of Sport cards is needed (as sport_chances makes); it holds {shown(stray, 40)}"
        )
    return sports


def _average(dist: Dist, value: Callable[[Sport], int]) -> Fraction:
    """The sum of (chance of the Sport) x value(Sport), exactly: the chances are written over one
    common denominator, so the sum is of whole numbers and one Fraction is made at the end."""
    items = list(dist.items())
    scale = lcm(*(p.denominator for _, p in items))
    return Fraction(sum(p.numerator * (scale // p.denominator) * value(s) for s, p in items), scale)


def stat_chances(sports: Dist | Iterable[Sport]) -> dict[str, Fraction]:
    """For each stat, the chance that the next Sport counts it (is relevant).

    A +1 in a stat is worth exactly this many points on average: the key to every Episode's worth.
    sports: a Dist of Sports, or a deck of at most 100 Sport cards (as sport_chances).
    """
    dist = _chances(sports)
    return {s: _average(dist, lambda sport, s=s: s in sport.relevant) for s in STATS}


def expected_athlete_score(
    base: Mapping[str, int],
    episodes: Sequence[Mapping[str, int]],
    sports: Dist | Iterable[Sport],
    multiplier: int = 1,
) -> Fraction:
    """An Athlete's average score over the Sports still to come (each Sport's chance x score).

    Bounds as athlete_score's (at most 1000 Episodes, values up to 1,000,000 in size) and
    sport_chances' (at most 100 Sport cards).
    """
    score = checked_athlete(base, episodes, multiplier)
    return _average(_chances(sports), lambda sport: score(sport.relevant))


def episode_value(
    modifiers: Mapping[str, int], sports: Dist | Iterable[Sport], multiplier: int = 1
) -> Fraction:
    """What attaching an Episode adds to an Athlete's score on average, before the reveal.

    By the distributive law and linearity: multiplier x sum over stats of modifier x P(stat counts).
    modifiers and multiplier: whole numbers up to 1,000,000 in size; at most 100 Sport cards.
    """
    modifiers = checked_stats(modifiers, "modifiers")
    multiplier = whole_number(multiplier, "multiplier", -(10**6), 10**6)
    chances = stat_chances(sports)
    return multiplier * sum((chances[s] * v for s, v in modifiers.items() if s in chances), Fraction(0))


def best_team(scores: Sequence[int], size: int, lowest: bool = False, all_if_fewer: bool = False) -> int:
    """The team score of the best choice of ``size`` Athletes.

    scores: at most 1000 whole numbers (each within a billion either way); size: a whole number
    from 0 to 1000, at most as many as the scores given, unless all_if_fewer (then a Sport that
    asks for more Athletes than a player has counts all of them, as the engine does).
    """
    size = whole_number(size, "size", 0, MAX_SCORES)
    lowest, all_if_fewer = flag(lowest, "lowest"), flag(all_if_fewer, "all_if_fewer")
    scores = [
        whole_number(v, "each score", -(10**9), 10**9)
        for v in listed(scores, "scores", "Athletes' scores", MAX_SCORES, repeats=True)
    ]
    if size > len(scores) and not all_if_fewer:
        raise ValueError(
            f"a team of {size} cannot be chosen from {len(scores)} Athletes' scores; give at least "
            f"{size} scores, or all_if_fewer=True to count all of them"
        )
    ordered = sorted(scores, reverse=not lowest)
    return sum(ordered[: min(size, len(ordered))])


def expected_team_score(
    athletes: Sequence[tuple[Mapping[str, int], Sequence[Mapping[str, int]], int]],
    sports: Dist | Iterable[Sport],
) -> Fraction:
    """A team's average over the Sports to come of the number that decides each Sport, sending
    out the best Athletes each time.

    athletes: up to 20 (base, episodes, multiplier) triples. For a "lowest wins" Sport the
    team sends out its lowest scorers; for a "most cards" Sport (Cheerleading) the number is
    the competing Athletes' attached cards (one per entry of episodes), as the engine counts it:
    so episodes holds one modifier per card attached to that Athlete, and a lock card on the
    table that changes every Athlete (Heatwave) belongs in base, not in episodes.
    Each Athlete's multiplier is the same for every Sport: a Sport that reveals another Region
    when it comes up (Curling, Ski Jump) can give an Athlete Homefield that this average leaves
    out, so it is exact only where the multipliers do not depend on the Sport.
    """
    athletes = listed(athletes, "athletes", "(base, episodes, multiplier) triples", repeats=True)
    if len(athletes) > MAX_ATHLETES:
        raise ValueError(f"at most {MAX_ATHLETES} Athletes; got {len(athletes)}")
    stray = next((a for a in athletes if not isinstance(a, tuple | list) or len(a) != 3), _NONE)
    if stray is not _NONE:
        raise ValueError(
            "each Athlete must be a (base, episodes, multiplier) triple, like "
            f"({{'body': 2}}, [{{'teamwork': 1}}], 1); got {shown(stray)}"
        )
    scorers = [checked_athlete(b, e, m) for b, e, m in athletes]
    attached = [len(e) for _, e, _ in athletes]

    def best(sport: Sport) -> int:
        if sport.effect == "most_cards_wins":
            return best_team(attached, sport.team_size, all_if_fewer=True)
        scores = [score(sport.relevant) for score in scorers]
        return best_team(scores, sport.team_size, sport.effect == "lowest_wins", all_if_fewer=True)

    return _average(_chances(sports), best)


def score_distribution(
    base: Mapping[str, int],
    episodes: Sequence[Mapping[str, int]],
    sports: Dist | Iterable[Sport],
    multiplier: int = 1,
) -> Dist:
    """Every score the Athlete can end with and its exact chance, over the Sports to come.

    Bounds as expected_athlete_score's.
    """
    score = checked_athlete(base, episodes, multiplier)
    weights: dict[int, Fraction] = {}
    for sport, p in _chances(sports).items():
        v = score(sport.relevant)
        weights[v] = weights.get(v, Fraction(0)) + p
    return Dist(weights)
