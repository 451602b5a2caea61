"""Process measurements shared by the bench scripts: CPU seconds, wall seconds and peak memory of a command.

CPU time is user + system of the process and every child it waited for (``check -j N``'s workers), read
from ``wait4`` so that each command is measured on its own; the peak resident memory is the largest of
that process and those children. The machine these run on is shared, so CPU time is the figure to trust;
wall time is shown beside it.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def _measured(command: list[str], timeout: float, cwd: Path, env: dict[str, str] | None) -> Measure:
    environment = dict(env if env is not None else os.environ, PYTHONHASHSEED="0")
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.monotonic()
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=sink, cwd=cwd, env=environment)
    chunks: list[bytes] = []
    assert process.stdout is not None
    os.set_blocking(process.stdout.fileno(), False)
    status: int | str
    while True:
        _drain(process.stdout, chunks)
        pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(wait_status)
            break
        if time.monotonic() - started > timeout:
            process.kill()
            _, _, usage = os.wait4(process.pid, 0)
            status = "TIMEOUT"
            break
        time.sleep(0.005)
    wall = time.monotonic() - started
    _drain(process.stdout, chunks)
    process.stdout.close()
    process.returncode = status if isinstance(status, int) else -9  # already reaped
    cpu = usage.ru_utime + usage.ru_stime
    return Measure(wall, cpu, usage.ru_maxrss / 1024, status, b"".join(chunks).decode(errors="replace"))


def _drain(stream, chunks: list[bytes]) -> None:  # type: ignore[no-untyped-def]
    while True:
        try:
            data = stream.read(65536)
        except BlockingIOError:
            return
        if not data:
            return
        chunks.append(data)


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
