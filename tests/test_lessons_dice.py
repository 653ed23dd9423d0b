"""The dice lesson pieces (notebooks 00 and 01): the two-dice grid, the explorer's words, headless.

Each test sets a control or builds a picture, reads what a student would see, and compares it
with a count made here by listing every roll (itertools.product), not with the package's maths.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from itertools import product

import ipywidgets as w
import pytest

from playground.widgets.dice_explorer import (
    DOUBLES_AND_SEVENS,
    dice_explorer,
    in_words,
    pair_grid,
    pair_grid_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def count(test, sides: int = 6, dice: int = 2) -> Fraction:
    """The share of all equally likely rolls for which test(*faces) holds."""
    rolls = list(product(range(1, sides + 1), repeat=dice))
    return Fraction(sum(bool(test(*r)) for r in rolls), len(rolls))


# -- the grid of two dice -------------------------------------------------------------------


@pytest.mark.parametrize("sides", [2, 6, 12])
def test_pair_grid_rows_are_the_first_die_and_columns_the_second(sides: int) -> None:
    grid = pair_grid(sides)
    assert grid.index.name == "first die" and grid.columns.name == "second die"
    assert list(grid.index) == list(grid.columns) == list(range(1, sides + 1))
    for a, b in product(range(1, sides + 1), repeat=2):
        assert grid.loc[a, b] == a + b


def grid_cells(svg: str) -> dict[tuple[int, int], str]:
    """(first die, second die) -> fill colour, for every cell of the drawn grid."""
    root = ET.fromstring(svg)
    return {
        (int(r.get("data-first")), int(r.get("data-second"))): r.get("fill")
        for r in root.iter(f"{SVG}rect")
        if r.get("class") == "pg-cell"
    }


def test_the_picture_marks_doubles_on_the_diagonal_and_sevens_bottom_left_to_top_right() -> None:
    """Doubles run from the top-left corner down; 7s from the bottom-left corner (first die 6,
    second die 1) up to the top-right corner (first die 1, second die 6), as the notebook says."""
    svg = pair_grid_svg()
    cells = grid_cells(svg)
    assert len(cells) == 36
    blue, orange = (colour for _, _, colour in DOUBLES_AND_SEVENS)
    doubles = sorted(c for c, fill in cells.items() if fill == blue)
    sevens = sorted((c for c, fill in cells.items() if fill == orange), reverse=True)
    assert doubles == [(k, k) for k in range(1, 7)]
    assert sevens == [(6, 1), (5, 2), (4, 3), (3, 4), (2, 5), (1, 6)]  # bottom-left first
    root = ET.fromstring(svg)
    rects = {
        (int(r.get("data-first")), int(r.get("data-second"))): r
        for r in root.iter(f"{SVG}rect")
        if r.get("data-first")
    }
    bottom_left, top_right = rects[6, 1], rects[1, 6]
    assert float(bottom_left.get("y")) > float(top_right.get("y"))  # lower on the page
    assert float(bottom_left.get("x")) < float(top_right.get("x"))  # further left
    # the key counts the cells: 6 of 36 each, the same as listing the rolls gives
    assert f"a double: {count(lambda a, b: a == b) * 36} of 36 cells" in svg
    assert f"a total of 7: {count(lambda a, b: a + b == 7) * 36} of 36 cells" in svg


def test_grid_text_reads_on_its_colour() -> None:
    """White numbers on the dark blue, black on the orange and on white cells."""
    root = ET.fromstring(pair_grid_svg())
    ink = {t.text: t.get("fill") for t in root.iter(f"{SVG}text") if t.get("fill")}
    assert ink["2"] == "#fff"  # 1 and 1, a double: blue cell
    assert ink["7"] == "#000"  # a total of 7: orange cell
    assert ink["3"] == "#000"  # plain white cell


def test_grid_takes_other_marks_and_sizes() -> None:
    svg = pair_grid_svg(4, marks=[("first die higher", lambda a, b: a > b, "#009E73")], cell=20)
    cells = grid_cells(svg)
    assert len(cells) == 16
    assert {c for c, fill in cells.items() if fill == "#009E73"} == {
        (a, b) for a, b in product(range(1, 5), repeat=2) if a > b
    }
    assert "first die higher: 6 of 16 cells" in svg


def test_grid_names_its_dice_and_writes_what_a_lesson_asks() -> None:
    svg = pair_grid_svg(marks=(), axes=("attacker's die", "defender's die"), text=lambda a, d: a - d)
    root = ET.fromstring(svg)
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "attacker&#x27;s die" not in words and "attacker's die" in words and "defender's die" in words
    cells = {(int(r.get("data-first")), int(r.get("data-second"))): r for r in root.iter(f"{SVG}rect")}
    assert cells[6, 1].find(f"{SVG}title").text == "6 then 1: 5" and cells[1, 6].find(
        f"{SVG}title"
    ).text.endswith("-5")
    written = [int(t.text) for t in root.iter(f"{SVG}text") if t.get("fill")]
    assert (
        len(written) == 36 and sum(w >= 0 for w in written) == 21
    )  # the attacker's 21 of 36: a tie included


@pytest.mark.parametrize(
    ("call", "problem"),
    [
        (lambda: pair_grid(1), "sides must be a whole number from 2 to 12; got 1"),
        (lambda: pair_grid(13), "sides must be a whole number from 2 to 12; got 13"),
        (lambda: pair_grid_svg(6.0), "got 6.0"),
        (lambda: pair_grid_svg(cell=10), "cell must be a whole number from 20 to 80; got 10"),
        (
            lambda: pair_grid_svg(marks=[("x", lambda a, b: True, "red")]),
            "each mark must be (label of at most 60 characters, test",
        ),
        (lambda: pair_grid_svg(marks=[("x", "not callable", "#000000")]), "each mark must be"),
        (lambda: pair_grid_svg(axes="first, second"), "axes must be two names (rows, columns)"),
        (lambda: pair_grid_svg(axes=("a", "b" * 41)), "of at most 40 characters"),
        (lambda: pair_grid_svg(text="total"), "text must be a function of the two faces"),
    ],
)
def test_grid_refuses_bad_input(call, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        call()


# -- the explorer says the chance in words --------------------------------------------------


@pytest.mark.parametrize(
    ("p", "said"),
    [
        (Fraction(7, 12), "7/12 ≈ 58.3%, on average 7 rolls in every 12"),
        (Fraction(1, 6), "1/6 ≈ 16.7%, on average 1 roll in every 6"),
        (Fraction(0), "0 = 0%: never"),
        (Fraction(1), "1 = 100%: every roll"),
        (Fraction(1, 6**14), "≈ 1.28e-11 ≈ 1.3e-09%"),
    ],
)
def test_in_words(p: Fraction, said: str) -> None:
    assert in_words(p) == said


def test_explorer_keeps_the_lesson_knobs_up_front_and_sides_under_more_settings() -> None:
    explorer = dice_explorer()
    controls = explorer.children[0].children[0]
    up_front = [c for c in controls.children if not isinstance(c, w.Accordion)]
    assert [c.description for c in up_front] == [
        "measure",
        "number of dice",
        "bonus added",
        "target (at least)",
    ]
    (more,) = [c for c in controls.children if isinstance(c, w.Accordion)]
    assert more.children == (explorer.sides,) and more.titles == ("more settings",)
    assert more.selected_index is None  # closed until a student opens it


@pytest.mark.parametrize(
    ("measure", "dice", "sides", "bonus", "target", "test"),
    [
        ("sum", 2, 6, 0, 7, lambda a, b: a + b >= 7),
        ("sum", 2, 6, 3, 10, lambda a, b: a + b + 3 >= 10),
        ("difference (first - second)", 2, 6, 2, 0, lambda a, b: a - b + 2 >= 0),
        ("highest", 2, 8, 0, 7, lambda a, b: max(a, b) >= 7),
    ],
)
def test_explorer_words_and_percent_column_follow_the_sliders(
    measure, dice, sides, bonus, target, test
) -> None:
    explorer = dice_explorer()
    explorer.measure.value = measure
    explorer.dice.value, explorer.sides.value = dice, sides
    explorer.bonus.value, explorer.target.value = bonus, target
    expected = count(test, sides)
    assert explorer.probability == expected
    assert in_words(expected) in explorer.words.value
    assert "pg-words" in explorer.words._dom_classes
    rows = re.findall(r"<td>([\d.]+%)</td>\s*<td>([\d.]+%)</td>", explorer.table.value)  # percent, at least
    assert len(rows) == len(explorer.dist)
    chances = list(explorer.dist.values())
    assert [float(p.rstrip("%")) for p, _ in rows] == pytest.approx(
        [float(p) * 100 for p in chances], abs=0.05
    )
    tails = [explorer.dist.p_at_least(k) for k in explorer.dist]
    assert [float(t.rstrip("%")) for _, t in rows] == pytest.approx([float(t) * 100 for t in tails], abs=0.05)


def test_explorer_answers_every_slider_move() -> None:
    """Each move of the bonus slider gives the counted answer (its speed is make bench's)."""
    explorer = dice_explorer()
    for bonus in range(-5, 11):
        explorer.bonus.value = bonus
        assert explorer.probability == count(lambda a, b, bonus=bonus: a + b + bonus >= 7)
