"""Tie-Break panels without a browser: set a control, read what the panel shows."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import ipywidgets as w
import pytest

from playground.tiebreak import Rules, new_game
from playground.tiebreak.odds import p_challenger_wins
from playground.tiebreak.widgets import race_panel, season_panel, targets_panel


def vacant_by_counting(bonus: int, target: int) -> Fraction:
    """P(bonus + d6 >= target), by counting faces."""
    return Fraction(sum(1 for face in range(1, 7) if bonus + face >= target), 6)


@pytest.mark.parametrize(
    ("tokens", "ace", "target"), [(0, False, 7), (2, True, 7), (3, False, 8), (5, True, 12)]
)
def test_targets_panel_shows_the_exact_vacant_chance(tokens: int, ace: bool, target: int) -> None:
    panel = targets_panel()
    panel.tokens.value, panel.ace.value, panel.target.value = tokens, ace, target
    expected = vacant_by_counting(1 + tokens + ace, target)
    assert panel.table_frame().loc[tokens, "p_win"] == expected
    assert f"<b>{expected}</b>" in panel.answer.value
    assert panel.chart.value.count("<rect") == 6 and "#D55E00" in panel.chart.value


def test_targets_panel_defended_mode_uses_the_race() -> None:
    panel = targets_panel()
    panel.mode.value = "defended"
    panel.tokens.value, panel.surface.value = 1, True
    # card 1 + Wildcard 1 + surface 1 + one token = 4 against the champion's 3
    expected = p_challenger_wins(4, 3, 7, 2)
    assert f"<b>{expected}</b>" in panel.answer.value
    panel.top_ranker.value = True  # the Top Ranker qualifies without the Wildcard's point
    assert f"<b>{p_challenger_wins(3, 3, 7, 2)}</b>" in panel.answer.value
    assert not panel.surface.disabled
    panel.mode.value = "vacant"
    assert panel.surface.disabled


def race_by_enumeration(
    a: int, b: int, target: int, margin: int, depth: int = 10
) -> tuple[Fraction, Fraction]:
    """Lower and upper bounds on P(challenger wins) from every sequence of up to depth rolls."""
    won = open_mass = Fraction(0)
    frontier = {(a, b, 0): Fraction(1)}
    for _ in range(depth):
        nxt: dict[tuple[int, int, int], Fraction] = {}
        for (x, y, turn), p in frontier.items():
            for face in range(1, 7):
                q = p / 6
                if turn == 0:
                    nx, ny = x + face, y
                    if nx >= target and nx - ny >= margin:
                        won += q
                        continue
                else:
                    nx, ny = x, y + face
                    if ny >= target and ny - nx >= margin:
                        continue
                key = (nx, ny, 1 - turn)
                nxt[key] = nxt.get(key, Fraction(0)) + q
        frontier = nxt
    open_mass = sum(frontier.values(), Fraction(0))
    return won, won + open_mass


def test_race_panel_matches_an_independent_enumeration() -> None:
    panel = race_panel()
    for challenger, head, target, margin in [(3, 3, 7, 2), (0, 3, 7, 2), (5, 1, 6, 1)]:
        panel.challenger.value, panel.head_start.value = challenger, head
        panel.target.value, panel.margin.value = target, margin
        low, high = race_by_enumeration(challenger, head, target, margin)
        assert low <= panel.probability <= high and high - low < Fraction(1, 1000)
        assert f"<b>{panel.probability}</b>" in panel.answer.value
    assert panel.chart.value.count("<rect") == 24


def test_season_panel_steps_restarts_and_follows_rule_changes() -> None:
    panel = season_panel(players=3, seed=4)
    games = panel.games
    assert games.game.players == 3 and len(panel.view.pieces) == 3
    for _ in range(40):
        games.step_button.click()
    game = games.game
    assert game.step_count == 40
    positions = [game.board.spaces[p.position].id for p in game.state.players]
    assert [piece["position"] for piece in panel.view.pieces] == positions
    assert "<table" in panel.board_table.value and "Auckland 250" in panel.board_table.value

    panel.players.value = 5
    assert games.game.players == 5 and games.game.step_count == 0 and len(panel.view.pieces) == 5

    panel.rules_panel.controls["champion_head_start"].value = 2
    assert games.game.rules == Rules(champion_head_start=2)
    assert panel.rules_panel.message.value == "House rules: champion head start 2."

    panel.heat.value = True
    assert panel.view.show_heat and len(panel.view.heat) == len(game.board.spaces)
    assert abs(sum(panel.view.heat.values()) - 1) < 1e-9

    games.play_button.click()
    assert games.game.is_over() and "won" in games.status.value
    games.scrub.value = 10
    past = new_game(Rules(champion_head_start=2), seed=4, players=5)
    for action in games.game.actions()[:10]:
        past.apply(action)
    assert [piece["position"] for piece in panel.view.pieces] == [
        past.board.spaces[p.position].id for p in past.state.players
    ]


def _controls(widget: w.Widget) -> list[w.Widget]:
    """Every control a class sees at once: folded Accordion sections are not looked into."""
    if isinstance(widget, w.Accordion) and widget.selected_index is None:
        return [widget]
    if isinstance(widget, w.Box):
        return [c for child in widget.children for c in _controls(child)]
    shown_text = isinstance(widget, (w.HTML, w.Label, w.HTMLMath))
    return [widget] if isinstance(widget, (w.ValueWidget, w.Button)) and not shown_text else []


def test_season_panel_opens_with_few_controls_and_the_rules_folded() -> None:
    """Players, policy, landing box, the folded Rules and the game panel's five: 9, not 15."""
    panel = season_panel(players=4, seed=3)
    assert panel.rules_box.selected_index is None and panel.rules_box.children == (panel.rules_panel,)
    assert len(_controls(panel)) <= 9
    panel.rules_box.selected_index = 0  # opened, the season's key rules stand first, the rest folded
    opened = {id(c) for c in _controls(panel.rules_box)}
    key = {id(panel.rules_panel.controls[name]) for name in panel.key_rules()}
    assert key <= opened and len(opened) < len(panel.rules_panel.controls)


def test_season_panel_policy_choice_is_used() -> None:
    panel = season_panel(players=2, seed=1)
    panel.policy.value = "greedy"
    panel.games.play_button.click()
    from playground.tiebreak.policies import greedy

    again = new_game(seed=1, players=2).play(greedy)
    assert panel.games.game.actions() == again.actions()


def test_every_control_value_is_safe() -> None:
    """Drag every slider of the targets and race panels to both ends: nothing may raise."""
    panel = targets_panel()
    for mode, tokens, target in product(["vacant", "defended"], [0, 5], [1, 30]):
        panel.mode.value, panel.tokens.value, panel.target.value = mode, tokens, target
        assert "<b>" in panel.answer.value
    race = race_panel()
    for c, h, t, m in product([0, 15], [0, 15], [1, 15], [1, 5]):
        race.challenger.value, race.head_start.value, race.target.value, race.margin.value = c, h, t, m
        assert Fraction(0) <= race.probability <= 1


def test_targets_panel_takes_each_modes_target_from_the_rules() -> None:
    panel = targets_panel(Rules(race_target=10, vacant_target=8))
    assert panel.target.value == 8
    panel.mode.value = "defended"
    assert panel.target.value == 10 and panel.target.max == 15
    assert f"<b>{p_challenger_wins(2, 3, 10, 2)}</b>" in panel.answer.value
    panel.mode.value = "vacant"
    assert panel.target.value == 8 and f"<b>{vacant_by_counting(1, 8)}</b>" in panel.answer.value


def test_race_panel_starts_from_the_rules() -> None:
    rules = Rules(
        champion_head_start=2, race_target=9, race_margin=3, race_first="champion", tiebreak_die_sides=8
    )
    panel = race_panel(rules=rules)
    assert panel.args() == (2, 2, 9, 3, 8, "champion", True)
    assert panel.probability == p_challenger_wins(2, 2, 9, 3, 8, "champion", True)


def test_targets_panel_has_one_target_and_labels_its_tokens_by_mode() -> None:
    """The target slider and the rules field are one setting; in defended mode the tokens are the
    ones besides the qualifying Wildcard (so 0 is a start of 2), and its own rules stand first."""
    panel = targets_panel()
    assert panel.rules_panel.all_rules is None  # vacant: the race's rules are not up front
    panel.target.value = 9
    assert panel.rules_panel.rules.vacant_target == 9 and panel.table_frame().loc[0, "p_win"] == 0
    panel.mode.value = "defended"
    assert panel.tokens.description == "tokens risked besides the Wildcard"
    assert panel.rules_panel.all_rules is not None  # defended: head start, who rolls first... first
    panel.target.value = 8
    assert panel.rules_panel.rules.race_target == 8
    assert panel.table_frame().loc[0, "p_win"] == p_challenger_wins(2, 3, 8, 2)
    panel.top_ranker.value = True
    assert panel.tokens.description == "tokens risked"
