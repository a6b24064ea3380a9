"""The log in words: one line per event, written by the server for every page and client.

The platform words its own events (seats, the table, undo and redo); a game's
events are worded by its rules' ``describe`` with the seats' names, so a log
line reads "Ann's Vex takes 4 damage" on every phone and no page has to know
the game's event types. The line says what happened; who sent it is the
event's ``seat``, which pages show beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from campaigns.broadcast import event_json
from campaigns.models import Event, Seat, Table
from campaigns.registry import find
from campaigns.undo import undo_seats
from rules import table as table_rules
from rules.changes import key_label, last_key, number_changes, said_changes

Names = Mapping[int, str]


def seat_names(table: Table) -> dict[int, str]:
    """Every seat's name, removed seats included (old lines still name them)."""
    return dict(Seat.objects.filter(table=table).values_list("id", "name"))


def _platform_text(type: str, p: Mapping[str, Any], names: Names) -> str | None:
    if type == "seat.joined":
        if p.get("role") == "spectator":
            return _("%(name)s joined to watch") % {"name": p.get("name")}
        return _("%(name)s joined") % {"name": p.get("name")}
    if type == "seat.renamed":
        return _("%(before)s is now %(name)s") % {"before": p.get("before"), "name": p.get("name")}
    if type == "seat.removed":
        return _("removed %(name)s") % {"name": p.get("name")}
    if type == "seat.reordered":
        order = [names.get(i, _("a former seat")) for i in p.get("seat_ids", []) if isinstance(i, int)]
        return _("changed the seating order: %(order)s") % {"order": ", ".join(order)}
    if type == "seat.claimed":
        return _("kept %(name)s in an account") % {"name": p.get("name", _("this seat"))}
    if type == "table.code_rotated":
        return _("made a new join code")
    if type == "table.policy_changed":
        if p.get("edit_policy") == "everyone":
            return _("let everyone edit every seat")
        return _("set each seat to edit only itself")
    if type == "table.spectators_changed":
        said = {"before": p.get("before"), "after": p.get("limit")}
        return _("set the spectators allowed: %(before)s → %(after)s") % said
    if type == "table.renamed":
        return _("renamed the table to %(name)s") % {"name": p.get("name")}
    if type == "table.ended":
        return _("ended the table")
    return None


def _game_text(table: Table, type: str, payload: Mapping[str, Any], names: Names) -> str:
    spec = find(table.game)
    if spec is None:
        return type.replace(".", " ").replace("_", " ")
    try:
        return spec.rules.describe(type, payload, names)
    except Exception:  # a line that cannot be worded must not cost the command
        return type.replace(".", " ").replace("_", " ")


def event_texts(table: Table, events: Iterable[Event], names: Names | None = None) -> list[str]:
    """The log line of each event (undo and redo quote the line they undo or redo)."""
    events = list(events)
    if names is None:
        names = seat_names(table)
    quoted: dict[int, Event] = {}
    wanted = {_quoted_seq(e) for e in events} - {None}
    if wanted:
        quoted = {e.seq: e for e in Event.objects.filter(table=table, seq__in=wanted)}
    lines = []
    for event in events:
        lines.append(_text(table, event, names, quoted))
    return lines


def _quoted_seq(event: Event) -> int | None:
    key = {"undo": "seq", "redo": "redone_seq"}.get(event.type)
    value = event.payload.get(key) if key else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(table: Table, event: Event, names: Names, quoted: Mapping[int, Event]) -> str:
    p = event.payload if isinstance(event.payload, dict) else {}
    if event.type in ("undo", "redo"):
        seq = _quoted_seq(event)
        target = quoted.get(seq) if seq is not None else None
        if target is None:
            said = {"seq": seq}
            line = (
                _("undid change #%(seq)s") % said
                if event.type == "undo"
                else _("redid change #%(seq)s") % said
            )
        else:
            quoted_line = {"line": _text(table, target, names, {})}
            undid, redid = _("undid: %(line)s"), _("redid: %(line)s")
            line = (undid if event.type == "undo" else redid) % quoted_line
        return line + _moved_back(table, p, names)
    platform = _platform_text(event.type, p, names)
    if platform is not None:
        return platform
    return _game_text(table, event.type, p, names)


def _moved_back(table: Table, payload: Mapping[str, Any], names: Names) -> str:
    """What an undo or redo really changed, " (Ann's Health 2 → 9)": the quoted line's numbers
    are the original change's, and an undo of an older change moves the numbers as they are now."""
    changes = number_changes(payload)
    if not changes:
        return ""
    spec = find(table.game)

    def label(path: list[Any]) -> str:
        try:
            if spec is not None and isinstance(table.state, dict):
                return str(spec.rules.number_label(path, table.state, names))
        except Exception:  # a label is a nicety; the numbers are what must show
            pass
        return key_label(last_key(path) or "number")  # worded in the reader's language

    return f" ({said_changes(changes, label)})"


def events_json(table: Table, events: Iterable[Event], names: Names | None = None) -> list[dict[str, Any]]:
    """The events as clients get them: each with its log line and, for a tap, its burst."""
    events = list(events)
    if names is None:
        names = seat_names(table)
    texts = event_texts(table, events, names)
    actors = table_rules.actors(table.state) if table_rules.BLOCK in table.state else []
    out = []
    for event, text in zip(events, texts, strict=True):
        data = event_json(event, text)
        # Who may undo (or redo) it now: the server's answer, so the page offers only that.
        data["undo_by"] = undo_seats(table, event, actors)
        burst = _burst(table, event, names)
        if burst is not None:
            data["burst"] = burst
        out.append(data)
    return out


def reworded(
    table: Table, sent: list[dict[str, Any]], events: list[Event], names: Names
) -> list[dict[str, Any]]:
    """``sent`` (``events_json``'s for ``events``) with its words in the active language: the
    lines and bursts, the rest as it was (a second language costs only its words)."""
    texts = event_texts(table, events, names)
    out = []
    for data, event, text in zip(sent, events, texts, strict=True):
        again = {**data, "text": text}
        if "burst" in data:
            again["burst"] = _burst(table, event, names)
        out.append(again)
    return out


def _burst(table: Table, event: Event, names: Names) -> Any:
    spec = find(table.game)
    if spec is None or not isinstance(event.payload, dict):
        return None
    try:
        return spec.rules.burst(event.type, event.payload, names)
    except Exception:  # a burst is a nicety; the line is already there
        return None
