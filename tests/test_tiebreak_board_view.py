"""The board widget: its synced data, its Python SVG, and its ES module (no browser needed).

The JavaScript drawing is checked against the Python one with node and a tiny stand-in for the
DOM: both must draw the same elements with the same attributes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from playground.tiebreak.board import Board
from playground.tiebreak.board_view import PALETTE, BoardView
from playground.tiebreak.cards import Card, load_data

SVG_NS = "{http://www.w3.org/2000/svg}"
JS = Path(__file__).resolve().parents[1] / "playground" / "tiebreak" / "board_view.js"


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(load_data().spaces)


@pytest.fixture
def view(board: Board) -> BoardView:
    return BoardView(board, players=3, names=["Ana", "Ben", "Cleo"])


def shown(view: BoardView) -> BoardView:
    """A busy moment: two players on one space, a champion, a reservation, an injury."""
    view.show(
        {0: "t500_doha", 1: "t500_doha", 2: "injury"},
        holders={"t500_doha": 1, "t2000_paris_clay": (0, Card(2000, "clay"))},
        reserved={"t1000_miami": 2},
        injured={2},
        highlight="t500_doha",
    )
    return view


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def find(root: ET.Element, attribute: str, value: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter() if attribute in e.attrib and value in (None, e.get(attribute))]


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


# ----- the synced data


def test_one_entry_per_board_space_and_pieces_on_start(board: Board, view: BoardView) -> None:
    assert [s["id"] for s in view.spaces] == [s.id for s in board.spaces]
    doha = view.spaces[board.index["t500_doha"]]
    assert doha == {
        "id": "t500_doha", "name": "Doha 500", "kind": "tournament", "points": 500,
        "surface": "hard", "x": 300, "y": 60, "next": "t250_pune", "branch": None,
        "track": "main",
    }  # fmt: skip
    assert view.spaces[board.index["fork"]]["branch"] == "b_madrid"
    assert view.pieces == [
        {"player": p, "name": name, "position": "start", "injured": False}
        for p, name in enumerate(["Ana", "Ben", "Cleo"])
    ]
    assert view.holders == view.reserved == view.heat == {}
    assert view.highlight == "" and view.show_heat is False
    json.dumps(view.get_state())  # everything synced is plain JSON


def test_default_names_and_player_limits(board: Board) -> None:
    assert [p["name"] for p in BoardView(board).pieces] == ["Player 1", "Player 2"]
    assert len(BoardView(board, players=6).pieces) == len(PALETTE) == 6
    with pytest.raises(ValueError, match="1 to 6 players"):
        BoardView(board, players=7)


def test_show_updates_pieces_holders_reserved_and_highlight(view: BoardView) -> None:
    shown(view)
    assert [(p["position"], p["injured"]) for p in view.pieces] == [
        ("t500_doha", False),
        ("t500_doha", False),
        ("injury", True),
    ]
    assert view.holders == {
        "t500_doha": {"player": 1, "points": 500, "surface": "hard"},
        "t2000_paris_clay": {"player": 0, "points": 2000, "surface": "clay"},
    }
    assert view.reserved == {"t1000_miami": 2}
    assert view.highlight == "t500_doha"
    # The next moment replaces the last; a player left out stays put; positions may be indices.
    view.show({0: 3}, holders={"t500_doha": {"player": 2}})
    assert [p["position"] for p in view.pieces] == ["t500_doha", "t500_doha", "injury"]
    assert view.holders == {"t500_doha": {"player": 2, "points": 500, "surface": "hard"}}
    assert view.reserved == {} and view.highlight == ""
    assert not any(p["injured"] for p in view.pieces)


def test_show_sends_one_update_for_all_changes(view: BoardView, monkeypatch) -> None:
    sent: list[set[str]] = []
    monkeypatch.setattr(view, "send_state", lambda key=None: sent.append(set(key or ())))
    shown(view)
    assert sent == [{"pieces", "holders", "reserved", "highlight"}]


def test_show_refuses_what_is_not_on_the_board(view: BoardView) -> None:
    with pytest.raises(ValueError, match="no space called 'wimbledon'"):
        view.show({0: "wimbledon"})
    with pytest.raises(ValueError, match="no player 5"):
        view.show({5: "start"})
    with pytest.raises(ValueError, match="not a tournament"):
        view.show({}, holders={"let_1": 0})
    assert view.pieces[0]["position"] == "start"  # nothing changed


def test_show_state_reads_a_game_state(board: Board, view: BoardView) -> None:
    players = [
        SimpleNamespace(name="Ana", position=board.index["t500_rio"], injured_weeks=0),
        SimpleNamespace(name="Ben", position=board.injury, injured_weeks=2),
        SimpleNamespace(name="Cleo", position=board.start, injured_weeks=0),
    ]
    rio, miami = board.index["t500_rio"], board.index["t1000_miami"]
    state = SimpleNamespace(
        players=players,
        titles={rio: (1, Card(500, "clay"))},
        reservations={miami: (0, Card(1000, "hard"))},
    )
    view.show_state(state, highlight=rio)
    assert [p["position"] for p in view.pieces] == ["t500_rio", "injury", "start"]
    assert [p["injured"] for p in view.pieces] == [False, True, False]
    assert view.holders == {"t500_rio": {"player": 1, "points": 500, "surface": "clay"}}
    assert view.reserved == {"t1000_miami": 0}
    assert view.highlight == "t500_rio"


def test_set_heat_takes_fractions_and_turns_the_overlay_on(view: BoardView) -> None:
    view.set_heat({"start": Fraction(1, 8), 1: Fraction(1, 4)})
    assert view.heat == {"start": 0.125, "t250_auckland": 0.25}
    assert view.show_heat is True
    view.set_heat({"start": 1}, show=False)
    assert view.show_heat is False
    with pytest.raises(ValueError, match="negative"):
        view.set_heat({"start": -0.1})


# ----- the Python picture


def test_svg_has_one_group_per_space_and_parses(board: Board, view: BoardView) -> None:
    root = parse(shown(view).to_svg())
    assert root.tag == f"{SVG_NS}svg"
    groups = find(root, "data-space-id")
    assert [g.get("data-space-id") for g in groups] == [s.id for s in board.spaces]
    assert all(g.tag == f"{SVG_NS}g" for g in groups)
    points = {g.get("data-space-id"): [t.text for t in classed(g, "pg-board-points")] for g in groups}
    assert points["t2000_paris_clay"] == ["2000"] and points["let_1"] == []
    labels = {g.get("data-space-id"): [t.text for t in classed(g, "pg-board-label")] for g in groups}
    for sid, label in [("start", "Start"), ("let_1", "Let"), ("injury", "Injury"),
                       ("united", "United"), ("final", "Final"), ("fork", "Fork")]:  # fmt: skip
        assert labels[sid] == [label]
    assert find(root, "data-fork", "true")[0].get("data-space-id") == "fork"
    branch_roads = {(e.get("data-from"), e.get("data-to")) for e in classed(root, "pg-board-link-branch")}
    assert branch_roads == {
        ("fork", "b_madrid"), ("b_madrid", "b_let"), ("b_let", "b_rome"),
        ("b_rome", "b_hamburg"), ("b_hamburg", "merge"),
    }  # fmt: skip
    links = classed(root, "pg-board-link")
    assert len(links) == len(board) + 1  # every next, plus the fork's branch


def test_svg_pieces_sit_on_their_spaces_without_hiding_each_other(view: BoardView) -> None:
    root = parse(shown(view).to_svg())
    pieces = classed(root, "pg-board-piece")
    assert [(p.get("data-player"), p.get("data-position")) for p in pieces] == [
        ("0", "t500_doha"),
        ("1", "t500_doha"),
        ("2", "injury"),
    ]
    centres = [(c.get("cx"), c.get("cy")) for p in pieces for c in p.iter(f"{SVG_NS}circle")]
    assert len(set(centres)) == 3
    assert [c.get("fill") for p in pieces for c in p.iter(f"{SVG_NS}circle")] == list(PALETTE[:3])
    assert [p.get("data-injured") for p in pieces] == ["false", "false", "true"]
    assert [k.get("data-player") for k in classed(root, "pg-board-legend-key")] == ["0", "1", "2"]


def test_svg_marks_holders_reservations_and_the_highlight(view: BoardView) -> None:
    root = parse(shown(view).to_svg())
    space = {g.get("data-space-id"): g for g in find(root, "data-space-id")}
    assert space["t500_doha"].get("data-holder") == "1"
    assert space["t2000_paris_clay"].get("data-holder") == "0"
    assert space["t500_rio"].get("data-holder") == ""
    flags = classed(root, "pg-board-holder")
    assert sorted(f.get("data-player") for f in flags) == ["0", "1"]
    assert classed(space["t500_doha"], "pg-board-holder")[0].get("fill") == PALETTE[1]
    tile = classed(space["t500_doha"], "pg-board-tile")[0]
    assert tile.get("stroke") == PALETTE[1]
    (mark,) = classed(root, "pg-board-reserved")
    assert mark in list(space["t1000_miami"]) and mark.get("data-player") == "2"
    assert [t.text for t in mark.iter(f"{SVG_NS}text")] == ["R"]
    assert space["t1000_miami"].get("data-reserved") == "2"
    (ring,) = classed(root, "pg-board-highlight")
    assert ring in list(space["t500_doha"])
    assert root.get("data-highlight") == "t500_doha"


def test_svg_heat_overlay_only_while_shown(board: Board, view: BoardView) -> None:
    view.heat = {s.id: (i % 5 + 1) / 100 for i, s in enumerate(board.spaces)}
    root = parse(view.to_svg())
    assert classed(root, "pg-board-heat") == [] and classed(root, "pg-board-heat-legend") == []
    assert root.get("data-show-heat") == "false"
    view.show_heat = True
    root = parse(view.to_svg())
    circles = classed(root, "pg-board-heat")
    assert len(circles) == len(board)
    radius = {float(c.get("data-heat")): float(c.get("r")) for c in circles}
    # Circle area is proportional to the frequency: r grows as its square root.
    assert (radius[0.04] / radius[0.01]) == pytest.approx(2, abs=0.02)
    (legend,) = classed(root, "pg-board-heat-legend")
    assert "5.0%" in [t.text for t in legend.iter(f"{SVG_NS}text")]
    assert root.get("data-show-heat") == "true"


def test_repr_html_is_the_svg(view: BoardView) -> None:
    html = shown(view)._repr_html_()
    assert view.to_svg() in html
    assert html.count("data-space-id=") == len(view.spaces)


# ----- the ES module


def test_esm_file_is_the_widget_module_and_exports_render() -> None:
    text = JS.read_text()
    assert str(BoardView._esm) == text
    assert "export default { render }" in text
    assert "function render({ model, el })" in text
    for trait in ("spaces", "pieces", "holders", "reserved", "heat", "show_heat", "highlight"):
        assert f'"{trait}"' in text


NODE = shutil.which("node")

# A stand-in for the DOM, just what board_view.js uses; it prints the drawing as JSON.
FAKE_DOM = """
import { readFile } from "node:fs/promises";
class Node {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.textContent = null; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  appendChild(c) { this.children.push(c); return c; }
  replaceChildren(...cs) { this.children = cs; }
  toJSON() { return { tag: this.tag, attrs: this.attrs, text: this.textContent,
                      children: this.children }; }
}
globalThis.document = { createElementNS: (ns, tag) => new Node(tag) };
const state = JSON.parse(await readFile(process.argv[3], "utf8"));
const handlers = {};
const model = {
  get: (k) => state[k],
  on: (e, f) => { handlers[e] = f; },
  off: (e, f) => { if (handlers[e] === f) delete handlers[e]; },
};
const el = new Node("div");
el.classList = { add() {} };
el.dataset = {};
const { default: widget } = await import(process.argv[2]);
const cleanup = widget.render({ model, el });
const listening = Object.keys(handlers).length;
cleanup();
console.log(JSON.stringify({ svg: el.children[0], dataset: el.dataset, listening,
                             left: Object.keys(handlers).length }));
"""


def tree(e: ET.Element) -> dict:
    """An ElementTree element in the same shape as the fake DOM's JSON."""
    return {
        "tag": e.tag.removeprefix(SVG_NS),
        "attrs": dict(e.attrib),
        "text": e.text,
        "children": [tree(c) for c in e],
    }


def same_drawing(js: dict, py: dict, path: str = "svg") -> None:
    where = f"{path}/{py['tag']}"
    assert js["tag"] == py["tag"], where
    assert js["text"] == py["text"], where
    js_attrs = {k: v for k, v in js["attrs"].items() if k != "xmlns"}
    assert js_attrs.keys() == py["attrs"].keys(), where
    for k, v in py["attrs"].items():
        try:
            assert float(js_attrs[k]) == pytest.approx(float(v), abs=0.051), f"{where}@{k}"
        except ValueError:
            assert js_attrs[k] == v, f"{where}@{k}"
    assert len(js["children"]) == len(py["children"]), where
    for i, (a, b) in enumerate(zip(js["children"], py["children"], strict=True)):
        same_drawing(a, b, f"{where}[{i}]")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_esm_syntax_is_valid() -> None:
    subprocess.run([NODE, "--check", str(JS)], check=True, capture_output=True)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("heat", [False, True])
def test_javascript_draws_the_same_picture_as_python(
    board: Board, view: BoardView, tmp_path: Path, heat: bool
) -> None:
    shown(view)
    view.set_heat({s.id: (i % 7 + 1) / 97 for i, s in enumerate(board.spaces)}, show=heat)
    traits = ("spaces", "pieces", "holders", "reserved", "heat", "show_heat", "highlight", "_colors")
    state = {k: getattr(view, k) for k in traits}
    script, data = tmp_path / "run.mjs", tmp_path / "state.json"
    script.write_text(FAKE_DOM)
    data.write_text(json.dumps(state))
    done = subprocess.run(
        [NODE, str(script), JS.as_uri(), str(data)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    same_drawing(out["svg"], tree(parse(view.to_svg())))
    assert out["dataset"] == {
        "redraws": "1", "highlight": "t500_doha", "showHeat": str(heat).lower()
    }  # fmt: skip
    assert out["listening"] == 8 and out["left"] == 0  # cleanup removed every listener
