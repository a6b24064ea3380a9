"""Which languages are listening to a table (issue #34, "Boards per language").

A socket listens to its table in its phone's language, on that language's
group (``group_of``), so a command words its log lines and renders its board
once for each language somebody at the table reads, not once per phone and
not for languages nobody there reads. On Redis pub/sub the layer's channels
say who listens on every server process (``Publisher.listeners``); the
in-memory layer lives in one process, which counts its own sockets
(``campaigns.local_push``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import Any

from channels.layers import InMemoryChannelLayer
from django.conf import settings
from django.utils import translation

from campaigns import local_push
from campaigns.hotpath.publish import Publisher

_lock = threading.Lock()
_heard: dict[str, list[str]] = {}
HEARD_KEPT = 10_000
"""Tables whose listening languages a process remembers; past it, it forgets them all (each
costs one ``PUBSUB NUMSUB`` round trip again at its next command)."""


def offered() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def group_of(table_group: str, language: str) -> str:
    """The group of the sockets reading ``table_group`` in ``language``."""
    return f"{table_group}.{language}"


def listening(layer: Any, publisher: Publisher | None, table_group: str) -> list[str]:
    """The languages somebody reads ``table_group`` in, in the order offered."""
    groups = {code: group_of(table_group, code) for code in offered()}
    if publisher is not None:
        counts: Mapping[str, int] = publisher.listeners(list(groups.values()))
    elif isinstance(layer, InMemoryChannelLayer):
        return here(table_group)
    else:  # a layer that cannot say: every language, so nobody misses a board
        return list(groups)
    return [code for code, group in groups.items() if counts.get(group, 0) > 0]


def here(table_group: str) -> list[str]:
    """The languages the sockets on this process read ``table_group`` in, in the order offered."""
    return [code for code in offered() if local_push.count(group_of(table_group, code))]


def remembered(table_group: str) -> list[str] | None:
    """The languages heard at this table's last command here, or None (not known here)."""
    return _heard.get(table_group)


def remember(table_group: str, languages: list[str]) -> None:
    """On Redis, each command's pipeline says who heard it and asks after the other languages
    (``Publisher.publish_all``): the next command renders for these without a round trip first."""
    with _lock:
        if len(_heard) >= HEARD_KEPT and table_group not in _heard:
            _heard.clear()
        _heard[table_group] = languages


def _supported(code: str) -> str | None:
    try:
        found = translation.get_supported_language_variant(code.strip())
    except LookupError:
        return None
    return str(found)


def socket_language(query: Mapping[str, Iterable[str]], headers: Mapping[bytes, bytes]) -> str:
    """A socket's language: the page's (``?lang=``), else the switch's cookie, else the phone's
    ``Accept-Language`` (its first language offered here), else the site's."""
    wanted = list(query.get("lang", []))
    cookie_header = headers.get(b"cookie", b"").decode("latin-1")
    cookies = dict(part.strip().partition("=")[::2] for part in cookie_header.split(";") if "=" in part)
    wanted.append(cookies.get(settings.LANGUAGE_COOKIE_NAME, ""))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    wanted += [tag.split(";")[0] for tag in accept.split(",")]
    for code in wanted:
        found = _supported(code) if code.strip() and code.strip() != "*" else None
        if found is not None:
            return found
    return str(settings.LANGUAGE_CODE)
