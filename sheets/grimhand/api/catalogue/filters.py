"""Query-parameter parsing of the catalogue API: a bad value is 400 ``bad_filter`` naming the field."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter

from campaigns.models import Seat
from rules.errors import RuleViolation
from rules.grimhand.charts import DEFAULT_CHARTS
from sheets.grimhand.catalogue_data import EXPLORATION, canonical_affinity
from sheets.grimhand.models import (
    ThreatKind,
)


def _bad(field: str, message: str) -> RuleViolation:
    return RuleViolation("bad_filter", message, status=400, extra={"field": field})


def _text(params: Any, name: str) -> str | None:
    value = str(params.get(name, "")).strip()
    return value or None


def affinity_param(params: Any) -> str | None:
    """Case-insensitive; "Wild" means Nature (spec Decision)."""
    value = _text(params, "affinity")
    if value is None:
        return None
    try:
        return canonical_affinity(value)
    except ValueError:
        raise _bad("affinity", "Affinity must be Blood, Bone, Shadow, Iron or Nature.") from None


def int_param(params: Any, name: str, low: int, high: int, message: str) -> int | None:
    value = _text(params, name)
    if value is None:
        return None
    try:
        number = int(value)
    except ValueError:
        raise _bad(name, message) from None
    if not low <= number <= high:
        raise _bad(name, message)
    return number


def rank_param(params: Any, low: int = 1) -> int | None:
    return int_param(params, "rank", low, 10, f"Rank must be a number from {low} to 10.")


def stature_param(params: Any) -> str | None:
    """A stature name, case-insensitive; "Legendary" is accepted for Legend (spec)."""
    value = _text(params, "stature")
    if value is None:
        return None
    try:
        return DEFAULT_CHARTS.stature(value).name
    except RuleViolation:
        names = ", ".join(row.name for row in DEFAULT_CHARTS.statures)
        raise _bad("stature", f"Stature must be one of {names}.") from None


def rarity_param(params: Any) -> str | None:
    value = _text(params, "rarity")
    if value is None:
        return None
    try:
        return DEFAULT_CHARTS.rarity(value)
    except RuleViolation:
        names = ", ".join(band.rarity for band in DEFAULT_CHARTS.rarities)
        raise _bad("rarity", f"Rarity must be one of {names}.") from None


def threat_kind_param(params: Any) -> str | None:
    value = _text(params, "kind")
    if value is None:
        return None
    for kind in ThreatKind.values:
        if kind.lower() == value.lower():
            return kind
    raise _bad("kind", f"Kind must be one of {', '.join(ThreatKind.values)}.")


_EXPLORATION_KINDS: tuple[str, ...] = tuple(
    sorted({part for card in EXPLORATION for part in (card.kind, *card.kind.split("/"))})
)


def exploration_kind_param(params: Any) -> str | None:
    """A printed kind ("Hazard/Event") or one part of it ("Hazard")."""
    value = _text(params, "kind")
    if value is None:
        return None
    for kind in _EXPLORATION_KINDS:
        if kind.lower() == value.lower():
            return kind
    simple = sorted({k for k in _EXPLORATION_KINDS if "/" not in k})
    raise _bad("kind", f"Kind must be one of {', '.join(simple)} (or a printed pair such as Hazard/Event).")


def homebrew_table_param(request: Any) -> int | None:
    """``?table=``: a campaign whose homebrew to include, for its own seats only."""
    table_id = int_param(request.query_params, "table", 1, 2**63 - 1, "Table must be a table's id.")
    if table_id is None:
        return None
    seat = request.auth
    if not isinstance(seat, Seat):
        raise RuleViolation(
            "not_authenticated", "A table's homebrew needs a seat token of that table.", status=401
        )
    if seat.table_id != table_id:
        raise RuleViolation("not_your_table", "Your seat is at another table.", status=403)
    return table_id


TABLE_PARAM = OpenApiParameter(
    "table", int, description="Include this table's homebrew cards (needs a seat token of that table)."
)
