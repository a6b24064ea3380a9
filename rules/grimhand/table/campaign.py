"""The campaign at the table (§6, §7, §10, §13): commands for levels, explore cards, market, rest, end."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine import Payload
from rules.grimhand.table.context import Ctx, EventBody

CAMPAIGN_HANDLERS: dict[str, Callable[[Ctx, Payload], EventBody]] = {}
