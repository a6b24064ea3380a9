"""Every rule of every rulebook is traced: proven by a test, or left to the players with a reason.

``docs/rules/<game>.md`` has one ``## `` section per section heading of the
game's rulebook (``shared/seeds/``), in the rulebook's words, each with a
table of the rules it states: ``| rule | proof |``. A proof is one or more test
ids in backticks (``rules/tests/test_x.py::test_y``, which must exist), or
starts with "left to the players:", "no rule:" or "see " (another section of
the same file) followed by the reason. This test fails when a rulebook's
section is missing from its coverage file, so the lists stay whole, and when a
cited test does not exist, so they stay true.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
WORDED = ("left to the players:", "no rule:", "see ")
TEST_ID = re.compile(r"`([\w/.-]+\.py)::([\w:\[\]., -]+)`")


def rulebooks() -> Path:
    """The rulebooks: ``GRIM_RULEBOOKS``, else the shared folder beside the project."""
    candidates: list[str | Path] = [
        os.environ.get("GRIM_RULEBOOKS", ""),
        ROOT.parent / "shared" / "seeds",
        "/work/shared/seeds",
    ]
    for candidate in candidates:
        if candidate and (Path(candidate) / "grimwood.txt").is_file():
            return Path(candidate)
    raise AssertionError(f"The rulebooks were not found in {candidates}: set GRIM_RULEBOOKS to their folder.")


def _numbered(text: str) -> list[str]:
    """Grim Hand: "7.4.3 Multi-Threat Handling: Mobs & Queue" and the appendices (the contents
    list at the top is in bold and is not a section)."""
    heads = []
    for line in text.splitlines():
        if "**" in line:
            continue
        if re.match(r"^\d+(\.\d+)*\.? +[A-Z]", line) or re.match(r"^Appendix [IVX]+\s*$", line):
            heads.append(line)
    return heads


def _capitals(text: str) -> list[str]:
    """Lines in capitals; a heading that runs over two lines is one."""
    heads: list[str] = []
    previous_was_head = False
    for line in text.splitlines():
        stripped = line.strip()
        is_head = bool(re.fullmatch(r"[A-ZÄÖÜ][A-ZÄÖÜ &/'.-]{3,}", stripped))
        if is_head and previous_was_head:
            heads[-1] += " " + stripped
        elif is_head:
            heads.append(stripped)
        previous_was_head = is_head
    return heads


def _grimoor(text: str) -> list[str]:
    """Capitals, and the page titles with their page number ("Playing Cohorts   9")."""
    heads = []
    for line in text.splitlines():
        stripped = line.strip()
        titled = re.fullmatch(r"([A-Z][A-Za-z ]+?)\s{2,}\d+", stripped)
        if titled:
            stripped = titled.group(1)
        elif not re.fullmatch(r"[A-Z][A-Z ]{3,}", stripped):
            continue
        if stripped.endswith("Continued") or stripped == "GRIMOOR":
            continue
        heads.append(stripped)
    return heads


def _markdown(text: str) -> list[str]:
    """Grimterra: its markdown headings below the title."""
    return [m.group(1) for m in re.finditer(r"^#{2,}\s+(.+?)\s*$", text, re.MULTILINE)]


GAMES: dict[str, tuple[str, Callable[[str], list[str]]]] = {
    "grimhand": ("grim-hand.txt", _numbered),
    "grim": ("grim-the-card-game.txt", _capitals),
    "grimterra": ("grimterra.txt", _markdown),
    "grimoor": ("grimoor.txt", _grimoor),
    "grimwood": ("grimwood.txt", _capitals),
}


def normal(heading: str) -> str:
    """A heading as compared: no emphasis marks, one space, no trailing colon, any case."""
    heading = heading.replace("*", "").replace("\u2013", "-")
    return re.sub(r"\s+", " ", heading).strip().rstrip(":").strip().casefold()


def sections(coverage: str) -> dict[str, list[str]]:
    """The coverage file's ``## `` sections and the proof cell of each table row in them."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in coverage.splitlines():
        if line.startswith("## "):
            current = found.setdefault(normal(line[3:]), [])
        elif current is not None and line.startswith("|") and not re.match(r"^\|\s*-", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 2 and cells[-1].casefold() != "proof":
                current.append(cells[-1])
    return found


def _defined(path: Path, name: str) -> bool:
    parts = re.sub(r"\[.*\]$", "", name).split("::")
    source = path.read_text(encoding="utf-8")
    return all(re.search(rf"^\s*(def|class|async def) {re.escape(part)}\b", source, re.M) for part in parts)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_section_of_the_rulebook_is_in_its_coverage_file(game: str) -> None:
    book, headings = GAMES[game]
    expected = headings((rulebooks() / book).read_text(encoding="utf-8"))
    assert len(expected) >= 5, f"found only {expected} in {book}: the heading reader is wrong"
    coverage = DOCS / f"{game}.md"
    assert coverage.is_file(), f"{coverage} is missing"
    listed = sections(coverage.read_text(encoding="utf-8"))
    missing = [h for h in expected if normal(h) not in listed]
    assert not missing, f"{coverage.name} has no section for {missing}"
    empty = [h for h in expected if not listed[normal(h)]]
    assert not empty, f"{coverage.name} lists no rule under {empty}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_is_proven_by_a_test_that_exists_or_says_why_not(game: str) -> None:
    coverage = DOCS / f"{game}.md"
    listed = sections(coverage.read_text(encoding="utf-8"))
    problems = []
    for heading, proofs in listed.items():
        for proof in proofs:
            ids = TEST_ID.findall(proof)
            if not ids:
                if not proof.casefold().startswith(WORDED):
                    problems.append(f"{heading}: {proof!r} names no test and gives no reason")
                elif proof.casefold().startswith("see ") and normal(proof[4:].split(":")[0]) not in listed:
                    problems.append(f"{heading}: {proof!r} points at no section of this file")
                continue
            for path, name in ids:
                if not (ROOT / path).is_file() or not _defined(ROOT / path, name):
                    problems.append(f"{heading}: {path}::{name} does not exist")
    assert not problems, "\n".join(problems)


def test_the_heading_readers_find_what_the_books_hold() -> None:
    """A reader that finds too little would let a coverage file skip sections."""
    books = rulebooks()
    found = {
        game: reader((books / book).read_text(encoding="utf-8")) for game, (book, reader) in GAMES.items()
    }
    assert (
        "7.4.3 Multi-Threat Handling: Mobs & Queue" in found["grimhand"]
        and "Appendix II" in found["grimhand"]
    )
    assert "THE REACTION" in found["grim"]
    assert "Bluffing" in found["grimterra"] and "9. Sacrificing" in found["grimterra"]
    assert "Playing Cohorts" in found["grimoor"] and "END OF CONFLICT" in found["grimoor"]
    assert "KOMBINATIONSMÖGLICHKEITEN UND GEWICHTUNG/PUNKTEZAHL" in found["grimwood"]
