"""Classroom mode: the lessons served by Voila as apps, code hidden, panels live, in Chromium.

One Voila server over a copy of notebooks/; the tree page lists the lessons in order, and a
rendered lesson shows no code yet answers a slider with the exact value this process computes:
the race (Tie-Break), and one lesson of each card game (Tsubasa's duel, Challengers' attack,
Tournament Arc's score).
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
    press_slider,
    require_browser,
    save_failure_screenshot,
)

from playground.arc.widgets import score_panel
from playground.challengers.odds import p_reach_strength
from playground.challengers.widgets import STARTING, parse_deck
from playground.tiebreak.odds import p_challenger_wins
from playground.tsubasa.odds import p_attacker_wins
from playground.widgets.predict import percent

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RENDER_TIMEOUT = 300_000  # ms: Voila runs the whole notebook before it shows the page
TREE_TIMEOUT = 180_000  # ms: the tree page's listing, on a machine busy with other kernels


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
    expect(items.first).to_be_visible(timeout=TREE_TIMEOUT)
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


def _no_code_shown(page: Page) -> None:
    from playwright.sync_api import expect

    assert page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror").count() == 0
    expect(page.get_by_text("from playground", exact=False)).to_have_count(0)


def _duel(page: Page) -> None:
    """Notebook 10: attack total one up, the duel's exact chance follows."""
    expected = f"exactly {p_attacker_wins(9, 8)}"
    press_slider(page, ".pg-ts-duel-panel", "attack total", ".pg-ts-duel-result", expected)


def _attack(page: Page) -> None:
    """Notebook 20: the flag one stronger, the attack's exact chance within 2 cards follows."""
    expected = f"exactly {p_reach_strength(parse_deck(STARTING), 5, 2)}"
    press_slider(page, ".pg-challengers-attack", "defender's flag strength", ".pg-attack-headline", expected)


def _score(page: Page) -> None:
    """Notebook 30: Main Character ticked on Xavier at home, the score is the engine's."""
    from playwright.sync_api import expect

    panel = page.locator(".arc-score-panel").first
    score = score_panel()
    score.main_character.value = True
    panel.locator(".widget-checkbox", has_text="Main Character").locator("input").check()
    expect(panel.locator(".arc-score-output")).to_contain_text(f"= {score.score} (", timeout=UPDATE_TIMEOUT)


APPS = {
    "10_tsubasa_duel_odds.ipynb": (".pg-ts-duel-panel", _duel),
    "20_challengers_flag_attack.ipynb": (".pg-challengers-attack", _attack),
    "30_arc_multiply_after_adding.ipynb": (".arc-score-panel", _score),
}


@pytest.fixture(scope="module")
def apps(browser: Browser, voila: VoilaServer) -> Iterator[dict[str, Page]]:
    """One page per game's lesson, all requested at once (Voila runs their kernels side by side).

    Each page is fetched once: Voila starts a kernel for every GET, so nothing here polls.
    """
    print("voila log:", voila.log_path)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pages = {}
    try:
        for notebook in APPS:
            pages[notebook] = context.new_page()
            pages[notebook].goto(voila.url(notebook), wait_until="commit", timeout=RENDER_TIMEOUT)
        yield pages
    finally:
        context.close()


@pytest.mark.parametrize("notebook", sorted(APPS))
def test_each_game_has_a_lesson_that_works_as_an_app(notebook: str, apps: dict[str, Page]) -> None:
    from playwright.sync_api import expect

    page = apps[notebook]
    panel_class, work = APPS[notebook]
    try:
        expect(page.locator(panel_class)).to_have_count(1, timeout=RENDER_TIMEOUT)
        expect(page.locator(".jp-CodeCell").first).to_be_attached()
        _no_code_shown(page)
        work(page)
    except BaseException:
        save_failure_screenshot(page, f"voila_{notebook}")
        raise
