"""One build step beyond pyproject.toml: the wheel carries the rating systems' pages.

docs/systems/*.md is the one source of the "How the ratings work" pages, read on GitHub and by
the site (`tablerank.web.system_docs`). A checkout reads them where they are; a wheel cannot
reach outside its package, so the build copies them into `tablerank/web/system_docs/`.
MANIFEST.in puts them in the sdist, so a wheel built from it has them too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PAGES = Path(__file__).parent / "docs" / "systems"


class BuildPy(build_py):
    """setuptools' build_py, then the pages into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's docs/systems
        target = Path(self.build_lib) / "tablerank" / "web" / "system_docs"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted(PAGES.glob("*.md")):
            shutil.copyfile(page, target / page.name)


setup(cmdclass={"build_py": BuildPy})
