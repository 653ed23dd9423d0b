"""Helpers for the browser test: a throwaway JupyterLab server and Debian's headless Chromium.

The server runs on a free port with a random token, in its own process group and with its own
Jupyter config, data, runtime and workspace folders, so nothing of the developer's setup leaks
in and nothing of the test leaks out: ``stop()`` shuts the kernels down, terminates the group
and, as a backstop, kills any kernel still holding a connection file in the server's runtime
folder (kernels run in sessions of their own, outside the server's group). A pytest killed
outright never reaches ``stop()``: the servers then get SIGTERM from Linux (see ``serve``) and
shut their kernels down themselves.

Playwright drives the Chromium that Debian installs (``apt-get install chromium``): never the
browser build ``playwright install`` would download.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
KERNEL_START_TIMEOUT = 180_000  # ms: the first kernel of a session, page load included
UPDATE_TIMEOUT = 30_000  # ms: one kernel round trip after a click or a key


def missing_browser() -> str | None:
    """Why the browser test cannot run here, or None when it can."""
    if importlib.util.find_spec("playwright") is None:
        return "the Python package playwright is not installed (pip install -e '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing (as root: apt-get update && apt-get install -y chromium)"
    return None


def require_browser() -> None:
    """Skip when the browser cannot run, except in CI, where a missing browser is a failure."""
    reason = missing_browser()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser test, but {reason}", pytrace=False)
    pytest.skip(f"browser test skipped: {reason}")


# Run as `python -c DIE_WITH_PARENT -m module args...`: ask Linux to send SIGTERM when the process
# that started it dies (prctl PR_SET_PDEATHSIG, kept across exec), then become `python -m module`.
# A pytest killed outright (kill -9, the OOM killer) then takes its servers with it instead of
# leaving them serving; if the parent is already gone by then, it does not start at all.
DIE_WITH_PARENT = (
    "import ctypes, os, signal, sys; parent = int(os.environ['PLAYGROUND_PARENT_PID']); "
    "ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0); "
    "os.getppid() == parent or sys.exit('the parent is gone'); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def serve(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start `python -m ...` (command without the interpreter) in a session of its own, writing
    to log, ended by SIGTERM if this process dies without stopping it."""
    env = {**env, "PLAYGROUND_PARENT_PID": str(os.getpid())}
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-c", DIE_WITH_PARENT, *command],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )


LESSON_TEST = "test_lesson_runs_and_its_panel_answers"
"""The every-lesson browser test (test_browser_notebooks.py), parametrized by notebook."""


def browser_runs_lesson(session: pytest.Session, notebook: str) -> bool:
    """Whether this session runs the lesson in the browser: Chromium is here and its test selected.

    Then that run is the notebook's one execution (test_notebooks.py leaves it to the browser).
    """
    if missing_browser() is not None:
        return False
    return any(
        getattr(item, "originalname", None) == LESSON_TEST
        and item.callspec.params.get("notebook") == notebook
        for item in session.items
        if hasattr(item, "callspec")
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A JupyterLab server serving ``root``, run by this interpreter (the project's venv)."""

    def __init__(self, root: Path, state: Path):
        self.root, self.state = root, state
        self.port, self.token = free_port(), secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = state / "server.log"
        self.runtime = state / "runtime"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> None:
        env = dict(os.environ)
        for name in ("config", "data", "runtime", "settings", "workspaces"):
            (self.state / name).mkdir(parents=True, exist_ok=True)
        env.update(
            JUPYTER_CONFIG_DIR=str(self.state / "config"),
            JUPYTER_DATA_DIR=str(self.state / "data"),
            JUPYTER_RUNTIME_DIR=str(self.runtime),
            JUPYTERLAB_SETTINGS_DIR=str(self.state / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.state / "workspaces"),
            PYTHONUNBUFFERED="1",
        )
        # no "get notified about Jupyter news?" toast over the page (and no fetch from outside)
        notification = self.state / "settings" / "@jupyterlab" / "apputils-extension"
        notification.mkdir(parents=True, exist_ok=True)
        (notification / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
        command = [
            "-m", "jupyterlab", "--no-browser", "--allow-root",
            f"--port={self.port}", "--ip=127.0.0.1", f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
        ]  # fmt: skip
        self.process = serve(command, self.log_path, env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited at start:\n{self.log_tail()}")
            with contextlib.suppress(OSError):
                self.api("status")
                return
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer /api/status in {timeout} s:\n{self.log_tail()}")

    def api(self, path: str, method: str = "GET") -> object:
        request = urllib.request.Request(f"{self.base}/api/{path}?token={self.token}", method=method)
        with urllib.request.urlopen(request, timeout=5) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def url(self, notebook: str) -> str:
        """The notebook alone in a fresh workspace (``reset``: no tabs of an earlier page)."""
        return f"{self.base}/lab/tree/{notebook}?reset&token={self.token}"

    def kernel_of(self, notebook: str) -> str:
        """The id of the kernel of the notebook's session (its open tab)."""
        for session in self.api("sessions"):  # type: ignore[union-attr]
            if session["path"] == notebook:
                return session["kernel"]["id"]
        raise LookupError(f"no session of {notebook} on the server")

    def last_activity(self, kernel: str) -> datetime:
        """When the kernel last sent a message (an output, a busy or idle status)."""
        return datetime.fromisoformat(self.api(f"kernels/{kernel}")["last_activity"])  # type: ignore[index]

    def run_in_kernel(
        self, kernel: str, sources: dict[str, str], timeout: float
    ) -> tuple[dict[str, str], dict[str, str]]:
        """Run each source on the kernel as a second client beside the page (whose widgets stay
        live): the stdout of each that ran, and the error of each that raised, by name."""
        from jupyter_client import BlockingKernelClient

        client = BlockingKernelClient()
        client.load_connection_file(str(self.runtime / f"kernel-{kernel}.json"))
        client.start_channels()
        printed: dict[str, str] = {}
        errors: dict[str, str] = {}
        try:
            client.wait_for_ready(timeout=timeout)
            for name, source in sources.items():
                out: list[str] = []

                def collect(message: dict, out: list[str] = out) -> None:
                    if message["msg_type"] == "stream" and message["content"]["name"] == "stdout":
                        out.append(message["content"]["text"])

                reply = client.execute_interactive(
                    source, timeout=timeout, output_hook=collect, store_history=False, allow_stdin=False
                )
                content = reply["content"]
                if content["status"] == "ok":
                    printed[name] = "".join(out)
                else:
                    errors[name] = f"{content.get('ename')}: {content.get('evalue')}"
        finally:
            client.stop_channels()
        return printed, errors

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def stop(self) -> None:
        """Shut down kernels, terminate the server's process group, kill stray kernels."""
        process = self.process
        if process is None:
            return
        self.process = None
        if process.poll() is None:
            with contextlib.suppress(Exception):
                for kernel in self.api("kernels"):  # type: ignore[union-attr]
                    self.api(f"kernels/{kernel['id']}", method="DELETE")
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        for pid in self.stray_kernels():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def stray_kernels(self) -> list[int]:
        """Processes whose command line names this server's runtime folder (its kernels)."""
        marker = str(self.runtime).encode()
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if marker in (entry / "cmdline").read_bytes():
                        pids.append(int(entry.name))
        return pids


@contextlib.contextmanager
def fresh_page(browser: Browser, log: Path) -> Iterator[Page]:
    """A page in a context of its own; its script errors are printed (shown with a failure)."""
    print("server log:", log)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.on("pageerror", lambda error: print("page error:", error))
    try:
        yield page
    finally:
        context.close()


def run_all_cells(page: Page) -> None:
    """Run > Run All Cells, from the menu bar."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()


def slider_named(scope: Locator, label: str) -> Locator:
    """The slider in scope whose label reads label (an ipywidgets IntSlider or FloatSlider)."""
    return scope.locator(".widget-slider", has=scope.page.locator(".widget-label", has_text=label))


def press_slider(page: Page, panel_class: str, label: str, output_class: str, expected: str) -> None:
    """One ArrowRight on the first such panel's slider named label; its output then shows expected."""
    from playwright.sync_api import expect

    panel = page.locator(panel_class).first
    handle = slider_named(panel, label).locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(panel.locator(output_class).first).to_contain_text(expected, timeout=UPDATE_TIMEOUT)


ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
"""Failure screenshots (git-ignored): what the page showed when a browser test failed."""


def save_failure_screenshot(page: Page, name: str) -> Path | None:
    """Save what the page shows as test-artifacts/<name>.png; None when the page cannot say."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{Path(name).stem}.png"
    try:
        page.screenshot(path=str(path), full_page=True)
    except Exception as error:  # a closed or crashed page: the failure itself matters more
        print(f"no failure screenshot for {name}: {error}")
        return None
    print("failure screenshot:", path)
    return path


def copy_notebooks(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for notebook in source.glob("*.ipynb"):
        shutil.copy2(notebook, target / notebook.name)


class VoilaServer:
    """Voila serving ``root`` as apps (code hidden), run by this interpreter (the project's venv).

    Voila starts a new kernel for every page it renders, so readiness is the TCP port answering,
    never a page fetched in a loop.
    """

    def __init__(self, root: Path, state: Path):
        self.root, self.state = root, state
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = state / "voila.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> None:
        env = dict(os.environ)
        for name in ("config", "data", "runtime"):
            (self.state / name).mkdir(parents=True, exist_ok=True)
        env.update(
            JUPYTER_CONFIG_DIR=str(self.state / "config"),
            JUPYTER_DATA_DIR=str(self.state / "data"),
            JUPYTER_RUNTIME_DIR=str(self.state / "runtime"),
            PYTHONUNBUFFERED="1",
        )
        command = [
            "-m",
            "voila",
            str(self.root),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
        ]
        self.process = serve(command, self.log_path, env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voila exited at start:\n{self.log_path.read_text(errors='replace')}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"Voila did not open port {self.port} in {timeout} s")

    def url(self, notebook: str = "") -> str:
        """The tree of lessons, or one notebook rendered as an app."""
        return f"{self.base}/voila/render/{notebook}" if notebook else f"{self.base}/"

    def stop(self) -> None:
        process = self.process
        if process is None:
            return
        self.process = None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
