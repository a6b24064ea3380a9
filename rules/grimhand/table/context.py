"""What a Grim Hand command handler works with: the state, the actor, dice, the catalogue."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.engine import Actor, Payload
from rules.errors import RuleViolation
from rules.grimhand.charts import GameCharts
from rules.grimhand.table.catalogue import Catalogue
from rules.grimhand.table.ops import Op, apply_op
from rules.grimhand.table.state import Character, derive, find_character
from rules.i18n import gettext as _
from rules.ops import Op as PathOp
from rules.ops import Path, Recorder

MAX_NAME = 40
EventBody = tuple[str, dict[str, Any]]


class _PathRecorder(Recorder):
    """``rules.ops.Recorder`` whose changes land in the command's op list (as ``path`` ops)."""

    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx.state)
        self._ctx = ctx

    def _do(self, op: PathOp) -> PathOp:
        applied: PathOp = self._ctx.do({"op": "path", "change": op})
        self.ops.append(applied)
        return applied

    def add(self, path: Path, by: int, *, lo: int | None = None, hi: int | None = None) -> int:
        """Change a number by ``by`` (clamped to ``lo``/``hi``); nothing is recorded when it stays."""
        current = int(self.get(path))
        after = current + by
        after = after if lo is None else max(lo, after)
        after = after if hi is None else min(hi, after)
        if after != current:
            self._do({"op": "counter", "path": list(path), "after": after})
        return after


@dataclass
class Ctx:
    """A command in progress: each change goes through ``do`` (or ``rec``) and is recorded for undo."""

    state: dict[str, Any]
    actor: Actor
    rng: random.Random
    catalogue: Catalogue
    ops: list[Op] = field(default_factory=list)
    rec: Recorder = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rec = _PathRecorder(self)

    def do(self, op: Op) -> Op:
        """Make one change (in Grim Hand's words, ``ops.to_paths``); the last path op as applied."""
        applied = apply_op(self.state, op)
        self.ops.extend(applied)
        char_id = op.get("character_id")
        if char_id is None and op["op"] == "move":
            char_id = (op["to"] or {}).get("character_id") or (op["from"] or {}).get("character_id")
        if char_id is not None and str(char_id) in self.state["characters"]:
            derive(self.state["characters"][str(char_id)], self.state.get("settings", {}), self.tables)
        return applied[-1] if applied else {}

    @property
    def tables(self) -> GameCharts:
        """The data tables of this command's catalogue (§4, §8, §9, §9.1)."""
        return self.catalogue.tables

    @property
    def settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = self.state.setdefault("settings", {})
        return settings

    def owned(self, payload: Payload) -> Character:
        """The payload's character, if the actor may change it (own seat, host or everyone-edits)."""
        if "character_id" not in payload:
            raise RuleViolation(
                "missing_field", _("Say which character (character_id)."), {"field": "character_id"}
            )
        char = find_character(self.state, payload["character_id"])
        self.actor.require_edit(int(char["seat_id"]))
        return char

    def new_id(self, bits: int, taken: Callable[[int], bool]) -> int:
        """A fresh id from the table's random source (rules cannot ask the database)."""
        while True:
            value = self.rng.getrandbits(bits)
            if value and not taken(value):
                return value


def head(char: Character) -> dict[str, Any]:
    """The fields every character event starts with, for the log."""
    return {"character_id": char["id"], "seat_id": char["seat_id"], "character": char["name"]}
