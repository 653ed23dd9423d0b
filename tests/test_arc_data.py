"""Tournament Arc's card list: the shipped illustrative set has the rulebook's counts, and a
broken file is refused with its file, row and column named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from playground.arc import load_data, new_game
from playground.arc.cards import DATA_DIR, STATS
from playground.core.data import DataError


def test_the_shipped_set_has_the_rulebooks_counts() -> None:
    """Components: 40 Athletes, 80 Episodes, 6 Regions, 24 Sports; Teamwork, Body, Underdog named."""
    d = load_data()
    assert len(d.athletes) == 40 and len(d.regions) == 6 and len(d.sports) == 24
    assert sum(d.episode_deck().values()) == 80
    assert {"teamwork", "body", "underdog"} <= set(STATS)
    kinds = {e.kind for e in d.episodes.values()}
    assert kinds == {"attach", "discard", "lock"}
    names = {e.name for e in d.episodes.values()}
    for faq in (
        "Birthday Party",
        "Non-Canon OVA",
        "Growth Spurt",
        "Magical Girl Transformation",
        "Evil Clone",
    ):
        assert faq in names
    assert sum(1 for n in names if n.startswith("Moving to")) == 6
    dad = next(e for e in d.episodes.values() if e.name == "Someone's Dad")
    assert d.regions[dad.region].name == "Central Stadium"
    assert {"Relay Race", "Baseball", "Golf"} <= {s.name for s in d.sports.values()}


def test_the_readme_labels_the_cards_illustrative() -> None:
    assert "Illustrative, not the published card list" in (DATA_DIR / "README.md").read_text()


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "arc"
    shutil.copytree(DATA_DIR, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        (
            "athletes.csv",
            "A01,Xavier,turnip,1,",
            "A01,Xavier,turnip,x,",
            "athletes.csv, row 1, column 'teamwork'",
        ),
        (
            "athletes.csv",
            "A01,Xavier,turnip,1,",
            "A01,Xavier,turnip,12,",
            "athletes.csv, row 1, column 'teamwork'",
        ),
        ("athletes.csv", "A01,Xavier,turnip,", "A01,Xavier,mars,", "athletes.csv, row 1, column 'region'"),
        (
            "episodes.csv",
            "E01,Team Dinner,attach,",
            "E01,Team Dinner,sticky,",
            "episodes.csv, row 1, column 'kind'",
        ),
        (
            "episodes.csv",
            "E01,Team Dinner,attach,none,,5",
            "E01,Team Dinner,attach,none,,0",
            "column 'copies'",
        ),
        (
            "episodes.csv",
            "Evil Clone,attach,",
            "Evil Clone,lock,",
            "a evil_clone card must be of kind attach",
        ),
        (
            "episodes.csv",
            "Moving to Frost Territory,attach,move_region,frost",
            "Moving to Frost Territory,attach,move_region,",
            "needs a region",
        ),
        ("sports.csv", "teamwork;speed,3", "teamwork;luck,3", "column 'relevant'"),
        (
            "sports.csv",
            "S01,Relay Race,teamwork;speed,3",
            "S01,Relay Race,teamwork;speed,9",
            "column 'team_size'",
        ),
        ("sports.csv", "S01,Relay Race", "A01,Relay Race", "sports.csv, row 1, column 'id'"),
        ("regions.csv", "id,name", "code,name", "regions.csv, column 'id'"),
    ],
)
def test_a_broken_file_names_file_row_and_column(
    tmp_path: Path, file: str, old: str, new: str, where: str
) -> None:
    folder = _copy(tmp_path)
    _edit(folder / file, old, new)
    with pytest.raises(DataError) as error:
        load_data(folder)
    assert where in str(error.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "sports.csv").unlink()
    with pytest.raises(DataError, match=r"sports\.csv: the file is missing"):
        load_data(folder)


def test_a_teachers_own_smaller_set_plays(tmp_path: Path) -> None:
    """Any valid folder plays: here a set with only three Sports, all of them Golf-like."""
    folder = _copy(tmp_path)
    lines = (folder / "sports.csv").read_text().splitlines()
    (folder / "sports.csv").write_text("\n".join(lines[:4]) + "\n")
    game = new_game(data=load_data(folder), seed=3, players=3).play()
    assert game.is_over() and len(game.data.sports) == 3
