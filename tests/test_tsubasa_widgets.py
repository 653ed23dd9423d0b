"""Captain Tsubasa panels and the table picture, worked headless: set a control, read the output."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from playground.tsubasa import new_game, odds
from playground.tsubasa.table_view import TableView, data_attributes, scene_of, table_html
from playground.tsubasa.widgets import duel_panel, match_panel, special_shot_panel


def test_duel_panel_shows_the_exact_chance_for_its_controls() -> None:
    panel = duel_panel(7, 8)
    assert panel.p_win() == Fraction(5, 12) == odds.p_attacker_wins(7, 8)
    assert "5/12" in panel.result.value and "41.7%" in panel.result.value
    panel.attack.value = 8
    assert panel.p_win() == Fraction(7, 12) and "7/12" in panel.result.value
    panel.ties.value = False
    assert panel.p_win() == Fraction(5, 12)
    panel.ties.value = True
    panel.reroll.value = "attacker"
    assert panel.p_win() == odds.p_attacker_wins(8, 8, reroll="attacker") == Fraction(29, 36)
    panel.reroll.value = "nobody"
    panel.keeper.value = True
    assert panel.p_goal() == Fraction(7, 24) and "7/24" in panel.result.value
    panel.reroll.value = "attacker"
    assert panel.p_goal() == Fraction(79, 144) and "79/144" in panel.result.value  # lesson 11
    panel.reroll.value = "defender"
    assert panel.p_goal() == Fraction(55, 432) and "55/432" in panel.result.value
    panel.reroll.value = "nobody"
    panel.attack.value, panel.defense.value = 0, 6
    panel.assured.value = True
    assert panel.p_win() == Fraction(1, 36)  # only the 6 against a 1


@pytest.mark.parametrize("totals", [(2, 8), (13, 8), (7, 8), (8, 8)])
@pytest.mark.parametrize("assured", [False, True])
def test_the_orange_bars_add_up_to_the_attacks_chance(totals: tuple[int, int], assured: bool) -> None:
    panel = duel_panel(*totals)
    panel.assured.value = assured
    bars = [int(k) for k in re.findall(r"data-outcome='(-?\d+)'", panel.chart.value)]
    fills = re.findall(r"fill='(#[0-9A-F]+)' data-outcome", panel.chart.value)
    won = sum(odds.difference_dist()[k] for k, f in zip(bars, fills, strict=True) if f == "#D55E00")
    assert won == panel.p_win()


def test_duel_chart_highlights_the_winning_differences() -> None:
    panel = duel_panel(7, 8)  # behind by 1, ties win: a die difference of +1 or more wins
    bars = re.findall(r"data-outcome='(-?\d+)'", panel.chart.value)
    fills = re.findall(r"fill='(#[0-9A-F]+)' data-outcome", panel.chart.value)
    won = [int(k) for k, f in zip(bars, fills, strict=True) if f == "#D55E00"]
    assert won == [1, 2, 3, 4, 5]
    assert sum(odds.difference_dist()[k] for k in won) == panel.p_win()


def test_special_shot_panel_scores_two_in_three_against_the_equilibrium() -> None:
    panel = special_shot_panel(seed=1)
    n = 3000
    goals = sum(panel.shoot(panel.shots[k % 3]) for k in range(n))
    assert panel.value == Fraction(2, 3)
    sd = (2 / 9 / n) ** 0.5
    assert abs(goals / n - 2 / 3) < 4 * sd  # within 4 standard errors of the exact 2/3
    assert f"{goals} goals from {n} shots" in panel.score.value
    one = next(p for seed in range(30) if (p := special_shot_panel(seed=seed)).shoot(p.shots[0]))
    assert one.score.value.startswith("1 goal from 1 shot ")  # not "1 goals from 1 shots"
    with pytest.raises(ValueError, match="is not one of the Special Shots"):
        panel.shoot("n_drive")


def test_match_panel_steps_and_the_picture_follows() -> None:
    panel = match_panel(seed=3)
    for _ in range(80):
        panel.games.step()
    game = panel.games.game
    scene = panel.view.scene
    assert scene["step"] == game.step_count == 80
    assert [c["score"] for c in scene["coaches"]] == [c.score for c in game.state.coaches]
    assert [len(c["play"]) for c in scene["coaches"]] == [len(c.play) for c in game.state.coaches]
    panel.rules_panel.controls["assured_success"].value = True
    assert panel.games.game.rules.assured_success and panel.games.game.step_count == 0
    with pytest.raises(ValueError, match="policy must be one of"):
        match_panel(policy="cheater")


def test_the_fallback_html_carries_the_state_in_data_attributes() -> None:
    game = new_game(seed=2)
    for _ in range(120):
        game.step()
    view = TableView()
    view.show_game(game)
    html = view._repr_html_()
    attrs = data_attributes(scene_of(game))
    for key, value in attrs.items():
        assert f'{key}="{value}"' in html
    assert attrs["data-pitch"] == str(len(game.state.pitch))
    assert attrs["data-score-nankatsu"] == str(game.state.coaches[0].score)
    assert html.count('class="pg-ts-card"') == len(game.state.pitch) + game.cards_in_play()
    assert table_html({}) == '<div class="pg-ts-table">no match yet</div>'


def test_the_browser_module_draws_the_same_attributes() -> None:
    js = (Path(__file__).parents[1] / "playground" / "tsubasa" / "table_view.js").read_text()
    assert "export default { render }" in js
    for key in (
        "data-period",
        "data-round",
        "data-step",
        "data-attacker",
        "data-pitch",
        "data-dice",
        "data-over",
    ):
        assert f'"{key}"' in js
    assert "data-score-${" in js and "data-play-${" in js


def test_rules_panel_has_a_tab_per_section_and_every_field_explains_itself() -> None:
    from playground.core.rules import field_groups, field_specs
    from playground.tsubasa import Rules
    from playground.widgets import rules_panel

    groups = field_groups(Rules)
    assert [title for title, _ in groups] == [title for title, _ in Rules.sections]
    assert all(spec.help.strip() for spec in field_specs(Rules))
    rulings = [s.name for s in field_specs(Rules) if "Ruling" in s.help]
    assert {"max_points", "yellow_penalty", "red_penalty", "fatigue_to", "reroll_by"} <= set(rulings)
    panel = rules_panel(Rules(), key=("ties_to_attacker", "assured_success"))
    panel.controls["assured_success"].value = True
    assert panel.rules == Rules(assured_success=True)
