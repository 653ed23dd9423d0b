"""What the refusal tests share: a hang guard, and the check that a refusal is a sentence.

A hang guard stops a call that would run for minutes; it is not a timing (a busy machine may take
several times longer than an idle one, and still pass).
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class TooSlow(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` inside can swallow it."""


@contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Stop the block with TooSlow after ``seconds`` of wall time."""

    def ring(signum: int, frame: Any) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


PYTHON_INTERNALS = re.compile(
    r"object is not (subscriptable|callable|iterable)|unsupported operand|cannot unpack|NoneType"
    r"|positional argument|unexpected keyword|not supported between|has no attribute|can only concatenate"
    r"|unhashable type|must be real number|object cannot be interpreted|list indices|string indices"
    r"|object of type"
)
"""Phrases of Python's own errors: a refusal a student reads must say what to do, not these."""


def assert_a_sentence(error: BaseException, where: str) -> str:
    """The refusal's message, checked to be said in words (not empty, none of Python's phrases)."""
    message = str(error).strip()
    assert message, f"{where} refused with an empty message: {error!r}"
    assert not PYTHON_INTERNALS.search(message), f"{where} refused in Python's words: {message!r}"
    return message
