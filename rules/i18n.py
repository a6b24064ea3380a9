"""The rules' words in the reader's language, with the rules still pure standard library.

A rules module marks what a player reads with ``gettext`` (``ngettext`` for a
count, ``pgettext`` where one English word needs two German ones) and
``gettext_noop`` for text kept in module-level tables, translated where it is
shown. Until a platform installs its translator these return the English;
the Django platform installs its own at start (``campaigns.apps``), so the
words follow the language active for the request, the socket or the board
being rendered. Placeholders are named (``%(who)s``) so a translation may
reorder them; ``make messages`` writes each folder's catalogue
(docs/decisions/german.md).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["gettext", "gettext_noop", "install", "ngettext", "npgettext", "pgettext"]

_gettext: Callable[[str], str] = str


def _english_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _english_p(context: str, message: str) -> str:
    return message


def _english_np(context: str, singular: str, plural: str, n: int) -> str:
    return _english_n(singular, plural, n)


_ngettext: Callable[[str, str, int], str] = _english_n
_pgettext: Callable[[str, str], str] = _english_p
_npgettext: Callable[[str, str, str, int], str] = _english_np


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str],
    npgettext: Callable[[str, str, str, int], str],
) -> None:
    """Words from now on come from these (the platform's translator)."""
    global _gettext, _ngettext, _pgettext, _npgettext
    _gettext, _ngettext, _pgettext, _npgettext = gettext, ngettext, pgettext, npgettext


def gettext(message: str) -> str:
    """``message`` in the active language."""
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the active language."""
    return _ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from the same English by ``context``."""
    return _pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a ``context``."""
    return _npgettext(context, singular, plural, n)


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogue and returns it unchanged: it is translated where shown."""
    return message
