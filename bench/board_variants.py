"""Board templates with Django's ``{% include %}`` for ours, for ``bench_boards`` to race.

A separate template ``Engine`` (the cached loader, as deployed) whose loader
rewrites every template's source as it reads it: ``{% inline "p" x=1 %}``
becomes ``{% include "p" with … x=1 only %}`` with every other name the
partial ``{% takes %}`` given as "" (what ``inline`` does), and a partial's
last line break dropped (``inline`` drops it too). Its boards are compared
with ours: a rewrite that changed a board's bytes would make the race
meaningless.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.template import Engine, engines
from django.template.loaders import app_directories, filesystem

_INLINE = re.compile(r"{% inline \"([^\"]+)\"((?: [a-z_]+=[^ %]+)*) %}")
_TAKES = re.compile(r"{% takes ([a-z_ ]+) %}")


def to_include(name: str, source: str, takes: Callable[[str], list[str]]) -> str:
    """``source`` with every inline tag an ``{% include … only %}`` giving what ``inline`` gives."""

    def include(match: re.Match[str]) -> str:
        given = [part.split("=", 1)[0] for part in match[2].split()]
        blanks = "".join(f' {n}=""' for n in takes(match[1]) if n not in given)
        return f'{{% include "{match[1]}" with{blanks}{match[2]} only %}}'

    source = _INLINE.sub(include, source)
    if name.startswith("partials/") and source.endswith("\n"):
        source = source[:-1]
    return source


def _takes(read: Callable[[str], str]) -> Callable[[str], list[str]]:
    def takes(partial: str) -> list[str]:
        found = _TAKES.search(read(partial))
        if found is None:
            raise RuntimeError(f"{partial} says no {{% takes %}}")
        return found[1].split()

    return takes


_HERE = __name__


class _Rewriting:
    def get_contents(self, origin: Any) -> str:
        source: str = super().get_contents(origin)  # type: ignore[misc]
        rewrite: Callable[[str, str], str] = self.engine.bench_rewrite  # type: ignore[attr-defined]
        return rewrite(origin.template_name, source)


class FileLoader(_Rewriting, filesystem.Loader):
    pass


class AppLoader(_Rewriting, app_directories.Loader):
    pass


def include_engine() -> Engine:
    """A template engine configured as the project's, reading its templates with ``{% include %}``."""
    backend: Any = engines["django"]
    base = backend.engine
    built = Engine(
        dirs=base.dirs,
        loaders=[
            ("django.template.loaders.cached.Loader", [f"{__name__}.FileLoader", f"{__name__}.AppLoader"])
        ],
        context_processors=base.context_processors,
        libraries=base.libraries,
        string_if_invalid=base.string_if_invalid,
        autoescape=base.autoescape,
    )
    takes = _takes(lambda n: str(base.find_template(n)[0].source))

    built.bench_rewrite = lambda name, source: to_include(name, source, takes)  # type: ignore[attr-defined]
    return built
