"""The methods ``@dataclass`` writes, and string annotations, compiled once and kept between runs (start-up, issue 27).

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``... as source text
and compiles it with ``exec`` every time the class is created: about 4.5 M instructions per
class, more than 200 M (30 ms) for the hundred dataclasses of a ``resolve`` run (ours,
pydantic's, annotated_types'). Bytecode files cannot hold that code, so this module keeps it:
``dataclasses``' global name ``exec`` is pointed at :func:`cached_exec`, which compiles each
text once, exactly as ``exec`` would (same file name ``<string>``, no inherited
``__future__`` flags). typing's ``compile`` is routed the same way: every string annotation
pydantic evaluates (``from __future__ import annotations``) is compiled by ``typing.ForwardRef``,
800 small compilations a run. The code objects are written at exit next to this module's
bytecode (``__pycache__/dataclass_code.<tag>.marshal``, replaced atomically).

The file is only a cache: a missing, unreadable, corrupt (checksum) or foreign one (another
Python, bytecode format or optimisation level) is ignored and rewritten. As with bytecode,
a run writes nothing under ``PYTHONDONTWRITEBYTECODE`` (nor into a read-only folder):
``make bytecode`` writes it (``python -m enemy_move.dataclass_code`` imports every module).
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
import typing
import zlib
from typing import Any

#: What a file must start with: this layout, the interpreter's bytecode format and optimisation level.
HEADER = b"enemy-move dataclass code 1 " + importlib.util.MAGIC_NUMBER + bytes([sys.flags.optimize])
#: More texts than any run creates: beyond it the file keeps only the last run's (old versions of edited classes go).
MAX_ENTRIES = 4000
CODE_TYPE = type(compile("", "<string>", "exec"))


class CodeCache:
    """Each text's code, kept marshalled (a run unmarshals only the texts it meets); ``changed`` once one was compiled here."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.codes: dict[str, bytes] = read_cache(path) if path else {}
        self.used: set[str] = set()
        self.changed = False

    def code(self, source: str, mode: str = "exec") -> Any:
        key = source if mode == "exec" else f"\0{mode}\0{source}"  # no source holds a NUL: keys never collide
        self.used.add(key)
        kept = self.codes.get(key)
        if kept is not None:
            try:
                code = marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                code = None
            if type(code) is CODE_TYPE:
                return code
        # dont_inherit: this module's `from __future__ import annotations` must not reach dataclasses' code.
        code = compile(source, "<string>", mode, dont_inherit=True)
        self.codes[key] = marshal.dumps(code)
        self.changed = True
        return code

    def save(self, *, always: bool = False) -> None:
        """Write the codes (atomically) when new ones were compiled; any failure leaves the old file.

        ``always``: even under PYTHONDONTWRITEBYTECODE (``make bytecode`` asks for the file)."""
        if not self.changed or not self.path or (sys.dont_write_bytecode and not always):
            return
        codes = self.codes if len(self.codes) <= MAX_ENTRIES else {s: self.codes[s] for s in self.used}
        body = marshal.dumps(codes)
        temporary = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(temporary, "wb") as handle:
                handle.write(HEADER + zlib.crc32(body).to_bytes(4, "big") + body)
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        self.changed = False


def read_cache(path: str) -> dict[str, bytes]:
    """The marshalled codes of a cache file, or none when it is missing, damaged or written by another interpreter."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return {}
    body = data[len(HEADER) + 4 :]
    if not data.startswith(HEADER) or zlib.crc32(body).to_bytes(4, "big") != data[len(HEADER) : len(HEADER) + 4]:
        return {}
    try:
        codes = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict) or not all(type(k) is str and type(v) is bytes for k, v in codes.items()):
        return {}
    return codes


def cache_path() -> str | None:
    """Next to this module's bytecode (honours PYTHONPYCACHEPREFIX), or None where there is none."""
    try:
        return importlib.util.cache_from_source(__file__).removesuffix(".pyc") + ".marshal"
    except (NotImplementedError, ValueError):
        return None


CACHE = CodeCache(cache_path())


def cached_exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002  # exec's own names
    """``exec`` as dataclasses calls it, with a text compiled once per text (any other use passes through)."""
    if type(source) is str:
        source = CACHE.code(source)
    if globals is None:  # exec's default: the caller's globals, i.e. dataclasses'
        globals = vars(dataclasses)  # noqa: A001
    builtins.exec(source, globals, locals)


def cached_compile(source: Any, filename: Any, mode: Any, *args: Any, **options: Any) -> Any:
    """``compile`` as typing calls it for a string annotation (``ForwardRef``): ``compile(text, "<string>", "eval")``.

    Only that exact call is kept (a text that does not compile is compiled again, raising the same error);
    any other passes through."""
    if type(source) is str and filename == "<string>" and mode == "eval" and not args and not options:
        try:
            return CACHE.code(source, "eval")
        except SyntaxError:
            pass
    return builtins.compile(source, filename, mode, *args, **options)


def install() -> None:
    """Route dataclasses' ``exec`` and typing's ``compile`` through the cache (once) and write new codes at exit."""
    if getattr(dataclasses, "exec", None) is cached_exec:
        return
    dataclasses.exec = cached_exec  # type: ignore[attr-defined]  # a module global shadows the builtin
    typing.compile = cached_compile  # type: ignore[attr-defined]
    atexit.register(CACHE.save)


def import_everything() -> None:
    """Import every module of the package (optional extras that are missing are skipped)."""
    import importlib
    import pkgutil

    import enemy_move

    for module in pkgutil.walk_packages(enemy_move.__path__, "enemy_move."):
        if not module.name.endswith("__main__"):
            try:
                importlib.import_module(module.name)
            except ImportError:
                continue


def prepare() -> None:
    """``make bytecode``: the code of every dataclass any command creates, written even under PYTHONDONTWRITEBYTECODE."""
    install()
    import_everything()
    CACHE.save(always=True)
