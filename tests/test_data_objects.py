"""A data object passed as data= (the loaded one, or a copy made with dataclasses.replace) is
checked exactly like a folder, by the same loader: written back as its CSV files and read again.

Tsubasa, Tournament Arc and Challengers! (Tie-Break checks its data object in __post_init__)."""

from __future__ import annotations

import csv
import dataclasses
import gc
import weakref
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from playground import arc, challengers, tsubasa
from playground.arc import cards as arc_cards
from playground.challengers import cards as challengers_cards
from playground.core import data_objects as core_data
from playground.core.data import DataError
from playground.core.data_objects import validate_data
from playground.tsubasa import cards as tsubasa_cards

GAMES: dict[str, tuple[ModuleType, ModuleType]] = {
    "tsubasa": (tsubasa, tsubasa_cards),
    "arc": (arc, arc_cards),
    "challengers": (challengers, challengers_cards),
}


def _write(rows: core_data.Rows, folder: Path) -> Path:
    folder.mkdir()
    for name, table in rows.items():
        with (folder / name).open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(table)
    return folder


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rows_of_the_shipped_data_are_its_files_and_read_back_as_it(game: str, tmp_path: Path) -> None:
    _, cards = GAMES[game]
    data = cards.load_data()
    rows = cards.data_rows(data)
    assert list(rows) == list(cards.FILES)
    for name, table in rows.items():
        with (cards.DATA_DIR / name).open(newline="", encoding="utf-8-sig") as handle:
            assert [list(row) for row in table] == list(csv.reader(handle)), name
    again = cards._read(_write(rows, tmp_path / "again"))
    assert again == data and again is not data
    for field in dataclasses.fields(data):  # the same order too: a deck is built in this order
        mine, theirs = getattr(data, field.name), getattr(again, field.name)
        assert list(mine) == list(theirs), field.name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_loaded_object_and_a_copy_of_it_play_the_folders_game(game: str) -> None:
    module, cards = GAMES[game]
    data = module.load_data()
    folder = module.new_game(data=str(cards.DATA_DIR), seed=11).play().history()
    loaded = module.new_game(data=data, seed=11)
    assert loaded.data is data
    copy = dataclasses.replace(data)
    copied = module.new_game(data=copy, seed=11)
    assert copied.data == data
    assert folder.equals(loaded.play().history())
    assert folder.equals(copied.play().history())
    assert module.load_data(data) is data


def _renamed(data: Any, field: str, suffix: str, keep: tuple[str, ...] = ()) -> Any:
    table = getattr(data, field)
    renamed = {
        key: r if key in keep else dataclasses.replace(r, name=r.name + suffix) for key, r in table.items()
    }
    return dataclasses.replace(data, **{field: renamed})


def test_a_changed_tsubasa_copy_plays_and_the_change_shows() -> None:
    data = tsubasa.load_data()
    with pytest.raises(DataError, match=r"cards\['fatigue'\]\.name is 'Fatigue \(ours\)'"):
        tsubasa.new_game(data=_renamed(data, "cards", " (ours)"))  # the loader names it, not a file
    mine = _renamed(data, "cards", " (ours)", keep=("fatigue", "yellow_red"))
    game = tsubasa.new_game(data=mine, seed=3).play()
    assert game.data.cards["n_tsubasa"].name == "Tsubasa Ozora (ours)"
    outcomes = " ".join(game.history()["outcome"])
    assert "(ours)" in outcomes and "(ours)" not in " ".join(
        tsubasa.new_game(seed=3).play().history()["outcome"]
    )
    supplies = tsubasa.new_game(
        data=dataclasses.replace(data, supplies={"fatigue": 0, "yellow_red": 2}), seed=1
    )
    assert supplies.data.supplies["fatigue"] == 0 and game.is_over()


def test_a_changed_arc_copy_plays_and_the_change_shows() -> None:
    data = arc.load_data()
    mine = _renamed(data, "regions", " Prime")
    game = arc.new_game(data=mine, seed=3).play()
    assert game.is_over() and "Frost Territory Prime" in set(game.data.name(r) for r in game.data.regions)
    assert " Prime is an active Region" in " ".join(game.history()["outcome"])
    strong = dict(data.athletes)
    strong["A01"] = dataclasses.replace(strong["A01"], stats={s: 9 for s in arc_cards.STATS})
    assert (
        arc.new_game(data=dataclasses.replace(data, athletes=strong)).data.athletes["A01"].stats["body"] == 9
    )


def test_a_changed_challengers_copy_plays_and_the_change_shows() -> None:
    data = challengers.load_data()
    sets = {key: (f"{name} Deluxe", always_in) for key, (name, always_in) in data.sets.items()}
    game = challengers.new_game(data=dataclasses.replace(data, sets=sets), seed=3, players=3).play()
    assert game.is_over()
    assert "Deluxe stays in the box" in " ".join(game.history()["outcome"])
    cards = dict(data.cards)
    cards["rookie"] = dataclasses.replace(cards["rookie"], copies=np.int64(2))  # as pandas gives it
    fewer = challengers.new_game(data=dataclasses.replace(data, cards=cards))
    assert type(fewer.data.cards["rookie"].copies) is int and fewer.data.starting_deck()["rookie"] == 2


def _card(data: Any, key: str, **changes: Any) -> Any:
    return dataclasses.replace(
        data, cards={**data.cards, key: dataclasses.replace(data.cards[key], **changes)}
    )


def _athlete(data: Any, key: str, **changes: Any) -> Any:
    return dataclasses.replace(
        data, athletes={**data.athletes, key: dataclasses.replace(data.athletes[key], **changes)}
    )


def _episode(data: Any, key: str, **changes: Any) -> Any:
    return dataclasses.replace(
        data, episodes={**data.episodes, key: dataclasses.replace(data.episodes[key], **changes)}
    )


def _sport(data: Any, key: str, **changes: Any) -> Any:
    return dataclasses.replace(
        data, sports={**data.sports, key: dataclasses.replace(data.sports[key], **changes)}
    )


def _without(data: Any, field: str, keep: Callable[[Any], bool]) -> Any:
    return dataclasses.replace(data, **{field: {k: v for k, v in getattr(data, field).items() if keep(v)}})


BAD: list[Any] = [
    # Captain Tsubasa
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "n_kisugi", shot=-1),
        r"^\(the data object\) players\.csv, row 3, column 'shot': '-1' is not a whole number from 0 to 9 "
        r"\(in the record 'n_kisugi'\)$",
        id="tsubasa-negative-value",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "n_kisugi", abilities=("fly",)),
        r"players\.csv, row 3, column 'ability1': 'fly' is not one of gain_shot, .*fatigue",
        id="tsubasa-unknown-ability",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "m_tsubasa", replaces="n_nobody"),
        r"motivation\.csv, row 1, column 'replaces': 'n_nobody' is not an id in the player list",
        id="tsubasa-missing-id",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "n_kisugi", shot="3"),
        r"^\(the data object\), column 'cards': cards\['n_kisugi'\]\.shot is '3' \(a str\), which no data "
        r"file can hold: .* 3 \(an int\)$",
        id="tsubasa-str-for-int",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _without(d, "cards", lambda c: c.team != "toho" or c.kind != "keeper"),
        r"players\.csv: team toho has no keeper",
        id="tsubasa-no-keeper",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _without(d, "cards", lambda c: c.id not in d.of_kind("match")[-9:]),
        r"match_cards\.csv: half 2 has 4 Match cards; it needs at least 5",
        id="tsubasa-too-few-cards",
    ),
    pytest.param(
        "tsubasa",
        lambda d: dataclasses.replace(d, supplies={"fatigue": 30, "yellow_red": 2}),
        r"supplies\.csv, row 1, column 'copies': '30' is not a whole number from 0 to 20",
        id="tsubasa-out-of-range",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "n_kisugi", kind="coach"),
        r"column 'cards': cards\['n_kisugi'\]\.kind is 'coach'; expected one of field, keeper, fan",
        id="tsubasa-unknown-kind",
    ),
    pytest.param(
        "tsubasa",
        lambda d: _card(d, "n_kisugi", cost=(1, 1, 1)),
        r"cards\['n_kisugi'\]\.cost\[0\] is 1 \(an int\), which no data file can hold: .* 0 \(an int\)$",
        id="tsubasa-field-no-file-holds",
    ),
    # Tournament Arc
    pytest.param(
        "arc",
        lambda d: _athlete(d, "A01", stats={**d.athletes["A01"].stats, "body": 12}),
        r"^\(the data object\) athletes\.csv, row 1, column 'body': '12' is not a whole number from -9 to 9 "
        r"\(in the record 'A01'\)$",
        id="arc-out-of-range",
    ),
    pytest.param(
        "arc",
        lambda d: _episode(d, "E01", effect="teleport"),
        r"episodes\.csv, row 1, column 'effect': 'teleport' is not one of none, move_region",
        id="arc-unknown-effect",
    ),
    pytest.param(
        "arc",
        lambda d: _athlete(d, "A01", region="moon"),
        r"athletes\.csv, row 1, column 'region': 'moon' is not an id in the region list",
        id="arc-missing-id",
    ),
    pytest.param(
        "arc",
        lambda d: _episode(d, "E01", copies="5"),
        r"column 'episodes': episodes\['E01'\]\.copies is '5' \(a str\), which no data file can hold",
        id="arc-str-for-int",
    ),
    pytest.param(
        "arc",
        lambda d: dataclasses.replace(d, athletes={}),
        r"athletes\.csv: the file has no rows; expected at least one athlete entry",
        id="arc-too-few-cards",
    ),
    pytest.param(
        "arc",
        lambda d: _sport(d, "S01", relevant=("speed", "luck")),
        r"sports\.csv: row 1 \(S01\), column 'relevant': 'speed;luck' is not a list of different stats",
        id="arc-unknown-stat",
    ),
    pytest.param(
        "arc",
        lambda d: _sport(d, "S01", relevant=["speed"]),
        r"sports\['S01'\]\.relevant is \['speed'\] \(a list\).* \('speed',\) \(a tuple\)",
        id="arc-list-for-tuple",
    ),
    pytest.param(
        "arc",
        lambda d: _athlete(d, "A02", id="A01"),
        r"athletes\.csv, row 2, column 'id': the id 'A01' appears twice",
        id="arc-id-twice",
    ),
    # Challengers!
    pytest.param(
        "challengers",
        lambda d: _card(d, "rookie", strength=-2),
        r"^\(the data object\) cards\.csv, row 1, column 'strength': '-2' is not a whole number from 0 to 10 "
        r"\(in the record 'rookie'\)$",
        id="challengers-negative-value",
    ),
    pytest.param(
        "challengers",
        lambda d: _card(d, "courier", timing="on_reveal", effect="jump", amount=1),
        r"cards\.csv, row 5, column 'effect': 'jump' is not one of none, strength, fans, rest",
        id="challengers-unknown-effect",
    ),
    pytest.param(
        "challengers",
        lambda d: _card(d, "courier", set="moon"),
        r"cards\.csv, row 5, column 'set': 'moon' is not 'start' or a set in sets\.csv",
        id="challengers-missing-id",
    ),
    pytest.param(
        "challengers",
        lambda d: dataclasses.replace(d, robot_pile=(*d.robot_pile, "bot_99")),
        r"column 'robot_pile': robot_pile holds 'bot_99', which is not the id of a Card in cards",
        id="challengers-missing-robot-card",
    ),
    pytest.param(
        "challengers",
        lambda d: _card(d, "courier", copies=2.0),
        r"cards\.csv, row 5, column 'copies': '2\.0' is not a whole number from 1 to 8",
        id="challengers-float-for-int",
    ),
    pytest.param(
        "challengers",
        lambda d: dataclasses.replace(d, sets={**d.sets, "city": ("Old Town", "yes")}),
        r"column 'sets': sets\['city'\]\[1\] is 'yes' \(a str\).* True \(a bool\)",
        id="challengers-str-for-bool",
    ),
    pytest.param(
        "challengers",
        lambda d: _without(d, "cards", lambda c: c.level != "S"),
        r"cards\.csv: the Starting Deck \(level S\) has no cards",
        id="challengers-too-few-cards",
    ),
    pytest.param(
        "challengers",
        lambda d: dataclasses.replace(d, brackets={**d.brackets, 3: d.brackets[3][1:]}),
        r"brackets\.csv: round 1 of a 3-player game must pair 1, 2, 3, R once each",
        id="challengers-bracket-missing",
    ),
    pytest.param(
        "challengers",
        lambda d: _card(d, "courier", strength=9),
        r"cards\.csv: row 5 \(courier\): a level A card has strength at most 3",
        id="challengers-out-of-range-for-level",
    ),
]


@pytest.mark.parametrize(("game", "change", "message"), BAD)
def test_a_bad_copy_is_refused_naming_the_file_or_field_and_no_game_is_made(
    game: str, change: Callable[[Any], Any], message: str
) -> None:
    module, cards = GAMES[game]
    bad = change(module.load_data())
    made: list[Any] = []
    with pytest.raises(DataError, match=message) as refused:
        made.append(module.new_game(data=bad, seed=1, players=3 if game == "challengers" else 2))
    assert not made and str(refused.value).startswith("(the data object)")
    with pytest.raises(DataError, match=message):
        cards.load_data(bad)


def test_a_refusal_keeps_the_file_row_and_column() -> None:
    data = tsubasa.load_data()
    with pytest.raises(DataError) as refused:
        tsubasa.load_data(_card(data, "t_hyuga", defense=10))
    error = refused.value
    assert (error.path.name, error.row, error.column) == ("(the data object) players.csv", 13, "defense")
    assert error.expected.startswith("'10' is not a whole number from 0 to 9")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_loaded_object_is_not_checked_again_and_a_copy_once(game: str, monkeypatch) -> None:
    module, cards = GAMES[game]
    data = module.load_data()
    reads: list[Path] = []
    real = cards._read

    def counted(folder: Path) -> Any:
        reads.append(folder)
        return real(folder)

    monkeypatch.setattr(cards, "_read", counted)
    for seed in range(20):
        module.new_game(data=data, seed=seed)
    assert reads == []
    copy = dataclasses.replace(data)
    games = [module.new_game(data=copy, seed=seed) for seed in range(5)]
    assert len(reads) == 1 and all(g.data is games[0].data for g in games)
    games[0].step()
    games[0].at(0)  # a replay starts from the checked data, without checking it again
    assert len(reads) == 1


def test_checked_copies_are_held_weakly_and_few() -> None:
    data = challengers.load_data()
    copy = _card(data, "rookie", name="Newcomer")
    checked = challengers.load_data(copy)
    gone, kept = weakref.ref(copy), weakref.ref(checked)
    del copy, checked
    gc.collect()
    assert gone() is None and kept() is None
    for n in range(core_data._VALIDATED.keep + 10):
        challengers.load_data(_card(data, "rookie", copies=n % 8 + 1))
    assert len(core_data._VALIDATED._entries) <= core_data._VALIDATED.keep


def test_an_object_of_another_class_is_refused_with_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"data must be a TsubasaData .* got an ArcData"):
        tsubasa.new_game(data=arc.load_data())
    with pytest.raises(TypeError, match=r"data must be a ChallengersData .* got a dict"):
        validate_data(
            {}, challengers_cards.ChallengersData, challengers_cards.data_rows, challengers_cards._read
        )
    with pytest.raises(ValueError, match=r"data must be a folder path \(text or a Path\), an ArcData"):
        arc.load_data(5)
