"""The Captain Tsubasa table in a real browser: notebook 13 run in JupyterLab, Step pressed.

JupyterLab in headless Debian Chromium (tests/browser_support.py). The expected state comes from
this process, replaying the same seeded match with the panel's policy; the picture's state is read
from its data-* attributes. With PLAYGROUND_SCREENSHOT=1 the picture is saved for the README.
Marked ``browser``; skipped without Chromium or playwright (failed under CI=true).
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

from playground.tsubasa import new_game
from playground.tsubasa.policies import odds_spender
from playground.tsubasa.table_view import data_attributes, scene_of

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "13_tsubasa_match.ipynb"
STEPS = 40  # seed 7 with odds_spender: by step 40 round 1's cards are in both play areas
SCREENSHOT = ROOT / "docs" / "images" / "tsubasa_table.png"


def test_match_panel_steps_and_the_table_picture_follows(page: Page, lab: LabServer) -> None:
    from playwright.sync_api import expect

    game = new_game(seed=7)
    for _ in range(STEPS):
        game.step(odds_spender)
    expected = data_attributes(scene_of(game))
    assert (
        int(expected["data-play-nankatsu"]) + int(expected["data-play-toho"]) > 0
    )  # a picture worth checking

    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    panel = page.locator(".pg-ts-match-panel")
    expect(panel).to_have_count(1, timeout=WIDGET_TIMEOUT * 2)
    table = panel.locator(".pg-ts-table")
    expect(table).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)
    status = panel.locator(".pg-status")
    step = panel.locator("button", has_text=re.compile(r"^Step$"))
    for n in range(1, STEPS + 1):
        step.click()
        expect(status).to_have_text(re.compile(rf"^Step {n} of {n}:"), timeout=UPDATE_TIMEOUT)
    for key, value in expected.items():
        expect(table).to_have_attribute(key, value, timeout=UPDATE_TIMEOUT)
    cards = len(game.state.pitch) + game.cards_in_play()
    expect(table.locator(".pg-ts-card")).to_have_count(cards)
    if os.environ.get("PLAYGROUND_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        panel.locator(".pg-ts-table").screenshot(path=str(SCREENSHOT))
