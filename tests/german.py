"""What a German page must not show: the English of any catalogue entry (issue #34).

``english_left`` reads every German catalogue of the tree and finds, in a
page's words (its text and the attributes a screen reader reads out), an
entry's English that its German replaced. An entry whose German is the same
word (a proper name, "Start") cannot be told apart and is not looked for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from tests.helpers import ROOT

READ_OUT = ("aria-label", "title", "placeholder", "alt", "aria-description")
"""Attributes a player reads or hears; a page's words are its text and these."""
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
SHORTEST = 3
"""English shorter than this (a letter, "of") says nothing about a page's language."""


@dataclass(frozen=True)
class Entry:
    english: str
    german: str
    source: str
    context: str = ""


def _unquote(lines: list[str]) -> str:
    text = "".join(line[line.index('"') + 1 : line.rindex('"')] for line in lines)
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape").replace("\r", "")


def _fields(block: str) -> dict[str, str]:
    fields: dict[str, list[str]] = {}
    key = ""
    for line in block.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith('"'):
            fields[key].append(line)
            continue
        key, _space, rest = line.partition(" ")
        fields[key] = [rest]
    return {k: _unquote(v) for k, v in fields.items()}


def read_po(path: Path) -> Iterator[Entry]:
    """The entries of a .po file, plural forms each as one entry."""
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        f = _fields(block)
        if not f.get("msgid"):
            continue
        source, context = str(path.relative_to(ROOT)), f.get("msgctxt", "")
        if "msgid_plural" in f:
            yield Entry(f["msgid"], f.get("msgstr[0]", ""), source, context)
            yield Entry(f["msgid_plural"], f.get("msgstr[1]", ""), source, context)
        else:
            yield Entry(f["msgid"], f.get("msgstr", ""), source, context)


def german_catalogues() -> list[Path]:
    return sorted([*ROOT.glob("locale/de/LC_MESSAGES/*.po"), *ROOT.glob("*/*/locale/de/LC_MESSAGES/*.po")])


def _pattern(english: str) -> re.Pattern[str] | None:
    """The English as the page would show it: each placeholder some words of one line."""
    # Spaces inside a part are one space, those at its edges kept: "set " must not match "setzt".
    parts = [re.sub(r"\s+", " ", p) for p in PLACEHOLDER.split(english)]
    while parts and not parts[0].strip():
        parts.pop(0)
    while parts and not parts[-1].strip():
        parts.pop()
    if not parts:
        return None
    parts[0], parts[-1] = parts[0].lstrip(), parts[-1].rstrip()
    if len(parts) == 1 and " " not in parts[0] and PLACEHOLDER.search(english):
        return None  # "The %(street)s" is only "The": a printed name ("The Eternals") has it too
    if len(re.sub(r"\W", "", "".join(parts))) < SHORTEST:
        return None
    body = r"[^\n]{1,80}?".join(re.escape(p) for p in parts)
    return re.compile(rf"(?<!\w){body}(?!\w)")


@cache
def telltales() -> tuple[tuple[Entry, re.Pattern[str]], ...]:
    """Each entry whose German differs from its English, with the pattern of its English. A single
    word given a context is not looked for: the context says the same English means another thing
    elsewhere (Grimterra's dark counters, "Dark"; GRIM's Dark Element, printed)."""
    found = []
    for po in german_catalogues():
        for entry in read_po(po):
            if entry.context and " " not in entry.english.strip():
                continue
            if entry.german and " ".join(entry.german.split()) != " ".join(entry.english.split()):
                pattern = _pattern(entry.english)
                if pattern is not None:
                    found.append((entry, pattern))
    return tuple(found)


INLINE = frozenset(
    [
        "a",
        "abbr",
        "b",
        "bdi",
        "code",
        "em",
        "i",
        "kbd",
        "mark",
        "q",
        "s",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "time",
        "u",
        "var",
    ]
)
"""Elements inside a line of text; any other tag ends a line."""


class _Words(HTMLParser):
    """A page's words; an element in another language than the page's (``lang``: a printed
    card's English text) is left out, as it says what it is."""

    def __init__(self, language: str = "") -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0
        self._page_lang = language
        self._foreign: tuple[str, int] | None = None  # the foreign element's tag, and its nesting

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        lang = dict(attrs).get("lang") or ""
        if tag == "html":
            self._page_lang = lang or self._page_lang
        elif self._foreign is not None:
            if tag == self._foreign[0]:
                self._foreign = (tag, self._foreign[1] + 1)
            return
        elif lang and self._page_lang and lang != self._page_lang:
            self._foreign = (tag, 1)
            return
        if tag in ("script", "style", "template"):
            self._hidden += 1
        if tag not in INLINE:
            self.parts.append("\n")
        self.parts += [f"\n{value}\n" for name, value in attrs if name in READ_OUT and value]

    def handle_endtag(self, tag: str) -> None:
        if self._foreign is not None:
            if tag == self._foreign[0]:
                depth = self._foreign[1] - 1
                self._foreign = (tag, depth) if depth else None
            return
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1
        if tag not in INLINE:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._hidden and self._foreign is None:
            self.parts.append(data.replace("\n", " "))


def page_words(html: str, language: str = "") -> list[str]:
    """What a player reads or hears of a page, line by line: its text and the attributes read out;
    ``language``: the page's, for a part of a page (a board) that has no ``<html lang>``."""
    parser = _Words(language)
    parser.feed(html)
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return [line for line in lines if line]


def proper_names() -> list[str]:
    """Names that stay as printed in every language: the games' own ("GRIM the Card Game") and
    what each game says its cards print (``GameSpec.printed_names``)."""
    from campaigns import registry

    names = [spec.name for spec in registry.games()]
    for spec in registry.games():
        if spec.printed_names is not None:
            names += list(spec.printed_names())
    return names


def english_left(
    words: list[str], allowed: frozenset[str] = frozenset(), typed: Iterable[str] = ()
) -> list[str]:
    """Each catalogue entry whose English shows in ``words`` (``allowed``: English that is right
    there), proper names (``proper_names``) and what the players typed (``typed``: notes, names)
    aside, as ``"<english>" in "<words>" (<catalogue>)``."""
    text = "\n".join(words)
    for name in sorted({n for n in [*typed, *proper_names()] if n.strip()}, key=len, reverse=True):
        # Whole words only: a typed "Bless" must not leave "…ed Draw" of a printed "Blessed Draw".
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "\u2026", text)
    left = []
    for entry, pattern in telltales():
        found = pattern.search(text) if entry.english not in allowed else None
        if found is not None:
            start = text.rfind("\n", 0, found.start()) + 1
            line = text[start : text.find("\n", found.end()) % (len(text) + 1)]
            left.append(f"{entry.english!r} in {line[:120]!r} ({entry.source})")
    return sorted(set(left))
