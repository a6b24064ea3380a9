"""The rules package imports only the standard library and itself (architecture)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[1]


def test_rules_import_only_the_standard_library() -> None:
    offenders = []
    for path in RULES.rglob("*.py"):
        if "tests" in path.relative_to(RULES).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top != "rules" and top not in sys.stdlib_module_names:
                    offenders.append(f"{path.relative_to(RULES)}: {name}")
    assert offenders == []
