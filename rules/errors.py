"""The one coded error of the whole service: rules, services and the API (architecture: bad input).

The rules raise it when an input breaks a rule; the table services raise it
(``campaigns.errors.TableError`` is one) for the table's own refusals; the
API's exception handler turns any of them into the error shape ``{"code",
"message", "extra"}`` with its ``status``, so views have no try/except and
each message is written once. ``code`` is a stable snake_case identifier
and ``message`` is meant for people.
"""

from __future__ import annotations


class RuleViolation(Exception):
    """A command or input that is refused.

    ``code`` is stable (clients branch on it), ``message`` is human-readable and
    names the offending value, ``extra`` carries structured details (``field``
    names the input at fault), ``status`` is the HTTP status it answers
    (400 unless a subclass or the raiser says otherwise).
    """

    status: int = 400

    def __init__(
        self, code: str, message: str, extra: dict[str, object] | None = None, *, status: int | None = None
    ) -> None:
        super().__init__(message)
        self.code: str = code
        self.message: str = message
        self.extra: dict[str, object] = dict(extra) if extra else {}
        if status is not None:
            self.status = status

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"
