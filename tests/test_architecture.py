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
        test_only = "tests" in path.relative_to(folder).parts or path.name == "conftest.py"
        extra = TEST_ONLY if test_only else set()
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


# A game is a plug-in (issue #8): the platform names no game, games do not
# know each other. Migrations are history and stay as they were written.
PLATFORM = ("campaigns", "api", "companion")
NEUTRAL_RULES = {"rules", "rules.engine", "rules.errors", "rules.game", "rules.ops"}


def _modules_imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _strings(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _game_modules(name: str, slugs: set[str]) -> set[str]:
    """The games whose code an imported module name belongs to."""
    parts = name.split(".")
    if parts[0] == "sheets" and len(parts) > 1:
        return {parts[1]}
    if parts[0] == "rules" and len(parts) > 1 and name not in NEUTRAL_RULES and parts[1] in slugs:
        return {parts[1]}
    return set()


def _source_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.py") if not {"tests", "migrations"} & set(p.relative_to(folder).parts)]


def platform_mentions(root: Path, slugs: set[str]) -> dict[str, set[str]]:
    """Platform modules that import a game or name one (settings' INSTALLED_APPS lines excepted)."""
    found: dict[str, set[str]] = {}
    for top in PLATFORM:
        for path in _source_files(root / top):
            games: set[str] = set()
            for name in _modules_imported(path):
                games |= _game_modules(name, slugs)
            strings = _strings(path)
            if path.name == "settings.py":
                strings -= {f"sheets.{slug}" for slug in slugs}
            for text in strings:
                games |= {slug for slug in slugs if text == slug or f"sheets.{slug}" in text}
            if games:
                found[str(path.relative_to(root))] = games
    for path in (root / "templates").rglob("*.html"):
        text = path.read_text()
        named = {slug for slug in slugs if f"'{slug}'" in text or f'"{slug}"' in text}
        if named:
            found[str(path.relative_to(root))] = named
    return found


def games_knowing_each_other(root: Path, slugs: set[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for app in (root / "sheets").iterdir():
        if not (app / "apps.py").exists():
            continue
        for path in app.rglob("*.py"):
            others: set[str] = set()
            for name in _modules_imported(path):
                others |= _game_modules(name, slugs | {app.name}) - {app.name}
            if others:
                found[str(path.relative_to(root))] = others
    return found


def _slugs() -> set[str]:
    import django

    django.setup()
    from campaigns import registry

    return set(registry.slugs())


def test_the_platform_names_no_game() -> None:
    slugs = _slugs()
    assert {"counters", "grimhand"} <= slugs
    assert platform_mentions(ROOT, slugs) == {}


def test_no_game_app_imports_another_game() -> None:
    assert games_knowing_each_other(ROOT, _slugs()) == {}


def test_every_game_app_is_one_installed_app_that_registers_itself() -> None:
    from django.apps import apps

    from campaigns import registry

    installed = {c.name for c in apps.get_app_configs() if c.name.startswith("sheets.")}
    assert installed == {f"sheets.{slug}" for slug in registry.slugs()}


def test_the_architecture_checks_catch_what_they_forbid(tmp_path: Path) -> None:
    for top in (*PLATFORM, "templates", "sheets/alpha", "sheets/beta"):
        (tmp_path / top).mkdir(parents=True)
    (tmp_path / "campaigns" / "views.py").write_text('if game == "alpha":\n    pass\n')
    (tmp_path / "api" / "urls.py").write_text("from sheets.beta import views\n")
    (tmp_path / "companion" / "settings.py").write_text('INSTALLED_APPS = ["sheets.alpha"]\n')
    (tmp_path / "templates" / "home.html").write_text("{% if game == 'beta' %}{% endif %}")
    (tmp_path / "sheets" / "alpha" / "apps.py").write_text("from rules.beta import Rules\n")
    (tmp_path / "sheets" / "beta" / "apps.py").write_text("from rules.game import OpsRules\n")
    slugs = {"alpha", "beta"}
    assert platform_mentions(tmp_path, slugs) == {
        "campaigns/views.py": {"alpha"},
        "api/urls.py": {"beta"},
        "templates/home.html": {"beta"},
    }
    assert games_knowing_each_other(tmp_path, slugs) == {"sheets/alpha/apps.py": {"beta"}}
