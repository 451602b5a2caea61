"""``POST /api/resolve``: a scenario's text in, exactly the document ``enemy-move resolve - --json`` prints out
(the tool's version and format first; a bad file: the same error document, status 422, or 413 over the size cap)."""

from __future__ import annotations

import io
from typing import Any

from .._version import OUTPUT_FORMAT, __version__


def resolve_json(raw: bytes) -> tuple[int, dict[str, Any]]:
    from ..answering import answer
    from ..errors import ScenarioError, internal_error
    from ..game import UsageError
    from ..loader import MAX_FILE_BYTES, STDIN_NAME, load_stdin
    from ..result import result_to_dict

    head: dict[str, Any] = {"version": __version__, "format": OUTPUT_FORMAT}
    try:
        result = answer(load_stdin(io.BytesIO(raw))).result
        return 200, {**head, **result_to_dict(result)}
    except ScenarioError as error:
        status = 413 if len(raw) > MAX_FILE_BYTES else 422
        return status, {**head, "error": {"file": error.file, "line": error.line, "column": error.col, "message": error.message}}
    except UsageError as error:
        return 422, {**head, "error": {"file": STDIN_NAME, "line": 1, "column": 1, "message": str(error)}}
    except RecursionError:
        return 422, {**head, "error": {"file": STDIN_NAME, "line": 1, "column": 1, "message": "the scenario is too complex to resolve"}}
    except Exception as error:  # a bug: the same one-line error document resolve --json prints
        bug = internal_error(STDIN_NAME, error)
        return 500, {**head, "error": {"file": bug.file, "line": bug.line, "column": bug.col, "message": bug.message}}
