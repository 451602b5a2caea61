"""The one way from a loaded file to an answer: validate, apply the overrides, resolve.

``resolve`` (the CLI), the board editor's live answer, the ``serve`` page's ``POST /api/resolve`` and
``enemy_move.resolve_text`` all go through :func:`answer`; each keeps only its own way of reading the
request (flags, keys, a form) and of showing a failure (an exit code, a status line, an HTTP status).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .loader import Document
    from .models import Scenario
    from .result import Result


@dataclass(frozen=True)
class Request:
    """What to resolve beyond the file: ``--variant``, ``--choose`` (label -> option index from 0), ``--first``,
    and ``--place``/``--set`` changes made to the file first (``editable``: keep its editable document anyway,
    e.g. for ``--after``; ``reasons``: every turn's rule-outs will be read, as ``--why-not`` does)."""

    variant: str | None = None
    choices: dict[str, int] = field(default_factory=dict)
    first: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()
    editable: bool = False
    reasons: bool = False


@dataclass(frozen=True)
class Answered:
    """The scenario as resolved (the overrides applied), its answer, and its editable document when asked for."""

    scenario: Scenario
    result: Result
    #: The file as an ``document.ScenarioDocument`` (with the overrides), or None when not asked for.
    document: Any = None


def answer(document: Document, request: Request = Request(), loaded: Callable[[Scenario], None] | None = None) -> Answered:
    """Validate ``document`` (its own mistakes first, at their true FILE:LINE:COL), apply the request's
    overrides (a mistake in one: ``UsageError`` naming it), call ``loaded`` with the scenario, and resolve.

    Bad input raises ``ScenarioError`` (the file) or ``UsageError`` (the request); ruamel.yaml is imported
    only when the request changes the file or keeps its document."""
    from . import phase
    from .game import UsageError
    from .models import validate_document

    scenario = validate_document(document)
    editable = None
    ready: list[phase.SetUp] = []
    if request.places or request.sets or request.editable:
        from .document.document import EditError, ScenarioDocument
        from .document.overrides import apply_edits

        editable = ScenarioDocument.from_text(scenario.source.text, scenario.path, raw=scenario.source.raw, loaded=document)
        if request.places or request.sets:
            try:
                # The game set up once, on the edited file: a mistake only its set-up finds is blamed on an edit.
                scenario = apply_edits(
                    editable, request.places, request.sets, lambda edited: ready.append(phase.set_up(edited, request.variant))
                )
            except EditError as error:
                raise UsageError(str(error)) from None
    if loaded is not None:
        loaded(scenario)
    result = phase.resolve(scenario, request.variant, request.choices, request.first, request.reasons, ready[0] if ready else None)
    return Answered(scenario, result, editable)


def answer_text(text: str, file: str, request: Request = Request()) -> Answered:
    """:func:`answer` of a scenario's text (the editor, the API)."""
    from .loader import load_text

    return answer(load_text(text, file), request)
