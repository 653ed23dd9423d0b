"""The Tournament Arc table in a real browser: notebook 32 run in JupyterLab, Step pressed.

JupyterLab in headless Debian Chromium (tests/browser_support.py). The expected state comes from
this process, replaying the same seeded season with the panel's policy (greedy); the picture's
state is read from its data-* attributes. With PLAYGROUND_SCREENSHOT=1 the picture is saved for
the README. Marked ``browser``; skipped without Chromium or playwright (failed under CI=true).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import (
    UPDATE_TIMEOUT,
    WIDGET_TIMEOUT,
    LabServer,
    open_notebook,
    run_all_cells,
)

from playground.arc import new_game
from playground.arc.policies import greedy
from playground.arc.table_view import game_scene

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "32_arc_season.ipynb"
STEPS = 65  # seed 7, 3 players, greedy: the Sport (Basketball) is revealed at step 59
SCREENSHOT = ROOT / "docs" / "images" / "arc_table.png"


def test_season_panel_steps_and_the_cards_follow(page: Page, lab: LabServer) -> None:
    from playwright.sync_api import expect

    game = new_game(seed=7, players=3)
    for _ in range(STEPS):
        game.step(greedy)
    scene, cards = game_scene(game)
    assert scene["sport"] and any(c["homefield"] for c in cards)  # a picture worth checking

    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    panel = page.locator(".arc-season-panel")
    expect(panel).to_have_count(1, timeout=WIDGET_TIMEOUT * 2)
    view = panel.locator(".arc-view")
    expect(view).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)
    status = panel.locator(".pg-status")
    step = panel.locator("button", has_text=re.compile(r"^Step$"))
    for n in range(1, STEPS + 1):
        step.click()
        expect(status).to_have_text(re.compile(rf"^Step {n} of {n}:"), timeout=UPDATE_TIMEOUT)
    expect(view).to_have_attribute("data-step", str(STEPS), timeout=UPDATE_TIMEOUT)
    expect(view).to_have_attribute("data-sport", scene["sport"])
    expect(view).to_have_attribute("data-main-character", scene["main_character"])
    shown = view.locator(".arc-card")
    expect(shown).to_have_count(len(cards))
    for card in cards:
        el = view.locator(f".arc-card[data-stack='{card['stack']}']")
        expect(el).to_have_attribute("data-score", str(card["score"]))
        expect(el).to_have_attribute("data-homefield", str(card["homefield"]).lower())
        expect(el).to_have_attribute("data-main-character", str(card["main_character"]).lower())
    if os.environ.get("PLAYGROUND_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(SCREENSHOT))
