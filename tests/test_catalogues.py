"""The German catalogues are written from the code, whole and current (issue #34).

"A test fails when makemessages would add or change an entry, when any German
entry is untranslated or fuzzy": ``make messages`` is run on a copy of the
tree and must write exactly the committed ``.po`` and ``.mo`` files, and
``msgattrib`` must find no empty or fuzzy entry in any of them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

COPY_SKIP = shutil.ignore_patterns(".git", ".venv", "node_modules", "staticfiles", "__pycache__", "*.pyc")


def catalogues(root: Path) -> dict[str, bytes]:
    """Every catalogue file under ``root`` (.po and .mo), by path."""
    found = [*root.glob("locale/*/LC_MESSAGES/*.[pm]o"), *root.glob("*/*/locale/*/LC_MESSAGES/*.[pm]o")]
    return {str(p.relative_to(root)): p.read_bytes() for p in found}


def test_every_folder_with_words_has_a_german_catalogue() -> None:
    folders = {p.parents[3] for p in ROOT.glob("*/*/locale/de/LC_MESSAGES/django.po")}
    games = sorted(p.parent for p in ROOT.glob("sheets/*/apps.py")) + sorted(
        p.parent for p in ROOT.glob("rules/*/__init__.py") if p.parent.name != "tests"
    )
    assert [g for g in games if g not in folders] == []
    assert (ROOT / "locale/de/LC_MESSAGES/django.po").exists()


def test_make_messages_writes_exactly_the_committed_catalogues(tmp_path: Path) -> None:
    copy = tmp_path / "tree"
    shutil.copytree(ROOT, copy, ignore=COPY_SKIP, symlinks=True)
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run(
        [sys.executable, "manage.py", "catalogues"], cwd=copy, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    written, committed = catalogues(copy), catalogues(ROOT)
    assert sorted(written) == sorted(committed), "run `make messages`: a catalogue is missing or extra"
    stale = [path for path in written if written[path] != committed[path]]
    assert stale == [], f"run `make messages` and translate: {stale} differ from the code"


def untranslated(po: Path) -> str:
    """The entries of ``po`` with no translation or marked fuzzy, as msgattrib prints them."""
    out = []
    for flag in ("--untranslated", "--only-fuzzy"):
        done = subprocess.run(
            ["msgattrib", flag, "--no-obsolete", str(po)], capture_output=True, text=True, check=True
        )
        out.append(done.stdout)
    return "".join(out)


@pytest.mark.parametrize(
    "po",
    sorted(
        str(p.relative_to(ROOT))
        for p in [*ROOT.glob("locale/de/LC_MESSAGES/*.po"), *ROOT.glob("*/*/locale/de/LC_MESSAGES/*.po")]
    ),
)
def test_no_german_entry_is_empty_or_fuzzy(po: str) -> None:
    assert untranslated(ROOT / po) == "", f"{po} has entries to translate"


def test_the_check_sees_an_empty_and_a_fuzzy_entry(tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Table"\nmsgstr ""\n\n#, fuzzy\nmsgid "Seat"\nmsgstr "Platz"\n\n'
        'msgid "Log"\nmsgstr "Protokoll"\n',
        "utf-8",
    )
    found = untranslated(po)
    assert 'msgid "Table"' in found and 'msgid "Seat"' in found and 'msgid "Log"' not in found


def test_one_english_entry_has_one_german_across_the_catalogues() -> None:
    """Django merges every catalogue into one per language, so an entry translated two ways in two
    folders shows one of them everywhere: a game's own sense of a word needs a context
    (``pgettext``), and plain wording differences are made one."""
    from tests.german import german_catalogues, read_po

    seen: dict[tuple[str, str], dict[str, list[str]]] = {}
    for po in german_catalogues():
        if po.name != "django.po":
            continue
        for entry in read_po(po):
            seen.setdefault((entry.context, entry.english), {}).setdefault(entry.german, []).append(
                entry.source
            )
    # (One catalogue's plural entry whose two forms read the same in English is one entry.)
    twice = {
        key: found
        for key, found in seen.items()
        if len(found) > 1 and len({source for sources in found.values() for source in sources}) > 1
    }
    assert twice == {}
