"""A finished game's play record: places ranked from each player's standing, one row per player.

``results(state)`` (``rules.game.GameRulesBase``) gives ``[{seat_id, score,
place, won, details}]``, winners first. Places follow the standard
competition ranking: players who stand equal share a place and the next
place is skipped ("1, 2, 2, 4"). Who wins is the game's to say (a shared
first place may be a shared win, or a tie that nobody wins).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

Row = dict[str, Any]


def places(standing: Mapping[int, Any]) -> dict[int, int]:
    """Each seat's place from its standing (higher is better; tuples compare in order, so a
    tie-break follows the first number): one more than the number of seats standing higher."""
    return {
        seat_id: 1 + sum(1 for other in standing.values() if other > mine)
        for seat_id, mine in standing.items()
    }


def row(seat_id: int, *, score: int | None, place: int, won: bool, details: dict[str, Any]) -> Row:
    """One player's row of the play record (``score`` None: the game keeps no score)."""
    return {"seat_id": seat_id, "score": score, "place": place, "won": won, "details": details}


def standings(rows: Iterable[Row]) -> list[Row]:
    """The rows as the play record lists them: by place, then by seat."""
    return sorted(rows, key=lambda r: (r["place"], r["seat_id"]))


def ranked(
    players: Sequence[Mapping[str, Any]],
    winners: Collection[int],
    details: Callable[[Mapping[str, Any]], dict[str, Any]],
    *,
    by: tuple[str, ...],
) -> list[Row]:
    """One row per player, in place order: placed by the numbers of its record named ``by`` (the
    first is its score, the others break ties in order), ``won`` when among ``winners``."""
    place = places({p["seat_id"]: tuple(p[key] for key in by) for p in players})
    return standings(
        row(
            p["seat_id"],
            score=p[by[0]],
            place=place[p["seat_id"]],
            won=p["seat_id"] in winners,
            details=details(p),
        )
        for p in players
    )


def shared_win(seat_id: int, winners: Collection[int]) -> bool:
    """The seat is one of several winners."""
    return len(winners) > 1 and seat_id in winners
