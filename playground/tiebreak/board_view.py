"""The Tie-Break Triumph board, drawn: spaces, roads, pieces, champions, reservations, heat.

``BoardView`` is an anywidget: the browser draws it from a few synced traitlets of plain JSON
(board_view.js). The same picture is also built here in Python as an SVG string (``to_svg``),
which serves as the static fallback of an exported notebook and lets tests check the drawing
without a browser. Both drawings follow the same layout rules, written once below as numbers
the JavaScript reads from the ``_colors`` traitlet or repeats in a line or two.

    view = BoardView(board, players=3)
    view.show({0: "t500_doha", 1: "start", 2: "injury"}, holders={"t500_doha": 1},
              reserved={"t1000_miami": 2}, injured={2}, highlight="t500_doha")
    view.set_heat(landing_frequencies)  # space id -> long-run share of landings
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import anywidget
import traitlets as t

from playground.core.numbers import shown

from .board import TOURNAMENT_KINDS, Board, Space

# Okabe & Ito's colour-blind-safe palette, one colour a player, and the ink readable on each.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")
PALETTE_INK = ("#ffffff", "#000000", "#ffffff", "#000000", "#ffffff", "#000000")
MAX_PLAYERS = len(PALETTE)

COLORS: dict[str, Any] = {
    "players": list(PALETTE),
    "player_ink": list(PALETTE_INK),
    "surfaces": {"hard": "#a6cee3", "clay": "#f4b183", "grass": "#b2df8a", "indoor": "#cab2d6"},
    "kinds": {"start": "#ffe08a", "let": "#fff8dc", "injury": "#f4a6a6", "plain": "#e6e6e6"},
    "edge": "#555555",  # outline of an ordinary space
    "gold": "#b8860b",  # outline of the United Cup and the Season Final
    "link": "#9a9a9a",  # the main loop
    "branch": "#7a5195",  # the branch road, and the fork leading to it
    "heat": "#D55E00",  # Okabe-Ito vermillion
    "highlight": "#111111",  # the ring round the space just landed on
    "text": "#222222",
}

LABELS = {"start": "Start", "let": "Let", "injury": "Injury", "united": "United", "final": "Final"}
LEGEND_HEIGHT = 76
HEAT_CAPTION = "Landing frequency (circle area):"


def tile_size(spaces: Sequence[Mapping[str, Any]]) -> int:
    """The side of a space's square: 90% of the closest spacing between two spaces, 28 to 60."""
    closest = min(
        (
            max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]))
            for i, a in enumerate(spaces)
            for b in spaces[i + 1 :]
        ),
        default=60,
    )
    return int(max(28, min(60, closest * 0.9)))


def piece_slots(tile: float) -> list[tuple[float, float]]:
    """Where the 1st, 2nd, ... piece on a space sits, relative to its centre: corners first."""
    d = 0.4 * tile
    return [(-d, d), (d, d), (-d, -d), (d, -d), (0, d + 4), (0, -d - 4)]


def _space_record(s: Space) -> dict[str, Any]:
    return {
        "id": s.id,
        "name": s.name,
        "kind": s.kind,
        "points": s.points,
        "surface": s.surface,
        "x": s.x,
        "y": s.y,
        "next": s.next,
        "branch": s.branch,
        "track": s.track,
    }


class BoardView(anywidget.AnyWidget):
    """The board as a picture that redraws whenever a traitlet changes.

    Traitlets (plain JSON, synced to the browser):

    - ``spaces``: one dict per space (id, name, kind, points, surface, x, y, next, branch, track).
    - ``pieces``: one dict per player: ``{"player", "name", "position" (space id), "injured"}``.
    - ``holders``: space id -> ``{"player", "points", "surface"}``, the card lying on a
      tournament its champion won; ``reserved``: space id -> player, a face-down Training card.
    - ``heat``: space id -> long-run landing frequency; drawn only while ``show_heat`` is True.
    - ``highlight``: a space id to ring (say, the space just landed on), or "".
    """

    _esm = Path(__file__).with_name("board_view.js")
    _css = """
    .pg-board { max-width: 100%; overflow-x: auto; }
    .pg-board svg { max-width: 100%; height: auto; display: block; }
    .pg-board-space { cursor: default; }
    """

    spaces = t.List(t.Dict()).tag(sync=True)
    pieces = t.List(t.Dict()).tag(sync=True)
    holders = t.Dict().tag(sync=True)
    reserved = t.Dict().tag(sync=True)
    heat = t.Dict().tag(sync=True)
    show_heat = t.Bool(False).tag(sync=True)
    highlight = t.Unicode("").tag(sync=True)
    _colors = t.Dict(COLORS).tag(sync=True)

    def __init__(self, board: Board, players: int = 2, names: Sequence[str] | None = None, **kwargs: Any):
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"The board can show 1 to {MAX_PLAYERS} players, not {players}.")
        names = list(names) if names is not None else [f"Player {p + 1}" for p in range(players)]
        if len(names) != players:
            raise ValueError(f"{players} players need {players} names; {len(names)} were given.")
        self.board = board
        start = board.spaces[board.start].id
        super().__init__(
            spaces=[_space_record(s) for s in board.spaces],
            pieces=[
                {"player": p, "name": names[p], "position": start, "injured": False} for p in range(players)
            ],
            **kwargs,
        )

    # ----- changing what is shown

    def _space_id(self, key: str | int) -> str:
        """A space given by id or by position (index into board.spaces), as its id."""
        if isinstance(key, int) and not isinstance(key, bool):
            if 0 <= key < len(self.board.spaces):
                return self.board.spaces[key].id
            raise ValueError(f"There is no space number {key}; the board has {len(self.board)}.")
        if key in self.board.index:
            return key
        raise ValueError(f"There is no space called {shown(key)} on this board.")

    def _player(self, player: Any) -> int:
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(self.pieces):
            return player
        raise ValueError(f"There is no player {shown(player)}; players are 0 to {len(self.pieces) - 1}.")

    def _holder(self, sid: str, value: Any) -> dict[str, Any]:
        """A champion given as a player, (player, card) or a dict, as the holders entry."""
        space = self.board.spaces[self.board.index[sid]]
        if not space.is_tournament:
            raise ValueError(f"{space.name} is not a tournament, so nobody can hold it.")
        if isinstance(value, Mapping):
            player, points, surface = value["player"], value.get("points"), value.get("surface")
        elif isinstance(value, tuple | list):
            player, card = value
            points, surface = getattr(card, "points", None), getattr(card, "surface", None)
        else:
            player, points, surface = value, None, None
        return {
            "player": self._player(player),
            "points": int(points if points is not None else space.points),
            "surface": str(surface if surface is not None else space.surface),
        }

    def show(
        self,
        positions: Mapping[int, str | int],
        holders: Mapping[str | int, Any] | None = None,
        reserved: Mapping[str | int, Any] | None = None,
        injured: Iterable[int] | None = None,
        highlight: str | int = "",
        names: Sequence[str] | None = None,
    ) -> None:
        """Draw one moment of a game, in a single redraw.

        positions: player -> space (id or position); a player left out stays where they were.
        holders: space -> champion, as a player, a (player, card) pair or a dict.
        reserved: space -> the player (or (player, card)) who reserved it with Training.
        injured: the players who are injured. Anything not given is shown empty.
        """
        pieces = [dict(p) for p in self.pieces]
        for player, where in positions.items():
            pieces[self._player(player)]["position"] = self._space_id(where)
        hurt = {self._player(p) for p in injured or ()}
        for p in pieces:
            p["injured"] = p["player"] in hurt
        if names is not None:
            if len(names) != len(pieces):
                raise ValueError(f"{len(pieces)} players need {len(pieces)} names.")
            for p, name in zip(pieces, names, strict=True):
                p["name"] = str(name)
        new_holders = {}
        for key, value in (holders or {}).items():
            sid = self._space_id(key)
            new_holders[sid] = self._holder(sid, value)
        new_reserved = {}
        for key, value in (reserved or {}).items():
            player = value[0] if isinstance(value, tuple | list) else value
            new_reserved[self._space_id(key)] = self._player(player)
        mark = self._space_id(highlight) if highlight != "" else ""
        with self.hold_sync():
            self.pieces = pieces
            self.holders = new_holders
            self.reserved = new_reserved
            self.highlight = mark

    def show_state(self, state: Any, highlight: str | int = "") -> None:
        """Draw a game state: its players' positions, injuries, titles and reservations.

        A state with another number of players than the pieces drawn resets the pieces first.
        """
        if len(state.players) != len(self.pieces):
            start = self.board.spaces[self.board.start].id
            self.pieces = [
                {"player": p, "name": "", "position": start, "injured": False}
                for p in range(len(state.players))
            ]
        self.show(
            {i: p.position for i, p in enumerate(state.players)},
            holders=state.titles,
            reserved=state.reservations,
            injured={i for i, p in enumerate(state.players) if p.injured_weeks > 0},
            highlight=highlight,
            names=[p.name for p in state.players],
        )

    def set_heat(self, freqs: Mapping[str | int, float], show: bool = True) -> None:
        """Shade each space by how often it is landed on (Fractions, shares or counts)."""
        heat = {}
        for key, value in freqs.items():
            if value < 0:
                raise ValueError(f"A landing frequency cannot be negative (space {shown(key)}).")
            heat[self._space_id(key)] = float(value)
        with self.hold_sync():
            self.heat = heat
            self.show_heat = show

    # ----- the static picture

    def _repr_html_(self) -> str:
        """The fallback an exported notebook shows where the live widget cannot run."""
        return f'<div class="pg-board">{self.to_svg()}</div>'

    def __repr__(self) -> str:
        """What a plain-text viewer shows instead of the picture: where each piece stands."""
        names = {s["id"]: s["name"] for s in self.spaces}
        where = ", ".join(f"{p['name']} on {names.get(p['position'], p['position'])}" for p in self.pieces)
        return f"Tie-Break Triumph board (a picture): {where}"

    def to_svg(self) -> str:
        """The board as an SVG string: the same picture the browser draws."""
        return board_svg(
            self.spaces,
            self.pieces,
            self.holders,
            self.reserved,
            self.heat if self.show_heat else {},
            self.highlight,
            self._colors,
        )


# ----- drawing in Python (board_view.js draws the same, element for element)


def _n(v: float) -> str:
    """A number for an attribute, short: 12, 12.5."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _tag(name: str, *children: str, text: str | None = None, **attrs: Any) -> str:
    """An SVG element; attribute data_player is written data-player; None values are left out."""
    parts = "".join(
        f" {k.rstrip('_').replace('_', '-')}={quoteattr(_n(v) if isinstance(v, float) else str(v))}"
        for k, v in attrs.items()
        if v is not None
    )
    inner = escape(text) if text is not None else "".join(children)
    return f"<{name}{parts}>{inner}</{name}>" if inner else f"<{name}{parts}/>"


def board_svg(
    spaces: Sequence[Mapping[str, Any]],
    pieces: Sequence[Mapping[str, Any]],
    holders: Mapping[str, Mapping[str, Any]],
    reserved: Mapping[str, int],
    heat: Mapping[str, float],
    highlight: str,
    colors: Mapping[str, Any] = COLORS,
) -> str:
    """The SVG of a board from the BoardView traitlets' data (heat: {} when not shown)."""
    tile = tile_size(spaces)
    half, radius = tile / 2, round(tile * 0.2)
    by_id = {s["id"]: s for s in spaces}
    xs, ys = [s["x"] for s in spaces], [s["y"] for s in spaces]
    pad = half + radius + 8
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + LEGEND_HEIGHT
    top_heat = max(heat.values(), default=0)
    scene = {
        "tile": tile, "colors": colors, "holders": holders, "reserved": reserved,
        "heat": heat, "top_heat": top_heat, "highlight": highlight,
        "names": {p["player"]: p["name"] for p in pieces}, "incoming": {},
    }  # fmt: skip
    for s in spaces:
        for target in (s["next"], s["branch"]):
            if target:
                scene["incoming"][target] = scene["incoming"].get(target, 0) + 1
    out = []

    # Roads: the main loop grey, the branch road (and the fork's turn into it) dashed purple.
    for s in spaces:
        for target, via_branch in ((s["next"], False), (s["branch"], True)):
            if target:
                branch = via_branch or s["track"] == "branch"
                o = by_id[target]
                out.append(
                    _tag(
                        "line",
                        class_="pg-board-link" + (" pg-board-link-branch" if branch else ""),
                        data_from=s["id"], data_to=o["id"],
                        x1=s["x"], y1=s["y"], x2=o["x"], y2=o["y"],
                        stroke=colors["branch"] if branch else colors["link"],
                        stroke_width=5 if branch else 6,
                        stroke_linecap="round",
                        stroke_dasharray="9 6" if branch else None,
                    )
                )  # fmt: skip

    # Spaces: a rounded square each, coloured by kind, tournaments by surface.
    out.extend(_space(s, scene) for s in spaces)

    # Pieces: at the corners of the square first, so several on one space all show.
    slots = piece_slots(tile)
    count: dict[str, int] = {}
    for p in pieces:
        s = by_id.get(p["position"])
        if s is not None:
            k = count.get(s["id"], 0)
            count[s["id"]] = k + 1
            dx, dy = slots[k % len(slots)]
            out.append(_piece(p, s["x"] + dx, s["y"] + dy, radius, colors))

    # Legend: who is which colour; below, the heat scale (when shown) and the surfaces.
    x0, y0 = min(xs) - half, max(ys) + pad + 12
    keys = []
    for i, p in enumerate(pieces):
        px = x0 + radius + i * 125
        keys.append(_piece(p, px, y0, radius, colors, legend=True))
        keys.append(_tag("text", x=px + radius + 5, y=y0 + 4, font_size=13, text=p["name"]))
    out.append(_tag("g", *keys, class_="pg-board-legend", fill=colors["text"]))
    hy = y0 + 32
    if top_heat > 0:
        scale, hx = [_tag("text", x=x0, y=hy + 4, text=HEAT_CAPTION)], x0 + 200
        for share in (1.0, 0.5):
            r = half * math.sqrt(share)
            scale.append(_heat_circle(hx + r, hy, r, colors))
            scale.append(_tag("text", x=hx + 2 * r + 4, y=hy + 4, text=f"{top_heat * share:.1%}"))
            hx += 2 * r + 50
        out.append(_tag("g", *scale, class_="pg-board-heat-legend", font_size=12, fill=colors["text"]))
    sx, swatches = max(xs) + half - 66 * len(colors["surfaces"]), []
    for name, fill in colors["surfaces"].items():
        swatches.append(
            _tag("rect", x=sx, y=hy - 7, width=14, height=14, rx=3, fill=fill, stroke=colors["edge"])
        )
        swatches.append(_tag("text", x=sx + 18, y=hy + 4, text=name))
        sx += 66
    out.append(_tag("g", *swatches, class_="pg-board-surface-legend", font_size=12, fill=colors["text"]))

    return _tag(
        "svg",
        *out,
        xmlns="http://www.w3.org/2000/svg",
        class_="pg-board-svg",
        viewBox=f"{_n(left)} {_n(top)} {_n(width)} {_n(height)}",
        width=_n(width),
        height=_n(height),
        font_family="sans-serif",
        role="img",
        aria_label="Tie-Break Triumph board",
        data_highlight=highlight,
        data_show_heat="true" if top_heat > 0 else "false",
    )


def _heat_circle(x: float, y: float, r: float, colors: Mapping[str, Any], **attrs: Any) -> str:
    return _tag(
        "circle", cx=x, cy=y, r=r, fill=colors["heat"], fill_opacity=0.3,
        stroke=colors["heat"], stroke_width=1.5, **attrs,
    )  # fmt: skip


def _tooltip(s: Mapping[str, Any], scene: Mapping[str, Any]) -> str:
    """What hovering over a space tells: name, value, champion, reservation, landing share."""
    sid, names = s["id"], scene["names"]
    lines = [s["name"] + (f" ({s['points']} {s['surface']})" if s["points"] else "")]
    if holder := scene["holders"].get(sid):
        who = names.get(holder["player"], holder["player"])
        lines.append(f"champion: {who} ({holder['points']} {holder['surface']})")
    if (reserver := scene["reserved"].get(sid)) is not None:
        lines.append(f"reserved by {names.get(reserver, reserver)}")
    if (f := scene["heat"].get(sid)) is not None:
        lines.append(f"landed on {f:.1%} of the time")
    return "\n".join(lines)


def _space(s: Mapping[str, Any], scene: Mapping[str, Any]) -> str:
    """One space: square, heat, label, points, champion's flag, reservation, highlight ring."""
    sid, x, y, kind = s["id"], s["x"], s["y"], s["kind"]
    tile, colors = scene["tile"], scene["colors"]
    half = tile / 2
    holder, reserver = scene["holders"].get(sid), scene["reserved"].get(sid)
    fork, join = bool(s["branch"]), scene["incoming"].get(sid, 0) > 1
    tournament = kind in TOURNAMENT_KINDS
    fill = colors["surfaces"][s["surface"]] if tournament else colors["kinds"][kind]
    stroke, stroke_width = colors["edge"], 1.5
    if kind in ("united", "final"):
        stroke, stroke_width = colors["gold"], 3
    if fork:
        stroke, stroke_width = colors["branch"], 3
    if holder:
        stroke, stroke_width = colors["players"][holder["player"]], 5
    label = LABELS.get(kind) or ("Fork" if fork else "Join" if join else "")
    parts = [
        _tag("title", text=_tooltip(s, scene)),
        _tag(
            "rect", class_="pg-board-tile", x=x - half, y=y - half, width=tile, height=tile,
            rx=tile * 0.18, fill=fill, stroke=stroke, stroke_width=stroke_width,
        ),
    ]  # fmt: skip
    f = scene["heat"].get(sid, 0)
    if f > 0 and scene["top_heat"] > 0:
        r = half * math.sqrt(f / scene["top_heat"])
        parts.append(_heat_circle(x, y, r, colors, class_="pg-board-heat", data_heat=f"{f:.6g}"))
    text = {"text_anchor": "middle", "fill": colors["text"]}
    if label:
        ly, size = (y - tile * 0.1 if tournament else y + tile * 0.08), round(tile * 0.22)
        parts.append(
            _tag("text", class_="pg-board-label", x=x, y=ly, font_size=size, font_weight="600",
                 text=label, **text)
        )  # fmt: skip
    if tournament:
        py, size = y + tile * (0.3 if label else 0.1), round(tile * 0.26)
        parts.append(
            _tag("text", class_="pg-board-points", x=x, y=py, font_size=size, font_weight="700",
                 text=str(s["points"]), **text)
        )  # fmt: skip
    if holder:
        cx, cy, color = x + half - 2, y - half + 2, colors["players"][holder["player"]]
        flag = f"M{_n(cx - 16)} {_n(cy)} L{_n(cx)} {_n(cy)} L{_n(cx)} {_n(cy + 16)} Z"
        parts.append(_tag("path", class_="pg-board-holder", data_player=holder["player"], d=flag, fill=color))
    if reserver is not None:
        color, rx, ry = colors["players"][reserver], x - half + 9, y - half + 9
        parts.append(
            _tag(
                "g",
                _tag("circle", cx=rx, cy=ry, r=8, fill="#ffffff", stroke=color, stroke_width=2),
                _tag("text", x=rx, y=ry + 3.5, text_anchor="middle", font_size=10,
                     font_weight="700", fill=color, text="R"),
                class_="pg-board-reserved",
                data_player=reserver,
            )
        )  # fmt: skip
    if sid == scene["highlight"]:
        parts.append(
            _tag(
                "rect", class_="pg-board-highlight", x=x - half - 6, y=y - half - 6,
                width=tile + 12, height=tile + 12, rx=tile * 0.26, fill="none",
                stroke=colors["highlight"], stroke_width=3,
            )
        )  # fmt: skip
    return _tag(
        "g",
        *parts,
        class_=f"pg-board-space pg-board-kind-{kind}",
        data_space_id=sid,
        data_kind=kind,
        data_holder=holder["player"] if holder else "",
        data_reserved=reserver if reserver is not None else "",
        data_fork="true" if fork else None,
    )


def _piece(
    p: Mapping[str, Any],
    x: float,
    y: float,
    radius: float,
    colors: Mapping[str, Any],
    legend: bool = False,
) -> str:
    """A player's piece (or its key in the legend): a numbered disc in the player's colour."""
    player, hurt = p["player"], bool(p["injured"]) and not legend
    return _tag(
        "g",
        _tag("title", text=p["name"] + (" (injured)" if hurt else "")),
        _tag(
            "circle", cx=x, cy=y, r=radius, fill=colors["players"][player],
            stroke=colors["heat"] if hurt else "#ffffff", stroke_width=2.5,
            stroke_dasharray="3 2" if hurt else None,
        ),
        _tag(
            "text", x=x, y=y + radius * 0.4, text_anchor="middle",
            font_size=round(radius * 1.15), font_weight="700",
            fill=colors["player_ink"][player], text=str(player + 1),
        ),
        class_="pg-board-legend-key" if legend else "pg-board-piece",
        data_player=player,
        data_position=None if legend else p["position"],
        data_injured=None if legend else str(hurt).lower(),
    )  # fmt: skip
