"""The Tournament Arc table, drawn: every Athlete as a card, the active Region(s) and Sport.

``TableView`` is an anywidget: the browser draws the cards from a few synced traitlets of plain
JSON (table_view.js). The same picture is built here in Python as HTML (``to_html``), the static
fallback of an exported notebook, which also lets tests check the drawing without a browser.
Each card shows the Athlete's Region (marked HOME ×2 when it earns Homefield), the stats now with the
sum of the attached modifiers beside each, the Main Character token, and the number that decides
the active Sport: the score with its multiplier, or the attached cards when the Sport is won by
the most cards (Cheerleading). A face-down Athlete shows only its owner.

    view = TableView()
    view.show_game(game)   # after every step
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from .cards import STATS
from .engine import ArcGame

# Okabe & Ito's colour-blind-safe palette, one colour a player.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")

CSS = """
.arc-view { font-family: sans-serif; font-size: 13px; color: #222; }
.arc-view .arc-scene { margin-bottom: 6px; }
.arc-view .arc-scene b { margin-right: 4px; }
.arc-view .arc-teams { display: flex; flex-direction: column; gap: 6px; }
.arc-view .arc-team { display: flex; gap: 6px; flex-wrap: wrap; align-items: stretch; }
.arc-view .arc-owner { width: 64px; font-weight: bold; align-self: center; }
.arc-view .arc-card { width: 150px; border: 3px solid #999; border-radius: 8px; padding: 4px 6px;
  background: #fafafa; position: relative; }
.arc-view .arc-card.arc-home { background: #e8f3fa; }
.arc-view .arc-card .arc-name { font-weight: bold; }
.arc-view .arc-card .arc-region { font-size: 11px; }
.arc-view .arc-card .arc-home-mark { background: #0072B2; color: #fff; border-radius: 4px; padding: 0 3px;
  font-size: 10px; font-weight: bold; }
.arc-view .arc-card table { border-collapse: collapse; width: 100%; margin-top: 2px; }
.arc-view .arc-card td { padding: 0 2px; font-size: 12px; }
.arc-view .arc-card tr.arc-relevant td { font-weight: bold; background: #fff3d6; }
.arc-view .arc-card .arc-mod { color: #555; font-size: 11px; }
.arc-view .arc-card .arc-token { position: absolute; top: -8px; right: -8px; background: #D55E00;
  color: #fff; border-radius: 12px; padding: 1px 6px; font-size: 11px; font-weight: bold; }
.arc-view .arc-card .arc-score { margin-top: 2px; font-size: 12px; }
.arc-view .arc-card .arc-attached { font-size: 10px; color: #555; max-height: 3.6em; overflow: hidden; }
"""


def game_scene(game: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The plain-JSON scene and cards of a game now (what the traitlets carry)."""
    if not isinstance(game, ArcGame):
        raise TypeError(f"the Tournament Arc table shows an ArcGame; got {type(game).__name__}")
    s = game.state
    d = s.data
    sport = s.sport()
    mc = s.main_character_stacks()
    relevant = list(sport.relevant) if sport else []
    cards = [_drawable(c) for c in s.athlete_cards()]
    scene = {
        "step": game.step_count,
        "phase": game.phase(),
        "regions": [d.name(r) for r in s.active_regions],
        "sport": sport.name if sport else "",
        "relevant": relevant,
        "team_size": sport.team_size if sport else 0,
        "players": game.players,
        "main_character": ", ".join(d.name(m.top) for m in mc) if s.revealed else "",
    }
    return scene, cards


class TableView(anywidget.AnyWidget):
    """Every Athlete on the table as a card, with the active Region(s) and Sport above them."""

    _esm = Path(__file__).with_name("table_view.js")
    _css = CSS
    scene = t.Dict().tag(sync=True)
    cards = t.List(t.Dict()).tag(sync=True)
    _colors = t.List(t.Unicode(), default_value=list(PALETTE)).tag(sync=True)

    def show_game(self, game: Any) -> None:
        """Draw the game as it is now."""
        scene, cards = game_scene(game)
        with self.hold_sync():
            self.scene, self.cards = scene, cards

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        """What a plain-text viewer shows instead of the picture."""
        scene = self.scene
        sport = f", Sport {scene['sport']}" if scene.get("sport") else ""
        phase = scene.get("phase", "no game yet")
        step = scene.get("step", 0)
        return f"Tournament Arc table (a picture): step {step}, {phase}, {len(self.cards)} Athletes{sport}"

    def to_html(self) -> str:
        """The same picture as static HTML (for an exported notebook and for tests)."""
        return table_html(self.scene, self.cards)


def _drawable(card: dict[str, Any]) -> dict[str, Any]:
    """A card as the picture draws it: a face-down card's unknown stats shown as "?"."""
    if not card["face_down"]:
        return card
    return card | {"stats": dict.fromkeys(STATS, "?"), "homefield": False}


def _stat_rows(card: dict[str, Any], relevant: list[str]) -> str:
    rows = []
    for x in STATS:
        mod = card["mods"][x]
        shown = f" <span class='arc-mod'>({mod:+d})</span>" if mod else ""
        cls = " class='arc-relevant'" if x in relevant else ""
        rows.append(f"<tr{cls} data-stat='{x}'><td>{x}</td><td>{card['stats'][x]}{shown}</td></tr>")
    return "".join(rows)


def _card_html(card: dict[str, Any], relevant: list[str]) -> str:
    """One Athlete card."""
    colour = PALETTE[card["owner"] % len(PALETTE)]
    home = (
        f"<span class='arc-home-mark'>HOME ×{card.get('home_times', 2)}</span> " if card["homefield"] else ""
    )
    token = f"<span class='arc-token'>MC ×{card.get('mc_times', 2)}</span>" if card["main_character"] else ""
    score = ""
    if card["score"] is not None and card.get("measure") == "attached cards":
        score = f"<div class='arc-score'>attached cards <b>{card['score']}</b></div>"
    elif card["score"] is not None:
        score = f"<div class='arc-score'>score <b>{card['score']}</b> (×{card['multiplier']})</div>"
    attached = escape(", ".join(card["attached"])) or "no Episodes"
    data = {
        "stack": card["stack"],
        "owner": card["owner"],
        "homefield": str(card["homefield"]).lower(),
        "main-character": str(card["main_character"]).lower(),
        "score": "" if card["score"] is None else card["score"],
    }
    attrs = " ".join(f"data-{k}='{v}'" for k, v in data.items())
    home_class = " arc-home" if card["homefield"] else ""
    return (
        f"<div class='arc-card{home_class}' style='border-color:{colour}' {attrs}>"
        f"{token}<div class='arc-name'>{escape(card['name'])}</div>"
        f"<div class='arc-region'>{home}{escape(card['region'])}</div>"
        f"<table>{_stat_rows(card, relevant)}</table>{score}"
        f"<div class='arc-attached'>{attached}</div></div>"
    )


def table_html(scene: dict[str, Any], cards: list[dict[str, Any]]) -> str:
    """The whole table: the scene line, then one row of cards per player."""
    if not scene:
        return "<div class='arc-view'>(no game shown yet)</div>"
    regions = escape(", ".join(scene["regions"])) or "not revealed yet"
    sport = escape(scene["sport"]) or "not revealed yet"
    if scene["sport"]:
        sport += f" ({escape(', '.join(scene['relevant']))}; team of {scene['team_size']})"
    rows = []
    for p in range(scene["players"]):
        mine = "".join(_card_html(c, scene["relevant"]) for c in cards if c["owner"] == p)
        rows.append(
            f"<div class='arc-team' data-player='{p}'><div class='arc-owner'>Player {p + 1}</div>{mine}</div>"
        )
    return (
        f"<style>{CSS}</style><div class='arc-view' data-step='{scene['step']}' "
        f"data-phase='{escape(scene['phase'])}' data-sport='{escape(scene['sport'])}' "
        f"data-main-character='{escape(scene['main_character'])}'>"
        f"<div class='arc-scene'><b>Active Region:</b> {regions} &nbsp; <b>Sport:</b> {sport} &nbsp; "
        f"<b>Main Character:</b> {escape(scene['main_character']) or 'nobody'}</div>"
        f"<div class='arc-teams'>{''.join(rows)}</div></div>"
    )
