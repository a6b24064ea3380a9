"""The combat helper at the table (§7.4, Appendix II): commands ``combat.*`` (issue #10)."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine import Payload
from rules.grimhand.table.context import Ctx, EventBody

COMBAT_HANDLERS: dict[str, Callable[[Ctx, Payload], EventBody]] = {}
