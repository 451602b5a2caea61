"""Scenario models' validators, kept between runs (start-up, issue 27).

Validating a file needs its scenario model's validator. Pydantic builds it on first use: it
generates the model's core schema (about 36 M instructions for Gloomhaven) and creates the
validator, importing importlib.metadata for its plugin scan on the way (about 55 M, plugins
disabled or not). The core schema is plain data plus references to the model classes and their
validator functions, so it is kept in a file next to the model module's bytecode (pickled: the
references by name) and later runs give the model class a pydantic-core ``SchemaValidator``
built from it; pydantic builds exactly that from exactly that schema.

What keeps the file from ever giving a wrong validator:

- its key: this layout, Python's, pydantic's and pydantic-core's versions, and the text of
  every module of the package the schema depends on (the model's module and its bases', every
  module whose function or class the schema names, and the package modules those import); any
  difference and pydantic builds the validator as usual (the file is then rewritten);
- a digest of that key and of the pickled schema, checked before anything is unpickled, so a
  damaged or truncated file is ignored too;
- written only after reading it back equal to pydantic's schema, and replaced atomically;
- only ``metadata`` is left out: pydantic's JSON-schema hooks, which pydantic-core never reads
  (``enemy-move schema`` builds the models the usual way).

The model classes that are default factories (``rules: GloomhavenRules`` when a file has no
``rules:``) are kept with it: the default is built by that model's own validator.
As with bytecode, a run writes nothing under ``PYTHONDONTWRITEBYTECODE`` or into a read-only
folder; ``make bytecode`` writes every ruleset's file (:func:`prepare_all`).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import pickle
import sys
from typing import TYPE_CHECKING, Any

import pydantic_core
from pydantic.version import VERSION as PYDANTIC_VERSION
from pydantic_core import SchemaValidator

if TYPE_CHECKING:
    from pydantic import BaseModel

#: First bytes of a file: the layout (raise the number when it changes).
MAGIC = b"enemy-move validator 1\n"
_DIGEST = hashlib.sha256().digest_size
#: Model classes whose validator this process already has.
_READY: set[type[BaseModel]] = set()


def ready(model_class: type[BaseModel], *, write: bool | None = None) -> None:
    """Give ``model_class`` (and the models it calls as default factories) a validator: from its file, or pydantic's.

    ``write``: write the file after pydantic built the validator (default: when bytecode may be written)."""
    if model_class in _READY or model_class.__pydantic_complete__:
        return
    path = cache_file(model_class)
    if path is None or not _attach(path):
        model_class.model_rebuild()
        if path is not None and (write if write is not None else not sys.dont_write_bytecode):
            write_cache(model_class, path)
    _READY.add(model_class)


def cache_file(model_class: type[BaseModel]) -> str | None:
    """``__pycache__/<module>.<tag>.<Model>.validator`` beside the model module's bytecode, or None."""
    module = sys.modules.get(model_class.__module__)
    source = getattr(module, "__file__", None)
    if not source:
        return None
    try:
        pyc = importlib.util.cache_from_source(source)
    except (NotImplementedError, ValueError):
        return None
    return f"{pyc.removesuffix('.pyc')}.{model_class.__qualname__}.validator"


def _attach(path: str) -> bool:
    """Give each model of the file its validator; False (nothing attached) when the file is missing, stale or damaged."""
    entries = read_cache(path)
    if entries is None:
        return False
    for model_class, schema, config in entries:
        if model_class not in _READY and not model_class.__pydantic_complete__:
            # A deferred model's validator is a placeholder that builds the real one on first use: replaced by it.
            model_class.__pydantic_validator__ = SchemaValidator(schema, config)
            _READY.add(model_class)
    return True


def read_cache(path: str) -> list[tuple[Any, Any, Any]] | None:
    """The (model class, core schema, core config) entries of a file whose key still holds, else None."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if not data.startswith(MAGIC):
        return None
    digest, rest = data[len(MAGIC) : len(MAGIC) + _DIGEST], data[len(MAGIC) + _DIGEST :]
    names, _, body = rest.partition(b"\n")
    try:
        modules = names.decode("ascii").split()
        if not modules or _digest(modules, body) != digest:
            return None
        entries = pickle.loads(body)
    except Exception:  # a file from an older tree: a class or function renamed since, an undecodable name...
        return None
    return entries if isinstance(entries, list) else None


def _digest(modules: list[str], body: bytes) -> bytes:
    """What the file must match: versions, the modules' texts, the pickled schema."""
    digest = hashlib.sha256(MAGIC)
    digest.update(f"{sys.version}\0{PYDANTIC_VERSION}\0{pydantic_core.__version__}\0".encode())
    for name in modules:
        digest.update(name.encode() + b"\0")
        digest.update(_source(name) + b"\0")
    digest.update(body)
    return digest.digest()


def _source(name: str) -> bytes:
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    if path is None:
        spec = importlib.util.find_spec(name)
        path = spec.origin if spec is not None else None
    if path is None:
        raise ValueError(f"no source for {name}")
    with open(path, "rb") as handle:
        return handle.read()


def write_cache(model_class: type[BaseModel], path: str) -> bool:
    """Write the file of a model pydantic has built; False when its schema cannot be kept (it is then built every run)."""
    entries = []
    for cls in _with_factories(model_class):
        cls.model_rebuild()  # a no-op for the model itself, built just now
        config = _core_config(cls)
        if config is None:
            return False
        entries.append((cls, _without_metadata(cls.__pydantic_core_schema__), config))
    try:
        body = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)
        if pickle.loads(body) != entries:
            return False
        modules = _dependencies(entries)
        data = MAGIC + _digest(modules, body) + " ".join(modules).encode("ascii") + b"\n" + body
    except Exception:  # a lambda or a local function in the schema: not kept
        return False
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


def _core_config(cls: type[BaseModel]) -> Any:
    """The core config pydantic gives the model's validator, or None when this pydantic cannot say.

    Pydantic makes it with a private helper (no public way exists); its signature changed between releases
    (2.6 took the model, later releases a title). Without it the file is not written, and pydantic builds the
    validator the public way each run, as it does with no file."""
    try:
        from pydantic._internal._config import ConfigWrapper

        return ConfigWrapper(cls.model_config, check=False).core_config(title=cls.__name__)
    except Exception:
        return None


def _with_factories(model_class: type[BaseModel]) -> list[type[BaseModel]]:
    """The model, then every model class its schema calls as a default factory (and theirs)."""
    found = [model_class]
    for cls in found:
        cls.model_rebuild()
        for value in _leaves(cls.__pydantic_core_schema__, "default_factory"):
            if isinstance(value, type) and hasattr(value, "__pydantic_core_schema__") and value not in found:
                found.append(value)
    return found


def _leaves(schema: Any, key: str | None = None) -> list[Any]:
    """Every non-data value of a schema (only those under ``key`` when given)."""
    found: list[Any] = []
    stack: list[tuple[Any, str | None]] = [(schema, None)]
    while stack:
        value, name = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, k) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, name) for v in value)
        elif not isinstance(value, (str, int, float, bool, type(None), bytes)) and (key is None or name == key):
            found.append(value)
    return found


def _without_metadata(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {key: _without_metadata(value) for key, value in schema.items() if key != "metadata"}
    if isinstance(schema, list):
        return [_without_metadata(value) for value in schema]
    return schema


def _dependencies(entries: list[tuple[Any, Any, Any]]) -> list[str]:
    """The package's modules the entries depend on: whose objects they name, the models' bases', and what those import."""
    package = __name__.split(".")[0]
    names: set[str] = set()
    for cls, schema, _config in entries:
        objects = [*cls.__mro__, *_leaves(schema)]
        for obj in objects:
            for part in (obj, getattr(obj, "__self__", None), getattr(obj, "__func__", None)):
                module = getattr(part, "__module__", None)
                if isinstance(module, str) and module.split(".")[0] == package:
                    names.add(module)
    todo = sorted(names)
    while todo:
        for imported in _imports(todo.pop()):
            if imported.split(".")[0] == package and imported not in names:
                names.add(imported)
                todo.append(imported)
    return sorted(names)


def _imports(name: str) -> list[str]:
    """The modules ``name``'s source imports (``from .x import y``: x, and x.y when that is a module)."""
    import ast

    module = sys.modules[name]
    package = module.__package__ or ""
    tree = ast.parse(_source(name))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) if node.level else node.module or ""
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}")]
    return [n for n in found if n]


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # the parent is a module, not a package
        return False


def prepare_all() -> None:
    """``make bytecode``: every ruleset's file, written even under PYTHONDONTWRITEBYTECODE."""
    from ..registry import games  # not models.known_models: this module is below models/__init__ (no cycle)

    for model_class in (entry.scenario_model() for entry in games()):
        path = cache_file(model_class)
        if path is not None and read_cache(path) is None:
            model_class.model_rebuild()
            write_cache(model_class, path)
