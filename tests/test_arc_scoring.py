"""Tournament Arc's maths: the score of an Athlete, the distributive tip in sympy, and the exact
expectations over the Sport deck, each checked against a second derivation (brute force over
the deck, multiplying term by term) and one against simulated games."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.arc import load_data, new_game, odds, scoring
from playground.arc.cards import STATS
from playground.arc.scoring import (
    athlete_score,
    combined_multiplier,
    count_both_ways,
    distributive_forms,
    operation_count,
)
from playground.arc.simulate import sport_reveal_sampler
from playground.core.dist import Dist

DATA = load_data()
SPORTS = list(DATA.sports.values())
XAVIER = {"teamwork": 1, "body": 2, "underdog": 0}
XAVIER_EPISODES = [{"teamwork": 3, "body": 2}, {"teamwork": -2, "body": -1, "underdog": 1}]

stats = st.dictionaries(st.sampled_from(STATS), st.integers(-9, 9))


def test_xavier_scores_twelve_as_in_the_rulebook() -> None:
    assert athlete_score(XAVIER, XAVIER_EPISODES, ["teamwork", "body", "underdog"]) == 6
    assert athlete_score(XAVIER, XAVIER_EPISODES, ["teamwork", "body", "underdog"], 2) == 12


@settings(max_examples=200, deadline=None)
@given(
    base=stats,
    episodes=st.lists(stats, max_size=6),
    relevant=st.sets(st.sampled_from(STATS)),
    m=st.integers(-8, 8),
)
def test_multiplying_after_adding_equals_multiplying_every_number(base, episodes, relevant, m) -> None:
    """The distributive law on real scores: m x (sum) equals the sum of m x each number."""
    each = sum(m * base.get(s, 0) for s in relevant) + sum(
        m * e.get(s, 0) for e in episodes for s in relevant
    )
    assert athlete_score(base, episodes, relevant, m) == each


def test_bonuses_stack_and_negatives() -> None:
    assert combined_multiplier([2, 2]) == 4
    assert combined_multiplier([2, 2], stack=False) == 2
    assert combined_multiplier([2, 2], total=-3) * -3 == -12
    assert combined_multiplier([2, 2], total=-3, negatives=False) == 1
    assert combined_multiplier([]) == 1


def test_distributive_forms_in_sympy() -> None:
    added, each, equal = distributive_forms(["a", "b", "c"], "m")
    m, a, b, c = sympy.symbols("m a b c")
    assert equal and sympy.expand(added) == m * a + m * b + m * c and sympy.factor(each) == m * (a + b + c)
    added, each, equal = distributive_forms([1, 3, -2, 2, -1, 1], 2)
    assert equal and added.doit() == 8 and each.doit() == 8
    assert str(added) != str(each)  # shown unevaluated: the two ways of writing it


@pytest.mark.parametrize("multiplier", [1, 0, -1, 2, "m"])
@pytest.mark.parametrize("values", [[3, 4], [3, -4, "x"], [0, 0], [5], ["a", "b"]])
def test_the_distributive_law_holds_for_every_multiplier(values: list, multiplier: int | str) -> None:
    """A multiplier of 1 (the Athlete with no bonus) once left sympy a product it never worked out."""
    added, each, equal = distributive_forms(values, multiplier)
    assert equal and sympy.simplify(added.doit() - each.doit()) == 0


def test_operation_counts_agree_with_counting_while_computing() -> None:
    for values, mults in [([1, 3, -2, 2, -1, 0, 1], [2]), ([4, 5], [2, 2, 2]), ([7], [])]:
        done = count_both_ways(values, mults)
        counted = operation_count(len(values), len(mults))
        assert done["add then multiply"][0] == done["multiply each then add"][0]
        assert {k: v[1] for k, v in done.items()} == counted
    assert operation_count(7, 2) == {"add then multiply": 8, "multiply each then add": 20}


@pytest.mark.parametrize(
    "call",
    [
        lambda: athlete_score({"body": "2"}, [], ["body"]),
        lambda: athlete_score({"body": 2}, {"body": 1}, ["body"]),
        lambda: athlete_score({"body": 2}, [{}] * 1001, ["body"]),
        lambda: athlete_score({"body": 2}, [], ["body"], 10**7),
        lambda: operation_count(0, 1),
        lambda: operation_count(5, 51),
        lambda: combined_multiplier([2] * 51),
        lambda: odds.sport_chances([]),
        lambda: odds.sport_chances(["Golf"]),
        lambda: odds.episode_value({"body": "2"}, SPORTS),
        lambda: odds.expected_team_score([(XAVIER, [], 1)] * 21, SPORTS),
    ],
)
def test_bad_inputs_are_refused_with_what_is_allowed(call) -> None:
    with pytest.raises(ValueError, match=r"must be|at most|empty|whole number|a list|must hold Sport cards"):
        call()


# -- expectations over the Sport deck, against brute force --------------------------------------------


def _brute_average(values: list[Fraction | int]) -> Fraction:
    return Fraction(sum(values), len(values))


def test_stat_chances_count_the_sports() -> None:
    chances = odds.stat_chances(SPORTS)
    for s in STATS:
        assert chances[s] == Fraction(sum(1 for sp in SPORTS if s in sp.relevant), len(SPORTS))


@settings(max_examples=60, deadline=None)
@given(base=stats, episodes=st.lists(stats, max_size=4), m=st.integers(1, 4), cut=st.integers(1, 24))
def test_expected_athlete_score_and_episode_value_by_brute_force(base, episodes, m, cut) -> None:
    deck = SPORTS[:cut]
    brute = _brute_average([athlete_score(base, episodes, sp.relevant, m) for sp in deck])
    assert odds.expected_athlete_score(base, episodes, deck, m) == brute
    ep = episodes[0] if episodes else {"body": 1}
    gain = _brute_average(
        [athlete_score(base, [ep], sp.relevant, m) - athlete_score(base, [], sp.relevant, m) for sp in deck]
    )
    assert odds.episode_value(ep, deck, m) == gain
    dist = odds.score_distribution(base, episodes, deck, m)
    counts = Counter(athlete_score(base, episodes, sp.relevant, m) for sp in deck)
    assert dict(dist) == {v: Fraction(n, len(deck)) for v, n in counts.items()}


@settings(max_examples=40, deadline=None)
@given(
    team=st.lists(st.tuples(stats, st.lists(stats, max_size=2), st.integers(1, 4)), max_size=5),
    cut=st.integers(1, 24),
)
def test_expected_team_score_tries_every_team_by_brute_force(team, cut) -> None:
    deck = SPORTS[-cut:]
    values = []
    for sp in deck:
        scores = [athlete_score(b, e, sp.relevant, m) for b, e, m in team]
        if sp.effect == "most_cards_wins":  # Cheerleading: the attached cards decide
            scores = [len(e) for _, e, _ in team]
        size = min(sp.team_size, len(scores))
        teams = [sum(c) for c in combinations(scores, size)] or [0]
        values.append(min(teams) if sp.effect == "lowest_wins" else max(teams))
    assert odds.expected_team_score(team, deck) == _brute_average(values)


def test_the_known_top_card_is_certain() -> None:
    relay = next(sp for sp in SPORTS if sp.name == "Relay Race")
    assert odds.sport_chances(SPORTS, top=[relay]) == Dist({relay: 1})


def test_simulated_reveals_agree_with_the_exact_expectation() -> None:
    """Xavier's (unattached) score for the Sport each simulated game reveals averages to the exact
    value: 800 seeded games, within 4 standard errors."""
    xavier = DATA.athletes["A01"].stats
    exact = odds.expected_athlete_score(xavier, [], SPORTS)
    each = [athlete_score(xavier, [], sp.relevant) for sp in SPORTS]
    sd = math.sqrt(float(sum((x - exact) ** 2 for x in each)) / len(each))  # one reveal's spread
    scores = []
    for seed in range(800):
        game = new_game(seed=seed)
        while game.state.sport() is None:
            game.step()
        scores.append(athlete_score(xavier, [], game.state.sport().relevant))
    mean = sum(scores) / len(scores)
    assert abs(mean - float(exact)) < 4 * sd / math.sqrt(len(scores))


def test_best_team_refuses_a_bad_size_or_too_many_scores() -> None:
    assert odds.best_team([3, -1, 5], 2) == 8 and odds.best_team([3, -1, 5], 2, lowest=True) == 2
    with pytest.raises(ValueError, match="size must be a whole number from 0 to 1,000; got -1"):
        odds.best_team([1, 2], -1)
    with pytest.raises(ValueError, match="at most 1,000"):
        odds.best_team([0] * 1001, 3)
    with pytest.raises(ValueError, match="a team of 5 cannot be chosen from 3"):
        odds.best_team([5, 3, 9], 5)
    assert odds.best_team([5, 3, 9], 5, all_if_fewer=True) == 17


def test_a_mistyped_stat_is_refused_not_counted_as_zero() -> None:
    sports = list(load_data().sports.values())
    with pytest.raises(ValueError, match="'bodi' is not a stat; the stats are teamwork, body"):
        scoring.athlete_score({"bodi": 2}, [], ["body"])
    with pytest.raises(ValueError, match="relevant stat 'bodi' is not a stat"):
        scoring.athlete_score({"body": 2}, [], ["bodi"])
    with pytest.raises(ValueError, match="stat names are lower case: 'body'"):
        odds.episode_value({"Body": 1}, sports)
    one_stat = scoring.athlete_score({"body": 2}, [], "body")
    assert scoring.relevant_sum({"body": 2}, [], "body") == 2 == one_stat


def test_the_known_top_card_cannot_be_listed_twice() -> None:
    sports = list(load_data().sports.values())
    with pytest.raises(ValueError, match="top repeats a Sport card"):
        odds.sport_chances(sports, top=[sports[0]] * 3)


def test_flags_and_decks_of_the_wrong_kind_are_refused_not_answered() -> None:
    """best_team('False') used to count as lowest=True; a number for a deck gave Python's words."""
    import numpy as np

    with pytest.raises(ValueError, match="lowest must be True or False; got 'False'"):
        odds.best_team([5, 1, 3], 2, "False")
    with pytest.raises(ValueError, match="deck must be a list of Sport cards"):
        odds.sport_chances(5)
    assert odds.best_team([5, 1, 3], 2, np.bool_(True)) == 4
    assert odds.episode_value({"body": 1}, SPORTS, np.int64(2)) == 2 * odds.episode_value({"body": 1}, SPORTS)


def test_the_sport_reveal_sampler_agrees_with_the_exact_scores() -> None:
    """Lessons 30-32's live bars reveal Sports: 24,000 reveals land within 4.5 standard errors
    of every exact chance (a wrong Sport deck or score would miss by far more)."""
    data = load_data()
    xavier = data.athletes["A01"].stats
    dinner = next(e for e in data.episodes.values() if e.name == "Team Dinner").modifiers
    exact = odds.score_distribution(xavier, [dinner], SPORTS, 2)
    reveal = sport_reveal_sampler(SPORTS, lambda sport: athlete_score(xavier, [dinner], sport.relevant, 2))
    rng, n = random.Random(5), 24_000
    seen = Counter(reveal(rng) for _ in range(n))
    assert set(seen) <= set(exact)
    for score, p in exact.items():
        assert abs(seen[score] / n - p) < 4.5 * math.sqrt(p * (1 - p) / n), score
    sizes = Counter(sport_reveal_sampler(SPORTS[:1], lambda s: s.team_size)(rng) for _ in range(10))
    assert sizes == {SPORTS[0].team_size: 10}  # one card: always that one


@pytest.mark.parametrize("sports", [[], "Golf", [1, 2], {"golf": 1}])
def test_the_sport_reveal_sampler_refuses_what_is_not_a_sport_deck(sports: object) -> None:
    with pytest.raises(ValueError, match="sports must be 1 to 1,000 Sport cards"):
        sport_reveal_sampler(sports, lambda s: 0)  # type: ignore[arg-type]
