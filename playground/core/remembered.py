"""Seeded simulations remembered: a lesson's long run is played once, then read back.

A rule comparison in a lesson plays hundreds of seeded games, and with the same code, data,
rules, seeds and players it gives the same table every time. So the package ships the tables
of the lessons' own runs (``data/results/remembered.json``), and a call that matches one reads
it back in a millisecond instead of playing for many seconds: a lesson runs in seconds on a
school laptop, and thirty kernels opening it at once do not each play the same games.

A call is remembered only when everything it depends on has a name that pins it down: the
package's own functions (new_game, measures, players) by their module and name, a game's Rules
by their fields, and plain numbers and text. The key also holds a fingerprint of the code of
every package the call touches and of their shipped data, so an edited engine, card list or
measure never reads back an old table: the call is simply played. A function of one's own
written in a notebook (the strategy lab's risk function, say) is named by its source text and
the values of the names it uses, checked against the code Python runs; a lambda, a closure, or
a function whose source cannot be read is never remembered, and is simply played.

``make results`` plays the lessons again and writes the store (PLAYGROUND_RECORD_RESULTS names
the file to write); a test plays every remembered call again and checks the store matches.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import inspect
import json
import linecache
import math
import os
import sys
import textwrap
import types
import warnings
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import pandas as pd

from .data import PACKAGE, shipped_data
from .numbers import shown

F = TypeVar("F", bound=Callable[..., Any])

RECORD = "PLAYGROUND_RECORD_RESULTS"
"""The environment variable naming a store file to add each newly played remembered call to."""

MAX_ITEMS = 1_000
"""The most numbers, strings and names one call's arguments may hold to be remembered (more is
played as usual: turning them into a key would cost more than it saves)."""


class NotRemembered(Exception):
    """An argument that no name pins down (a function of one's own, an object): play the call."""


# -- naming a call --------------------------------------------------------------------------------


def _token(value: Any, budget: list[int] | None = None) -> Any:
    """A JSON value that names ``value`` exactly, or NotRemembered.

    Numbers, text, None, Fractions, lists, tuples and mappings with text keys are named by what
    they hold; a function of the package by its module and name (when that name finds it again);
    a dataclass of the package (a game's Rules, a result record) by its class and every field.
    """
    budget = [MAX_ITEMS] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        raise NotRemembered("too many items")
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        if not math.isfinite(value):
            raise NotRemembered("not a finite number")
        return {"float": repr(value)}
    if type(value) is Fraction:
        return {"fraction": str(value)}
    if type(value) in (list, tuple):
        return {type(value).__name__: [_token(v, budget) for v in value]}
    if isinstance(value, dict) and all(type(k) is str for k in value):
        return {"dict": [[k, _token(v, budget)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and _named(type(value)):
        fields = [[f.name, _token(getattr(value, f.name), budget)] for f in dataclasses.fields(value)]
        return {"dataclass": _name_of(type(value)), "fields": fields}
    if isinstance(value, types.ModuleType) and _standard(value.__name__):
        return {"module": value.__name__}
    if callable(value) and _named(value):
        return {"function": _name_of(value)}
    if isinstance(value, types.FunctionType) and value.__module__ == "__main__":
        return _source_token(value, budget)
    raise NotRemembered(f"{type(value).__name__} has no name that pins it down")


def _source_token(f: types.FunctionType, budget: list[int]) -> dict[str, Any]:
    """A notebook's own function named by its source text, its defaults and the values of the
    global names it uses (each a token too); NotRemembered when any of them cannot be named,
    when it is a lambda, a closure or decorated, or when its source is not the code Python runs
    (a cell edited since the function was made)."""
    if f.__name__ == "<lambda>" or f.__closure__ or f.__kwdefaults__:
        raise NotRemembered("a lambda, a closure or keyword-only defaults")
    try:
        source = textwrap.dedent(inspect.getsource(f))
    except (OSError, TypeError) as error:
        raise NotRemembered("its source cannot be read") from error
    if not source.startswith("def "):
        raise NotRemembered("decorated or not a plain def")
    made = _made_from(source, f.__name__)
    if made is None or not _same_code(made, f.__code__):
        raise NotRemembered("its source is not the code that runs")
    used = sorted(n for n in _global_names(f.__code__) if n in f.__globals__)
    return {
        "source": source,
        "name": f.__name__,
        "globals": [[n, _token(f.__globals__[n], budget)] for n in used],
        "defaults": _token(f.__defaults__, budget),
    }


def _made_from(source: str, name: str) -> types.CodeType | None:
    """The code of the function ``name`` that source defines (None when it defines none)."""
    try:
        module = compile(source, "<remembered>", "exec")
    except (SyntaxError, ValueError):
        return None
    return next((c for c in module.co_consts if isinstance(c, types.CodeType) and c.co_name == name), None)


def _same_code(a: types.CodeType, b: types.CodeType) -> bool:
    """Whether two code objects do the same (line numbers and file names aside)."""
    if (a.co_code, a.co_names, a.co_varnames, a.co_argcount) != (
        b.co_code,
        b.co_names,
        b.co_varnames,
        b.co_argcount,
    ):
        return False
    if len(a.co_consts) != len(b.co_consts):
        return False
    for x, y in zip(a.co_consts, b.co_consts, strict=True):
        if isinstance(x, types.CodeType) and isinstance(y, types.CodeType):
            if not _same_code(x, y):
                return False
        elif type(x) is not type(y) or x != y:
            return False
    return True


def _global_names(code: types.CodeType) -> set[str]:
    """Every name a function's code (and the code nested in it) may look up outside itself."""
    names = set(code.co_names)
    for inner in code.co_consts:
        if isinstance(inner, types.CodeType):
            names |= _global_names(inner)
    return names


def _standard(module: str) -> bool:
    """Whether a module is Python's own (fixed for a Python version, like the package's code)."""
    return module.partition(".")[0] in sys.stdlib_module_names


def _untoken(named: Any) -> Any:
    """The value a token names (the inverse of :func:`token`)."""
    if not isinstance(named, dict):
        return named
    if "source" in named:
        return _remade(named)
    kind = "dataclass" if "dataclass" in named else next(iter(named))  # a stored token's keys are sorted
    content = named[kind]
    if kind == "float":
        return float(content)
    if kind == "fraction":
        return Fraction(content)
    if kind in ("list", "tuple"):
        items = [_untoken(v) for v in content]
        return items if kind == "list" else tuple(items)
    if kind == "dict":
        return {k: _untoken(v) for k, v in content}
    if kind == "function":
        return _found(content)
    if kind == "module":
        return importlib.import_module(content)
    if kind == "dataclass":
        return _found(content)(**{k: _untoken(v) for k, v in named["fields"]})
    raise ValueError(f"a remembered call holds an unknown kind of argument: {kind!r}")


def _remade(named: dict[str, Any]) -> types.FunctionType:
    """The function a source token names, made again from its source (the replay of a store)."""
    source = named["source"]
    cell = f"<remembered {hashlib.sha256(source.encode()).hexdigest()[:12]}>"
    linecache.cache[cell] = (len(source), None, source.splitlines(True), cell)  # as a notebook's cell
    namespace = {"__name__": "__main__", **{k: _untoken(v) for k, v in named["globals"]}}
    exec(compile(source, cell, "exec"), namespace)  # the store's own text
    f = namespace[named["name"]]
    f.__defaults__ = _untoken(named["defaults"])
    return f


def _name_of(thing: Any) -> str:
    return f"{thing.__module__}:{thing.__qualname__}"


def _found(name: str) -> Any:
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _named(thing: Any) -> bool:
    """Whether thing is the package's own or Python's (Fraction, math.comb), found again by its
    module and qualified name."""
    module = getattr(thing, "__module__", None) or ""
    qualname = getattr(thing, "__qualname__", None) or ""
    if not (module.startswith("playground.") or _standard(module)) or not qualname or "<" in qualname:
        return False
    try:
        return _found(f"{module}:{qualname}") is thing
    except (ImportError, AttributeError):
        return False


# -- the fingerprint of the code and data a call touches --------------------------------------------


def _packages(named: Any) -> set[str]:
    """The package folders (core, tiebreak, ...) of every function and dataclass named in a token
    (its dicts are tokens, keyed by their kind; names given as [name, value] pairs are lists)."""
    found: set[str] = set()
    if isinstance(named, dict):
        for kind, content in named.items():
            if kind in ("function", "dataclass") and isinstance(content, str):
                found.update(content.partition(":")[0].split(".")[1:2])  # playground.<package>...
            else:
                found |= _packages(content)
    elif isinstance(named, list):
        for item in named:
            found |= _packages(item)
    return found


@functools.cache
def _package_print(package: str) -> str:
    """The sha256 of a package folder's Python files and its shipped data, if any (read once)."""
    digest = hashlib.sha256()
    folders = [PACKAGE / package]
    data = shipped_data(package)
    if data.is_dir():
        folders.append(data)
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".py", ".csv")):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _fingerprint(packages: Iterable[str]) -> str:
    """One sha256 over the code and data of core and the packages named."""
    return hashlib.sha256(
        "".join(_package_print(p) for p in sorted({"core", *packages})).encode()
    ).hexdigest()


def _call_key(call: Any) -> str:
    """The store's key of a named call: its names and the fingerprint of what they touch."""
    text = json.dumps([_fingerprint(_packages(call)), call], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


# -- the values kept ------------------------------------------------------------------------------


def _encoded(value: Any) -> Any:
    """A result as JSON: a table (its cells, index and attrs), or its token (numbers, text,
    lists, mappings, the package's result records)."""
    if isinstance(value, pd.DataFrame):
        return {
            "frame": {
                "index": list(value.index),
                "index_name": value.index.name,
                "columns": list(value.columns),
                "data": value.to_numpy(dtype=object).tolist(),
                "attrs": dict(value.attrs),
            }
        }
    return {"token": _token(value)}


def _decoded(stored: Any) -> Any:
    """A stored result as the function returned it (a fresh copy every time)."""
    if "frame" in stored:
        f = stored["frame"]
        index = pd.Index(f["index"], name=f["index_name"])
        frame = pd.DataFrame(f["data"], index=index, columns=f["columns"]).infer_objects()
        frame.attrs.update(f["attrs"])
        return frame
    return _untoken(stored["token"])


# -- the store --------------------------------------------------------------------------------------


def _store_path() -> Path:
    """The shipped store (inside the package in a wheel, else the checkout's data/results/)."""
    return shipped_data("results") / "remembered.json"


@functools.cache
def _shipped() -> dict[str, Any]:
    """The shipped store's entries; a missing or damaged store is none (every call is played,
    and a damaged one is named in a warning), never an error in a lesson's comparison."""
    return _stored_calls(damaged="every run is played")


def _stored_calls(
    path: Path | None = None, damaged: str = "it is started again"
) -> dict[str, dict[str, Any]]:
    """Every entry of a store: key -> {"call": the named call, "value": the encoded result}. A
    missing file has none; a damaged one (cut short by a stop, another shape) has none too, with a
    warning naming it and ending with ``damaged``: what happens instead."""
    path = _store_path() if path is None else path
    if not path.is_file():
        return {}
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
        if not all(isinstance(e, dict) and {"call", "value"} <= e.keys() for e in entries.values()):
            raise ValueError("an entry is not a stored call")
    except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError) as error:
        warnings.warn(f"the results file {path} cannot be read ({error}): {damaged}", stacklevel=3)
        return {}
    return entries


def _write_store(entries: dict[str, dict[str, Any]], path: Path) -> None:
    """Write a store, entries in key order (a small diff when one changes)."""
    text = json.dumps({"entries": dict(sorted(entries.items()))}, indent=1, sort_keys=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(text + "\n", encoding="utf-8")
    os.replace(part, path)  # whole or not at all: a stop mid-write leaves the old file


def remembered(ignore: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Read a call's result back from the store when it is there; play it otherwise.

    ignore: the arguments that do not change the result (where it is played, a progress bar).
    The function's other arguments, defaults included, make the call's name.
    """
    if not isinstance(ignore, tuple) or not all(isinstance(n, str) for n in ignore):
        raise ValueError(f"ignore must be a tuple of argument names; got {shown(ignore)}")

    def wrap(f: F) -> F:
        signature = inspect.signature(f)
        name = _name_of(f)

        @functools.wraps(f)
        def reading(*args: Any, **kwargs: Any) -> Any:
            named = _named_call(signature, name, ignore, args, kwargs)
            if named is None:
                return f(*args, **kwargs)
            call, key = named
            kept = _shipped().get(key)
            result = f(*args, **kwargs) if kept is None else _decoded(kept["value"])
            record = os.environ.get(RECORD)
            if record:  # make results: every call a lesson makes goes into the new store
                entries = _stored_calls(Path(record))
                entries[key] = {"call": call, "value": _encoded(result) if kept is None else kept["value"]}
                _write_store(entries, Path(record))
            return result

        return reading  # type: ignore[return-value]

    return wrap


def _named_call(
    signature: inspect.Signature, name: str, ignore: tuple[str, ...], args: tuple, kwargs: dict
) -> tuple[dict[str, Any], str] | None:
    """The call as a token (the function and its arguments by name) with its key, or None when
    it cannot be remembered."""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None  # the function says what is wrong
    bound.apply_defaults()
    try:
        arguments = [[k, _token(v)] for k, v in bound.arguments.items() if k not in ignore]
        call = {"function": name, "arguments": arguments}
        return call, _call_key(call)  # a number past Python's 4,300 digits has no key either
    except (NotRemembered, RecursionError, ValueError):
        return None


def _replayed(call: dict[str, Any]) -> Any:
    """Play a named call again (without the store): the function, unwrapped, on its arguments."""
    f = _found(call["function"])
    return getattr(f, "__wrapped__", f)(**{k: _untoken(v) for k, v in call["arguments"]})
