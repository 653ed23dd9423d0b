"""The Challengers! mat in a real browser: JupyterLab in headless Chromium runs notebook 22, the
tournament panel is stepped by its buttons, and the picture's data-* attributes are read.

Expected values come from this process, by replaying the same seeded tournament with the
panel's policy (greedy). Marked ``browser``; skipped without Chromium or playwright, except
under CI=true, where it fails. With PLAYGROUND_SCREENSHOT=1 the picture is saved for the README
(docs/images/challengers_mat.png), as the other games' browser tests do.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import UPDATE_TIMEOUT, WIDGET_TIMEOUT, LabServer, open_notebook, run_all_cells

from playground.challengers import new_game
from playground.challengers.mat_view import scene_of
from playground.challengers.policies import greedy
from playground.challengers.simulate import step_to_match_end

if TYPE_CHECKING:
    from playwright.sync_api import Page


pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "22_challengers_tournament.ipynb"
PICTURE = ROOT / "docs" / "images" / "challengers_mat.png"
EXTRA_STEPS = 31  # Step presses after "Step to the end of the match": mid-attack, both benches half full


def test_tournament_mat_steps_in_the_browser(page: Page, lab: LabServer) -> None:
    from playwright.sync_api import expect

    game = new_game(seed=7, players=3)  # the notebook's panel: seed 7, three players, greedy
    step_to_match_end(game, greedy)
    ended_at = game.step_count
    for _ in range(EXTRA_STEPS):
        game.step(greedy)
    scene = scene_of(game)
    assert scene["mat"] == 2 and scene["target"] is not None, "the replay should be inside match 2"

    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    panel = page.locator(".pg-challengers-tournament")
    expect(panel).to_have_count(1, timeout=WIDGET_TIMEOUT)
    mat = panel.locator(".pg-mat")
    expect(mat).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)

    panel.locator("button", has_text="Step to the end of the match").click()
    expect(mat).to_have_attribute("data-step", str(ended_at), timeout=UPDATE_TIMEOUT)
    step = panel.locator(".pg-game-panel button", has_text=re.compile(r"^Step$"))
    for n in range(1, EXTRA_STEPS + 1):
        step.click()
        expect(mat).to_have_attribute("data-step", str(ended_at + n), timeout=UPDATE_TIMEOUT)

    expect(mat).to_have_attribute("data-round", str(scene["round"]))
    expect(mat).to_have_attribute("data-mat", str(scene["mat"]))
    expect(mat).to_have_attribute("data-flag", str(scene["flag"]))
    meter = mat.locator(".pg-mat-meter")
    expect(meter).to_have_attribute("data-attack", str(scene["attack"]))
    expect(meter).to_have_attribute("data-target", str(scene["target"]))
    for k, half in enumerate(scene["halves"]):
        shown = mat.locator(f'.pg-mat-half[data-half="{k}"]')
        expect(shown).to_have_attribute("data-deck", str(half["deck"]))
        expect(shown).to_have_attribute("data-role", half["role"])
        expect(shown).to_have_attribute("data-seats-used", str(len(half["seats"])))
        expect(shown.locator(".pg-mat-card")).to_have_count(len(half["cards"]))
        expect(shown.locator(".pg-mat-seat")).to_have_count(game.rules.bench_seats)
    expect(mat.locator(".pg-mat-flagcard")).to_have_count(1)

    if os.environ.get("PLAYGROUND_SCREENSHOT"):
        PICTURE.parent.mkdir(parents=True, exist_ok=True)
        mat.screenshot(path=str(PICTURE))
