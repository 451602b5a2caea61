"""Output that cannot be written ends the command with one line, never a traceback.

A full disk, a closed standard output or a reader that went away (broken pipe)
are not bugs of the tool nor faults of the scenario: every command reports them
the same way, ``enemy-move: cannot write to standard output: REASON``, with
exit status 1 (``EXIT_OUTPUT``). A broken pipe is the reader saying it has read
enough (``| head``): it ends the command with status 1 and no line (issue 23). Writes to standard output go through
``GuardedStream``, which turns the OSError into ``OutputError``: an exception
no ``except OSError`` and no click/typer handler swallows, and that the
commands' own catch-all for bugs passes on (see ``cli._resolve_once``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable
from typing import Any

#: Exit status when the output could not be written.
EXIT_OUTPUT = 1


class OutputError(Exception):
    """Writing the answer failed; ``str()`` is the reason (``No space left on device``).

    ``broken_pipe``: the reader went away (``| head`` that has read enough): the
    command ends quietly, with no line (issue 23), but still with exit status 1.
    """

    def __init__(self, message: str, *, broken_pipe: bool = False):
        super().__init__(message)
        self.broken_pipe = broken_pipe


class GuardedStream:
    """A text stream whose write and flush failures become ``OutputError``; everything else is delegated."""

    def __init__(self, stream: Any, name: str = "standard output"):
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        if self._stream is None:
            raise OutputError(f"{self._name}: it is closed")
        try:
            return int(self._stream.write(text))
        except OSError as error:
            raise OutputError(f"{self._name}: {reason(error)}", broken_pipe=error.errno == errno.EPIPE) from None
        except ValueError as error:  # "I/O operation on closed file"
            raise OutputError(f"{self._name}: {error}") from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(f"{self._name}: {reason(error)}", broken_pipe=error.errno == errno.EPIPE) from None
        except ValueError as error:
            raise OutputError(f"{self._name}: {error}") from None

    def isatty(self) -> bool:
        return self._stream is not None and bool(self._stream.isatty())

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def reason(error: OSError) -> str:
    if error.errno == errno.EPIPE:
        return "the reader closed the pipe (broken pipe)"
    return error.strerror or str(error)


def run_guarded(app: Callable[[], Any], echo_error: Callable[[str], None]) -> None:
    """Run ``app`` with standard output guarded; an output failure is one line and exit 1."""
    sys.stdout = GuardedStream(sys.stdout)
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a buffered answer fails here when the disk is full
    except OutputError as error:
        _silence_stdout()
        if not error.broken_pipe:
            echo_error(f"enemy-move: cannot write to {error}")
        sys.exit(EXIT_OUTPUT)


def _silence_stdout() -> None:
    """Point standard output at the null device, so Python's own final flush cannot fail again."""
    stream = sys.stdout
    inner = getattr(stream, "_stream", stream)
    if inner is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, inner.fileno())
        os.close(null)


def write_file_or_exit(what: str, path: str, text: str, *, new: bool = False) -> None:
    """Write a file the user named (``--svg``, ``-o``...) atomically; on failure one line and exit 1.

    ``new``: only where no file is (one that appeared since the command started is not replaced).

    The old file, if any, is left as it was. A device or a FIFO (``/dev/stdout``, a named pipe) cannot be
    replaced by a rename: write_atomic writes it directly, and refuses a FIFO nobody reads (never a hang).
    """
    import typer

    from .document.atomic import WriteError, write_atomic
    from .errors import escape_controls

    try:
        write_atomic(path, text, expect=None) if new else write_atomic(path, text)
    except WriteError as error:
        # "PATH: cannot write (why); the old file is unchanged" -> "cannot write WHAT (why); ...", and the other
        # refusals ("PATH: is read-only; ...") "WHAT: is read-only; ...": the file named as the user named it
        reason = error.reason or str(error)
        message = f"cannot write {what}{reason.removeprefix('cannot write')}" if reason.startswith("cannot write") else f"{what}: {reason}"
    except OSError as error:
        message = f"cannot write {what}: {error.strerror or error}"
    else:
        return
    typer.echo(escape_controls(f"enemy-move: {message}"), err=True)
    raise typer.Exit(EXIT_OUTPUT)
