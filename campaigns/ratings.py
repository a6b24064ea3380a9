"""Skill ratings per game with ``openskill`` (issue #14: "a skill rating for the competitive games").

After a play's results are written, ``move_ratings`` moves the rating of every
player in it by openskill's Plackett-Luce model (multiplayer, each seat its
own team, ranked by place or by who won). Only competitive plays count: one
where the results tell seats apart. A co-op play (everyone won, or everyone
lost, together; or any play of a game whose rules are ``cooperative``, where
places only rank who fared better on one side) or a play with one seat says
nothing about who plays better and is not rated. A play is rated once: its ``RatingChange`` rows are the mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from openskill.models import PlackettLuce

from campaigns import stats_cache
from campaigns.models import Play, PlayResult, Rating, RatingChange
from campaigns.registry import is_cooperative

MODEL = PlackettLuce()
"""openskill's defaults (mu 25, sigma 25/3); the same model the tests call directly."""

Identity = tuple[int | None, str]
"""``(account id, "")`` for an account, ``(None, seat name)`` for a guest."""


def identity(result: PlayResult) -> Identity:
    return (result.user_id, "") if result.user_id is not None else (None, result.name)


def competitive_ranks(results: Sequence[tuple[int | None, bool]]) -> list[int] | None:
    """Ranks (1 best, ties share) for ``(place, won)`` per seat, or ``None`` if the play is not rated.

    Places decide when they differ (a seat without a place ranks after every
    placed seat); otherwise winners rank above the rest. One seat, equal
    places and one shared outcome (a co-op play) give ``None``.
    """
    if len(results) < 2:
        return None
    places = [place for place, _won in results if place is not None]
    if len(set(places)) > 1:
        last = max(places) + 1
        return [place if place is not None else last for place, _won in results]
    if len({won for _place, won in results}) > 1:
        return [1 if won else 2 for _place, won in results]
    return None


def _ratings_for(game: str, people: list[Identity]) -> dict[Identity, Rating]:
    """The ratings of ``people`` in ``game``, locked, created at openskill's start where missing."""
    accounts = [user for user, _name in people if user is not None]
    guests = [name for user, name in people if user is None]
    wanted = Q(game=game) & (Q(user_id__in=accounts) | Q(user__isnull=True, guest_name__in=guests))
    found = {(r.user_id, r.guest_name): r for r in Rating.objects.select_for_update().filter(wanted)}
    missing = [p for p in people if p not in found]
    if missing:
        start = MODEL.rating()
        Rating.objects.bulk_create(
            Rating(game=game, user_id=user, guest_name=name, mu=start.mu, sigma=start.sigma)
            for user, name in missing
        )
        found = {(r.user_id, r.guest_name): r for r in Rating.objects.select_for_update().filter(wanted)}
    return found


def move_ratings(play: Play) -> int:
    """Rate ``play`` once; how many ratings moved (0 if it was rated before or is not competitive).

    The play row is locked, so a retry running beside the first attempt waits
    and then finds the play rated. A person holding two seats counts once, at
    their better seat.
    """
    with transaction.atomic():
        Play.objects.select_for_update().filter(pk=play.pk).first()
        if RatingChange.objects.filter(play=play).exists() or is_cooperative(play.game):
            return 0
        seats: dict[Identity, PlayResult] = {}
        for result in PlayResult.objects.filter(play=play).order_by(
            F("place").asc(nulls_last=True), "-won", "id"
        ):
            seats.setdefault(identity(result), result)
        people = list(seats)
        ranks = competitive_ranks([(seats[p].place, seats[p].won) for p in people])
        if ranks is None:
            return 0
        ratings = _ratings_for(play.game, people)
        teams = [[MODEL.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in people]
        moved = MODEL.rate(teams, ranks=[float(r) for r in ranks])
        changes, now = [], timezone.now()
        for person, [after] in zip(people, moved, strict=True):
            rating = ratings[person]
            rating.mu, rating.sigma, rating.plays = after.mu, after.sigma, rating.plays + 1
            rating.updated_at = now  # bulk_update skips auto_now
            changes.append(
                RatingChange(rating=rating, play=play, mu=after.mu, sigma=after.sigma, ended_at=play.ended_at)
            )
        Rating.objects.bulk_update(ratings.values(), ["mu", "sigma", "plays", "updated_at"])
        RatingChange.objects.bulk_create(changes)
        # The cached statistics show these ratings: the accounts' own, and every group's leaderboard
        # where one of these people played (issue #14, "Speed"; campaigns.stats_cache).
        accounts = [user for user, _name in people if user is not None]
        stats_cache.bump_accounts(accounts)
        stats_cache.bump_groups_of(play.game, accounts, [name for user, name in people if user is None])
        return len(changes)


def rating_json(rating: Rating | None) -> dict[str, Any] | None:
    """What a page or client shows: the ordinal to rank by, and mu and sigma (the uncertainty)."""
    if rating is None:
        return None
    return {
        "ordinal": round(rating.ordinal, 2),
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
        "plays": rating.plays,
    }


def carry_to_account(play: Play, guest_name: str, account_id: int) -> bool:
    """A guest seat of a rated ``play`` was kept by an account: the account gets the play's rating.

    Exact where the guest's rating holds this play alone and the account has
    none in the game yet: that rating row becomes the account's. Otherwise the
    account is rated for this play now, from its rating and the other people's
    current ones, at the place the seat finished; the guest's rating keeps its
    other plays (a guest name is not one person). Whether anything moved.
    """
    with transaction.atomic():
        Play.objects.select_for_update().filter(pk=play.pk).first()
        changes = RatingChange.objects.filter(play=play).select_related("rating")
        if not changes or any(c.rating.user_id == account_id for c in changes):
            return False  # not rated (yet: move_ratings will read the account), or already carried
        guest = next(
            (c for c in changes if c.rating.user_id is None and c.rating.guest_name == guest_name), None
        )
        if guest is None:
            return False
        mine = Rating.objects.select_for_update().filter(game=play.game, user_id=account_id).first()
        if mine is None and guest.rating.plays == 1:
            Rating.objects.filter(pk=guest.rating_id).update(user_id=account_id, guest_name="")
        else:
            _rate_late(play, guest, account_id)
        stats_cache.bump_accounts([account_id])
        stats_cache.bump_groups_of(play.game, [account_id], [guest_name])
        return True


def _rate_late(play: Play, guest: RatingChange, account_id: int) -> None:
    """Rate the account for ``play`` against the other people's ratings as they are now."""
    others = RatingChange.objects.filter(play=play).exclude(pk=guest.pk).select_related("rating")
    people: list[Identity] = [(account_id, ""), *((c.rating.user_id, c.rating.guest_name) for c in others)]
    results = {identity(r): r for r in PlayResult.objects.filter(play=play)}
    seat_of = {p: results[p] for p in people if p in results}
    if len(seat_of) != len(people):
        return  # a seat of the play is no longer readable: leave the ratings as they are
    ranks = competitive_ranks([(seat_of[p].place, seat_of[p].won) for p in people])
    if ranks is None:
        return
    ratings = _ratings_for(play.game, people)
    teams = [[MODEL.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in people]
    [after], *_rest = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    mine = ratings[(account_id, "")]
    mine.mu, mine.sigma, mine.plays, mine.updated_at = after.mu, after.sigma, mine.plays + 1, timezone.now()
    mine.save(update_fields=["mu", "sigma", "plays", "updated_at"])
    RatingChange.objects.create(
        rating=mine, play=play, mu=after.mu, sigma=after.sigma, ended_at=play.ended_at
    )
