"""enemy-move: resolves enemy movement for campaign board games."""

from .dataclass_code import install as _install_dataclass_code

# Before any dataclass is created (ours, pydantic's): their generated methods compiled once, not every run.
_install_dataclass_code()

__version__ = "0.1.0"

#: Version of the JSON documents' layout (``"format"`` key). Raised on any
#: change a script could trip over (a key renamed, removed or changing type);
#: new keys alone do not raise it.
OUTPUT_FORMAT = 3
