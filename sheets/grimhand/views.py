"""Grim Hand pages (phone first): my character's sheet and the party, live (spec: Character).

The page boots with the table's snapshot (every character's derived numbers)
and the catalogue facts its pickers need; ``static/js/sheet.js`` renders it
and keeps it live with ``TableSync`` (websocket, gap fill, polling). Every
change is a table command, so it syncs to the party, shows in the activity
and can be undone.
"""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from campaigns import selectors as table_selectors
from campaigns.auth import cookie_name
from campaigns.models import Seat
from campaigns.registry import rules_for
from rules.grimhand.table import Catalogue, GrimHandRules
from sheets.grimhand.catalogue_source import grimhand_catalogue

_shown: tuple[Catalogue, dict[str, Any]] | None = None
"""The last catalogue reshaped for the pickers, and the result."""


def current_catalogue() -> Catalogue:
    """The catalogue Grim Hand table commands use now (the registered rules' source)."""
    rules = rules_for("grimhand")
    return rules.catalogue if isinstance(rules, GrimHandRules) else grimhand_catalogue()


def sheet_catalogue(catalogue: Catalogue | None = None) -> dict[str, Any]:
    """The facts the sheet's pickers show: choices, cards, quests, abilities, stature (§4, §8, §9).

    From the catalogue the table commands use now, so the create form offers
    exactly the races and classes a command accepts; reshaped once per
    catalogue version, not per page.
    """
    global _shown
    catalogue = current_catalogue() if catalogue is None else catalogue
    shown = _shown  # one read: another request thread may replace it meanwhile
    if shown is not None and shown[0] is catalogue:
        return shown[1]
    facts = _pickers(catalogue)
    _shown = (catalogue, facts)
    return facts


def _pickers(catalogue: Catalogue) -> dict[str, Any]:
    tables = catalogue.tables

    def row(r: Any) -> dict[str, Any]:
        return {"name": r.name, "ability": r.ability_name, "text": r.ability_text}

    return {
        "races": [row(r) for r in tables.races],
        "classes": [row(r) for r in tables.classes],
        "affinities": [row(r) for r in tables.affinities],
        "statures": [{"name": s.name, "xp": s.xp} for s in tables.statures],
        "equipment": {f"{c.affinity}-{c.rank}": c.name for c in catalogue.equipment},
        "items": {
            f"{c.affinity}-{c.rank}": {"ap": c.ap_cost, "gold": c.gold_value, "effect": c.effect}
            for c in catalogue.equipment
        },
        "quests": [
            {
                "name": q.name,
                "affinity": q.affinity,
                "stature": q.stature,
                "qp_needed": q.qp_needed,
                "success": q.success_text,
                "failure": q.failure_text,
            }
            for q in catalogue.quests
        ],
        "abilities": [
            {"name": a.name, "stature": a.stature, "effect": a.effect} for a in catalogue.abilities
        ],
    }


def _page_seat(request: HttpRequest, table_id: int) -> Seat | None:
    seat = table_selectors.seat_for_token(request.COOKIES.get(cookie_name(table_id), ""))
    return seat if seat is not None and seat.table_id == table_id else None


def sheet_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """My seat's character sheet (or its create form), the party and the activity."""
    seat = _page_seat(request, table_id)
    if seat is None:
        messages.info(request, "You don't have a seat at that table yet. Ask the host for the code.")
        return redirect("join")
    table = seat.table
    if table.game != "grimhand":
        return redirect("table", table_id=table_id)
    join_url = request.build_absolute_uri(reverse("join-code", kwargs={"code": table.join_code}))
    context = {
        "table": table,
        "seat": seat,
        "boot": table_selectors.table_json(table, viewer=seat),
        "catalogue": sheet_catalogue(),
        "token": request.COOKIES.get(cookie_name(table.pk), ""),
        "join_url": join_url,
        "qr_svg": segno.make(join_url, error="m").svg_inline(scale=4, dark="#14110f", light="#f1e9e2"),
    }
    return render(request, "sheets/sheet.html", context)
