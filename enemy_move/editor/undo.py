"""Undo by recorded changes: an edit saves only the values it may change (``touches``: dotted keys), not a copy of
the whole document. Copying a document of 1,000 areas took 5.8 s on every key press; saving a figure,
the map text or one area takes well under a millisecond.

A saved value is either a deep copy (an edit that changes it in place: ``set_cell`` rewrites a figure's ``at``)
or the value itself (``set`` and ``delete`` replace or drop it, so the old one is never changed again). Undo puts
the saved values back at their keys, in their places, and saves what it replaces the same way (the values it
takes off are never changed again), which is what redo puts back. Steps are undone last first, so each one finds
the document exactly as its edit left it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..document.nodes import find as _find
from ..document.nodes import keep_writable as _keep_writable
from ..document.nodes import split_key

#: A key that was not there.
ABSENT: Any = object()


@dataclass(frozen=True)
class Saved:
    """The value at ``parts`` (or ABSENT), where it stood among its siblings, and its end-of-line comment."""

    parts: tuple[str, ...]
    value: Any
    position: int
    comment: Any = None
    #: The length of the list it is an item of (None: a key of a mapping): tells a dropped item from a changed one.
    length: int | None = None
    #: Whether its container was written in flow style (an emptied block becomes `{}`: undo makes it a block again).
    flow: bool | None = None


def _narrowest(keys: Iterable[str]) -> list[tuple[str, ...]]:
    """The dotted keys as parts, without those inside another one (``figures`` covers ``figures.A.at``)."""
    paths = sorted({tuple(split_key(key)) for key in keys}, key=len)
    kept: list[tuple[str, ...]] = []
    for path in paths:
        if not any(path[: len(other)] == other for other in kept):
            kept.append(path)
    return kept


def _locate(data: Any, parts: tuple[str, ...]) -> tuple[Any, Any, tuple[str, ...], bool] | None:
    """(container, key, parts down to it, found): the value at ``parts``, or the first key missing on the way
    there (creating the path creates that key). None: a value on the way is not a container."""
    node = data
    for depth, part in enumerate(parts):
        if not isinstance(node, (dict, list)):
            return None
        try:
            found, key = _find(node, part)
        except ValueError:  # EditError: not a list position; the edit itself will say so
            return None
        if not found or depth == len(parts) - 1:
            return node, key, parts[: depth + 1], found
        node = node[key]
    return None


def save(data: Any, keys: Iterable[str], *, deep: bool) -> list[Saved]:
    """What an edit touching ``keys`` may change, saved before it (``deep``: copies, for edits that change in place)."""
    out = []
    for parts in _narrowest(keys):
        located = _locate(data, parts)
        if located is not None:
            out.append(_saved(*located, deep=deep))
    return out


def _saved(node: Any, key: Any, parts: tuple[str, ...], found: bool, *, deep: bool) -> Saved:
    flow = node.fa.flow_style() if hasattr(node, "fa") else None
    if isinstance(node, list):
        value = (copy.deepcopy(node[key]) if deep else node[key]) if found else ABSENT
        return Saved(parts, value, key, length=len(node), flow=flow)
    position = list(node).index(key) if found else len(node)
    comment = node.ca.items.get(key) if found and hasattr(node, "ca") else None
    value = (copy.deepcopy(node[key]) if deep else node[key]) if found else ABSENT
    return Saved(parts, value, position, comment, flow=flow)


def unchanged(data: Any, saved: list[Saved]) -> bool:
    """Whether every saved value is still what is there (an edit that changed nothing is no undo step)."""
    for entry in saved:
        located = _locate(data, entry.parts)
        if located is None:
            return False
        node, key, parts, found = located
        if parts != entry.parts or found != (entry.value is not ABSENT):
            return False
        if found and node[key] != entry.value:
            return False
        if isinstance(node, list) and len(node) != entry.length:
            return False
    return True


def restore(data: Any, saved: list[Saved]) -> list[Saved]:
    """Put the saved values back (last saved first); returns what they replaced, saved the same way (for redo)."""
    replaced = []
    for entry in reversed(saved):
        parent = _parent(data, entry.parts)
        if parent is None:
            continue
        key: Any = entry.parts[-1]
        if isinstance(parent, list):
            key = int(key)
            replaced.append(_saved(parent, key, entry.parts, key < len(parent), deep=False))
            _put_item(parent, key, entry)
        else:
            found, key = _find(parent, entry.parts[-1])
            replaced.append(_saved(parent, key, entry.parts, found, deep=False))
            _put_key(parent, key, found, entry)
        if entry.flow is not None and hasattr(parent, "fa") and parent.fa.flow_style() != entry.flow:
            parent.fa.set_flow_style() if entry.flow else parent.fa.set_block_style()
    replaced.reverse()
    return replaced


def _parent(data: Any, parts: tuple[str, ...]) -> Any:
    node = data
    for part in parts[:-1]:
        if not isinstance(node, (dict, list)):
            return None
        found, key = _find(node, part)
        if not found:
            return None
        node = node[key]
    return node if isinstance(node, (dict, list)) else None


def _put_item(parent: list[Any], index: int, entry: Saved) -> None:
    if entry.value is ABSENT:
        if index < len(parent):
            del parent[index]
            _keep_writable(parent)
    elif entry.length is not None and len(parent) < entry.length:
        parent.insert(index, entry.value)  # the edit dropped it
    else:
        parent[index] = entry.value


def _put_key(parent: Any, key: Any, found: bool, entry: Saved) -> None:
    if entry.value is ABSENT:
        if found:
            del parent[key]
            _keep_writable(parent)
        return
    if found:
        parent[key] = entry.value
    else:
        parent.insert(min(entry.position, len(parent)), key, entry.value)
    if entry.comment is not None and hasattr(parent, "ca"):
        parent.ca.items[key] = entry.comment
