"""The pure rules package must not depend on Django or on any app."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.helpers import ROOT

RULES = ROOT / "rules"
TEST_ONLY = {"pytest", "hypothesis", "_pytest"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def _offending_imports(folder: Path) -> dict[str, set[str]]:
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    bad: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        extra = TEST_ONLY if "tests" in path.relative_to(folder).parts else set()
        foreign = _imported_roots(path) - allowed - extra
        if foreign:
            bad[str(path.relative_to(folder))] = foreign
    return bad


def test_rules_imports_only_the_standard_library() -> None:
    assert (RULES / "__init__.py").exists()
    assert _offending_imports(RULES) == {}


def test_the_check_catches_a_django_import(tmp_path: Path) -> None:
    (tmp_path / "leaky.py").write_text("from django.db import models\nimport sheets.models\n")
    assert _offending_imports(tmp_path) == {"leaky.py": {"django", "sheets"}}
