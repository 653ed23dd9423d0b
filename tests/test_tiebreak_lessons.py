"""The lesson helpers of notebooks 02 and 03, and their panels, against independent derivations.

Schedules are checked by listing every hand of cards, races by playing every sequence of dice,
vacant tournaments by counting die faces; the panels by setting a control and reading the answer.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from itertools import combinations, product

import pytest

from playground.tiebreak import Rules, odds, simulate
from playground.tiebreak.widgets import race_panel, targets_panel


def faces_reaching(bonus: int, target: int = 7) -> Fraction:
    """P(bonus + d6 >= target), by counting faces."""
    return Fraction(sum(1 for face in range(1, 7) if bonus + face >= target), 6)


def race_bounds(
    a: int, b: int, rolls: int = 24, first: str = "challenger", margin: int = 2
) -> tuple[Fraction, Fraction]:
    """P(challenger wins) lies between these: won within `rolls` rolls, or won or not yet decided.

    Every sequence of dice, grouped by the totals it reaches (no folding of the deuce loop).
    """
    won = Fraction(0)
    frontier = {(a, b, first): Fraction(1)}  # (challenger total, champion total, who rolls next)
    for _ in range(rolls):
        after: dict[tuple[int, int, str], Fraction] = {}
        for (x, y, roller), p in frontier.items():
            for die in range(1, 7):
                nx, ny = (x + die, y) if roller == "challenger" else (x, y + die)
                mine, theirs = (nx, ny) if roller == "challenger" else (ny, nx)
                if mine >= 7 and mine - theirs >= margin:
                    won += p / 6 if roller == "challenger" else 0
                    continue
                key = (nx, ny, "champion" if roller == "challenger" else "challenger")
                after[key] = after.get(key, Fraction(0)) + p / 6
        frontier = after
    return won, won + sum(frontier.values(), Fraction(0))


# -- a schedule dealt from the deck ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("copies", "deck", "schedule"), [(6, 36, 3), (2, 9, 4), (0, 5, 2), (5, 5, 3), (3, 7, 7)]
)
def test_schedule_dist_counts_every_hand(copies: int, deck: int, schedule: int) -> None:
    hands = list(combinations(range(deck), schedule))
    for k in range(schedule + 1):
        listed = Fraction(sum(1 for hand in hands if sum(card < copies for card in hand) == k), len(hands))
        assert odds.schedule_dist(copies, deck, schedule)[k] == listed
    at_least_one = Fraction(sum(1 for hand in hands if any(card < copies for card in hand)), len(hands))
    assert odds.p_schedule_holds(copies, deck, schedule) == at_least_one


def test_a_2000_card_in_a_three_card_schedule() -> None:
    # one at a time, without replacement: none of the three is a 2000 card
    none = Fraction(30, 36) * Fraction(29, 35) * Fraction(28, 34)
    assert odds.p_schedule_holds(6) == 1 - none == Fraction(22, 51)


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ((7, 6, 3), "copies"),
        ((2, 6, 7), "schedule"),
        ((-1,), "copies"),
        ((1, 0), "deck"),
        ((1, 6, 0), "schedule"),
    ],
)
def test_schedule_refuses_impossible_decks(args: tuple, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        odds.schedule_dist(*args)
    with pytest.raises(ValueError, match=word):
        odds.p_schedule_holds(*args)


def test_sample_schedules_deals_without_replacement() -> None:
    rng = random.Random(3)
    hands = simulate.sample_schedules(rng, 20_000, 6)
    exact = odds.schedule_dist(6)
    for k, p in exact.items():
        share = hands.count(k) / len(hands)
        assert abs(share - p) < 4 * math.sqrt(p * (1 - p) / len(hands)) + 1e-9
    assert set(simulate.sample_schedules(random.Random(0), 200, 3, deck=3, schedule=3)) == {3}
    with pytest.raises(ValueError, match="n must be"):
        simulate.sample_schedules(rng, -1, 6)


# -- what a token is worth -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "worth", "best"), [(1000, 150, 5), (1000, 200, 0), (250, 41, 5), (250, 42, 0), (2000, 0, 5)]
)
def test_best_tokens_at_a_vacant_tournament(points: int, worth: int, best: int) -> None:
    # each token adds one face (points / 6) until the bonus of 1 + 5 tokens makes the win sure
    frame = odds.token_value_table(card_points=points)
    assert odds.best_tokens(frame, worth) == best
    net = odds.token_net_table(frame, worth)
    for k in range(6):
        assert net.loc[k, "net_points"] == points * faces_reaching(1 + k) - k * worth


def test_best_tokens_prefers_fewer_on_a_tie_and_stops_at_a_sure_win() -> None:
    ace = odds.token_value_table(ace=True, card_points=600)  # a token adds exactly 100 until 4 tokens
    assert odds.best_tokens(ace, 100) == 0
    assert odds.best_tokens(ace, 99) == 4  # the fifth token adds nothing


@pytest.mark.parametrize("worth", [-1, 10_001, 1.5, True, "150"])
def test_token_worth_must_be_whole_points(worth: object) -> None:
    with pytest.raises(ValueError, match="token_worth"):
        odds.token_net_table(odds.token_value_table(), worth)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="frame must be a token table"):
        odds.token_net_table(odds.race_length(2), 0)


# -- vacant against defended, like with like ---------------------------------------------------------


def test_vacant_vs_defended_spends_the_same_tokens() -> None:
    table = odds.vacant_vs_defended().set_index("tokens")
    assert list(table.index) == [0, 1, 2, 3, 4, 5]
    assert table.loc[0, "p_defended"] is None  # no Wildcard, no challenge
    for tokens in range(1, 6):
        # vacant: card + tokens; defended: card + Wildcard + the other tokens: the same number
        assert table.loc[tokens, "vacant_bonus"] == table.loc[tokens, "defended_start"] == 1 + tokens
        assert table.loc[tokens, "p_vacant"] == faces_reaching(1 + tokens)
    low, high = race_bounds(2, 3)
    assert low <= table.loc[1, "p_defended"] <= high and high - low < Fraction(1, 10**4)
    assert table.loc[1, "defended_better"] and not table.loc[5, "defended_better"]  # both sure at 5


def test_vacant_vs_defended_rulings() -> None:
    champion_first = odds.vacant_vs_defended(Rules(race_first="champion")).set_index("tokens")
    low, high = race_bounds(2, 3, first="champion")
    assert low <= champion_first.loc[1, "p_defended"] <= high < Fraction(1, 3)
    assert not champion_first.loc[1:5, "defended_better"].any()
    top = odds.vacant_vs_defended(top_ranker=True).set_index("tokens")
    assert list(top.index) == [0, 1, 2, 3, 4]  # Wildcards go back to the bag: four kinds left
    assert top.loc[0, "defended_start"] == 1
    free = odds.vacant_vs_defended(Rules(wildcard_slot="free")).set_index("tokens")
    assert free.loc[6, "p_vacant"] is None and free.loc[6, "p_defended"] == 1


def test_race_grid_matches_the_race() -> None:
    grid = odds.race_grid(range(4), range(3), Rules(race_margin=1))
    assert grid.shape == (3, 4)
    low, high = race_bounds(2, 1, margin=1)
    assert low <= grid.loc[1, 2] <= high
    with pytest.raises(ValueError, match="challenger_start"):
        odds.race_grid([-1])


# -- one race, roll by roll --------------------------------------------------------------------------


def test_race_winner_and_play_race_by_hand() -> None:
    assert simulate.race_winner([5], 2, 3) == "challenger"  # 7 against 3
    assert simulate.race_winner([4, 5], 2, 3) == "champion"  # 6-3, then 8 against 6
    assert simulate.race_winner([4, 4, 2, 2], 2, 3) is None  # deuce: 8-9, nobody leads by 2
    assert simulate.race_winner([], 7, 3) == "challenger"  # won before anyone rolls
    assert simulate.race_winner([1], 7, 3, settle_at_start=False) == "challenger"
    table = simulate.play_race(2, 3, dice=[4, 4, 2, 2])
    assert list(table.challenger) == [6, 6, 8, 8] and list(table.champion) == [3, 7, 7, 9]
    assert list(table["roller's lead"]) == [3, 1, 1, 1] and set(table.result) == {"play on"}
    seeded = simulate.play_race(2, 3, seed=36)
    assert seeded.equals(simulate.play_race(2, 3, seed=36))
    assert seeded.result.iloc[-1].endswith("wins") and (seeded.result.iloc[:-1] == "play on").all()
    start = simulate.play_race(7, 3)
    assert len(start) == 1 and start.roll[0] == 0 and start.result[0] == "challenger wins"
    with pytest.raises(ValueError, match="each die"):
        simulate.race_winner([7], 2, 3)
    with pytest.raises(ValueError, match="seed"):
        simulate.play_race(2, 3, seed=1.5)  # type: ignore[arg-type]


def test_counting_sequences_closes_in_on_the_exact_chance() -> None:
    sequences = list(product(range(1, 7), repeat=6))
    won = Fraction(sum(simulate.race_winner(d, 2, 3) == "challenger" for d in sequences), len(sequences))
    going = Fraction(sum(simulate.race_winner(d, 2, 3) is None for d in sequences), len(sequences))
    assert won <= odds.p_challenger_wins(2, 3) <= won + going


def test_race_winner_sampler_agrees_with_the_exact_chance() -> None:
    sample = simulate.race_winner_sampler(2, 3)
    winners = sample(random.Random(5), 4000)
    p = float(odds.p_challenger_wins(2, 3))
    assert abs(winners.count("challenger") / 4000 - p) < 4 * math.sqrt(p * (1 - p) / 4000)
    assert set(winners) == {"challenger", "champion"}
    with pytest.raises(ValueError, match="margin"):
        simulate.race_winner_sampler(2, 3, margin=0)


# -- the panels ----------------------------------------------------------------------------------------


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize(
    ("tokens", "ace", "points", "worth"), [(1, False, 1000, 150), (3, True, 2000, 400), (0, False, 250, 10)]
)
def test_targets_panel_token_worth(tokens: int, ace: bool, points: int, worth: int) -> None:
    panel = targets_panel()
    panel.tokens.value, panel.ace.value, panel.points.value, panel.token_worth.value = (
        tokens,
        ace,
        points,
        worth,
    )
    p = faces_reaching(1 + ace + tokens)
    text = _text(panel.answer.value)
    assert f"exactly  {p} " in text and f"{float(p) * 100:.1f}".rstrip("0").rstrip(".") + "%" in text
    net = points * p - tokens * worth
    assert f"at {worth} each:  {float(net):.0f} " in text
    # best: the number of tokens with the most expected points net of their worth, by counting faces
    nets = [points * faces_reaching(1 + ace + k) - k * worth for k in range(6)]
    best = nets.index(max(nets))
    assert f"risk  {best}  token(s)" in text


def test_targets_panel_all_rules_reach_the_defended_answer() -> None:
    panel = targets_panel()
    panel.mode.value = "defended"
    low, high = race_bounds(2, 3)
    assert low <= panel.table_frame().loc[0, "p_win"] <= high
    panel.rules_panel.controls["race_first"].value = "champion"
    low, high = race_bounds(2, 3, first="champion")
    p = panel.table_frame().loc[0, "p_win"]
    assert low <= p <= high and f"exactly  {p} " in _text(panel.answer.value)
    panel.rules_panel.controls["race_target"].value = 9
    assert panel.target.value == 9
    panel.mode.value = "vacant"
    panel.rules_panel.controls["vacant_target"].value = 8
    assert panel.target.value == 8 and f"exactly  {faces_reaching(1, 8)} " in _text(panel.answer.value)


def test_race_panel_key_knobs_and_table() -> None:
    panel = race_panel()
    panel.challenger.value, panel.head_start.value, panel.first.value = 3, 2, "champion"
    low, high = race_bounds(3, 2, first="champion")
    assert low <= panel.probability <= high
    text = _text(panel.answer.value)
    assert (
        f"exactly  {panel.probability} " in text
        and f"{round(float(panel.probability) * 100)}  races in 100" in text
    )
    starts = panel.starts_frame()
    assert list(starts.index) == list(range(9)) and starts.loc[8, "P(challenger wins)"] == "100%"
    panel.target.value, panel.margin.value, panel.challenger.value = 15, 5, 0
    assert "digits below the line" in panel.answer.value  # a fraction too long to read is not shown


def test_targets_panel_refuses_a_bad_token_worth() -> None:
    with pytest.raises(ValueError, match="token_worth"):
        targets_panel(token_worth=2000)
