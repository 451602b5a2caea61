"""Build step that pyproject.toml cannot say: the documentation travels with the package.

docs/*.md (the one source) is copied into the built package as enemy_move/docs/, so an installed
``enemy-move docs TOPIC`` shows the page (enemy_move/docs_pages.py). Everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithDocs(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads docs/ in the checkout
            return
        target = Path(self.build_lib) / "enemy_move" / "docs"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted((ROOT / "docs").glob("*.md")):
            shutil.copyfile(page, target / page.name)


setup(cmdclass={"build_py": BuildWithDocs})
