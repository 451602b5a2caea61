"""enemy-move: resolves enemy movement for campaign board games."""

__version__ = "0.1.0"
