"""`resolve FILE [--json]` skips typer's parsing (enemy_move.cli.main): same output, same exit codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from enemy_move.cli import _plain_resolve, app, main

DEMO = str(Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven" / "demo.yaml")


@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["resolve", DEMO], (DEMO, False)),
        (["resolve", DEMO, "--json"], (DEMO, True)),
        (["resolve", "--json", DEMO], (DEMO, True)),
        (["resolve", "-"], ("-", False)),
        (["resolve", DEMO, "--full"], None),
        (["resolve", "--json"], None),
        (["resolve", DEMO, "--json", "--json"], None),
        (["resolve", "--brief", DEMO], None),
        (["resolve", DEMO, DEMO], None),
        (["check", DEMO], None),
        ([], None),
    ],
)
def test_only_the_plain_calls_skip_typer(args: list[str], plain: tuple[str, bool] | None) -> None:
    assert _plain_resolve(args) == plain


@pytest.mark.parametrize("args", [["resolve", DEMO, "--json"], ["resolve", DEMO], ["resolve", "missing.yaml", "--json"]])
def test_the_plain_path_answers_as_typer_does(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    expected = CliRunner().invoke(app, args)
    monkeypatch.setattr("sys.argv", ["enemy-move", *args])
    with pytest.raises(SystemExit) as done:
        main()
    shown = capsys.readouterr()
    assert (done.value.code, shown.out, shown.err) == (expected.exit_code, expected.stdout, expected.stderr)


@pytest.mark.parametrize("args", [["resolve", DEMO, "--json"], ["resolve", "missing.yaml"], ["resolve", DEMO, "--full"]])
def test_the_collector_is_on_again_after_main(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The plain path keeps the cyclic collector off while it starts; the answer and whatever follows run with it.
    import gc

    import enemy_move.phase

    seen: list[bool] = []
    resolve = enemy_move.phase.resolve

    def resolve_seen(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return resolve(*args)

    monkeypatch.setattr(enemy_move.phase, "resolve", resolve_seen)
    monkeypatch.setattr("sys.argv", ["enemy-move", *args])
    with pytest.raises(SystemExit):
        main()
    assert gc.isenabled() and all(seen) and len(seen) == (0 if "missing.yaml" in args else 1)


def test_debugging_goes_through_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENEMY_MOVE_DEBUG", "1")
    assert _plain_resolve(["resolve", DEMO]) is None


def test_the_refused_characters_are_the_complement_of_yaml_printable() -> None:
    # yaml_text._NOT_PRINTABLE lists the refused characters (cheap to compile); it must be exactly PyYAML's set
    # (everything but tab, LF, CR, printable ASCII, NEL, U+00A0-U+D7FF, U+E000-U+FFFD, astral) plus U+2028/U+2029.
    import re

    from enemy_move.yaml_text import _NOT_PRINTABLE

    printable = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    every = "".join(map(chr, range(0x110000)))
    assert [m.start() for m in _NOT_PRINTABLE.finditer(every)] == [m.start() for m in printable.finditer(every)]


@pytest.fixture(autouse=True)
def _command_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start-up caches as the command installs them (enemy_move/command.py), undone after each test."""
    import dataclasses
    import typing

    from enemy_move import dataclass_code

    monkeypatch.setattr(dataclasses, "exec", dataclass_code.cached_exec, raising=False)
    monkeypatch.setattr(typing, "compile", dataclass_code.cached_compile, raising=False)


def _point_class() -> type:
    import dataclasses

    @dataclasses.dataclass(frozen=True, order=True)
    class Point:
        """A dataclass with every generated method: __init__ with a factory, repr, eq, order, frozen, hash."""

        x: int
        y: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    return Point


_METHODS = ("__init__", "__repr__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__setattr__", "__delattr__", "__hash__")


def _methods(cls: type) -> list[tuple[object, ...]]:
    import inspect

    found: list[tuple[object, ...]] = []
    for name in _METHODS:
        method = inspect.unwrap(vars(cls)[name])
        found.append((name, method.__code__, method.__code__.co_filename, method.__qualname__, method.__annotations__))
    return found


def test_dataclass_methods_from_the_cache_are_the_ones_exec_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    import dataclasses

    from enemy_move import dataclass_code
    from enemy_move.dataclass_code import CodeCache

    assert dataclasses.exec is dataclass_code.cached_exec  # type: ignore[attr-defined]  # _command_caches
    path = str(tmp_path / "codes.marshal")
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(path))
    compiled = _point_class()
    assert dataclass_code.CACHE.changed
    dataclass_code.CACHE.save(always=True)
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(path))
    from_file = _point_class()
    assert dataclass_code.CACHE.used and not dataclass_code.CACHE.changed  # every text came from the file
    monkeypatch.setattr(dataclasses, "exec", builtins.exec)
    plain = _point_class()
    assert _methods(compiled) == _methods(from_file) == _methods(plain)
    assert repr(from_file(1, (2,))) == repr(plain(1, (2,))) and from_file(1) < from_file(2) and hash(from_file(1)) == hash(plain(1))


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "other-interpreter", "checksum", "not-a-mapping", "not-code", "empty"],
)
def test_a_damaged_or_foreign_code_cache_is_ignored(damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import marshal
    import zlib

    from enemy_move import dataclass_code
    from enemy_move.dataclass_code import HEADER, CodeCache, read_cache

    path = tmp_path / "codes.marshal"
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(str(path)))
    _point_class()
    dataclass_code.CACHE.save(always=True)
    good = path.read_bytes()

    def framed(body: bytes) -> bytes:
        return HEADER + zlib.crc32(body).to_bytes(4, "big") + body

    texts = list(read_cache(str(path)))
    damaged = {
        "garbage": b"\x00\xffnot a cache" * 50,
        "truncated": good[: len(good) // 2],
        "other-interpreter": HEADER[:-2] + b"\x00\x00" + good[len(HEADER) :],
        "checksum": good[:-1] + bytes([good[-1] ^ 1]),
        "not-a-mapping": framed(marshal.dumps([1, 2, 3])),
        "not-code": framed(marshal.dumps(dict.fromkeys(texts, marshal.dumps("print('wrong')")))),
        "empty": b"",
    }[damage]
    path.write_bytes(damaged)
    if damage != "not-code":
        assert read_cache(str(path)) == {}
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(str(path)))
    point = _point_class()
    assert repr(point(1, (2,))) == "_point_class.<locals>.Point(x=1, y=(2,))" and point(1) == point(1)
    dataclass_code.CACHE.save(always=True)
    assert read_cache(str(path)).keys() == set(texts)  # rewritten whole


def test_a_run_writes_no_code_cache_under_dont_write_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move import dataclass_code
    from enemy_move.dataclass_code import CodeCache

    path = tmp_path / "codes.marshal"
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(str(path)))
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    _point_class()
    dataclass_code.CACHE.save()
    assert not path.exists()
    dataclass_code.CACHE.save(always=True)
    assert path.exists()


def test_string_annotations_compile_as_typing_compiles_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    import re
    import typing

    from enemy_move import dataclass_code
    from enemy_move.dataclass_code import CodeCache

    assert typing.compile is dataclass_code.cached_compile  # type: ignore[attr-defined]  # _command_caches
    path = str(tmp_path / "codes.marshal")
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(path))
    first = typing.ForwardRef("dict[str, list[int]] | None").__forward_code__
    dataclass_code.CACHE.save(always=True)
    monkeypatch.setattr(dataclass_code, "CACHE", CodeCache(path))
    again = typing.ForwardRef("dict[str, list[int]] | None").__forward_code__
    assert not dataclass_code.CACHE.changed  # from the file
    monkeypatch.setattr(typing, "compile", builtins.compile)
    plain = typing.ForwardRef("dict[str, list[int]] | None").__forward_code__
    assert first == again == plain and eval(again) == dict[str, list[int]] | None
    monkeypatch.setattr(typing, "compile", dataclass_code.cached_compile)
    with pytest.raises(SyntaxError, match=re.escape("Forward reference must be an expression -- got 'not valid('")):
        typing.ForwardRef("not valid(")


def test_the_json_answer_imports_no_renderer_nor_editor_nor_other_rules() -> None:
    # Counting imports, not timing: rich, ruamel and textual belong to other commands; of the other games only
    # what the registry itself imports (each game's light __init__ and what it names) loads. No game is named here:
    # the played game is the demo's ruleset, the others are whatever the registry lists.
    import json
    import re
    import subprocess
    import sys

    ruleset = re.search(r"^ruleset: (\S+)$", Path(DEMO).read_text(encoding="utf-8"), re.MULTILINE)
    assert ruleset is not None
    script = (
        "import sys, io, contextlib, json\n"
        "import enemy_move.registry as registry\n"
        "light = sorted(sys.modules)\n"
        "from enemy_move.cli import main\n"
        f"sys.argv = ['enemy-move', 'resolve', {DEMO!r}, '--json']\n"
        "try:\n    with contextlib.redirect_stdout(io.StringIO()): main()\nexcept SystemExit: pass\n"
        f"played = registry.game({ruleset[1]!r})\n"
        "print(json.dumps({'light': light, 'modules': sorted(sys.modules), 'play': played.play.module,\n"
        "    'games': [g.play.module.rsplit('.', 1)[0] for g in registry.games()]}))\n"
    )
    seen = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout)
    modules, light = set(seen["modules"]), set(seen["light"])
    assert seen["play"] in modules  # the played game's rules
    assert not [m for m in modules if m.split(".")[0] in ("rich", "ruamel", "textual")]
    played = seen["play"].rsplit(".", 1)[0]
    others = [package for package in seen["games"] if package != played]
    assert len(others) == len(seen["games"]) - 1 and all(package in light for package in others)
    heavy = [m for m in modules - light if any(m.startswith(package + ".") for package in others)]
    assert heavy == []  # nothing of another game beyond its registry entry
