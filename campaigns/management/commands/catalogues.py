"""Write every folder's translation catalogues from the code, then compile them (issue #34).

Each folder holding a ``locale/`` keeps its own catalogue (the project's at
the top for the platform and ``rules/``' shared words, and one per game's
``rules/<game>/`` and ``sheets/<game>/``), so a game's words travel with
its folder. Django's ``makemessages`` is run once per folder from inside it:
run once from the top, it gives a file to the first catalogue whose folder's
name begins its path, so ``rules/grimhand`` would feed ``rules/grim``'s.
Each header is written the same way, so running this twice writes the
same files and a test can tell when the code and the catalogues disagree.
"""

from __future__ import annotations

import os
import subprocess
from contextlib import chdir
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

SKIP = ["tests", "__pycache__", "migrations"]
"""Never read for words: no player reads a test or a migration."""
TOP_SKIP = [".*", "node_modules", "staticfiles", "bench", "deploy", "docs", "htmlcov"]
"""Not read at the top either: tools, benchmarks and the collected static files."""


def catalogue_folders(base: Path) -> list[Path]:
    """Every folder with a catalogue of its own below the top, in a stable order."""
    return sorted(p.parent for p in base.glob("*/*/locale") if p.is_dir())


def languages() -> list[str]:
    """The languages catalogues are written for: all but the language the code is written in."""
    return [code for code, _name in settings.LANGUAGES if not code.startswith("en")]


HEADER = """# The Grim companion's words in %(name)s (issue #34): written by `make messages`.
msgid ""
msgstr ""
"Project-Id-Version: grim-companion\\n"
"Report-Msgid-Bugs-To: \\n"
"Language: %(code)s\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"""


def _tidy_header(po: Path) -> None:
    """The same header every time (makemessages' dates and placeholders would change each run)."""
    code = po.parent.parent.name
    text = po.read_text(encoding="utf-8")
    header, sep, entries = text.partition("\n\n")
    plural = [line for line in header.splitlines() if line.startswith('"Plural-Forms:')]
    name = dict(settings.LANGUAGES).get(code, code)
    head = HEADER % {"name": name, "code": code} + "\n".join(plural)
    po.write_text(head.rstrip("\n") + sep + entries, "utf-8")


def write_catalogues(base: Path, *, verbosity: int = 0) -> list[Path]:
    """Run makemessages in each folder; the .po files written."""
    folders = catalogue_folders(base)
    runs: list[tuple[Path, list[str], list[str]]] = [
        (base, ["django", "djangojs"], SKIP + TOP_SKIP + [str(f.relative_to(base)) for f in folders]),
        *((folder, ["django"], SKIP) for folder in folders),
    ]
    written = []
    for folder, domains, ignore in runs:
        with chdir(folder):
            for domain in domains:
                call_command(
                    "makemessages",
                    locale=languages(),
                    domain=domain,
                    ignore_patterns=ignore,
                    add_location="file",
                    no_obsolete=True,
                    no_wrap=False,
                    verbosity=verbosity,
                )
        written += sorted((folder / "locale").glob("*/LC_MESSAGES/*.po"))
    for po in written:
        _tidy_header(po)
    return written


def compile_catalogue(po: Path) -> None:
    """``msgfmt --check-format``: placeholders that do not match the English refuse to compile."""
    subprocess.run(["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)], check=True)


class Command(BaseCommand):
    help = "Write every folder's catalogues (locale/<lang>/LC_MESSAGES/*.po) and compile them."

    def handle(self, *args: Any, **options: Any) -> None:
        base = Path(settings.BASE_DIR)
        for po in write_catalogues(base, verbosity=max(0, options["verbosity"] - 1)):
            compile_catalogue(po)
            self.stdout.write(os.path.relpath(po, base))
