"""Opening a table: a registered game, its options cleaned by its rules, its host seated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaigns import codes, registry
from campaigns.errors import TableError
from campaigns.models import Role, Table
from campaigns.payloads import check_payload
from campaigns.services.seats import SeatGrant, UserLike, new_seat, real_user, seated
from rules import table as table_rules
from rules.errors import RuleViolation


@transaction.atomic
def table_create(
    *,
    game: str,
    name: str,
    seat_name: str,
    user: UserLike = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[Table, SeatGrant]:
    """Open a table for a registered game, set up with its options; its creator takes the host seat."""
    spec = registry.get(game)
    if options is not None:
        if not isinstance(options, Mapping):
            raise TableError("bad_options", _("Options must be an object."), extra={"field": "options"})
        check_payload(dict(options), "options")
    rest = dict(options or {})
    spectators = (
        table_rules.clean_spectators(rest.pop(table_rules.SPECTATORS), "options.spectators")
        if table_rules.SPECTATORS in rest
        else None
    )
    clean = _game_options(spec, rest)
    table_name = table_rules.clean_name(name, "a table name", table_rules.TABLE_NAME_MAX)
    host_name = table_rules.clean_name(seat_name, "your name", field="seat_name")
    state = {
        **spec.rules.initial_state(clean),
        "undone": [],
        table_rules.BLOCK: table_rules.block(name=table_name, spectators=spectators),
    }
    table = _with_free_code(game=game, name=table_name, host_user=real_user(user), state=state)
    grant = new_seat(table, name=host_name, role=Role.HOST, position=0, user=user)
    seated(table, grant.seat)
    return table, grant


def game_options(table: Table) -> dict[str, Any]:
    """The game's options ``table`` was opened with: not stored, each game keeps them in its
    snapshot under the option's own key (``option_fields``)."""
    spec = registry.find(table.game)
    fields = spec.rules.option_fields if spec is not None else ()
    return {f["key"]: table.state[f["key"]] for f in fields if f["key"] in table.state}


def _game_options(spec: registry.GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options as its rules clean them; a refusal names its field as the create form
    does (``options.<key>``), the refusal itself passed on as the rules raised it."""
    try:
        return spec.clean_options(options)
    except RuleViolation as exc:
        field = exc.extra.get("field", "")
        exc.extra["field"] = f"options.{field}" if field else "options"
        raise


def _with_free_code(**columns: Any) -> Table:
    """The table's row, with a join code no other table has."""
    for _attempt in range(20):
        try:
            with transaction.atomic():
                table: Table = Table.objects.create(join_code=codes.new_join_code(), **columns)
            return table
        except IntegrityError:  # join code already taken: draw another
            continue
    # 31^6 codes make this practically impossible.
    raise TableError(
        "no_code", _("Could not find a free join code; please try again."), status=503
    )  # pragma: no cover
