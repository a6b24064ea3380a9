"""Statistics answered from Django's cache, keyed so a cached answer is never stale (issue #14, "Speed").

An account's statistics (``/api/v1/me/stats/``, the ``/me/stats/`` page) and
a group's (``/api/v1/groups/{host}/stats/``, its page) are a dozen
aggregate queries and a good deal of Python; the speed target asks for a
fraction of that. Each account has a ``StatsVersion`` row: every write that
changes what those statistics read bumps it *in the write's own
transaction*. A read costs one indexed query for the version, then one
cache look-up under a key holding it; a write committed before the version
is read is always seen, since its bump came with it.

The writers, and whose counters they bump:

- the play record (``campaigns.tasks.write_play_record``): every account
  with a seat in the play and the table's host (``mine``: the host's list
  of groups counts the plays they hosted), and the host (``hosted``);
- the ratings of a play (``campaigns.ratings.move_ratings``): every rated
  account (``mine``), and the host of every group where a rated person
  (account, or guest by name) has played that game (``hosted``: a game's
  leaderboard shows members' ratings over all their plays of it);
- a seat claimed by an account (``campaigns.services.seat_claim``): the
  account, every other account in the plays of that seat (their opponent is
  now an account, not a guest), and the hosts of those plays;
- an account renamed (its ``username`` saved changed, by the admin or
  anything else that saves the account; ``renamed`` below): the answers
  show it by name as an opponent, a group member, a record holder and a
  group's host, so the account, everyone who played with it or at its
  tables (``mine``), and the groups it played in or hosts (``hosted``).
  A bulk ``QuerySet.update`` of usernames sends no signal and bumps nothing.

Results written by other means (the 0007 backfill ran before any of this
existed; ``bench`` seeds in bulk before the first read) need no bump: a
missing row is version 0 and nothing is cached under it yet. The key also
holds the account's ``date_joined`` (SQLite reuses a deleted account's id)
and a digest of the registered games' names and record fields (they come
from code, so a deploy that renames a game is not answered from before).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache import caches
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import translation

from campaigns import registry
from campaigns.models import PlayResult, StatsVersion

T = TypeVar("T")

SHAPE = "2"
"""Bumped when the shape of a cached answer changes, so a deploy never reads the old shape."""
TIMEOUT_S = 24 * 3600
"""Only bounds the memory kept: an entry is never stale, and an unused one just expires."""


@functools.cache
def _code() -> str:
    """A digest of what the answers take from code rather than the database: the games' names, records,
    whether they are cooperative and what their scores count."""
    games = [
        (
            g.slug,
            g.name,
            [(f.key, f.label, f.higher_is_better) for f in g.rules.record_fields],
            g.rules.cooperative,
            g.rules.score_unit,
        )
        for g in registry.games()
    ]
    return hashlib.sha256(repr((SHAPE, games)).encode()).hexdigest()[:12]


def _bump(field: str, user_ids: Iterable[int | None]) -> None:
    """Add one to ``field`` of these accounts' counters, inside the caller's transaction.

    The rows are created where missing, then locked in id order before the
    update, so two writers bumping overlapping accounts wait for each other
    instead of deadlocking.
    """
    ids = sorted({i for i in user_ids if i is not None})
    if not ids:
        return
    StatsVersion.objects.bulk_create([StatsVersion(user_id=i) for i in ids], ignore_conflicts=True)
    rows = StatsVersion.objects.filter(user_id__in=ids)
    list(rows.select_for_update().order_by("user_id").values_list("user_id", flat=True))
    rows.update(**{field: F(field) + 1})


def bump_accounts(user_ids: Iterable[int | None]) -> None:
    """These accounts' own statistics changed (``None`` entries, guests, are ignored)."""
    _bump("mine", user_ids)


def bump_hosts(host_ids: Iterable[int | None]) -> None:
    """The groups of these hosts changed."""
    _bump("hosted", host_ids)


def bump_groups_of(game: str, accounts: Iterable[int], guests: Iterable[str]) -> None:
    """Every group where one of these people played ``game``: their rating in it shows on that
    game's leaderboard there (a group shows ratings on its games' leaderboards only)."""
    accounts, guests = list(accounts), list(guests)
    if not accounts and not guests:
        return
    hosts = (
        PlayResult.objects.filter(Q(user_id__in=accounts) | Q(user__isnull=True, name__in=guests), game=game)
        .values_list("play__table__host_user_id", flat=True)
        .distinct()
    )
    bump_hosts(list(hosts))


def renamed(user_id: int) -> None:
    """Every answer that names this account is out of date: bump whoever it shows up for.

    Its own (the page's list of groups names the host), everyone who shared a
    play with it or played at its tables (an opponent's or a host's name),
    itself and every host of a group it played in (members, record holders).
    """
    with transaction.atomic():
        together = PlayResult.objects.filter(
            Q(play__results__user_id=user_id) | Q(play__table__host_user_id=user_id), user__isnull=False
        )
        bump_accounts([user_id, *together.values_list("user_id", flat=True).distinct()])
        hosts = PlayResult.objects.filter(user_id=user_id).values_list("play__table__host_user_id", flat=True)
        bump_hosts([user_id, *hosts.distinct()])


def note_rename(sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """``pre_save`` of the account model: remember whether this save changes the username.

    A save that names its fields without the username (a login's
    ``last_login``) costs nothing; any other save of an existing account
    reads the stored name once.
    """
    instance._stats_renamed = False
    field = instance.USERNAME_FIELD
    if instance.pk is None or kwargs.get("raw") or (update_fields is not None and field not in update_fields):
        return
    before = type(instance)._default_manager.filter(pk=instance.pk).values_list(field, flat=True).first()
    instance._stats_renamed = before is not None and before != getattr(instance, field)


def bump_on_rename(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    """``post_save`` of the account model: after the new name is written, the answers naming it go."""
    if not created and getattr(instance, "_stats_renamed", False):
        instance._stats_renamed = False
        renamed(instance.pk)


@functools.cache
def _version_sql(field: str) -> str:
    quote = connection.ops.quote_name
    table = quote(StatsVersion._meta.db_table)
    return f"SELECT {quote(field)} FROM {table} WHERE {quote('user_id')} = %s"


KEPT = "_stats_versions"
"""The attribute of a logged-in account holding its counters, read with the account itself."""


def versions_sql(account_id: str) -> str:
    """The account's two counters as scalar subqueries (NULL before the first bump), for the query
    that reads the logged-in account on every request (``companion.accounts.load_account``)."""
    quote = connection.ops.quote_name
    table = quote(StatsVersion._meta.db_table)
    return ", ".join(
        f"(SELECT {quote(f)} FROM {table} WHERE {quote('user_id')} = {account_id})"
        for f in ("mine", "hosted")
    )


def keep_versions(user: Any, values: Iterable[Any]) -> None:
    """Keep the counters read with ``user`` (as ``versions_sql`` lists them) for this request's key."""
    mine, hosted = values
    setattr(user, KEPT, {"mine": int(mine or 0), "hosted": int(hosted or 0)})


def _version(user: Any, field: str) -> int:
    """The account's counter (0 before its first bump): read with the logged-in account, else queried.

    Read with the account, a counter is as of the request's start, which is
    what a read answers; it is used once, so a request that writes and then
    reads again queries it afresh. Otherwise one indexed query in plain
    SQL, written once: the ORM's query building cost as much as the query
    itself on a path that is otherwise a cache look-up.
    """
    kept = getattr(user, KEPT, None)
    if kept is not None and field in kept:
        return int(kept.pop(field))
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(field), [user.pk])
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def account_key(user: Any, what: str) -> str:
    """The cache key of ``what`` (an answer built only from ``user``'s own statistics), as of now."""
    joined = user.date_joined.timestamp()
    # With the language: an answer's words (a chart's legend, a record's label) are in it.
    language = translation.get_language()
    return f"stats:{_code()}:me:{what}:{language}:{user.pk}:{joined}:{_version(user, 'mine')}"


def group_key(host: Any, what: str) -> str:
    """The cache key of ``what`` built from the group ``host`` hosts, as of now."""
    joined = host.date_joined.timestamp()
    language = translation.get_language()
    return f"stats:{_code()}:group:{what}:{language}:{host.pk}:{joined}:{_version(host, 'hosted')}"


def cached(key: str, build: Callable[[], T]) -> T:
    """The answer under ``key``: from this process's ``stats`` cache, else built and kept there.

    A key names the version it was built at, so a kept answer is never stale, in
    whichever process kept it: each process keeps its own in memory (a Redis round
    trip and the unpickling of a whole answer cost more than the rest of a cached
    read: docs/decisions/stats-cache.md). The answers are shared between requests,
    so nobody may change one (the views only read them)."""
    kept = caches["stats"]
    found: T | None = kept.get(key)
    if found is None:
        found = build()
        kept.set(key, found, TIMEOUT_S)
    return found
