"""The panels in a real browser: JupyterLab in headless Chromium, widgets worked by key and click.

The session's JupyterLab server (a copy of notebooks/ plus a one-cell season notebook) and
Chromium come from conftest.py, a fresh page per test. Expected values come from this process:
the dice odds by counting faces, the season by replaying the same seeded game with the panel's
policy. Marked
``browser``: ``-m "not browser"`` leaves it out. Without Chromium or playwright it is skipped,
except under CI=true, where it fails (a missing browser must never look like a pass).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

import pytest
from browser_support import (
    SEASON_NOTEBOOK,
    UPDATE_TIMEOUT,
    WIDGET_TIMEOUT,
    LabServer,
    open_notebook,
    run_all_cells,
)

from playground.tiebreak import Rules, TiebreakGame, new_game
from playground.tiebreak.board import Board
from playground.tiebreak.cards import load_data
from playground.tiebreak.odds import landing_frequencies
from playground.tiebreak.policies import expected_value

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SEASON_STEPS = 30  # by step 30 of seed 5 every piece has left Start, each to another space


# -- the dice explorer in notebook 01 ---------------------------------------------------------


def two_dice_at_least(bonus: int, target: int) -> Fraction:
    """P(two d6 + bonus >= target), by counting the 36 rolls."""
    return Fraction(sum(a + b + bonus >= target for a, b in product(range(1, 7), repeat=2)), 36)


def answer_text(bonus: int, target: int) -> str:
    p = two_dice_at_least(bonus, target)
    return f"P(sum + {bonus} ≥ {target}) = {p} ≈ {float(p):.4f}"


def test_dice_explorer_answers_a_slider_moved_by_keyboard(page: Page, lab: LabServer) -> None:
    from playwright.sync_api import expect

    open_notebook(page, lab, "01_dice_basics.ipynb")
    run_all_cells(page)
    explorer = page.locator(".pg-dice-explorer")
    expect(explorer).to_have_count(1, timeout=WIDGET_TIMEOUT)
    answer = explorer.locator(".pg-answer")
    expect(answer).to_have_text(answer_text(0, 7), timeout=UPDATE_TIMEOUT)  # 7/12

    bonus = explorer.locator(".widget-slider", has=page.locator(".widget-label", has_text="bonus added"))
    handle = bonus.locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(answer).to_have_text(answer_text(1, 7), timeout=UPDATE_TIMEOUT)  # 13/18
    handle.press("ArrowRight")
    expect(answer).to_have_text(answer_text(2, 7), timeout=UPDATE_TIMEOUT)  # 5/6
    expect(bonus.locator(".widget-readout")).to_have_text("2")

    # the table follows: one row per sum 2..12 moved up by the bonus, each with its exact chance
    rows = explorer.locator(".pg-table table tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.first.locator("td").first).to_have_text("4")
    seven = rows.filter(has=page.locator("td:first-child", has_text=re.compile(r"^7$")))
    expect(seven.locator("td").nth(3)).to_have_text(str(two_dice_at_least(2, 7)))


# -- the Tie-Break season panel ---------------------------------------------------------------


def replay(steps: int) -> TiebreakGame:
    """The panel's game after ``steps`` Step clicks: seed 5, three players, "expected value"."""
    game = new_game(seed=5, players=3)
    for _ in range(steps):
        game.step(expected_value)
    return game


def test_season_panel_steps_on_the_board(page: Page, lab: LabServer) -> None:
    from playwright.sync_api import expect

    board = Board(load_data().spaces)
    assert len(board.spaces) == 36
    game = replay(SEASON_STEPS)
    assert len({board.spaces[p.position].id for p in game.state.players} - {"start"}) == 3
    open_notebook(page, lab, SEASON_NOTEBOOK)
    run_all_cells(page)
    panel = page.locator(".pg-tiebreak-season")
    expect(panel).to_have_count(1, timeout=WIDGET_TIMEOUT)
    view = panel.locator(".pg-board")
    expect(view.locator("svg.pg-board-svg")).to_be_visible(timeout=UPDATE_TIMEOUT)
    expect(view.locator("[data-space-id]")).to_have_count(36)
    pieces = view.locator(".pg-board-piece[data-player]")
    expect(pieces).to_have_count(3)
    expect(view.locator('.pg-board-piece[data-position="start"]')).to_have_count(3)

    games = panel.locator(".pg-game-panel")
    status = games.locator(".pg-status")
    expect(status).to_have_text(re.compile(r"^Step 0 of 0:"))
    step = games.locator("button", has_text=re.compile(r"^Step$"))  # by text: the icon joins its name
    for n in range(1, SEASON_STEPS + 1):
        step.click()
        expect(status).to_have_text(re.compile(rf"^Step {n} of {n}:"), timeout=UPDATE_TIMEOUT)

    who = game.player_name(game.current_actor())
    expect(status).to_have_text(f"Step {SEASON_STEPS} of {SEASON_STEPS}: {who} to act ({game.phase()}).")
    for player, state in enumerate(game.state.players):
        where = board.spaces[state.position].id
        expect(view.locator(f'.pg-board-piece[data-player="{player}"]')).to_have_attribute(
            "data-position", where
        )

    history = games.locator(".pg-history tbody tr")
    expect(history).to_have_count(len(game.history(0, SEASON_STEPS)))
    expected_state = game.state_frame()
    state_rows = games.locator(".pg-state tbody tr")
    expect(state_rows).to_have_count(3)
    for name, row in expected_state.iterrows():
        shown = state_rows.filter(has=page.locator("th", has_text=re.compile(rf"^{re.escape(str(name))}$")))
        expect(shown.locator("td").first).to_have_text(str(row["position"]))

    # the heat overlay: one circle for every space a piece can land on
    expect(view.locator(".pg-board-heat")).to_have_count(0)
    panel.get_by_label("show exact landing frequencies").check()
    heat = landing_frequencies(board, Rules())
    svg = view.locator("svg.pg-board-svg")
    expect(svg).to_have_attribute("data-show-heat", "true", timeout=UPDATE_TIMEOUT)
    expect(view.locator(".pg-board-heat")).to_have_count(sum(f > 0 for f in heat.values()))
