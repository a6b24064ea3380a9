"""Words kept as data and worded when shown, in the reader's language (issue #34).

A Grim Hand command words its log line when it happens (the line names the
dice, the cards and the numbers as they fell), but a table seats German and
English phones at once, so the event keeps its words as a message id with
its values, not as text: ``said`` below. ``describe`` renders them in the
language active when the line is shown; the English is also kept as
``line`` (what events stored before this change show, and the fallback).

The builders are named like Django's lazy translations, which they are: a
message translated later. ``makemessages`` finds their message ids by those
names (``gettext_lazy``, ``ngettext_lazy``, ``pgettext_lazy``), so a call
must spell them out: ``said.gettext_lazy("%(who)s passes", who=name)``.
A value may itself be said (a counter's label, a joined list), and is
rendered in the same language first. Everything is plain JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.describing import plural_count
from rules.i18n import gettext, ngettext, npgettext, pgettext

Said = dict[str, Any]
"""``{"m": message, "v": values}``; ``"p"``/``"n"`` for a count, ``"c"`` for a context;
``{"j": separator, "l": parts}`` for a list."""


def _values(values: Mapping[str, Any]) -> dict[str, Any]:
    return {"v": dict(values)} if values else {}


def gettext_lazy(message: str, /, **values: Any) -> Said:
    """``message`` with its named ``values``, translated when shown."""
    return {"m": message, **_values(values)}


def ngettext_lazy(singular: str, plural: str, number: Any, /, **values: Any) -> Said:
    """The form for ``number`` of ``singular``/``plural``, translated when shown."""
    return {"m": singular, "p": plural, "n": number, **_values(values)}


def pgettext_lazy(context: str, message: str, /, **values: Any) -> Said:
    """``message`` told apart by ``context``, translated when shown."""
    return {"c": context, "m": message, **_values(values)}


def join(parts: Iterable[Any], separator: str = ", ") -> Said:
    """``parts`` (each said or plain) one after the other."""
    return {"j": separator, "l": list(parts)}


def and_list(items: Iterable[Any]) -> Any:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cat"``, worded when shown."""
    words = list(items)
    if len(words) <= 1:
        return words[0] if words else ""
    return gettext_lazy("%(list)s and %(last)s", list=join(words[:-1]), last=words[-1])


def is_said(value: Any) -> bool:
    return isinstance(value, Mapping) and ("m" in value or "j" in value)


def _render(value: Any, translate: bool) -> str:
    if not is_said(value):
        return "" if value is None else str(value)
    if "j" in value:
        return str(value["j"]).join(_render(part, translate) for part in value.get("l") or [])
    message, context = str(value["m"]), value.get("c")
    if "p" in value:
        n = plural_count(value.get("n"))
        if not translate:
            text = message if n == 1 else str(value["p"])
        elif context:
            text = npgettext(str(context), message, str(value["p"]), n)
        else:
            text = ngettext(message, str(value["p"]), n)
    elif not translate:
        text = message
    else:
        text = pgettext(str(context), message) if context else gettext(message)
    values = value.get("v")
    if not values:
        return text
    shown = {k: v if isinstance(v, int | float) else _render(v, translate) for k, v in values.items()}
    try:
        return text % shown
    except (KeyError, ValueError, TypeError):  # a broken translation must not cost the line
        return message % shown


def render(value: Any) -> str:
    """The words in the active language (plain text is shown as it is)."""
    return _render(value, translate=True)


def english(value: Any) -> str:
    """The words as the code writes them, whatever language is active."""
    return _render(value, translate=False)


def event(event_type: str, body: Mapping[str, Any], words: Any) -> tuple[str, dict[str, Any]]:
    """An event whose line is ``words``: kept as data (``said``) and in English (``line``)."""
    return event_type, {**body, "said": words, "line": english(words)}
