"""Shared test setup: assertion messages inside the contract checker, and the browser fixtures.

The browser tests of every game share one JupyterLab server (a copy of notebooks/ plus the
season-panel notebook) and one Chromium for the whole session: ``lab``, ``browser``, ``page``.
They start only when a browser test asks for them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pytest.register_assert_rewrite("contract")

from browser_support import (  # noqa: E402 (after the rewrite hook, as pytest asks)
    CHROMIUM,
    CHROMIUM_ARGS,
    SEASON_NOTEBOOK,
    SEASON_NOTEBOOK_JSON,
    LabServer,
    copy_notebooks,
    fresh_page,
    require_browser,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    require_browser()
    root = tmp_path_factory.mktemp("lab_root")
    copy_notebooks(NOTEBOOKS, root)
    (root / SEASON_NOTEBOOK).write_text(json.dumps(SEASON_NOTEBOOK_JSON))
    server = LabServer(root, tmp_path_factory.mktemp("lab_state"))
    try:
        server.start()
        yield server
    finally:
        server.stop()
    assert not server.stray_kernels(), "a kernel outlived the server"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser, lab: LabServer) -> Iterator[Page]:
    """A fresh page of the session's Chromium, for a notebook in the session's JupyterLab."""
    with fresh_page(browser, lab.log_path) as page:
        yield page
