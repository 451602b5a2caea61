"""Process measurements shared by the bench scripts: CPU seconds, wall seconds and peak memory of a command.

CPU time is user + system of the process and every child it waited for (``check -j N``'s workers), read
from ``wait4`` so that each command is measured on its own; the peak resident memory is the largest of
that process and those children. The machine these run on is shared, so CPU time is the figure to trust;
wall time is shown beside it.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shared(*parts: str) -> Path:
    """A path in the shared folder next to the project (../shared), or next to the folder holding a worktree (../../shared)."""
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared").is_dir():
            return base.joinpath("shared", *parts)
    return ROOT.parent.joinpath("shared", *parts)


@dataclass
class Measure:
    wall: float
    cpu: float
    peak_mb: float
    status: int | str  # exit code, or "TIMEOUT"
    stdout: str = ""

    @property
    def timed_out(self) -> bool:
        return self.status == "TIMEOUT"


def run(command: list[str], runs: int = 3, timeout: float = 120.0, cwd: Path = ROOT, env: dict[str, str] | None = None) -> Measure:
    """Best wall, best CPU and lowest peak memory of ``command`` over ``runs`` fresh processes (a timeout stops the series)."""
    best: Measure | None = None
    for _ in range(max(1, runs)):
        one = _measured(command, timeout, cwd, env)
        if best is None:
            best = one
        else:
            best = Measure(min(best.wall, one.wall), min(best.cpu, one.cpu), min(best.peak_mb, one.peak_mb), one.status, one.stdout)
        if one.timed_out:
            break
    assert best is not None
    return best


# Runs the command and reports its exit status, wall seconds, CPU seconds and peak memory (KiB) as JSON on
# standard error. A small launcher of its own, because Linux carries a process's memory high-water mark
# across fork and exec: spawned straight from the bench (60 MB of imports) every peak would read 60 MB.
_LAUNCHER = r"""
import json, os, signal, sys, time
timeout, command = float(sys.argv[1]), sys.argv[2:]
quiet = [(os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
started = time.monotonic()
pid = os.posix_spawn(command[0], command, dict(os.environ), file_actions=quiet)
status = []
def stop(signum, frame):
    status.append("TIMEOUT")
    os.kill(pid, signal.SIGKILL)
signal.signal(signal.SIGALRM, stop)
signal.setitimer(signal.ITIMER_REAL, timeout)
while True:
    try:
        _, wait_status, usage = os.wait4(pid, 0)
        break
    except InterruptedError:
        continue
signal.setitimer(signal.ITIMER_REAL, 0)
wall = time.monotonic() - started
code = status[0] if status else os.waitstatus_to_exitcode(wait_status)
os.write(2, json.dumps([code, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss]).encode())
"""


def _measured(command: list[str], timeout: float, cwd: Path, env: dict[str, str] | None) -> Measure:
    environment = dict(env if env is not None else os.environ, PYTHONHASHSEED="0")
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    launcher = [sys.executable, "-S", "-c", _LAUNCHER, str(timeout), *command]
    done = subprocess.run(launcher, capture_output=True, cwd=cwd, env=environment, timeout=timeout + 60, check=False)
    try:
        status, wall, cpu, peak_kib = json.loads(done.stderr.decode(errors="replace").strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise RuntimeError(f"could not measure {command[:4]}: {done.stderr[-300:]!r}") from None
    return Measure(wall, cpu, peak_kib / 1024, status, done.stdout.decode(errors="replace"))


def machine() -> str:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def load() -> str:
    """The load averages now (1, 5, 15 minutes): how busy the shared machine was while measuring."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f}"
