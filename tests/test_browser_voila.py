"""Classroom mode: the lessons served by Voila as apps, code hidden, panels live, in Chromium.

One Voila server over a copy of notebooks/; the tree page lists the lessons in order, and a
rendered lesson shows no code yet answers a slider with the exact value this process computes.
Marked ``browser``; skipped without Chromium or playwright, except under CI=true.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import (
    UPDATE_TIMEOUT,
    VoilaServer,
    copy_notebooks,
    fresh_page,
    require_browser,
)

from playground.tiebreak.odds import p_challenger_wins
from playground.widgets.predict import percent

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RENDER_TIMEOUT = 120_000  # ms: Voila runs the whole notebook before it shows the page


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    require_browser()
    root = tmp_path_factory.mktemp("voila_root")
    copy_notebooks(NOTEBOOKS, root)
    server = VoilaServer(root, tmp_path_factory.mktemp("voila_state"))
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(browser: Browser, voila: VoilaServer) -> Iterator[Page]:
    """A fresh page of the session's Chromium (conftest.py), for a Voila app."""
    with fresh_page(browser, voila.log_path) as page:
        yield page


def test_the_tree_lists_the_lessons_in_order(page: Page, voila: VoilaServer) -> None:
    from playwright.sync_api import expect

    page.goto(voila.url())
    items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")
    expect(items.first).to_be_visible(timeout=UPDATE_TIMEOUT)
    names = [text.strip() for text in items.all_inner_texts()]
    lessons = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert [n for n in names if n.endswith(".ipynb")] == lessons


def test_a_lesson_is_an_app_without_code_and_its_panel_answers(page: Page, voila: VoilaServer) -> None:
    """The race lesson: no cell source on the page; the race panel's slider moves the exact answer."""
    from playwright.sync_api import expect

    page.goto(voila.url("03_tiebreak_race.ipynb"), timeout=RENDER_TIMEOUT)
    panel = page.locator(".pg-tiebreak-race")
    expect(panel).to_have_count(1, timeout=RENDER_TIMEOUT)
    assert page.locator(".jp-CodeCell").count() > 0  # the code cells' outputs are there...
    assert page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror").count() == 0  # ...their code not
    expect(page.get_by_text("from playground", exact=False)).to_have_count(0)

    answer = panel.locator(".pg-answer")
    challenger = panel.locator(
        ".widget-slider", has=page.locator(".widget-label", has_text="challenger start")
    )
    start = int(challenger.locator(".widget-readout").inner_text())
    expect(answer).to_contain_text(percent(p_challenger_wins(start, 3)), timeout=UPDATE_TIMEOUT)
    handle = challenger.locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(challenger.locator(".widget-readout")).to_have_text(str(start + 1), timeout=UPDATE_TIMEOUT)
    expect(answer).to_contain_text(percent(p_challenger_wins(start + 1, 3)), timeout=UPDATE_TIMEOUT)
