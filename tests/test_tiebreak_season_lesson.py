"""Lesson 04's pieces: the movement-chain questions, the season measures, the strategy lab and
the season panel, each checked against a second, independent derivation."""

from __future__ import annotations

import csv
import random
import re
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pandas as pd
import pytest

from playground.core import compare_rules
from playground.tiebreak import Rules, load_data, new_game
from playground.tiebreak.actions import Qualify, Risk
from playground.tiebreak.measures import (
    SEASON_MEASURES,
    Walker,
    WinShare,
    came_from,
    challenges,
    challenges_won,
    comparison_sentences,
    lab_plot,
    lab_table,
    landing_dist,
    move_table,
    reached_target,
    turn_end_shares,
    weeks,
    win_share,
    winning_ranking,
)
from playground.tiebreak.odds import landing_frequencies, p_reach_target
from playground.tiebreak.policies import Situation, from_choices, greedy
from playground.tiebreak.widgets import season_panel

DATA = Path(__file__).resolve().parent.parent / "data" / "tiebreak"
BOARD = load_data().board
RULES = Rules()


# -- an independent board walk, straight from the CSV links ----------------------------------------


def csv_links() -> dict[str, tuple[str, str | None]]:
    with open(DATA / "spaces.csv", encoding="utf-8-sig") as f:
        return {row["id"]: (row["next"], row["branch"] or None) for row in csv.DictReader(f)}


LINKS = csv_links()


def walk(start: str, steps: int, road: str) -> str:
    """Go clockwise; at a fork take the branch link on the 'branch' road, else the next link."""
    here = start
    for _ in range(steps):
        nxt, branch = LINKS[here]
        here = branch if branch and road == "branch" else nxt
    return here


ROLLS = list(product(range(1, 7), range(1, 7), ["main"] * 3 + ["branch"] * 3))  # 216 equally likely


def move_by_counting(start: str) -> dict[str, Fraction]:
    ends = Counter(walk(start, a + b, road) for a, b, road in ROLLS)
    return {end: Fraction(n, len(ROLLS)) for end, n in ends.items()}


def lap_share(space_id: str, injury_weeks: int = 2) -> Fraction:
    """The long-run share of turns by the lap argument: a lap is 32 steps, the two roads after the
    fork share one step each, and 1 move in 32 lands on Injury and adds injury_weeks turns."""
    turns_per_32_moves = 32 + injury_weeks
    on_a_road = BOARD.spaces[BOARD.index[space_id]].track == "branch" or space_id in {
        "t1000_miami",
        "let_2",
        "t250_marrakech",
        "t2000_paris_clay",
    }
    share = Fraction(1, turns_per_32_moves) * (Fraction(1, 2) if on_a_road else 1)
    return share * (1 + injury_weeks) if space_id == "injury" else share


# -- the movement chain --------------------------------------------------------------------------


def test_move_table_matches_counting_the_216_rolls() -> None:
    table = move_table(BOARD, RULES, ["start", "Rio 500", BOARD.injury])
    assert list(table.columns) == ["Start", "Rio 500", "Injury"]
    for column, start in zip(table.columns, ["start", "t500_rio", "injury"], strict=True):
        counted = move_by_counting(start)
        shown = {BOARD.spaces[BOARD.index[i]].name: p for i, p in counted.items()}
        assert {name: p for name, p in table[column].items() if p} == shown
        assert table[column].sum() == 1
    assert table.loc["Injury", "Rio 500"] == Fraction(1, 6)


@pytest.mark.parametrize("froms", [[], "start", ["nowhere"], [36], [True]])
def test_move_table_refuses_bad_starts(froms: object) -> None:
    with pytest.raises(ValueError, match=r"froms|space"):
        move_table(BOARD, RULES, froms)  # type: ignore[arg-type]


def test_landing_frequencies_follow_the_lap_argument() -> None:
    """The lesson's explanation of 1/34, 1/68 and 3/34, and exercise 2's 1/36 and 5/36."""
    for weeks_out in (2, 4, 0):
        freqs = landing_frequencies(BOARD, RULES.replace(injury_weeks=weeks_out))
        assert {s.id: freqs[i] for i, s in enumerate(BOARD.spaces)} == {
            s.id: lap_share(s.id, weeks_out) for s in BOARD.spaces
        }


def came_from_by_counting(target: str) -> dict[str, Fraction]:
    """Bayes by brute force: start shares by the lap argument, Aces counted over the 216 rolls."""
    joint = {}
    for sid in LINKS:
        start = lap_share(sid) / 3 if sid == "injury" else lap_share(sid)
        aces = sum(1 for a, b, road in ROLLS if a == b and walk(sid, a + b, road) == target)
        if aces:
            joint[sid] = start * Fraction(aces, len(ROLLS))
    total = sum(joint.values())
    return {sid: p / total for sid, p in joint.items()}


@pytest.mark.parametrize("target", ["t2000_london_grass", "t250_eastbourne", "b_rome", "t2000_new_york"])
def test_came_from_agrees_with_brute_force_bayes(target: str) -> None:
    got = came_from(BOARD, RULES, target)
    assert {BOARD.spaces[s].id: p for s, p in got.items()} == came_from_by_counting(target)


def test_came_from_hand_values() -> None:
    """London Grass: Halle 1/6, Rome 1/12 (the lesson); Eastbourne: Injury, free 1 turn in 3, 1/6."""
    london = came_from(BOARD, RULES, "London Grass 2000")
    assert london[BOARD.index["t500_halle"]] == Fraction(1, 6)
    assert london[BOARD.index["b_rome"]] == Fraction(1, 12)
    assert came_from(BOARD, RULES, "t250_eastbourne")[BOARD.injury] == Fraction(1, 6)
    any_move = came_from(BOARD, RULES, "t250_eastbourne", doubles=False)
    assert sum(any_move.values()) == 1 and len(any_move) > len(came_from(BOARD, RULES, "t250_eastbourne"))


def test_came_from_refuses_what_it_cannot_answer() -> None:
    with pytest.raises(ValueError, match="space must be"):
        came_from(BOARD, RULES, "Wimbledon")
    with pytest.raises(ValueError, match="doubles must be True or False"):
        came_from(BOARD, RULES, "b_rome", doubles=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no move with doubles lands on Rome 1000"):
        came_from(BOARD, Rules(fork_branch_faces=0), "b_rome")  # nobody takes the clay road


def test_walker_settles_on_the_landing_frequencies_and_restarts_with_a_new_generator() -> None:
    exact = landing_dist(BOARD, RULES)
    assert sum(exact.values()) == 1 and exact[BOARD.injury] == Fraction(3, 34)
    walker = Walker(BOARD, RULES)
    rng = random.Random(3)
    first = walker(rng, 1)
    assert BOARD.spaces[first[0]].id in move_by_counting("start")
    turns = walker(rng, 60_000)
    shares = Counter(turns)
    assert abs(shares[BOARD.injury] / len(turns) - 3 / 34) < 0.01
    assert all(label in exact for label in shares)
    assert walker(random.Random(3), 1) == first  # a new generator: back to Start, same first turn
    with pytest.raises(ValueError, match="n must be a whole number"):
        walker(rng, -1)


# -- real seasons and the measures ---------------------------------------------------------------


def test_turn_end_shares_add_up_and_count_injury_more_than_the_chain() -> None:
    shares = turn_end_shares(seasons=4, seed=2)
    assert set(shares) == set(range(len(BOARD))) and sum(shares.values()) == pytest.approx(1)
    with pytest.raises(ValueError, match="seasons must be a whole number from 1"):
        turn_end_shares(seasons=0)
    with pytest.raises(ValueError, match="players must be"):
        turn_end_shares(players=7)


def replayed_title_changes(game) -> tuple[int, int]:
    """(challenges, challenges won) by replaying the game and watching titles change holder
    during a defended contest."""
    replay = new_game(game.rules, seed=game.seed, players=game.players)
    played = won = 0
    for action in game.actions():
        before = {space: holder for space, (holder, _) in replay.state.titles.items()}
        defended = replay.state.contest is not None and replay.state.contest.kind == "defended"
        played += isinstance(action, Qualify)
        replay.apply(action)
        after = {space: holder for space, (holder, _) in replay.state.titles.items()}
        won += defended and any(after.get(space) not in (holder, None) for space, holder in before.items())
    return played, won


@pytest.mark.parametrize("seed", [1, 5])
def test_season_measures_agree_with_a_replay(seed: int) -> None:
    game = new_game(seed=seed, players=4).play(greedy)
    played, taken = replayed_title_changes(game)
    assert challenges(game) == played and challenges_won(game) == taken
    assert weeks(game) == game.state.week
    assert winning_ranking(game) == max(game.result().scores.values())
    assert reached_target(game) == float("reached" in game.result().reason)
    assert set(SEASON_MEASURES.values()) == {
        weeks,
        reached_target,
        winning_ranking,
        challenges,
        challenges_won,
    }


def test_comparison_sentences_read_each_row() -> None:
    table = compare_rules(
        new_game,
        RULES,
        RULES.replace(champion_head_start=2),
        games=3,
        players=2,
        policies=greedy,
        measures={"weeks": weeks},
    )
    (sentence,) = comparison_sentences(table)
    row = table.loc["weeks"]
    assert sentence.startswith(
        f"weeks: {row['mean A']:,.1f} with our default rules"
    )  # 10 to 100: one decimal
    low, high = re.search(r"95% interval ([+-][\d.,]+) to ([+-][\d.,]+)", sentence).groups()
    assert len(low.split(".")[-1]) == len(high.split(".")[-1])  # said alike: never -0.14 to +0.0397
    with pytest.raises(ValueError, match="compare_rules table"):
        comparison_sentences(pd.DataFrame({"x": [1]}))


# -- the strategy lab ----------------------------------------------------------------------------


def test_from_choices_refuses_what_is_not_a_choice() -> None:
    with pytest.raises(ValueError, match="give risk, challenge or both"):
        from_choices()
    with pytest.raises(ValueError, match="risk must be a function"):
        from_choices(risk=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must return a whole number of tokens"):
        new_game(seed=1, players=2).play(from_choices(risk=lambda t: -1))
    with pytest.raises(ValueError, match="must return True or False"):
        for seed in range(20):  # some season offers a challenge from afar
            new_game(seed=seed, players=4).play(from_choices(challenge=lambda t: "yes"))


def test_a_player_who_never_risks_risks_nothing_and_sees_exact_chances() -> None:
    seen: list[Situation] = []

    def never(t: Situation) -> int:
        seen.append(t)
        return 0

    game = new_game(seed=2, players=2).play([from_choices(risk=never), greedy])
    replay = new_game(seed=2, players=2)
    own_risks = 0
    for action in game.actions():
        contest = replay.state.contest
        if isinstance(action, Risk) and replay.current_actor() == 0 and contest and contest.player == 0:
            assert action.tokens == ()
            own_risks += 1
        replay.apply(action)
    assert own_risks == len(seen) > 0
    for t in seen:
        assert len(t.chances) == t.most + 1
        if t.kind == "vacant":  # the matching card's point (+1 with an Ace) plus k tokens
            base = next(b for b in (1, 2) if t.p_win(0) == p_reach_target(b))
            assert all(t.p_win(k) == p_reach_target(base + k) for k in range(t.most + 1))
        with pytest.raises(ValueError, match="tokens must be a whole number"):
            t.p_win(t.most + 1)


def test_asking_for_every_token_plays_like_greedy_and_declining_challenges_never_travels_to_one() -> None:
    for seed in range(3):
        greedy_game = new_game(seed=seed, players=3).play(greedy)
        choice_game = new_game(seed=seed, players=3).play(from_choices(risk=lambda t: 99))
        assert choice_game.actions() == greedy_game.actions()
    for seed in range(12):
        game = new_game(seed=seed, players=4)
        game.play(from_choices(challenge=lambda t: False))
        replay = new_game(seed=seed, players=4)
        for action in game.actions():
            if isinstance(action, Qualify):  # only forced challenges, on the player's own space
                player = replay.current_actor()
                assert replay.state.players[player].position == action.space
            replay.apply(action)


def cautious(t: Situation) -> int:
    return t.most if t.points >= 1000 else 0


def test_win_share_plays_here_where_no_process_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a browser kernel (no processes) "process" plays in the kernel, with the same share."""
    from playground.tiebreak import measures

    here = win_share(from_choices(risk=cautious), seasons=4, players=3, executor="serial")
    monkeypatch.setattr(measures, "workers_possible", lambda: False)
    monkeypatch.setattr(measures, "ProcessPoolExecutor", None)  # any pool started would fail
    assert win_share(from_choices(risk=cautious), seasons=4, players=3, executor="process") == here


def test_win_share_is_the_same_in_worker_processes_and_here() -> None:
    here = win_share(from_choices(risk=cautious), seasons=6, players=3, executor="serial")
    pool = win_share(from_choices(risk=cautious), seasons=6, players=3, executor="process")
    assert here == pool
    scores = []
    for seed in range(6):
        seat = seed % 3
        seats = [from_choices(risk=cautious) if p == seat else greedy for p in range(3)]
        winners = new_game(seed=seed, players=3).play(seats).result().winners
        scores.append(Fraction(1, len(winners)) if seat in winners else 0)
    assert here.share == pytest.approx(float(sum(scores) / 6))


def test_win_share_statistics_and_refusals() -> None:
    result = WinShare("p", 200, 4, 0.3)
    assert result.standard_error == pytest.approx((0.3 * 0.7 / 200) ** 0.5)
    assert result.low == pytest.approx(0.3 - 1.96 * result.standard_error)
    assert result.verdict == "cannot tell" and "cannot tell it from a fair share of 25%" in result.sentence()
    assert WinShare("p", 2000, 4, 0.3).verdict == "better than a fair share"
    assert WinShare("p", 2000, 4, 0.2).verdict == "worse than a fair share"
    for bad in ({"seasons": 0}, {"players": 1}, {"seed": -1}, {"executor": "threads"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            win_share(greedy, **bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rules must be a Tie-Break Triumph Rules object .* got 'rulebook'"):
        win_share(greedy, rules="rulebook")  # type: ignore[arg-type]
    table = lab_table([result])
    assert table.loc["p", "fair share"] == 0.25 and table.loc["p", "can the data tell?"] == "cannot tell"
    assert lab_plot([result]).axes[0].get_yticklabels()[0].get_text() == "p"
    with pytest.raises(ValueError, match="results must be a list"):
        lab_table([])


# -- the season panel ----------------------------------------------------------------------------


def test_season_panel_puts_the_key_rules_up_front_and_follows_the_player_count() -> None:
    panel = season_panel(players=4, seed=3)
    rules = panel.rules_panel
    up_front = rules.children[0].children
    names = [row.children[0].description for row in up_front]
    assert names == ["target score 4p", "direction die", "race margin", "champion head start"]
    assert rules.all_rules is not None and rules.all_rules.selected_index is None
    rules.controls["champion_head_start"].value = 2
    assert panel.games.game.rules == Rules(champion_head_start=2)
    panel.players.value = 3
    names = [row.children[0].description for row in panel.rules_panel.children[0].children]
    assert names[0] == "target score 3p"
    assert panel.rules_panel is rules  # the same controls, moved: each field's row shows once
    pages = rules.all_rules.children[0].children
    behind = [row.children[0].description for page in pages for row in page.children]
    assert "target score 4p" in behind and sorted(names + behind) == sorted(
        c.description for c in rules.controls.values()
    )
    assert panel.games.game.rules == Rules(champion_head_start=2) and panel.games.game.players == 3
    panel.rules_panel.controls["target_score_3p"].value = 5000
    assert panel.games.game.target == 5000


def test_season_panel_heat_and_history_show_exact_values() -> None:
    panel = season_panel(players=4, seed=3)
    panel.heat.value = True
    heat = {sid: Fraction(v).limit_denominator(100) for sid, v in panel.view.heat.items()}
    assert heat == {s.id: lap_share(s.id) for s in BOARD.spaces}
    panel.games.step_button.click()
    with open(DATA / "deck.csv", encoding="utf-8-sig") as f:
        copies = {(int(r["points"]), r["surface"]): int(r["copies"]) for r in csv.DictReader(f)}
    card = panel.games.game.actions()[0]
    expected = Fraction(copies[(card.points, card.surface)], sum(copies.values()))
    assert panel.games.game.history().loc[1, "probability"] == expected
    assert f"<td>{expected}</td>" in panel.games.history_table.value


def test_the_long_season_runs_show_their_progress_in_a_notebook(monkeypatch: pytest.MonkeyPatch) -> None:
    """win_share and turn_end_shares can take minutes at their bounds: each shows a bar that ends
    full and green, and the answer is the one without a bar."""
    import IPython.display

    shown: list = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    with_bar = win_share(greedy, seasons=30, executor="serial", progress=True)
    assert with_bar == win_share(greedy, seasons=30, executor="serial")
    shares = turn_end_shares(seasons=3, seed=2, progress=True)
    assert shares == turn_end_shares(seasons=3, seed=2)
    assert [(bar.value, bar.max, bar.bar_style, bar.description) for bar in shown] == [
        (30, 30, "success", "seasons"),
        (3, 3, "success", "seasons"),
    ]


def test_a_students_choices_may_be_numpy_values() -> None:
    """np.argmax gives a numpy whole number, a comparison of numpy values np.True_: both are taken."""
    import numpy as np

    player = from_choices(risk=lambda t: np.int64(t.most), challenge=lambda t: np.bool_(True))
    assert new_game(seed=4, players=3).play(player).is_over()
