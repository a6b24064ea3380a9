"""The log tells the truth: every number a command changes is named in its lines as before → after.

A command's events carry the path ops of ``rules.ops`` (their own ``ops``, or
an undo's or redo's compensating ``events``), each number change with its
``before`` and ``after`` (``rules.changes.number_changes``, which also says
which numbers are bookkeeping). ``unnamed_changes`` lists the changes that
none of the command's log lines names as ``before → after`` (a new number:
by its value). The suite checks every command any test sends through the
table service (the ``log_tells_the_truth`` fixture in the root conftest).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.changes import moved, number_changes


def unnamed_changes(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """The number changes of one command's events (as the API answers them, each with its
    ``text``) that no line of the command names."""
    events = list(events)
    text = "\n".join(str(e.get("text", "")) for e in events)
    missing = []
    for event in events:
        payload = event.get("payload")
        if not isinstance(payload, Mapping):
            continue
        for path, before, after in number_changes(payload):
            if moved(before, after) not in text:
                missing.append(f"{event.get('type')}: {path} {moved(before, after)} is not in {text!r}")
    return missing


def checking(original: Callable[..., Any]) -> Callable[..., Any]:
    """``services.command_execute`` that fails the test when an accepted command's lines leave a
    changed number unnamed."""

    def command_execute(**kwargs: Any) -> Any:
        result = original(**kwargs)
        if result.status == 200:
            missing = unnamed_changes(result.body.get("events", []))
            assert not missing, f"{kwargs['type']} leaves numbers out of its log line: {missing}"
        return result

    return command_execute
