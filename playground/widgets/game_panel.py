"""The panel that steps any game: Step, Play to end, Reset, a seed, and two live tables.

Like boardgame.io's debug panel, it keeps a log of every step and lets you scrub back through
it; the state table then shows the game as it was at that step, rebuilt from the seed.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import escape

import ipywidgets as w
import pandas as pd

from playground.core.checks import check_callable, check_policies
from playground.core.engine import Game, IllegalAction, Policies
from playground.core.numbers import shown
from playground.core.showing import readable

from .redraw import drawn_whole
from .starts import SEED_MAX, start_seed

HISTORY_ROWS = 40
"""How many of the latest history rows the panel shows (the whole history is game.history())."""


def frame_html(frame: pd.DataFrame, css_class: str) -> str:
    """A DataFrame as a compact, scrollable HTML table; long Fractions shown readably, and no
    "None" or "<NA>" where a cell has nothing to say (a move's chance, a coach's row of a zone's
    column)."""
    shown = frame.map(_cell)
    table = shown.to_html(classes=f"pg-table {css_class}", border=0, na_rep="")
    return f"<div style='max-height:22em;overflow:auto'>{table}</div>"


def _cell(value: object) -> object:
    """A table cell as shown: an exact number readably, nothing for a missing value."""
    if isinstance(value, Fraction):
        return readable(value)
    return "" if value is None or value is pd.NA else value


class GamePanel(w.VBox):
    """Step through a game; ``game`` is the live game, ``view`` the one the tables show."""

    def __init__(
        self,
        make_game: Callable[[int], Game],
        policies: Policies = None,
        seed: int = 0,
        on_update: Callable[[Game], None] | None = None,
    ):
        seed = start_seed(seed)
        if isinstance(make_game, Game):
            raise TypeError(
                "make_game must be a function of a seed that makes a game, such as "
                f"lambda s: tiebreak.new_game(seed=s); got a game itself ({shown(make_game, 40)})"
            )
        self.make_game = check_callable(
            make_game, "make_game", "a seed", "lambda s: tiebreak.new_game(seed=s)"
        )
        if on_update is not None:
            check_callable(on_update, "on_update", "the game shown", "lambda game: print(game.step_count)")
        if policies is not None:
            check_policies(policies)
        self.policies = policies
        self._listeners: list[Callable[[Game], None]] = [on_update] if on_update else []
        self.seed = w.BoundedIntText(value=seed, min=0, max=SEED_MAX, description="seed")
        self.step_button = w.Button(description="Step", icon="step-forward")
        self.play_button = w.Button(description="Play to end", icon="fast-forward")
        self.reset_button = w.Button(description="Reset", icon="refresh")
        # each value replays the game from its seed: a drag asks once, when it ends, not per pixel
        self.scrub = w.IntSlider(value=0, min=0, max=0, description="show step", continuous_update=False)
        self.status = w.HTML()
        self.state_table = w.HTML()
        self.history_table = w.HTML()
        for widget, name in [
            (self.state_table, "pg-state"),
            (self.history_table, "pg-history"),
            (self.status, "pg-status"),
        ]:
            widget.add_class(name)
        self.step_button.on_click(lambda _: self.step())
        self.play_button.on_click(lambda _: self.play_to_end())
        self.reset_button.on_click(lambda _: self.reset())
        self._made_from: int | None = None  # the seed the game shown was made from
        self.seed.observe(
            lambda _: None if self.seed.value == self._made_from else self.reset(), names="value"
        )
        self._moving_scrub = False
        self.scrub.observe(self._scrubbed, names="value")
        controls = w.HBox([self.step_button, self.play_button, self.reset_button, self.seed])
        super().__init__(
            [
                controls,
                self.status,
                self.scrub,
                w.HTML("<b>State</b>"),
                self.state_table,
                w.HTML(f"<b>History</b> (latest {HISTORY_ROWS} steps)"),
                self.history_table,
            ]
        )
        self.add_class("pg-game-panel")
        self.reset()

    def on_update(self, callback: Callable[[Game], None]) -> None:
        """Call callback(game_shown) whenever the shown step changes."""
        self._listeners.append(callback)

    def reset(self) -> None:
        """Start a new game from the seed in the seed box (the stop button while it is made keeps
        the game shown, and says so; a stop while it is drawn draws it again, see _redraw)."""
        try:
            game = self.make_game(self.seed.value)
        except KeyboardInterrupt:
            if hasattr(self, "game"):
                if self._made_from is not None:
                    self.seed.value = self._made_from  # the box names the game shown (no reset)
                self.status.value = "Stopped before the new game was made: the game shown is the one before."
            raise
        if not isinstance(game, Game):
            raise TypeError(
                f"make_game(seed) must return a game (as new_game does); it returned {shown(game, 60)}"
            )
        self.game, self._made_from = game, self.seed.value
        self._redraw()

    def step(self) -> None:
        """One step of the live game (chance rolls, players follow the policies)."""
        if self.game.is_over():
            self.status.value = "The game is over. Press Reset for a new one."
            return
        try:
            self.game.step(self.game.policy_for(self.policies))
        except Exception as error:  # a refusal, or a student's player function that failed
            self._refused(error)
            return
        except BaseException:  # the stop button: the game is whole; show it as it is, then stop
            self._redraw()
            raise
        self._redraw()

    def play_to_end(self) -> None:
        """Play the live game to its end (or until a player's pick is refused: the steps played
        until then are kept and shown, with the refusal)."""
        try:
            self.game.play(self.policies)
        except Exception as error:
            self._redraw()
            self._refused(error)
            return
        except BaseException:  # the stop button: the steps played so far are kept, and shown
            self._redraw()
            raise
        self._redraw()

    def _redraw(self, draw: Callable[[], None] | None = None) -> None:
        """draw() (by default refresh()), even when the stop button lands in it (a redraw, or a
        scrub's replay, can take longer than the play): see drawn_whole."""

        def give_up() -> None:
            self.status.value = "Stopped while redrawing: press Step or Reset, or move the slider, to redraw."

        drawn_whole(draw or self.refresh, give_up)

    def _refused(self, error: Exception) -> None:
        """Say in the status line why the step did not happen (the game is as it was before it)."""
        if isinstance(error, IllegalAction):
            text = str(error)
        else:
            text = (
                f"The player function raised {type(error).__name__}: {shown(str(error), 200)} "
                f"(step {self.game.step_count + 1} was not played)."
            )
        self.status.value = f"<span style='color:#b00'>{escape(text)}</span>"

    def refresh(self) -> None:
        """Move the scrub slider to the newest step and redraw, once.

        For a panel that moves the live game itself (several steps at once, say) and then shows it.
        """
        last = self.game.step_count
        self._moving_scrub = True
        try:  # lower the value before the maximum, raise the maximum before the value
            if last < self.scrub.max:
                self.scrub.value = last
                self.scrub.max = last
            else:
                self.scrub.max = last
                self.scrub.value = last
        finally:
            self._moving_scrub = False
        self.show(last)

    def _scrubbed(self, change: dict) -> None:
        if not self._moving_scrub:
            self._redraw(lambda: self.show(change["new"]))

    def show(self, step: int) -> None:
        """Show the state after ``step`` steps and the history up to it."""
        self.view = self.game if step == self.game.step_count else self.game.at(step)
        history = self.game.history(max(0, step - HISTORY_ROWS), step)
        self.state_table.value = frame_html(self.view.state_frame(), "pg-state-frame")
        self.history_table.value = frame_html(history, "pg-history-frame")
        result = self.view.result()
        if result is not None:
            names = " and ".join(self.view.player_name(p) for p in result.winners) or "nobody"
            self.status.value = f"Step {step}: game over, {names} won ({result.reason})."
        else:
            actor = self.view.current_actor()
            who = actor if isinstance(actor, str) else self.view.player_name(actor)
            phase = self.view.phase().replace("_", " ")  # in words, as the history writes it
            self.status.value = f"Step {step} of {self.game.step_count}: {who} to act ({phase})."
        for callback in self._listeners:
            callback(self.view)


def game_panel(
    make_game: Callable[[int], Game],
    policies: Policies = None,
    seed: int = 0,
    on_update: Callable[[Game], None] | None = None,
) -> GamePanel:
    """Build the step-through panel for games made by make_game(seed)."""
    return GamePanel(make_game, policies, seed, on_update)
