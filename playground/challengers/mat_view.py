"""A Challengers! mat, drawn: the flag on its card, the attack's running total against the flag,
both benches with their seats, fans and trophies.

``MatView`` is an anywidget: the browser draws it (mat_view.js) from one synced traitlet, ``scene``,
plain JSON built here by ``scene_of(game)``. The same picture is built in Python as HTML
(``mat_html``) for the static fallback of an exported notebook and for tests without a browser.
Every part carries ``data-*`` attributes (flag holder, totals, seats used) that tests read.

    view = MatView()
    view.show(game)            # the match on the game's current mat, or the last one played
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

# Okabe & Ito's colour-blind-safe palette: one colour per half of the mat, and the ink on each.
HALF_COLORS = ("#0072B2", "#E69F00")
HALF_INK = ("#ffffff", "#000000")
FLAG = "#D55E00"  # vermillion: the flag and the target line


def _half(game: Any, side: int, role: str) -> dict[str, Any]:
    st = game.state
    me = st.sides[side]
    cards = [
        {"name": game.data.cards[c].name, "strength": game.data.cards[c].strength, "id": c} for c in me.play
    ]
    return {
        "name": me.name,
        "role": role,
        "deck": len(me.deck),
        "cards": cards,
        "seats": [{"name": n, "count": st.seat_size(side, n)} for n in me.seats],
        "fans": len(me.fans),
        "trophies": len(me.trophies),
        "score": me.score(),
    }


def scene_of(game: Any) -> dict[str, Any]:
    """The JSON the picture is drawn from: the match now (or the last one), or an empty mat."""
    from .engine import ChallengersGame  # the engine never imports its pictures: no import circle

    if not isinstance(game, ChallengersGame):
        raise TypeError(f"the Challengers! mat shows a ChallengersGame; got {type(game).__name__}")
    st, m = game.state, game.state.match
    base = {
        "round": st.round,
        "step": game.step_count,
        "seats": game.rules.bench_seats,
        "phase": game.phase(),
    }
    if m is None:
        return {
            **base,
            "mat": 0,
            "halves": [],
            "flag": -1,
            "attack": None,
            "target": None,
            "status": "No match yet.",
        }
    halves = [
        _half(game, side, "flag" if m.flag == side else ("attack" if m.attacker == side else ""))
        for side in m.sides
    ]
    attack = target = None
    if m.winner is None and m.flag is not None and m.attacker is not None:
        attack = game.attack_total(m.attacker)
        target = game.flag_strength(m.flag)
    flag = m.sides.index(m.flag) if m.flag is not None else -1
    if m.winner is not None:
        status = f"{game.player_name(m.winner)} won this match."
    elif target is not None:
        status = f"{game.player_name(m.attacker)} attacks: {attack} against the flag's {target}."
    else:
        status = "Who starts?"
    if st.match_log and m.winner is None:
        last = st.match_log[-1]
        status += f" (Last match: {last['winner']} won {last['players']}, {last['how']}.)"
    return {
        **base,
        "mat": m.mat,
        "halves": halves,
        "flag": flag,
        "attack": attack,
        "target": target,
        "status": status,
    }


class MatView(anywidget.AnyWidget):
    """One mat as a picture that redraws whenever ``scene`` changes (see ``scene_of``)."""

    _esm = Path(__file__).with_name("mat_view.js")
    _css = Path(__file__).with_name("mat_view.css")

    scene = t.Dict().tag(sync=True)
    _colors = t.Dict({"halves": list(HALF_COLORS), "ink": list(HALF_INK), "flag": FLAG}).tag(sync=True)

    def show(self, game: Any) -> None:
        """Draw the game's current match (or its last one)."""
        self.scene = scene_of(game)

    def _repr_html_(self) -> str:
        """The fallback an exported notebook shows where the live widget cannot run."""
        return mat_html(self.scene)

    def __repr__(self) -> str:
        """What a plain-text viewer shows instead of the picture."""
        scene = self.scene
        status = scene.get("status", "No match yet.")
        return f"Challengers! mat (a picture): round {scene.get('round', 0)}. {status}"


def _seat_html(seats: list[dict[str, Any]], total: int) -> str:
    cells = [
        f"<div class='pg-mat-seat' data-seat='{i}'>"
        + (f"{escape(s['name'])} &times;{s['count']}" if i < len(seats) else "")
        + "</div>"
        for i, s in enumerate(seats + [{}] * max(0, total - len(seats)))
    ]
    return "".join(cells)


def mat_html(scene: dict[str, Any]) -> str:
    """The mat as HTML: the same parts, classes and data attributes mat_view.js draws."""
    if not scene:
        return "<div class='pg-mat'>(empty mat)</div>"
    halves = []
    for k, h in enumerate(scene.get("halves", [])):
        flagged = scene["flag"] == k
        cards = "".join(
            f"<div class='pg-mat-card{' pg-mat-flagcard' if flagged and i == len(h['cards']) - 1 else ''}' "
            f"data-card='{escape(c['id'])}'>{escape(c['name'])}<b>{c['strength']}</b></div>"
            for i, c in enumerate(h["cards"])
        )
        flag = "<div class='pg-mat-flag' aria-label='flag'>&#9873; flag</div>" if flagged else ""
        halves.append(
            f"<div class='pg-mat-half' data-half='{k}' data-role='{h['role']}' data-deck='{h['deck']}' "
            f"data-seats-used='{len(h['seats'])}' data-fans='{h['fans']}' data-trophies='{h['trophies']}' "
            f"style='border-color:{HALF_COLORS[k]}'>"
            f"<div class='pg-mat-name' style='background:{HALF_COLORS[k]};color:{HALF_INK[k]}'>"
            f"{escape(h['name'])} &middot; deck {h['deck']} &middot; fans {h['fans']} &middot; "
            f"trophies {h['trophies']} (score {h['score']})</div>"
            f"<div class='pg-mat-play'>{cards}{flag}</div>"
            f"<div class='pg-mat-bench'>{_seat_html(h['seats'], scene['seats'])}</div></div>"
        )
    attack, target = scene.get("attack"), scene.get("target")
    meter = ""
    if target is not None:
        width = min(100, round(100 * attack / max(target, 1)))
        meter = (
            f"<div class='pg-mat-meter' data-attack='{attack}' data-target='{target}'>"
            f"<div class='pg-mat-meter-fill' style='width:{width}%'></div>"
            f"<span>attack {attack} / flag {target}</span></div>"
        )
    return (
        f"<div class='pg-mat' data-step='{scene['step']}' data-round='{scene['round']}' "
        f"data-mat='{scene['mat']}' data-flag='{scene['flag']}'>"
        f"<div class='pg-mat-title'>Round {scene['round']}, mat {scene['mat']}: "
        f"{escape(scene['status'])}</div>"
        f"{meter}{''.join(halves)}</div>"
    )
