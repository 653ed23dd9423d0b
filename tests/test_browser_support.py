"""The browser test's servers die with the pytest that started them, even one killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from processes import alive

PARENT = """
import sys, time
sys.path.insert(0, {tests!r})
from pathlib import Path
from browser_support import serve
child = serve(["-c", "import time; time.sleep(120)"], Path({log!r}), {{}})
print(child.pid, flush=True)
time.sleep(120)
"""


def test_a_server_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    source = PARENT.format(tests=str(Path(__file__).parent), log=str(tmp_path / "child.log"))
    parent = subprocess.Popen([sys.executable, "-c", source], stdout=subprocess.PIPE, text=True)
    child = -1
    try:
        child = int(parent.stdout.readline())  # type: ignore[union-attr]
        time.sleep(0.5)  # the child has set its death signal and become the sleeping command
        assert alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child), "the child outlived the parent that was killed"
    finally:
        parent.kill()
        if child > 0 and alive(child):
            os.kill(child, signal.SIGKILL)
