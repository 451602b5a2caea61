"""The version of enemy-move, written once: pyproject.toml reads it (setuptools' dynamic version, so the
package metadata says the same), and so do ``enemy-move --version``, ``enemy_move.__version__`` and every JSON
document's ``version``. Read here, not from the installed metadata: importing importlib.metadata costs every run
about 10 ms (docs/speed.md). A release tags its commit ``v`` + this version (CONTRIBUTING.md, "Releasing")."""

__version__ = "0.1.0"

#: Version of the JSON documents' layout (``"format"`` key). Raised on any
#: change a script could trip over (a key renamed, removed or changing type);
#: new keys alone do not raise it. Here, not in __init__: enemy_move.api, which
#: the package imports on first use, reads it without importing the package back.
OUTPUT_FORMAT = 3
