"""A coloured pandas table that still reads as a table where colour cannot be shown.

A pandas Styler has an HTML picture but no text: a plain-text viewer (a terminal, an exported
script, a screen reader's text mode) shows only its memory address. ``shaded`` keeps the
colours for JupyterLab and gives the plain view the numbers.
"""

from __future__ import annotations

from pandas.io.formats.style import Styler


class Shaded:
    """A Styler's HTML for a notebook and its table as text for everything else."""

    def __init__(self, styler: Styler) -> None:
        if not isinstance(styler, Styler):
            raise TypeError(f"shaded() takes a pandas Styler (frame.style...), not {type(styler).__name__}.")
        self.styler = styler

    def _repr_html_(self) -> str:
        return self.styler.to_html()

    def __repr__(self) -> str:
        return self.styler.data.to_string()


def shaded(styler: Styler) -> Shaded:
    """Show ``styler`` in colour in a notebook and as plain numbers in a text viewer."""
    return Shaded(styler)
