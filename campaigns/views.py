"""Table pages (phone first): create, join, the live table, the shared screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import registry, selectors, services
from campaigns.boards import board_html
from campaigns.credentials import cookie_name
from campaigns.home import home_context
from campaigns.models import Role, Seat, Table, TableStatus
from rules.errors import RuleViolation

COOKIE_MAX_AGE = 60 * 60 * 24 * 60  # a campaign can run for weeks


def set_seat_cookie(response: HttpResponseBase, request: HttpRequest, table_id: int, token: str) -> None:
    response.set_cookie(
        cookie_name(table_id),
        token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def _page_seat(request: HttpRequest, table_id: int) -> Seat | None:
    seat = selectors.seat_for_token(request.COOKIES.get(cookie_name(table_id), ""))
    return seat if seat is not None and seat.table_id == table_id else None


def _own_page(table: Table) -> HttpResponse | None:
    """A game with a page of its own (its spec's ``page``) is shown there."""
    spec = registry.find(table.game)
    return redirect(spec.page, table_id=table.pk) if spec is not None and spec.page else None


@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    """The home page's "open a table" form."""
    form = {k: request.POST.get(k, "").strip() for k in ("game", "name", "seat_name")}
    try:
        table, grant = services.table_create(
            game=form["game"],
            name=form["name"],
            seat_name=form["seat_name"],
            user=request.user,
            options=_form_options(request, form["game"]),
        )
    except RuleViolation as exc:
        field = exc.extra.get("field", "name")
        ctx = home_context(request) | {"create_error": {"field": field, "message": exc.message}, "form": form}
        return render(request, "home.html", ctx, status=400)
    response = redirect("table", table_id=table.pk)
    set_seat_cookie(response, request, table.pk, grant.token)
    return response


def _form_options(request: HttpRequest, game: str) -> dict[str, Any]:
    """The chosen game's setup options from the form (``opt-<game>-<key>``), typed as its choices are.

    A value that is not one of the choices is passed on as typed, so the
    game's ``clean_options`` refuses it by name.
    """
    spec = registry.find(game)
    if spec is None:
        return {}
    options: dict[str, Any] = {}
    for field in spec.rules.option_fields:
        key = str(field["key"])
        raw = request.POST.get(f"opt-{game}-{key}")
        if raw is None:
            continue
        typed = {str(c["value"]): c["value"] for c in field["choices"]}
        options[key] = typed.get(raw, raw)
    return options


def _held_seat(request: HttpRequest, code: str) -> Seat | None:
    """The seat this device already holds at the table of this code, if any."""
    table = selectors.table_for_code(code) if code else None
    return _page_seat(request, table.pk) if table is not None else None


def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Type the code (or open the link), pick a name, take a seat.

    A phone that already holds a seat at that table goes back to it ("You are
    seated as Ann"); taking a second seat needs the explicit "take another
    seat" choice, so a campaign's players never split themselves in two.
    """
    form = {"code": code.upper(), "name": "", "role": Role.PLAYER}
    error: dict[str, str] | None = None
    status = 200
    held = _held_seat(request, code)
    if request.method == "POST":
        form = {k: request.POST.get(k, "").strip() for k in ("code", "name", "role")}
        role = Role.SPECTATOR if form["role"] == Role.SPECTATOR else Role.PLAYER
        held = _held_seat(request, form["code"])
        if held is not None and request.POST.get("another") != "1":
            messages.info(request, _("You are seated as %(name)s.") % {"name": held.name})
            return redirect("table", table_id=held.table_id)
        try:
            table, grant = services.seat_join_guarded(
                client=str(request.META.get("REMOTE_ADDR") or "unknown"),
                code=form["code"],
                name=form["name"],
                role=role,
                user=request.user,
            )
        except RuleViolation as exc:
            error = {"field": str(exc.extra.get("field", "code")), "message": exc.message}
            status = exc.status if exc.status in (400, 404, 409, 410, 429) else 400
        else:
            target = "table-screen" if role == Role.SPECTATOR else "table"
            response = redirect(target, table_id=table.pk)
            set_seat_cookie(response, request, table.pk, grant.token)
            return response
    context = {"form": form, "error": error, "held": held}
    return render(request, "campaigns/join.html", context, status=status)


def _table_context(request: HttpRequest, seat: Seat) -> dict[str, Any]:
    table: Table = seat.table
    data = selectors.table_json(table, viewer=seat)
    join_url = request.build_absolute_uri(reverse("join-code", kwargs={"code": table.join_code}))
    return {
        "table": table,
        "seat": seat,
        "boot": data,
        "token": request.COOKIES.get(cookie_name(table.pk), ""),
        "join_url": join_url,
        "qr_svg": segno.make(join_url, error="m").svg_inline(
            scale=4, dark="#14110f", light="#f1e9e2", omitsize=True
        ),
    }


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """The live table: my seat big at the top, the others below, the log."""
    seat = _page_seat(request, table_id)
    if seat is None:
        messages.info(request, _("You don't have a seat at that table yet. Ask the host for the code."))
        return redirect("join")
    if (own := _own_page(seat.table)) is not None:
        return own
    if seat.role == Role.SPECTATOR:
        return redirect("table-screen", table_id=table_id)
    return render(request, "campaigns/board_table.html", _board_context(request, seat))


def _board_context(request: HttpRequest, seat: Seat) -> dict[str, Any]:
    table = seat.table
    ended = table.status == TableStatus.ENDED
    rematch = Table.objects.filter(rematch_of=table).only("pk", "name").first() if ended else None
    return _table_context(request, seat) | {
        "spec": registry.find(table.game),
        "board": board_html(table),
        "rematch": rematch,
    }


def table_board(request: HttpRequest, table_id: int) -> HttpResponse:
    """The game's board as an HTML fragment, for a phone catching up (header: its seq)."""
    seat = _page_seat(request, table_id)
    if seat is None:
        return HttpResponse(_("You don't have a seat at that table."), status=403, content_type="text/plain")
    table = seat.table
    html = board_html(table)
    if html is None:
        return HttpResponse(_("This game has no board."), status=404, content_type="text/plain")
    response = HttpResponse(html)
    response["X-Table-Seq"] = str(table.seq)
    response["Cache-Control"] = "no-store"
    return response


def table_screen(request: HttpRequest, table_id: int) -> HttpResponse:
    """Read-only view for a shared screen (any seat of the table may open it)."""
    seat = _page_seat(request, table_id)
    if seat is None:
        messages.info(request, _("Join the table as a spectator to show it on a shared screen."))
        return redirect("join")
    if (own := _own_page(seat.table)) is not None:
        return own
    return render(request, "campaigns/board_screen.html", _board_context(request, seat))


@require_POST
def table_claim(request: HttpRequest, table_id: int) -> HttpResponse:
    seat = _page_seat(request, table_id)
    if seat is None:
        return redirect("join")
    try:
        services.seat_claim(seat=seat, user=request.user)
        messages.success(request, _("This seat is now in your account."))
    except RuleViolation as exc:
        messages.error(request, exc.message)
    return redirect("table", table_id=table_id)


@require_POST
def table_rematch(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host of an ended table opens a new one of the same game with the same seats."""
    return _to_rematch(request, table_id, services.table_rematch)


@require_POST
def rematch_follow(request: HttpRequest, table_id: int) -> HttpResponse:
    """A seat of an ended table takes its place at the rematch the host opened."""
    return _to_rematch(request, table_id, services.rematch_follow)


def _to_rematch(
    request: HttpRequest, table_id: int, step: Callable[..., tuple[Table, services.SeatGrant]]
) -> HttpResponse:
    seat = _page_seat(request, table_id)
    if seat is None:
        return redirect("join")
    try:
        table, grant = step(seat=seat)
    except RuleViolation as exc:
        messages.error(request, exc.message)
        return redirect("table", table_id=table_id)
    response = redirect("table", table_id=table.pk)
    set_seat_cookie(response, request, table.pk, grant.token)
    return response
