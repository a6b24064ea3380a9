"""Seat tokens never reach the logs: the server's log lines are scrubbed of them.

A websocket may carry its seat token in the URL (``?token=``), and uvicorn
logs the URL of every request and socket. A token is a seat's whole
credential, so the log keeps "token=[redacted]" instead; the same goes for
an ``Authorization: Seat`` value that finds its way into a message.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

from uvicorn.config import LOGGING_CONFIG

SECRET = re.compile(r"(token=|Seat\s+)[^\s&\"']+", re.IGNORECASE)
REDACTED = "[redacted]"


def redact(text: str) -> str:
    return SECRET.sub(lambda m: m.group(1) + REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrites each record's message with the tokens taken out (the record is kept)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg = clean
            record.args = ()
        return True


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's own logging setup with the scrubbing filter on every handler."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": "companion.logredact.RedactTokens"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config
