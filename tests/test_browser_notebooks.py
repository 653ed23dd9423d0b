"""Every lesson in a real browser: JupyterLab runs it top to bottom, then a teacher works a panel.

Each notebook of notebooks/ (a glob: a new lesson is covered, and fails until it has a teacher's
action below) is opened in the session's JupyterLab (conftest.py), Run All is pressed, and the
test waits until every code cell has run. No cell may show an error (a traceback output), every
widget view must have rendered, and what a teacher does in class (drag a slider, press Step or
Reveal, pick from a dropdown) must show the value this process computes with the same engine.
The game lessons' panels are stepped further, and their pictures (board, table, mat) must show
the state of the same seeded game replayed here with the panel's policy.

This run is the notebook's one execution in the session: test_notebooks.py's checks (run within
its time limit on this environment's Python, and its probes for 00 and 01) are applied to the
tab's own kernel, reached as a second client, instead of running the notebook again.

Notebooks run a few at a time in tabs of one browser context (their kernels work while the test
checks an earlier tab); each tab's kernel is shut down when its test is done. A failing tab's
screenshot is kept under test-artifacts/. With PLAYGROUND_SCREENSHOT=1 (make screenshots) the
README's pictures are taken from the panels. Marked ``browser``; skipped without Chromium,
except under CI=true, where it fails (a missing browser must never look like a pass).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from itertools import product
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
    slider_named,
)
from test_notebooks import CELL_TIMEOUT, KERNEL_PROBE, PROBE_CHECKS, PROBES, Run, check_ran

from playground import arc, challengers, tiebreak, tsubasa
from playground.arc.policies import greedy as arc_greedy
from playground.arc.table_view import game_scene
from playground.arc.widgets import score_panel, sport_odds_panel
from playground.arc.widgets import season_panel as arc_season_panel
from playground.challengers.mat_view import scene_of as mat_scene
from playground.challengers.odds import p_reach_strength
from playground.challengers.policies import greedy as challengers_greedy
from playground.challengers.simulate import step_to_match_end
from playground.challengers.widgets import STARTING, parse_deck, thinning_panel, tournament_panel
from playground.core.dist import dice_sum
from playground.tiebreak.board import Board
from playground.tiebreak.cards import load_data
from playground.tiebreak.odds import landing_frequencies, p_challenger_wins, p_vacant_win
from playground.tiebreak.policies import expected_value
from playground.tiebreak.widgets import season_panel as tiebreak_season_panel
from playground.tsubasa.odds import p_attacker_wins
from playground.tsubasa.policies import odds_spender
from playground.tsubasa.table_view import data_attributes
from playground.tsubasa.table_view import scene_of as table_scene
from playground.tsubasa.widgets import duel_panel, match_panel, special_shot_panel
from playground.widgets import dice_explorer
from playground.widgets.game_panel import HISTORY_ROWS, GamePanel
from playground.widgets.predict import percent, told

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.all_lessons]

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
IMAGES = ROOT / "docs" / "images"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
AT_ONCE = 3  # tabs running their notebooks together (2 cores: more only queue for the CPU)
RUN_TIMEOUT = 600_000  # ms: Run All of the longest lesson (simulations, compare_rules) on a busy machine
PRESS_TIMEOUT = 1_000  # ms: one more Step answered, on top of the round trip, when presses queue
STEP = re.compile(r"^Step$")  # the game panel's button by its text (the icon joins its name)

# The game lessons' panels as their notebooks build them, and how far the test steps them.
SEASON_SEED, SEASON_PLAYERS = 3, 4  # 04: expected value players
SEASON_STEPS = 41  # by step 41 of that season every piece has left Start, each to another space
MATCH_SEED = 7  # 13: odds_spender coaches
MATCH_STEPS = 40  # by step 40 round 1's cards are in both play areas
TOURNAMENT_SEED, TOURNAMENT_PLAYERS = 7, 3  # 22: greedy players
EXTRA_STEPS = 31  # Step presses after "Step to the end of the match": mid-attack, benches half full
ARC_SEED, ARC_PLAYERS = 7, 3  # 32: greedy players
ARC_STEPS = 65  # the Sport (Basketball) is revealed at step 59


def _text(html: str) -> str:
    """The text a browser shows for a widget's HTML value (tags dropped, entities read)."""
    import html as html_module

    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", "", html))).strip()


def _step_status(panel: GamePanel) -> str:
    """The status line after one press of Step in a panel built here like the notebook's."""
    panel.step()
    return _text(panel.status.value)


# ---- the teacher's action per lesson: do it in the page, check what is shown -----------------


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
    panel.locator(".pg-game-panel button", has_text=STEP).click()
    expect(panel.locator(".pg-status")).to_have_text(expected, timeout=UPDATE_TIMEOUT)


def press(button: Locator, times: int) -> None:
    """Press a button times times in a row, as a teacher clicking fast does.

    The presses go to the kernel one after another and are answered in order, so a lost or
    doubled press shows in the count the caller checks at the end. (Playwright's own click waits
    for the page to settle before each press: about a second a press under load, which was most
    of these lessons' time in make test.)
    """
    button.evaluate(f"button => {{ for (let i = 0; i < {times}; i++) button.click(); }}")


def step_through(panel: Locator, steps: range) -> None:
    """Press the game panel's Step once for each n of steps; then the status reads "Step n of n"
    for the last n (every press counted once)."""
    from playwright.sync_api import expect

    press(panel.locator(".pg-game-panel button", has_text=STEP), len(steps))
    last = steps[-1]
    expect(panel.locator(".pg-status")).to_have_text(
        re.compile(rf"^Step {last} of {last}:"), timeout=UPDATE_TIMEOUT + PRESS_TIMEOUT * len(steps)
    )


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


def two_dice_at_least(bonus: int, target: int) -> Fraction:
    """P(two d6 + bonus >= target), by counting the 36 rolls."""
    return Fraction(sum(a + b + bonus >= target for a, b in product(range(1, 7), repeat=2)), 36)


def answer_text(bonus: int, target: int) -> str:
    p = two_dice_at_least(bonus, target)
    return f"P(sum + {bonus} ≥ {target}) = {p} ≈ {percent(p)}"


def _explorer_target_8(bonus: int) -> str:
    explorer = dice_explorer()
    explorer.bonus.value = bonus
    explorer.target.value = 8
    return f"= {explorer.probability}"


def _dice_explorer(page: Page) -> None:
    """Notebook 01: the bonus slider moved by keyboard, the answer counted over the 36 rolls and
    the table following; then the target slider one further, as the explorer here answers."""
    from playwright.sync_api import expect

    explorer = page.locator(".pg-dice-explorer")
    expect(explorer).to_have_count(1)
    answer = explorer.locator(".pg-answer")
    expect(answer).to_have_text(answer_text(0, 7), timeout=UPDATE_TIMEOUT)  # 7/12
    bonus = slider_named(explorer, "bonus added")
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
    expect(seven.locator("td").nth(3)).to_have_text(percent(two_dice_at_least(2, 7)))

    press_slider(page, ".pg-dice-explorer", "target (at least)", ".pg-answer", _explorer_target_8(2))


def _race(page: Page) -> None:
    """Notebook 03: the challenger one point further on; the README's panel picture after it."""
    press_slider(
        page, ".pg-tiebreak-race", "challenger start", ".pg-answer", percent(p_challenger_wins(3, 3))
    )
    picture(page.locator(".pg-tiebreak-race").first, "race_panel.png")


def _season(page: Page) -> None:
    """Notebook 04: Step by Step to SEASON_STEPS, the pieces, history and state table showing the
    season replayed here; then the exact landing frequencies over the board (the README's board)."""
    from playwright.sync_api import expect

    board = Board(load_data().spaces)
    assert len(board.spaces) == 36
    game = tiebreak.new_game(seed=SEASON_SEED, players=SEASON_PLAYERS)
    for _ in range(SEASON_STEPS):
        game.step(expected_value)
    where = [board.spaces[p.position].id for p in game.state.players]
    assert len(set(where) - {"start"}) == SEASON_PLAYERS, f"a board worth checking: {where}"

    panel = page.locator(".pg-tiebreak-season")
    expect(panel).to_have_count(1)
    view = panel.locator(".pg-board")
    expect(view.locator("svg.pg-board-svg")).to_be_visible(timeout=UPDATE_TIMEOUT)
    expect(view.locator("[data-space-id]")).to_have_count(36)
    expect(view.locator(".pg-board-piece[data-player]")).to_have_count(SEASON_PLAYERS)
    expect(view.locator('.pg-board-piece[data-position="start"]')).to_have_count(SEASON_PLAYERS)

    games = panel.locator(".pg-game-panel")
    status = games.locator(".pg-status")
    expect(status).to_have_text(re.compile(r"^Step 0 of 0:"))
    built_here = tiebreak_season_panel(players=SEASON_PLAYERS, seed=SEASON_SEED).games
    press_step(page, ".pg-tiebreak-season", _step_status(built_here))
    step_through(panel, range(2, SEASON_STEPS + 1))

    who = game.player_name(game.current_actor())
    expect(status).to_have_text(
        f"Step {SEASON_STEPS} of {SEASON_STEPS}: {who} to act ({game.phase().replace('_', ' ')})."
    )
    for player, space in enumerate(where):
        piece = view.locator(f'.pg-board-piece[data-player="{player}"]')
        expect(piece).to_have_attribute("data-position", space)
    latest = game.history(max(0, SEASON_STEPS - HISTORY_ROWS), SEASON_STEPS)  # the rows it shows
    expect(games.locator(".pg-history tbody tr")).to_have_count(len(latest))
    state_rows = games.locator(".pg-state tbody tr")
    expect(state_rows).to_have_count(SEASON_PLAYERS)
    for name, row in game.state_frame().iterrows():
        shown = state_rows.filter(has=page.locator("th", has_text=re.compile(rf"^{re.escape(str(name))}$")))
        expect(shown.locator("td").first).to_have_text(str(row["position"]))

    # the heat overlay: one circle for every space a piece can land on
    expect(view.locator(".pg-board-heat")).to_have_count(0)
    panel.get_by_label("show exact landing frequencies").check()
    svg = view.locator("svg.pg-board-svg")
    expect(svg).to_have_attribute("data-show-heat", "true", timeout=UPDATE_TIMEOUT)
    heat = landing_frequencies(board, tiebreak.Rules())
    expect(view.locator(".pg-board-heat")).to_have_count(sum(f > 0 for f in heat.values()))
    picture(view, "tiebreak_board.png")


def _match(page: Page) -> None:
    """Notebook 13: Step by Step to MATCH_STEPS; the table picture shows the match replayed here."""
    from playwright.sync_api import expect

    game = tsubasa.new_game(seed=MATCH_SEED)
    for _ in range(MATCH_STEPS):
        game.step(odds_spender)
    expected = data_attributes(table_scene(game))
    played = int(expected["data-play-nankatsu"]) + int(expected["data-play-toho"])
    assert played > 0, "a picture worth checking: cards in the play areas"

    panel = page.locator(".pg-ts-match-panel")
    expect(panel).to_have_count(1)
    table = panel.locator(".pg-ts-table")
    expect(table).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)
    press_step(page, ".pg-ts-match-panel", _step_status(match_panel(seed=MATCH_SEED).games))
    step_through(panel, range(2, MATCH_STEPS + 1))
    for key, value in expected.items():
        expect(table).to_have_attribute(key, value, timeout=UPDATE_TIMEOUT)
    cards = len(game.state.pitch) + game.cards_in_play()
    expect(table.locator(".pg-ts-card")).to_have_count(cards)
    picture(table, "tsubasa_table.png")


def _tournament(page: Page) -> None:
    """Notebook 22: one Step, Step to the end of the match, then EXTRA_STEPS more; the mat's
    data-* attributes show the tournament replayed here with the panel's policy."""
    from playwright.sync_api import expect

    game = challengers.new_game(seed=TOURNAMENT_SEED, players=TOURNAMENT_PLAYERS)
    game.step(challengers_greedy)
    step_to_match_end(game, challengers_greedy)
    ended_at = game.step_count
    for _ in range(EXTRA_STEPS):
        game.step(challengers_greedy)
    scene = mat_scene(game)
    assert scene["mat"] == 2 and scene["target"] is not None, "the replay should be inside match 2"

    panel = page.locator(".pg-challengers-tournament")
    expect(panel).to_have_count(1)
    mat = panel.locator(".pg-mat")
    expect(mat).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)
    built_here = tournament_panel(players=TOURNAMENT_PLAYERS, seed=TOURNAMENT_SEED).games
    press_step(page, ".pg-challengers-tournament", _step_status(built_here))
    panel.locator("button", has_text="Step to the end of the match").click()
    expect(mat).to_have_attribute("data-step", str(ended_at), timeout=UPDATE_TIMEOUT)
    press(panel.locator(".pg-game-panel button", has_text=STEP), EXTRA_STEPS)
    expect(mat).to_have_attribute(
        "data-step", str(ended_at + EXTRA_STEPS), timeout=UPDATE_TIMEOUT + PRESS_TIMEOUT * EXTRA_STEPS
    )

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
    picture(mat, "challengers_mat.png")


def _arc_season(page: Page) -> None:
    """Notebook 32: Step by Step to ARC_STEPS; the cards show the season replayed here."""
    from playwright.sync_api import expect

    game = arc.new_game(seed=ARC_SEED, players=ARC_PLAYERS)
    for _ in range(ARC_STEPS):
        game.step(arc_greedy)
    scene, cards = game_scene(game)
    assert scene["sport"] and any(c["homefield"] for c in cards), "a picture worth checking"

    panel = page.locator(".arc-season-panel")
    expect(panel).to_have_count(1)
    view = panel.locator(".arc-view")
    expect(view).to_have_attribute("data-step", "0", timeout=UPDATE_TIMEOUT)
    press_step(
        page, ".arc-season-panel", _step_status(arc_season_panel(players=ARC_PLAYERS, seed=ARC_SEED).games)
    )
    step_through(panel, range(2, ARC_STEPS + 1))
    expect(view).to_have_attribute("data-step", str(ARC_STEPS), timeout=UPDATE_TIMEOUT)
    expect(view).to_have_attribute("data-sport", scene["sport"])
    expect(view).to_have_attribute("data-main-character", scene["main_character"])
    expect(view.locator(".arc-card")).to_have_count(len(cards))
    for card in cards:
        shown = view.locator(f".arc-card[data-stack='{card['stack']}']")
        expect(shown).to_have_attribute("data-score", str(card["score"]))
        expect(shown).to_have_attribute("data-homefield", str(card["homefield"]).lower())
        expect(shown).to_have_attribute("data-main-character", str(card["main_character"]).lower())
    picture(view, "arc_table.png")


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
    panel.episode.label = "Team Dinner"  # the choices are card ids, named by their labels
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
    "01_dice_basics.ipynb": _dice_explorer,
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
    "13_tsubasa_match.ipynb": _match,
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
    "22_challengers_tournament.ipynb": _tournament,
    "30_arc_multiply_after_adding.ipynb": _main_character,
    "31_arc_which_sport.ipynb": lambda page: pick(
        page, ".arc-odds-panel", "Episode", "Team Dinner", ".arc-odds-headline", _team_dinner_worth()
    ),
    "32_arc_season.ipynb": _arc_season,
}


@dataclass
class Tab:
    """A lesson's tab: Run All pressed when it opened (pressed: then, by this clock)."""

    notebook: str
    page: Page
    pressed: datetime


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
        self.open[notebook] = Tab(notebook, page, datetime.now(UTC))

    def take(self, notebook: str) -> Tab:
        """The lesson's tab (Run All pressed), with up to AT_ONCE - 1 later lessons started too."""
        while notebook not in self.open and self.waiting:
            self._open_next()
        while len(self.open) < AT_ONCE and self.waiting:
            self._open_next()
        return self.open[notebook]

    def finished(self, tab: Tab) -> Run:
        """Wait for Run All to end; the run as test_notebooks.py checks it, timed by the server
        (Run All pressed until the kernel's last message, whenever this test looks)."""
        tab.page.wait_for_function(FINISHED, timeout=RUN_TIMEOUT)
        kernel = self.lab.kernel_of(tab.notebook)
        return Run(seconds=(self.lab.last_activity(kernel) - tab.pressed).total_seconds())

    def probe(self, tab: Tab, run: Run) -> None:
        """Run the notebook's probes (test_notebooks.PROBES) on the tab's kernel, into run."""
        sources = {"kernel": KERNEL_PROBE, **PROBES.get(tab.notebook, {})}
        kernel = self.lab.kernel_of(tab.notebook)
        run.probes, run.probe_errors = self.lab.run_in_kernel(kernel, sources, timeout=CELL_TIMEOUT)

    def done(self, tab: Tab) -> None:
        """Close the tab and shut its kernel down (kernels outlive their tabs)."""
        tab.page.close()
        del self.open[tab.notebook]
        with contextlib.suppress(LookupError):  # no session: nothing to shut down (stop() backs up)
            self.lab.api(f"kernels/{self.lab.kernel_of(tab.notebook)}", method="DELETE")


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
        run = lessons.finished(tab)
        assert errors_shown(page) == []
        expect(page.get_by_text("Error displaying widget")).to_have_count(0)
        expect(page.get_by_text("Loading widget")).to_have_count(0, timeout=UPDATE_TIMEOUT)
        views = page.locator(".jp-OutputArea-output > .jupyter-widgets")
        assert views.count() > 0, f"{notebook} shows no widget"
        for view in views.all():
            expect(view).to_be_visible()
        ACTIONS[notebook](page)
        lessons.probe(tab, run)  # after the teacher: the probes set the panels' controls themselves
        check_ran(notebook, run)
        for check in PROBE_CHECKS.get(notebook, []):
            check(run)
    except BaseException:
        save_failure_screenshot(page, notebook)
        raise
    finally:
        lessons.done(tab)
