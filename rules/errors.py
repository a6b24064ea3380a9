"""The single error type raised by the rules when an input breaks a rule.

Services translate it into the API's error shape ``{"code", "message",
"extra"}``, so ``code`` is a stable snake_case identifier and ``message`` is
meant for people.
"""

from __future__ import annotations


class RuleViolation(Exception):
    """A command or input that the game's rules refuse.

    ``code`` is stable (clients branch on it), ``message`` is human-readable and
    names the offending value, ``extra`` carries structured details.
    """

    def __init__(self, code: str, message: str, extra: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code: str = code
        self.message: str = message
        self.extra: dict[str, object] = dict(extra) if extra else {}

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"
