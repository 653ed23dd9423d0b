"""Every lesson in a real browser: JupyterLab runs it top to bottom, then a teacher works a panel.

Each notebook of notebooks/ (a glob: a new lesson is covered, and fails until it has a teacher's
action below) is opened in the session's JupyterLab (conftest.py), Run All is pressed, and the
test waits until every code cell has run. No cell may show an error (a traceback output), every
widget view must have rendered, and one thing a teacher does in class (drag a slider, press Step
or Reveal, pick from a dropdown) must show the value this process computes with the same engine.

Notebooks run a few at a time in tabs of one browser context (their kernels work while the test
checks an earlier tab); each tab's kernel is shut down when its test is done. A failing tab's
screenshot is kept under test-artifacts/. Marked ``browser``; skipped without Chromium.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import (
    KERNEL_START_TIMEOUT,
    UPDATE_TIMEOUT,
    LabServer,
    press_slider,
    run_all_cells,
    save_failure_screenshot,
)

from playground.arc.widgets import score_panel, sport_odds_panel
from playground.arc.widgets import season_panel as arc_season_panel
from playground.challengers.odds import p_reach_strength
from playground.challengers.widgets import STARTING, parse_deck, thinning_panel, tournament_panel
from playground.core.dist import dice_sum
from playground.tiebreak.odds import p_challenger_wins, p_vacant_win
from playground.tiebreak.widgets import season_panel as tiebreak_season_panel
from playground.tsubasa.odds import p_attacker_wins
from playground.tsubasa.widgets import duel_panel, match_panel, special_shot_panel
from playground.widgets import dice_explorer
from playground.widgets.game_panel import GamePanel
from playground.widgets.predict import percent, told

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.all_lessons]

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
IMAGES = ROOT / "docs" / "images"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
AT_ONCE = 3  # tabs running their notebooks together (2 cores: more only queue for the CPU)
RUN_TIMEOUT = 240_000  # ms: Run All of the longest lesson (simulations, compare_rules) on a busy machine


def _text(html: str) -> str:
    """The text a browser shows for a widget's HTML value (tags dropped, entities read)."""
    import html as html_module

    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", "", html))).strip()


def _step_status(panel: GamePanel) -> str:
    """The status line after one press of Step in a panel built here like the notebook's."""
    panel.step()
    return _text(panel.status.value)


# ---- the teacher's action per lesson: do it in the page, return what must be shown ------------


def reveal_first(page: Page, expected: str) -> None:
    """Press the first Reveal and find the exact answer in it."""
    from playwright.sync_api import expect

    hook = page.locator(".pg-predict").first
    hook.locator(".pg-predict-reveal").click()
    expect(hook.locator(".pg-predict-answer")).to_contain_text(expected, timeout=UPDATE_TIMEOUT)


def press_step(page: Page, panel_class: str, expected: str) -> None:
    """Press the game panel's Step; its status line reads as the same panel's here."""
    from playwright.sync_api import expect

    panel = page.locator(panel_class).first
    panel.locator(".pg-game-panel button", has_text=re.compile(r"^Step$")).click()
    expect(panel.locator(".pg-status")).to_have_text(expected, timeout=UPDATE_TIMEOUT)


def pick(page: Page, panel_class: str, label: str, option: str, output_class: str, expected: str) -> None:
    """Choose option in the panel's dropdown named label; the output shows expected."""
    from playwright.sync_api import expect

    panel = page.locator(panel_class).first
    dropdown = panel.locator(".widget-dropdown", has=page.locator(".widget-label", has_text=label))
    dropdown.locator("select").select_option(label=option)
    expect(panel.locator(output_class).first).to_contain_text(expected, timeout=UPDATE_TIMEOUT)


def picture(locator: Locator, name: str) -> None:
    """With PLAYGROUND_SCREENSHOT=1 (make screenshots), save what locator shows as docs/images/name."""
    if os.environ.get("PLAYGROUND_SCREENSHOT"):
        IMAGES.mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(IMAGES / name))


def _race(page: Page) -> None:
    """Notebook 03: the challenger one point further on; the README's panel picture after it."""
    press_slider(
        page, ".pg-tiebreak-race", "challenger start", ".pg-answer", percent(p_challenger_wins(3, 3))
    )
    picture(page.locator(".pg-tiebreak-race").first, "race_panel.png")


def _season(page: Page) -> None:
    """Notebook 04: one Step, then the exact landing frequencies over the board (the README's board)."""
    from playwright.sync_api import expect

    press_step(page, ".pg-tiebreak-season", _step_status(tiebreak_season_panel(players=4, seed=3).games))
    panel = page.locator(".pg-tiebreak-season").first
    panel.get_by_label("show exact landing frequencies").check()
    board = panel.locator(".pg-board")
    expect(board.locator("svg.pg-board-svg")).to_have_attribute(
        "data-show-heat", "true", timeout=UPDATE_TIMEOUT
    )
    picture(board, "tiebreak_board.png")


def _dice_target_8() -> str:
    explorer = dice_explorer()
    explorer.target.value = 8
    return f"= {explorer.probability}"


def _goal_with_keeper_9_8() -> str:
    panel = duel_panel(attack=9, defense=8)
    panel.keeper.value = True
    return f"P(goal from a shot) ≈ {percent(panel.p_goal())}"


def _special_shot_first() -> str:
    panel = special_shot_panel(attacker="toho", seed=3)
    panel.shoot(panel.shots[0])
    return _text(panel.last.value)


def _thinning_remove_3() -> str:
    panel = thinning_panel("1, 1, 1, 2, 3, 4, 3, 5", up_to=10)
    panel.remove.value = 3
    return _text(panel.message.value)


def _main_character_score() -> str:
    panel = score_panel()
    panel.main_character.value = True
    return f"= {panel.score} ("


def _team_dinner_worth() -> str:
    panel = sport_odds_panel()
    panel.episode.value = "Team Dinner"
    return f"the Episode is worth {panel.worths()[2]}"


def _special_shot(page: Page) -> None:
    from playwright.sync_api import expect

    panel = page.locator(".pg-ts-special-panel").first
    expected = _special_shot_first()
    panel.locator("button").first.click()
    expect(panel).to_contain_text(expected, timeout=UPDATE_TIMEOUT)


def _main_character(page: Page) -> None:
    from playwright.sync_api import expect

    panel = page.locator(".arc-score-panel").first
    panel.locator(".widget-checkbox", has_text="Main Character").locator("input").check()
    expect(panel.locator(".arc-score-output")).to_contain_text(
        _main_character_score(), timeout=UPDATE_TIMEOUT
    )


ACTIONS: dict[str, Callable[[Page], None]] = {
    "00_welcome.ipynb": lambda page: reveal_first(page, f"7: {told(dice_sum(2)[7])}"),
    "01_dice_basics.ipynb": lambda page: press_slider(
        page, ".pg-dice-explorer", "target (at least)", ".pg-answer", _dice_target_8()
    ),
    "02_tiebreak_dice_targets.ipynb": lambda page: reveal_first(page, told(p_vacant_win(tokens=1))),
    "03_tiebreak_race.ipynb": _race,
    "04_tiebreak_season.ipynb": _season,
    "10_tsubasa_duel_odds.ipynb": lambda page: press_slider(
        page, ".pg-ts-duel-panel", "attack total", ".pg-ts-duel-result", f"exactly {p_attacker_wins(9, 8)}"
    ),
    "11_tsubasa_saves_rerolls_points.ipynb": lambda page: press_slider(
        page, ".pg-ts-duel-panel", "attack total", ".pg-ts-duel-result", _goal_with_keeper_9_8()
    ),
    "12_tsubasa_special_shot.ipynb": _special_shot,
    "13_tsubasa_match.ipynb": lambda page: press_step(
        page, ".pg-ts-match-panel", _step_status(match_panel(seed=7).games)
    ),
    "20_challengers_flag_attack.ipynb": lambda page: press_slider(
        page,
        ".pg-challengers-attack",
        "defender's flag strength",
        ".pg-attack-headline",
        f"exactly {p_reach_strength(parse_deck(STARTING), 5, 2)}",
    ),
    "21_challengers_deck_thinning.ipynb": lambda page: pick(
        page,
        ".pg-challengers-thinning",
        "remove a card of strength",
        "3",
        ".widget-html",
        _thinning_remove_3(),
    ),
    "22_challengers_tournament.ipynb": lambda page: press_step(
        page, ".pg-challengers-tournament", _step_status(tournament_panel(players=3, seed=7).games)
    ),
    "30_arc_multiply_after_adding.ipynb": _main_character,
    "31_arc_which_sport.ipynb": lambda page: pick(
        page, ".arc-odds-panel", "Episode", "Team Dinner", ".arc-odds-headline", _team_dinner_worth()
    ),
    "32_arc_season.ipynb": lambda page: press_step(
        page, ".arc-season-panel", _step_status(arc_season_panel(players=3, seed=7).games)
    ),
}


@dataclass
class Tab:
    """A lesson's tab: Run All pressed when it opened."""

    notebook: str
    page: Page


class Lessons:
    """Opens the lessons AT_ONCE ahead in one browser context, so kernels run while tests check."""

    def __init__(self, context: BrowserContext, lab: LabServer, lessons: list[str]):
        self.context, self.lab = context, lab
        self.waiting = list(lessons)
        self.open: dict[str, Tab] = {}

    def _open_next(self) -> None:
        from playwright.sync_api import expect

        notebook = self.waiting.pop(0)
        page = self.context.new_page()
        page.on("pageerror", lambda error: print(f"page error in {notebook}:", error))
        page.goto(self.lab.url(notebook))
        expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=KERNEL_START_TIMEOUT)
        run_all_cells(page)
        self.open[notebook] = Tab(notebook, page)

    def take(self, notebook: str) -> Tab:
        """The lesson's tab (Run All pressed), with up to AT_ONCE - 1 later lessons started too."""
        while notebook not in self.open and self.waiting:
            self._open_next()
        while len(self.open) < AT_ONCE and self.waiting:
            self._open_next()
        return self.open[notebook]

    def done(self, tab: Tab) -> None:
        """Close the tab and shut its kernel down (kernels outlive their tabs)."""
        tab.page.close()
        del self.open[tab.notebook]
        for session in self.lab.api("sessions"):  # type: ignore[union-attr]
            if session["path"] == tab.notebook:
                self.lab.api(f"kernels/{session['kernel']['id']}", method="DELETE")


@pytest.fixture(scope="module")
def lessons(request: pytest.FixtureRequest, browser: Browser, lab: LabServer) -> Iterator[Lessons]:
    """The lessons this session's tests ask for (a -k selection opens only those), in order."""
    print("server log:", lab.log_path)
    asked = {  # the module's one parametrized test: its notebooks as selected
        item.callspec.params["notebook"]
        for item in request.session.items
        if getattr(item, "module", None) is request.module and hasattr(item, "callspec")
    }
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        yield Lessons(context, lab, sorted(asked))
    finally:
        context.close()


# Run All is done when every code cell shows its execution count, or stopped at an error.
FINISHED = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
    const errors = document.querySelectorAll('[data-mime-type="application/vnd.jupyter.error"]');
    return errors.length > 0 || (prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)));
}"""


def wait_until_run(page: Page) -> None:
    page.wait_for_function(FINISHED, timeout=RUN_TIMEOUT)


def errors_shown(page: Page) -> list[str]:
    """The text of every error output (a traceback) in the notebook."""
    return page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'
    ).all_inner_texts()


def test_every_lesson_has_a_teachers_action() -> None:
    """A new lesson must bring its own action, or it is only run, not worked."""
    assert set(ACTIONS) == set(LESSONS), f"actions for {sorted(set(ACTIONS) ^ set(LESSONS))} missing or stale"


@pytest.mark.parametrize("notebook", LESSONS)
def test_lesson_runs_and_its_panel_answers(notebook: str, lessons: Lessons) -> None:
    from playwright.sync_api import expect

    tab = lessons.take(notebook)
    page = tab.page
    try:
        wait_until_run(page)
        assert errors_shown(page) == []
        expect(page.get_by_text("Error displaying widget")).to_have_count(0)
        expect(page.get_by_text("Loading widget")).to_have_count(0, timeout=UPDATE_TIMEOUT)
        views = page.locator(".jp-OutputArea-output > .jupyter-widgets")
        assert views.count() > 0, f"{notebook} shows no widget"
        for view in views.all():
            expect(view).to_be_visible()
        ACTIONS[notebook](page)
    except BaseException:
        save_failure_screenshot(page, notebook)
        raise
    finally:
        lessons.done(tab)
