"""Redrawing a panel whole, even when the kernel's stop button lands in the middle of it.

A panel's redraw writes several outputs one after another (an answer, a chart, a table); a stop
between two of them would leave a new answer above an old chart, each looking current. So every
panel redraws through :func:`drawn_whole`: a stop inside the redraw draws it once more, and a stop
in that one too says so on screen instead of leaving figures that disagree; the stop is then
passed on, so the kernel still stops.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

STOPPED = "Stopped while redrawing: change a control to redraw."
"""What a panel's first output says after two stops in a row cut its redraw short."""

Update = TypeVar("Update", bound=Callable[..., None])


def drawn_whole(draw: Callable[[], None], give_up: Callable[[], None]) -> None:
    """draw(); stopped, draw() again; stopped twice, give_up() (which says the outputs may be old).
    Any stop is raised again afterwards."""
    stopped = None
    for _ in range(2):
        try:
            draw()
            break
        except KeyboardInterrupt as stop:
            stopped = stop
    else:
        give_up()
    if stopped is not None:
        raise stopped


def redraws(*outputs: str) -> Callable[[Update], Update]:
    """Decorate a panel's update() so it redraws whole (see :func:`drawn_whole`).

    outputs names the panel's output widgets: after two stops, the first says STOPPED and the rest
    are emptied, so nothing older than the controls stays on screen.
    """

    def decorate(update: Update) -> Update:
        @functools.wraps(update)
        def whole(self: Any, *args: Any, **kwargs: Any) -> None:
            def give_up() -> None:
                first, *rest = (getattr(self, name) for name in outputs)
                first.value = f"<span style='color:#b00'>{STOPPED}</span>"
                for widget in rest:
                    widget.value = ""

            drawn_whole(lambda: update(self, *args, **kwargs), give_up)

        return whole  # type: ignore[return-value]

    return decorate
