"""Dropdowns and toggle buttons that always hold one of their options.

ipywidgets lets code set a choice to None (no option chosen); a panel whose figures are worked
out from the choice then fails with Python's own KeyError or AttributeError at every later
change. These refuse None at once, in a sentence naming the options, and keep their choice.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import traitlets


class _Chosen(traitlets.Any):
    """Any value but None (traitlets.Any allows None whatever it is told)."""

    allow_none = False


class _OneChosen(traitlets.HasTraits):
    value = _Chosen(help="Selected value").tag(sync=True)
    index = _Chosen(help="Selected index").tag(sync=True)
    label = _Chosen(help="Selected label")

    def _refuse_none(self, proposal: Any) -> None:
        if proposal.value is None:
            labels = ", ".join(map(repr, self._options_labels))  # type: ignore[attr-defined]
            what = self.description or "the choice"  # type: ignore[attr-defined]
            raise traitlets.TraitError(f"{what} must be one of {labels}; got None")

    @traitlets.validate("value")
    def _validate_value(self, proposal: Any) -> Any:
        self._refuse_none(proposal)
        return super()._validate_value(proposal)  # type: ignore[misc]

    @traitlets.validate("index")
    def _validate_index(self, proposal: Any) -> Any:
        self._refuse_none(proposal)
        return super()._validate_index(proposal)  # type: ignore[misc]

    @traitlets.validate("label")
    def _validate_label(self, proposal: Any) -> Any:
        self._refuse_none(proposal)
        return super()._validate_label(proposal)  # type: ignore[misc]


class Choice(_OneChosen, w.Dropdown):
    """A dropdown that always holds one of its options (None is refused in words)."""


class Toggle(_OneChosen, w.ToggleButtons):
    """Toggle buttons that always hold one of their options (None is refused in words)."""
