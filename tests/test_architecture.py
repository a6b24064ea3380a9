"""The pure rules package must not depend on Django or on any app."""

from __future__ import annotations

import ast
import re
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


# Issue #35: the platform's modules import each other without a circle, counting imports made
# inside functions (how circles hid) and those made only for type checking.
PLATFORM_PACKAGES = ("campaigns", "api", "companion")


def platform_imports(root: Path) -> dict[str, set[str]]:
    """Each platform module (tests and migrations aside) and the platform modules it imports."""
    files = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for top in PLATFORM_PACKAGES
        if (root / top).is_dir()
        for path in _source_files(root / top)
    }
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        imported = {n for n in _modules_imported(path) if n in files} - {name}
        graph[name] = imported
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other through imports (Tarjan's strongly connected
    components), each sorted; a module importing itself does not count."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(cycles)


def test_the_platform_has_no_import_cycle() -> None:
    graph = platform_imports(ROOT)
    assert {"campaigns.services.commands", "api.tables", "companion.views"} <= set(graph)
    assert import_cycles(graph) == []


def test_the_cycle_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    for top in PLATFORM_PACKAGES:
        (tmp_path / top).mkdir()
        (tmp_path / top / "__init__.py").write_text("")
    (tmp_path / "campaigns" / "views.py").write_text("def page():\n    from companion.views import home\n")
    (tmp_path / "companion" / "views.py").write_text("from campaigns.views import page\n")
    (tmp_path / "campaigns" / "auth.py").write_text("from campaigns import selectors\n")
    (tmp_path / "campaigns" / "selectors.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from campaigns.auth import X\n"
    )
    (tmp_path / "api" / "tables.py").write_text("from campaigns import auth\n")
    assert import_cycles(platform_imports(tmp_path)) == [
        ["campaigns.auth", "campaigns.selectors"],
        ["campaigns.views", "companion.views"],
    ]


def _platform_module_names() -> list[str]:
    return sorted(platform_imports(ROOT))


def test_every_error_the_platform_defines_is_a_refusal_of_the_one_base() -> None:
    """One error base (``rules.errors.RuleViolation``, with its status), converted in one place:
    the platform defines no exception class of another kind, but for a signal that never leaves
    its module as an answer."""
    import importlib
    import inspect

    import django

    django.setup()
    from rules.errors import RuleViolation

    others = []
    signals = {
        # Never answered: a run's word to itself that another run took its job over.
        "campaigns.imports.GivenUp",
    }
    for name in _platform_module_names():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            defined_here = inspect.isclass(value) and value.__module__ == name
            if defined_here and issubclass(value, BaseException) and not issubclass(value, RuleViolation):
                others.append(f"{name}.{attr}")
    assert sorted(set(others) - signals) == []


def error_bodies_by_hand(root: Path) -> list[str]:
    """Platform code that writes the error shape as a dict literal instead of asking
    ``campaigns.errors.error_body`` (the one function that makes it); the OpenAPI declaration of
    the shape (serializer fields) is no body."""
    found = []
    shape = {"code", "message", "extra"}
    for top in PLATFORM_PACKAGES:
        for path in _source_files(root / top):
            if path.relative_to(root).as_posix() == "campaigns/errors.py":
                continue
            tree = ast.parse(path.read_text(), filename=str(path))
            for node in ast.walk(tree):
                keys = {k.value for k in getattr(node, "keys", []) if isinstance(k, ast.Constant)}
                declared = any(
                    isinstance(v, ast.Call) and getattr(v.func, "attr", "").endswith("Field")
                    for v in getattr(node, "values", [])
                )
                if isinstance(node, ast.Dict) and keys >= shape and not declared:
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_the_error_body_is_made_in_one_place(tmp_path: Path) -> None:
    assert error_bodies_by_hand(ROOT) == []
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "bridge.py").write_text('body = {"code": c, "message": m, "extra": {}}\n')
    assert error_bodies_by_hand(tmp_path) == ["companion/bridge.py:1"]


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
    for path in _page_files(root / "templates", root / "static"):
        named = page_mentions(path, slugs)
        if named:
            found[str(path.relative_to(root))] = named
    return found


def _page_files(*folders: Path) -> list[Path]:
    """Templates, stylesheets and scripts (vendored libraries aside)."""
    return [
        p
        for folder in folders
        for p in folder.rglob("*")
        if p.suffix in (".html", ".css", ".js") and "vendor" not in p.relative_to(folder).parts
    ]


def page_mentions(path: Path, slugs: set[str]) -> set[str]:
    """The games a template, stylesheet or script names: as a quoted slug (``'grim'``), a path into
    a game's folder (``"grim/board.html"``, ``/static/grim/``), a CSS class of a game's name
    (``.grim``, ``.grim-stats`` in a stylesheet; ``class="grim"`` in a template)."""
    text = path.read_text()
    named = set()
    for slug in slugs:
        s = re.escape(slug)
        patterns = [rf"[\"'/]{s}[\"'/]"]
        if path.suffix == ".css":
            patterns.append(rf"\.{s}(?![\w])")
        if path.suffix == ".html":
            patterns.append(rf'class="(?:[^"]*\s)?{s}(?:-[^"\s]*)?(?:\s[^"]*)?"')
        if any(re.search(p, text) for p in patterns):
            named.add(slug)
    return named


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
        for path in _page_files(app):
            others = page_mentions(path, slugs - {app.name})
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
    for top in (*PLATFORM, "templates", "static", "sheets/alpha", "sheets/beta"):
        (tmp_path / top).mkdir(parents=True)
    (tmp_path / "campaigns" / "views.py").write_text('if game == "alpha":\n    pass\n')
    (tmp_path / "api" / "urls.py").write_text("from sheets.beta import views\n")
    (tmp_path / "companion" / "settings.py").write_text('INSTALLED_APPS = ["sheets.alpha"]\n')
    (tmp_path / "templates" / "home.html").write_text("{% if game == 'beta' %}{% endif %}")
    (tmp_path / "sheets" / "alpha" / "apps.py").write_text("from rules.beta import Rules\n")
    (tmp_path / "sheets" / "beta" / "apps.py").write_text("from rules.game import OpsRules\n")
    # Templates and static files: the platform's name no game, a game's name no other game.
    (tmp_path / "static" / "js").mkdir(parents=True)
    (tmp_path / "static" / "css").mkdir(parents=True)
    (tmp_path / "static" / "js" / "board.js").write_text('fetch("/static/alpha/x.json");\n')
    (tmp_path / "static" / "css" / "app.css").write_text(".beta-stats { gap: 1px; }\n")
    (tmp_path / "templates" / "page.html").write_text("{% include 'alpha/_part.html' %}")
    for game in ("alpha", "beta"):
        (tmp_path / "sheets" / game / "templates" / game).mkdir(parents=True)
        (tmp_path / "sheets" / game / "static" / game).mkdir(parents=True)
    (tmp_path / "sheets" / "alpha" / "templates" / "alpha" / "board.html").write_text(
        '<li class="card beta">{{ alpha.counters }} alpha beta</li>'
    )
    (tmp_path / "sheets" / "beta" / "static" / "beta" / "board.css").write_text(".alpha h3 { margin: 0; }")
    (tmp_path / "sheets" / "beta" / "templates" / "beta" / "board.html").write_text(
        '{% load static %}<link href="{% static \'beta/board.css\' %}"><p class="beta-x">beta</p>'
    )
    slugs = {"alpha", "beta"}
    assert platform_mentions(tmp_path, slugs) == {
        "campaigns/views.py": {"alpha"},
        "api/urls.py": {"beta"},
        "templates/home.html": {"beta"},
        "templates/page.html": {"alpha"},
        "static/js/board.js": {"alpha"},
        "static/css/app.css": {"beta"},
    }
    assert games_knowing_each_other(tmp_path, slugs) == {
        "sheets/alpha/apps.py": {"beta"},
        "sheets/alpha/templates/alpha/board.html": {"beta"},
        "sheets/beta/static/beta/board.css": {"alpha"},
    }
