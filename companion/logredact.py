"""Secrets never reach the logs: seat tokens and join codes are taken out of every log line.

A seat token is a seat's whole credential, and a join code lets anyone sit
down at a table. Both travel in URLs: a websocket may carry its token as
``?token=`` (and the server also accepts it percent-encoded, ``?%74oken=``:
query names are decoded before they are read), and the join link is
``/join/CODE/``. uvicorn logs the URL of every request and socket, Django
logs the path of every refused request ("Not Found: /join/K7QX2M/").

So every log record made in this process is scrubbed as it is made
(``install``: a log record factory, whatever logger or handler it goes
to), and uvicorn's handlers carry the same scrubbing as a filter. A URL-like
word of a line is decoded (repeatedly, so double encoding does not hide a
name) before it is judged: a query parameter whose decoded name or value
holds "token" or "code" keeps its name and loses its value
(``%74oken=[redacted]``), a path with ``/join/`` in it loses what follows
(``/join/[redacted]``); a seat token after ``Seat`` (an ``Authorization``
value) and a JSON or dict value under a ``token`` or join-code key go too.
Words that hold no secret are left exactly as they were.
"""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote, unquote_plus

from uvicorn.config import LOGGING_CONFIG

from campaigns import codes

REDACTED = "[redacted]"
SECRET_NAME = re.compile(r"token|code", re.IGNORECASE)
"""What a decoded query parameter holds for its value to be hidden (over-hiding costs nothing)."""
_WORD = re.compile(r"[^\s\"'<>]+")
_SEAT = re.compile(r"(\bSeat\s+)[^\s&\"',;]+", re.IGNORECASE)
_KEYED = re.compile(
    r"""(["'](?P<key>[\w-]*(?:token|code))["']\s*:\s*)(?P<q>["'])(?P<value>.*?)(?P=q)""", re.I
)
_JOIN = re.compile(r"/join/(?=[^/\s])", re.IGNORECASE)
_IMPORT_JOB = re.compile(r"/tables/import/(?=[^/\s])", re.IGNORECASE)
"""An import's status URL: its id is a secret that yields the new table's host seat."""
_MAX_DECODES = 10


def decoded(text: str, *, plus: bool = False) -> str:
    """``text`` percent-decoded until nothing changes (``%2574`` is ``%74`` is ``t``)."""
    for _ in range(_MAX_DECODES):
        step = unquote_plus(text) if plus else unquote(text)
        if step == text:
            break
        text = step
    return text


def _clean_path(path: str) -> str:
    plain = decoded(path)
    secret = _JOIN.search(plain) or _IMPORT_JOB.search(plain)
    return plain[: secret.end()] + REDACTED if secret else path


def _clean_parameter(part: str) -> str:
    if not SECRET_NAME.search(decoded(part, plus=True)):
        return part
    name, eq, _ = part.partition("=")
    hidden_name = not eq or "=" in decoded(name, plus=True)  # `token%3D...`: name and value in one
    return REDACTED if hidden_name else f"{name}={REDACTED}"


def _clean_query(query: str) -> str:
    return "".join(p if p in "&;" else _clean_parameter(p) for p in re.split(r"([&;])", query))


def _clean_word(match: re.Match[str]) -> str:
    word = match.group()
    if "/" not in word and "=" not in word and "%" not in word:
        return word  # nothing URL-like
    path, mark, query = word.partition("?")
    if not mark and "/" not in word:
        return _clean_query(word)  # a bare query string, or one parameter
    return _clean_path(path) + mark + (_clean_query(query) if mark else "")


def _clean_keyed(match: re.Match[str]) -> str:
    key, value = match.group("key").lower(), match.group("value")
    if key.endswith("code") and not codes.looks_like_code(codes.normalise_code(value)):
        return match.group()  # an error's code ("bad_code"), not a join code
    return f"{match.group(1)}{match.group('q')}{REDACTED}{match.group('q')}"


def redact(text: str) -> str:
    """``text`` with seat tokens and join codes taken out (see the module's docstring)."""
    text = _SEAT.sub(lambda m: m.group(1) + REDACTED, text)
    text = _KEYED.sub(_clean_keyed, text)
    return _WORD.sub(_clean_word, text)


def _redact_arg(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


def scrub(record: logging.LogRecord) -> None:
    """Take the secrets out of ``record`` in place.

    Its format and each of its arguments apart, so the record keeps its shape
    (uvicorn's access formatter reads the request line from its arguments);
    when that does not leave a clean message (a secret only visible once
    formatted, an object's ``str``), the record becomes its scrubbed text.
    """
    try:
        message = record.getMessage()
    except Exception:  # a malformed record: its handler reports it as ever
        return
    msg, args = record.msg, record.args
    record.msg = redact(msg) if isinstance(msg, str) else msg
    if isinstance(args, tuple):
        record.args = tuple(_redact_arg(a) for a in args)
    elif isinstance(args, Mapping):
        record.args = {k: _redact_arg(v) for k, v in args.items()}
    try:
        shaped = record.getMessage()
    except Exception:  # taking a secret out of the format broke it
        shaped = None
    if shaped is None or redact(shaped) != shaped:
        record.msg, record.args = redact(message), ()
    if record.exc_info and not record.exc_text:
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


class RedactTokens(logging.Filter):
    """Scrubs each record a handler emits (the record is kept)."""

    def filter(self, record: logging.LogRecord) -> bool:
        scrub(record)
        return True


def install() -> None:
    """Scrub every log record this process makes, as it is made: any logger, any handler,
    including those set up later (uvicorn's, Celery's)."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "scrubs_secrets", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        scrub(record)
        return record

    factory.scrubs_secrets = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's own logging setup with the scrubbing filter on every handler."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": "companion.logredact.RedactTokens"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config
