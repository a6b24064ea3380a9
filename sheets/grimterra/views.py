"""The deck checker page: three heroes and a typed card list, checked by the rules (rulebook 5)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from campaigns import selectors
from campaigns.credentials import cookie_name
from rules.errors import RuleViolation
from rules.grimterra.deck import check_deck
from rules.grimterra.state import FATES, HEROES_PER_PLAYER
from sheets.grimterra.decklist import read_cards


def _posted_heroes(request: HttpRequest) -> list[dict[str, Any]]:
    rows = []
    for i in range(HEROES_PER_PLAYER):
        name = request.POST.get(f"hero-{i}-name", "").strip()
        fates = [f for f in FATES if request.POST.get(f"hero-{i}-{f}") == "on"]
        rows.append({"index": i, "name": name, "fates": fates})
    return rows


def _seated_heroes(request: HttpRequest) -> list[dict[str, Any]]:
    """The heroes this phone's seat already has at the Grimterra table ``?table=`` names."""
    table_id = request.GET.get("table", "")
    if not table_id.isdigit():
        return []
    seat = selectors.seat_for_token(request.COOKIES.get(cookie_name(int(table_id)), ""))
    if seat is None or seat.table_id != int(table_id) or seat.table.game != "grimterra":
        return []
    heroes = [
        h for h in seat.table.state.get("heroes", []) if h.get("seat_id") == seat.pk and not h.get("minion")
    ]
    return [{"name": h["name"], "fates": list(h.get("fates", []))} for h in heroes[:HEROES_PER_PLAYER]]


def _blank_rows(seated: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = [{"index": i, **hero} for i, hero in enumerate(seated)]
    rows += [{"index": i, "name": "", "fates": []} for i in range(len(rows), HEROES_PER_PLAYER)]
    return rows


def deck_page(request: HttpRequest) -> HttpResponse:
    """GET: the form (the seat's heroes at its table filled in); POST: every problem at once."""
    posted = request.method == "POST"
    heroes = _posted_heroes(request) if posted else _blank_rows(_seated_heroes(request))
    cards_text = request.POST.get("cards", "") if posted else ""
    context: dict[str, Any] = {"heroes": heroes, "fates": FATES, "cards_text": cards_text}
    if not posted:
        return render(request, "grimterra/decks.html", context)
    deck = read_cards(cards_text)
    listed = [{"name": h["name"], "fates": h["fates"]} for h in heroes if h["name"] or h["fates"]]
    try:
        result = check_deck(listed, deck.cards)
    except RuleViolation as exc:  # a hero the rules cannot read: its field says why
        context["error"] = {"field": "heroes", "message": exc.message}
        return render(request, "grimterra/decks.html", context, status=400)
    if deck.problems:
        context["line_problems"] = deck.problems
        result = {**result, "valid": False}
    context["result"] = result
    return render(request, "grimterra/decks.html", context)


urlpatterns = [path("grimterra/decks/", deck_page, name="grimterra-decks")]
