"""The Captain Tsubasa table, drawn: the pitch, both play areas, points, possession, score, dice.

``TableView`` is an anywidget: the browser draws it from one synced traitlet of plain JSON,
``scene`` (table_view.js). The same picture is built here in Python as HTML (``table_html``),
the static fallback of an exported notebook, and lets tests read the drawing without a browser.
The root element carries ``data-*`` attributes (period, round, attacker, score, dice, how many
cards lie in each place) so a browser test reads the state without parsing the picture.

    view = TableView()
    view.show_game(game)  # after every step
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from .rules import POINT_KINDS

# Okabe-Ito colours: Nankatsu blue, Toho vermillion; values in the palette's orange, green, sky blue.
COLORS = {
    "Nankatsu": "#0072B2",
    "Toho": "#D55E00",
    "shot": "#E69F00",
    "pass": "#009E73",
    "defense": "#56B4E9",
}
SYMBOLS = {"shot": "S", "pass": "P", "defense": "D"}


def card_record(card: Any) -> dict[str, Any]:
    """A card as the picture needs it: name and its three values."""
    return {"name": card.name, "shot": card.shot, "pass": card.pass_, "defense": card.defense}


def scene_of(game: Any) -> dict[str, Any]:
    """Everything the picture shows, as plain JSON, read from a game's public state."""
    from .engine import TsubasaGame  # the engine never imports its pictures: no import circle

    if not isinstance(game, TsubasaGame):
        raise TypeError(f"the Captain Tsubasa table shows a TsubasaGame; got {type(game).__name__}")
    s = game.state
    cards = s.data.cards
    d = s.duel
    return {
        "period": s.period,
        "round": s.round,
        "step": game.step_count,
        "attacker": game.player_name(s.attacker),
        "pitch": [card_record(cards[c]) for c in s.pitch],
        "match_deck": len(s.match_deck),
        "coaches": [
            {
                "name": c.name,
                "score": c.score,
                "points": dict(c.points),
                "play": [card_record(cards[x]) for x in c.play],
                "penalty": ("red" if c.red else "yellow") if len(c.penalty) else "",
                "hand": len(c.hand),
                "deck": len(c.deck),
            }
            for c in s.coaches
        ],
        "duel": {
            "kind": d.kind,
            "attack": d.attack + d.attack_spent,
            "defense": d.defense + d.defense_spent,
            "dice": list(d.dice) if d.dice else [],
            "save": d.save,
            "result": d.result,
        },
        "over": game.is_over(),
    }


def data_attributes(scene: dict[str, Any]) -> dict[str, str]:
    """The data-* attributes of the picture's root: what a browser test reads."""
    coaches = scene.get("coaches", [])
    attrs = {
        "data-period": scene.get("period", ""),
        "data-round": str(scene.get("round", 0)),
        "data-step": str(scene.get("step", 0)),
        "data-attacker": scene.get("attacker", ""),
        "data-pitch": str(len(scene.get("pitch", []))),
        "data-dice": "-".join(str(x) for x in scene.get("duel", {}).get("dice", [])),
        "data-over": "true" if scene.get("over") else "false",
    }
    for c in coaches:
        key = c["name"].lower()
        attrs[f"data-score-{key}"] = str(c["score"])
        attrs[f"data-play-{key}"] = str(len(c["play"]))
    return attrs


def _card_html(card: dict[str, Any]) -> str:
    values = "".join(
        f'<span class="pg-ts-v" style="background:{COLORS[k]}">{SYMBOLS[k]}{card[k]}</span>'
        for k in POINT_KINDS
    )
    return f'<div class="pg-ts-card"><div class="pg-ts-name">{escape(card["name"])}</div>{values}</div>'


def _coach_html(c: dict[str, Any], attacking: bool) -> str:
    points = " ".join(f"{SYMBOLS[k]} {c['points'][k]}" for k in POINT_KINDS)
    ball = " attacking (has the ball)" if attacking else " defending"
    penalty = f' <span class="pg-ts-{c["penalty"]}">{c["penalty"]} card</span>' if c["penalty"] else ""
    cards = "".join(_card_html(x) for x in c["play"]) or '<span class="pg-ts-empty">no cards played</span>'
    return (
        f'<div class="pg-ts-coach" style="border-color:{COLORS.get(c["name"], "#555")}">'
        f'<div class="pg-ts-head"><b>{escape(c["name"])}</b>{ball}{penalty} &middot; points {points}'
        f" &middot; hand {c['hand']}, deck {c['deck']}</div>"
        f'<div class="pg-ts-row">{cards}</div></div>'
    )


def _dice_html(duel: dict[str, Any]) -> str:
    if not duel.get("dice"):
        return '<div class="pg-ts-dice">dice not rolled yet</div>'
    a, d = duel["dice"]
    save = f", keeper's die {duel['save']}" if duel.get("save") else ""
    result = f": {escape(duel['result'])}" if duel.get("result") else ""
    return (
        f'<div class="pg-ts-dice">{escape(duel["kind"])}: attack {duel["attack"]} + '
        f'<span class="pg-ts-die">{a}</span> against defense {duel["defense"]} + '
        f'<span class="pg-ts-die">{d}</span>{save}{result}</div>'
    )


def table_html(scene: dict[str, Any]) -> str:
    """The whole picture as HTML (table_view.js builds the same elements in the browser)."""
    if not scene:
        return '<div class="pg-ts-table">no match yet</div>'
    attrs = " ".join(f'{k}="{escape(v)}"' for k, v in data_attributes(scene).items())
    coaches = scene["coaches"]
    score = " - ".join(f"{escape(c['name'])} {c['score']}" for c in coaches)
    pitch = "".join(_card_html(c) for c in scene["pitch"]) or '<span class="pg-ts-empty">empty</span>'
    return (
        f'<div class="pg-ts-table" {attrs}>'
        f'<div class="pg-ts-score">{score} &middot; {escape(scene["period"])}, round {scene["round"]}</div>'
        f"{_coach_html(coaches[1], scene['attacker'] == coaches[1]['name'])}"
        f'<div class="pg-ts-pitch"><b>Football Pitch</b> (hidden Match deck: {scene["match_deck"]})'
        f'<div class="pg-ts-row">{pitch}</div></div>'
        f"{_dice_html(scene['duel'])}"
        f"{_coach_html(coaches[0], scene['attacker'] == coaches[0]['name'])}"
        "</div>"
    )


CSS = """
.pg-ts-table { font: 13px sans-serif; color: #222; max-width: 900px; }
.pg-ts-score { font-size: 16px; font-weight: bold; margin: 4px 0; }
.pg-ts-coach, .pg-ts-pitch { border: 2px solid #999; border-radius: 6px; padding: 4px; margin: 4px 0; }
.pg-ts-pitch { border-color: #009E73; background: #f3faf6; }
.pg-ts-row { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.pg-ts-card { border: 1px solid #555; border-radius: 4px; padding: 2px 4px; background: #fff;
  min-width: 90px; }
.pg-ts-name { font-size: 11px; margin-bottom: 2px; }
.pg-ts-v { display: inline-block; color: #000; border-radius: 3px; padding: 0 3px; margin-right: 2px;
  font-size: 11px; }
.pg-ts-die { display: inline-block; border: 2px solid #222; border-radius: 4px; padding: 0 5px;
  font-weight: bold; }
.pg-ts-dice { margin: 4px 0; }
.pg-ts-yellow { background: #F0E442; padding: 0 3px; }
.pg-ts-red { background: #D55E00; color: #fff; padding: 0 3px; }
.pg-ts-empty { color: #777; font-style: italic; }
"""


class TableView(anywidget.AnyWidget):
    """The match table as a picture that redraws whenever ``scene`` changes (see scene_of)."""

    _esm = Path(__file__).with_name("table_view.js")
    _css = CSS
    scene = t.Dict().tag(sync=True)
    _colors = t.Dict(COLORS).tag(sync=True)

    def show_game(self, game: Any) -> None:
        """Draw the game as it is now."""
        self.scene = scene_of(game)

    def _repr_html_(self) -> str:
        """The fallback an exported notebook shows where the live widget cannot run."""
        return f"<style>{CSS}</style>{table_html(self.scene)}"

    def __repr__(self) -> str:
        """What a plain-text viewer shows instead of the picture."""
        scene = self.scene
        if not scene:
            return "Captain Tsubasa table (a picture): no match yet"
        state = "the match is over" if scene.get("over") else f"{scene.get('attacker')} attacking"
        return f"Captain Tsubasa table (a picture): {scene.get('period')}, step {scene.get('step')}, {state}"
