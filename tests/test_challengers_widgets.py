"""Challengers! panels and the mat picture, worked without a browser: set a control, read the
output, compare with the exact value."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from challengers_scenes import apply_all, match_scene

from playground.challengers import odds
from playground.challengers.actions import Reveal, TakeFlag
from playground.challengers.mat_view import MatView, mat_html, scene_of
from playground.challengers.widgets import attack_panel, thinning_panel, tournament_panel


def test_attack_panel_shows_the_exact_chance_for_the_slider_values() -> None:
    panel = attack_panel()
    panel.flag.value = 6
    panel.within.value = 2
    assert panel.p_within == Fraction(2, 15)  # 2+4 and 3+4 of the 15 pairs
    assert "exactly <b>2/15</b>" in panel.headline.value
    assert panel.dist == odds.cards_needed([1, 1, 1, 2, 3, 4], 6)
    panel.deck.value = "5, 5"
    assert panel.within.max == 2 and panel.p_within == 1


def test_attack_panel_follows_the_tie_rule_up_front() -> None:
    panel = attack_panel()
    first_row = panel.rules_panel.children[0].children[0]
    assert first_row.children[0] is panel.rules_panel.controls["tie_takes_flag"]
    panel.rules_panel.controls["tie_takes_flag"].value = False
    assert panel.p_within == odds.p_reach_strength([1, 1, 1, 2, 3, 4], 5, 2) == Fraction(2, 5)
    assert "P(beat 4 within 2 card(s))" in panel.headline.value


def test_attack_panel_explains_a_bad_deck_and_keeps_working() -> None:
    panel = attack_panel()
    for bad in ("one, two", "", "1, 99", ", ".join(["1"] * 61)):
        panel.deck.value = bad
        assert "color:#b00" in panel.headline.value and panel.chart.value == ""
    panel.deck.value = "2, 2"
    panel.flag.value = 4
    assert panel.p_within == 1


def test_thinning_panel_table_is_thinning_frame() -> None:
    panel = thinning_panel("1, 1, 2, 4", up_to=5)
    panel.remove.value = 1
    expected = odds.thinning_frame([1, 1, 2, 4], 1, range(1, 6))
    assert panel.frame.equals(expected)
    assert "25%" in panel.table.value  # 1/4 before, 1/3 after
    assert "against flags 2, 3 and 4;" in panel.message.value
    panel.remove.value = 4  # the only card that reaches 4 or more alone: no flag gets easier
    assert "against no flag from 1 to 5" in panel.message.value
    panel.deck.value = "nonsense"
    assert "color:#b00" in panel.message.value


def test_the_thinning_panel_shows_chances_in_percent_and_the_mean_in_cards() -> None:
    panel = thinning_panel("1, 1, 1, 2, 3, 4", up_to=6)
    mean = odds.expected_cards([1, 1, 1, 2, 3, 4], 6)  # 2 cards or more: the mean is no chance
    assert mean > 1
    assert f"{float(mean):.2f} cards" in panel.table.value
    shown = [float(p) for p in re.findall(r"([0-9.]+)%", panel.table.value)]
    assert shown and max(shown) <= 100


def test_the_mat_picture_shows_the_flag_the_attack_and_the_bench() -> None:
    game = match_scene(["mascot", "rookie", "rookie"], ["rookie", "hopeful", "captain"])
    apply_all(game, "Ash", Reveal(), "mascot", Reveal(), "rookie")
    scene = scene_of(game)
    assert scene["flag"] == 0 and scene["attack"] == 1 and scene["target"] == 3
    assert [c["name"] for c in scene["halves"][0]["cards"]] == ["Mascot"]
    html = mat_html(scene)
    assert "data-attack='1' data-target='3'" in html and "pg-mat-flagcard" in html
    apply_all(game, Reveal(), "hopeful", TakeFlag())
    view = MatView()
    view.show(game)
    html = view._repr_html_()
    assert view.scene["flag"] == 1 and view.scene["halves"][0]["seats"] == [{"name": "Mascot", "count": 1}]
    assert re.search(r"data-half='0' data-role='attack' data-deck='2' data-seats-used='1'", html)
    assert html.count("class='pg-mat-seat'") == 12  # two benches of 6 seats


def test_tournament_panel_steps_to_the_end_of_a_match() -> None:
    panel = tournament_panel(players=2, seed=3)
    panel.step_match()
    game = panel.games.game
    assert len(game.state.match_log) == 1
    assert panel.mat.scene["step"] == game.step_count
    assert game.state.match_log[0]["winner"] in panel.matches.value
    panel.rules_panel.controls["bench_seats"].value = 3
    assert panel.games.game.rules.bench_seats == 3 and panel.games.game.step_count == 0


def test_step_to_the_end_of_the_match_says_when_a_player_function_fails(monkeypatch) -> None:
    """The button stops at a failing player, says so in the status line and shows the game as it is."""
    from playground.challengers import widgets as cw

    monkeypatch.setitem(cw.POLICIES, "broken", lambda game: 1 / 0)
    panel = cw.tournament_panel(players=2, seed=1, policy="broken")
    panel.next_match.click()
    assert "ZeroDivisionError" in panel.games.status.value
    assert panel.games.scrub.max == panel.games.game.step_count


def test_the_stop_button_during_step_to_the_end_of_the_match_shows_the_steps_played(monkeypatch) -> None:
    from playground.challengers import widgets as cw

    calls = []

    def stopped_on_the_fifth_pick(game):
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return game.legal_actions()[0]

    monkeypatch.setitem(cw.POLICIES, "stopped", stopped_on_the_fifth_pick)
    panel = cw.tournament_panel(players=2, seed=1, policy="stopped")
    with pytest.raises(KeyboardInterrupt):
        panel.next_match.click()
    played = panel.games.game.step_count
    assert played > 0 and panel.games.scrub.max == panel.games.scrub.value == played
    assert panel.mat.scene["step"] == played
