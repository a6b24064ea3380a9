"""Grim Hand pages: the sheet's old address and a character's file (spec: Character).

Every character's sheet is part of the table page's board (issue #8: one page
shell, server-rendered boards), so ``/g/<table_id>/`` (in links already sent by
mail or shown as QR codes) leads to this seat's sheet there. Downloading a
character is a plain link: the page's seat cookie is the credential.
"""

from __future__ import annotations

import json
import re

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns import selectors as table_selectors
from campaigns.credentials import cookie_name
from campaigns.models import Seat
from rules.grimhand.table import export_character
from sheets.grimhand.selectors import table_character


def _page_seat(request: HttpRequest, table_id: int) -> Seat | None:
    seat = table_selectors.seat_for_token(request.COOKIES.get(cookie_name(table_id), ""))
    return seat if seat is not None and seat.table_id == table_id else None


def sheet_page(request: HttpRequest, table_id: int) -> HttpResponseBase:
    """The sheet's old page: now the table page, at this seat's sheet (which comes first there)."""
    return redirect(reverse("table", kwargs={"table_id": table_id}) + "#sheet")


def character_export(request: HttpRequest, table_id: int, character_id: int) -> HttpResponse:
    """A character as a JSON file, for ``character.import`` at another table (any seat of this table)."""
    seat = _page_seat(request, table_id)
    if seat is None:
        return HttpResponse(_("You don't have a seat at that table."), status=403, content_type="text/plain")
    char = table_character(seat.table.state, character_id)
    if char is None:
        message = _("There is no such character at this table.")
        return HttpResponse(message, status=404, content_type="text/plain")
    slug = re.sub(r"[^a-z0-9]+", "-", str(char["name"]).lower()).strip("-") or "character"
    response = HttpResponse(json.dumps(export_character(char)), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="grim-hand-{slug}.json"'
    response["Cache-Control"] = "no-store"
    return response
