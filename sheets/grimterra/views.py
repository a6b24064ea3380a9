"""The deck checker page: three heroes and a typed card list, checked by the rules (rulebook 5)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from rules.errors import RuleViolation
from rules.grimterra.deck import check_deck
from rules.grimterra.state import FATES
from sheets.grimterra.decklist import BadLine, read_cards

HERO_ROWS = 3


def _heroes(request: HttpRequest) -> list[dict[str, Any]]:
    rows = []
    for i in range(HERO_ROWS):
        name = request.POST.get(f"hero-{i}-name", "").strip()
        fates = [f for f in FATES if request.POST.get(f"hero-{i}-{f}") == "on"]
        rows.append({"index": i, "name": name, "fates": fates})
    return rows


def deck_page(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST: the verdict with every violation, or the field it cannot read."""
    heroes = (
        _heroes(request)
        if request.method == "POST"
        else [{"index": i, "name": "", "fates": []} for i in range(3)]
    )
    cards_text = request.POST.get("cards", "") if request.method == "POST" else ""
    context: dict[str, Any] = {"heroes": heroes, "fates": FATES, "cards_text": cards_text}
    status = 200
    if request.method == "POST":
        try:
            cards = read_cards(cards_text)
            listed = [{"name": h["name"], "fates": h["fates"]} for h in heroes if h["name"] or h["fates"]]
            context["result"] = check_deck(listed, cards)
        except BadLine as exc:
            context["error"] = {"field": "cards", "message": str(exc)}
            status = 400
        except RuleViolation as exc:
            field = str(exc.extra.get("field", ""))
            context["error"] = {
                "field": "heroes" if field.startswith("heroes") else "cards",
                "message": exc.message,
            }
            status = 400
    return render(request, "grimterra/decks.html", context, status=status)


urlpatterns = [path("grimterra/decks/", deck_page, name="grimterra-decks")]
