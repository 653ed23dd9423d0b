"""The stop button inside an exact panel's redraw: the panel draws again whole, or says it stopped.

A stop lands between two outputs of a redraw (an answer written, its chart not yet): the panel
must not leave a new answer above an old chart. Robustness review 14, finding 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest

from playground.arc import widgets as arc_widgets
from playground.challengers import widgets as challengers_widgets
from playground.core.dist import dice_sum
from playground.tiebreak import widgets as tiebreak_widgets
from playground.tsubasa import widgets as tsubasa_widgets
from playground.widgets import dice_explorer, live_simulation
from playground.widgets.redraw import STOPPED

# builder, the control to move, its new value, the outputs in the order the redraw writes them
PANELS: dict[str, tuple[Callable[[], w.Widget], str, Any, tuple[str, ...]]] = {
    "dice explorer": (dice_explorer, "target", 9, ("answer", "words", "chart", "table")),
    "Tsubasa duel": (tsubasa_widgets.duel_panel, "attack", 9, ("result", "chart")),
    "Challengers attack": (challengers_widgets.attack_panel, "flag", 6, ("headline", "chart", "table")),
    "Challengers thinning": (challengers_widgets.thinning_panel, "up_to", 12, ("message", "table")),
    "Challengers thinning deck": (
        challengers_widgets.thinning_panel,
        "deck",
        "1, 2, 2, 5",
        ("message", "table"),
    ),
    "Tie-Break targets": (tiebreak_widgets.targets_panel, "tokens", 2, ("answer", "chart", "table")),
    "Tie-Break race": (tiebreak_widgets.race_panel, "challenger", 4, ("answer", "chart", "table")),
    "Arc score": (arc_widgets.score_panel, "clones", 1, ("output",)),
    "Arc sport odds": (arc_widgets.sport_odds_panel, "first_game", True, ("headline", "chart", "table")),
}


def _stop_in(widget: w.HTML, stops: int) -> None:
    """Make the next `stops` writes of widget raise the stop button's KeyboardInterrupt just after
    the write (each leaves a mark, so the redraw's next write of the same text is a change too)."""
    left, marking = [stops], [False]

    def stop(_: dict) -> None:
        if marking[0] or not left[0]:
            return
        left[0] -= 1
        marking[0] = True
        try:
            widget.value = "half drawn"
        finally:
            marking[0] = False
        raise KeyboardInterrupt

    widget.observe(stop, names="value")


def _outputs(panel: w.Widget, names: tuple[str, ...]) -> list[str]:
    return [getattr(panel, name).value for name in names]


@pytest.mark.parametrize("stops", [1, 2])
@pytest.mark.parametrize("name", list(PANELS))
def test_a_stop_in_a_panels_redraw_draws_it_again_or_says_so(name: str, stops: int) -> None:
    """Stopped once, the panel's outputs are those of a panel drawn without a stop; stopped twice,
    the first output says so and the rest are empty (no figure older than the controls)."""
    build, control, value, names = PANELS[name]
    expected = build()
    getattr(expected, control).value = value
    panel = build()
    before, after = _outputs(panel, names), _outputs(expected, names)
    changed = [n for n, a, b in zip(names, before, after, strict=True) if a != b]
    assert changed  # the move changes what is shown; the stop comes just after its first change
    _stop_in(getattr(panel, changed[0]), stops)
    with pytest.raises(KeyboardInterrupt):
        getattr(panel, control).value = value
    if stops == 1:
        assert _outputs(panel, names) == _outputs(expected, names)
    else:  # a redraw inside a redraw (a new deck's options) may come out whole at the outer try
        first, *rest = shown = _outputs(panel, names)
        assert shown == _outputs(expected, names) or (STOPPED in first and rest == [""] * len(rest))
        assert STOPPED in first or name == "Challengers thinning deck"


def test_a_stop_in_the_bonus_table_draws_it_again() -> None:
    """The Arc bonus panel redraws from its rules panel: stopped once, its table is the new rules'."""
    expected = arc_widgets.bonus_panel()
    expected.rules_panel.controls["bonuses_stack"].value = False
    panel = arc_widgets.bonus_panel()
    _stop_in(panel.table, 1)
    with pytest.raises(KeyboardInterrupt):
        panel.rules_panel.controls["bonuses_stack"].value = False
    assert panel.table.value == expected.table.value


@pytest.mark.parametrize("where", ["sampler", "chart"])
def test_a_stopped_roll_counts_all_of_its_batch_or_none(where: str) -> None:
    """A stop while a batch is rolled counts none of it and rolls it again the same on the next
    click; a stop while it is drawn leaves it counted once and drawn whole."""
    calls = [0]

    def sample(rng: Any) -> int:
        calls[0] += 1
        if where == "sampler" and calls[0] == 50:
            raise KeyboardInterrupt
        return rng.randint(1, 6) + rng.randint(1, 6)

    plain = live_simulation(dice_sum(2, 6), sample, seed=3)
    panel = live_simulation(dice_sum(2, 6), sample, seed=3)
    calls[0] = 100  # the plain panel's rolls never stop
    plain.roll(100)
    calls[0] = 0
    if where == "chart":
        _stop_in(panel.chart, 1)
    with pytest.raises(KeyboardInterrupt):
        panel.roll(100)
    if where == "sampler":
        assert panel.total == 0
        calls[0] = 100
        panel.roll(100)
    assert panel.counts == plain.counts
    assert (panel.chart.value, panel.summary.value) == (plain.chart.value, plain.summary.value)


@pytest.mark.parametrize("where", ["describing", "building"])
def test_a_stop_in_a_rule_change_leaves_the_controls_on_the_rules_in_play(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped while the new rules are put into words, or while they are built and checked, the
    moved control, the panel's rules and its message all show the rules the game plays by, and a
    later change of another control keeps them so (robustness review 16, finding 1)."""
    from playground.tiebreak.rules import Rules

    panel = tiebreak_widgets.season_panel()
    rules_panel, games = panel.rules_panel, panel.games
    method = "changes" if where == "describing" else "__post_init__"
    real, left = getattr(Rules, method), [1]

    def stop_once(self: Rules) -> object:
        if left[0]:
            left[0] -= 1
            raise KeyboardInterrupt
        return real(self)

    monkeypatch.setattr(Rules, method, stop_once)
    with pytest.raises(KeyboardInterrupt):
        rules_panel.controls["race_margin"].value = 3
    in_play = games.game.rules.race_margin
    assert rules_panel.controls["race_margin"].value == rules_panel.rules.race_margin == in_play == 2
    assert rules_panel.message.value.startswith("Stopped")
    rules_panel.controls["champion_head_start"].value = 2  # a later, unrelated change
    assert rules_panel.controls["race_margin"].value == games.game.rules.race_margin == 2
    assert games.game.rules.champion_head_start == 2
