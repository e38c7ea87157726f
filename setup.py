"""Build hook: put the top-level templates/ and static/ inside the built package.

The source tree keeps them beside the package (the design fixes the top level); a wheel carries
them as ``scorekeeper/templates`` and ``scorekeeper/static``, where ``create_app`` looks first.
Everything else about the build is declared in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
WEB_FOLDERS = ("templates", "static")


class BuildPyWithWebFolders(build_py):
    """build_py that also copies the web folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install serves them straight from the source tree
        for folder in WEB_FOLDERS:
            source = ROOT / folder
            if source.is_dir():
                self.copy_tree(str(source), str(Path(self.build_lib) / "scorekeeper" / folder))


setup(cmdclass={"build_py": BuildPyWithWebFolders})
