"""Live tables: seats, the command/event log and the snapshot they drive.

Architecture ("commands, events, snapshots"): ``Table.state`` is the current
snapshot at ``Table.seq``; ``Event`` rows are the append-only log (unique
``(table, seq)``, no gaps); ``Command`` rows remember each command's first
answer so a retried ``command_id`` changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class EditPolicy(models.TextChoices):
    OWN_SEAT = "own", "Each seat edits only itself"
    EVERYONE = "everyone", "Everyone edits every seat"


class TableStatus(models.TextChoices):
    OPEN = "open", "Open"
    ENDED = "ended", "Ended"


class Role(models.TextChoices):
    HOST = "host", "Host"
    PLAYER = "player", "Player"
    SPECTATOR = "spectator", "Spectator"


class Table(models.Model):
    """One live play session at a physical table (a campaign, for Grim Hand)."""

    # A registered game's slug (campaigns.registry), checked when a table opens.
    game = models.CharField(max_length=20)
    name = models.CharField(max_length=80)
    join_code = models.CharField(max_length=6, unique=True)
    host_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_tables",
    )
    edit_policy = models.CharField(max_length=10, choices=EditPolicy.choices, default=EditPolicy.OWN_SEAT)
    status = models.CharField(max_length=10, choices=TableStatus.choices, default=TableStatus.OPEN)
    seq = models.PositiveIntegerField(default=0)
    state: models.JSONField[Any] = models.JSONField(default=dict)
    # Ids of the seats not removed, in join order: read with the snapshot
    # under the same row lock, so a command needs no extra query for them.
    seat_ids: models.JSONField[Any] = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # A table rebuilt from an ended table's export (campaigns.export) names
    # the game it is a copy of: the id and opening time of the table it was
    # first played at, on that server (a copy of a copy names the same).
    # A copy of a game already recorded here writes no second play record
    # (campaigns.origins). Null for a table whose game was played here.
    origin_table_id = models.PositiveBigIntegerField(null=True, blank=True)
    origin_created_at = models.DateTimeField(null=True, blank=True)
    # The ended table this one is a rematch of (same game, options and seats): the old table's
    # other seats are offered to follow here (campaigns.services.rematch).
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["origin_table_id", "origin_created_at"],
                name="table_origin",
                condition=models.Q(origin_table_id__isnull=False),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"

    @property
    def group_name(self) -> str:
        """The table's channel-layer group; its phones listen to one below it per language
        (``campaigns.listeners.group_of``)."""
        return f"table-{self.pk}"


class Seat(models.Model):
    """A place at the table: a player (or spectator) and their secret token."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(max_length=40)
    colour = models.CharField(max_length=7, default="#e0a44a")
    position = models.PositiveSmallIntegerField(default=0)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    token_hash = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    removed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["table", "position"])]

    def __str__(self) -> str:
        return f"{self.name} at {self.table_id}"

    @property
    def active(self) -> bool:
        return self.removed_at is None


class Command(models.Model):
    """A command's first answer, kept so a retried ``command_id`` is idempotent."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="commands")
    command_id = models.CharField(max_length=64)
    seat = models.ForeignKey(Seat, null=True, on_delete=models.SET_NULL, related_name="+")
    type = models.CharField(max_length=40)
    # What was asked (type, payload, seat) as a hash: a reused command_id
    # with a different request is refused instead of answered as the first.
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    response: models.JSONField[Any] = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "command_id"], name="unique_command_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.type} {self.command_id}"


class Event(models.Model):
    """One entry of a table's append-only log. Nothing is ever deleted."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    command_id = models.CharField(max_length=64, blank=True)
    type = models.CharField(max_length=40)
    payload: models.JSONField[Any] = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="unique_seq_per_table")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"


def hand_play_to_a_copy(collector: Any, field: Any, sub_objs: Any, using: str) -> None:
    """``on_delete`` of a play's table: the play moves to another table holding the same game.

    One game is one play (``campaigns.origins``): a copy imported beside its
    table writes no record of its own, because that table already holds it.
    Deleting that table would otherwise delete the game's only record while
    a copy of the game is still here, and the players' histories, statistics
    and ratings would lose a game that was played. So the play is handed to
    the oldest surviving copy with no play of its own (its results keep their
    accounts and names; the deleted seats they named are cleared as before).
    A play no other table holds is deleted with its table, as it always was.
    """
    doomed = {t.pk: t for t in collector.data.get(Table, ())}
    deleted: list[int] = []
    for play in sub_objs:
        gone = doomed.get(play.table_id)
        heir = None
        if gone is not None:
            game = (gone.origin_table_id or gone.pk, gone.origin_created_at or gone.created_at)
            heir = (
                Table.objects.using(using)
                .filter(origin_table_id=game[0], origin_created_at=game[1], status=TableStatus.ENDED)
                .filter(play__isnull=True)
                .exclude(pk__in=list(doomed))
                .order_by("pk")
                .first()
            )
        if heir is None:
            deleted.append(play.pk)
        else:
            collector.add_field_update(field, heir, [play])
    if deleted:
        models.CASCADE(collector, field, field.model._base_manager.using(using).filter(pk__in=deleted), using)


class Play(models.Model):
    """The record of a finished table, written by a Celery task after it ends."""

    table = models.OneToOneField(Table, on_delete=hand_play_to_a_copy, related_name="play")
    game = models.CharField(max_length=20)
    name = models.CharField(max_length=80)
    seats: models.JSONField[Any] = models.JSONField(default=list)
    final_state: models.JSONField[Any] = models.JSONField(default=dict)
    summary: models.JSONField[Any] = models.JSONField(default=dict)
    winner = models.CharField(max_length=80, blank=True)
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField()
    duration_s = models.PositiveIntegerField()
    users = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="plays")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-ended_at"]

    def __str__(self) -> str:
        return f"Play of {self.name}"


class PlayResult(models.Model):
    """One seat's result in a finished play, so statistics are SQL aggregates (issue: play history).

    From the game's ``results(state)``; a seat the results do not name (a
    game without scores, like Counters) still gets its row, with no score.
    ``user`` follows the seat: a guest seat claimed later moves its results
    to that account; a guest's results stay under the seat's name.
    """

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="results")
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="results")
    name = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="play_results",
    )
    game = models.CharField(max_length=20)
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveIntegerField(null=True, blank=True)
    won = models.BooleanField(default=False)
    details: models.JSONField[Any] = models.JSONField(default=dict, blank=True)
    ended_at = models.DateTimeField()

    class Meta:
        ordering = ["-ended_at", "place", "id"]
        constraints = [models.UniqueConstraint(fields=["play", "seat"], name="one_result_per_seat")]
        indexes = [models.Index(fields=["user", "game"]), models.Index(fields=["game", "ended_at"])]

    def __str__(self) -> str:
        return f"{self.name} in {self.play_id}"


class Rating(models.Model):
    """A player's skill in one game, an ``openskill`` Plackett-Luce rating (issue #14: ratings).

    A player is an account, or a guest seat's name when no account held the
    seat (guests have nothing else to tell them apart). Only competitive
    plays move it (``campaigns.ratings``); ``RatingChange`` keeps every step.
    """

    game = models.CharField(max_length=20)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    guest_name = models.CharField(max_length=40, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    plays = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="one_rating_per_account"
            ),
            models.UniqueConstraint(
                fields=["game", "guest_name"],
                condition=models.Q(user__isnull=True),
                name="one_rating_per_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id or self.guest_name} in {self.game}: {self.mu:.1f} ± {self.sigma:.1f}"

    @property
    def ordinal(self) -> float:
        """The conservative skill shown on leaderboards: ``mu - 3 sigma`` (openskill's ``ordinal``)."""
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """A rating right after one play: "rating over time", and the mark that a play was rated."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="rating_changes")
    mu = models.FloatField()
    sigma = models.FloatField()
    ended_at = models.DateTimeField()

    class Meta:
        ordering = ["ended_at", "id"]
        constraints = [models.UniqueConstraint(fields=["rating", "play"], name="one_change_per_play")]

    def __str__(self) -> str:
        return f"{self.rating_id} after play {self.play_id}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class OutboxTask(models.Model):
    """A task owed after a command, written in the command's own transaction.

    The broker may be down when the command commits, or lose the message; a
    periodic task (``campaigns.drain_outbox``, run by Celery beat) runs every
    task still owed after a grace period. Tasks are idempotent, so running
    one twice writes its result once.
    """

    task = models.CharField(max_length=80)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveIntegerField(default=0)
    done_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        indexes = [models.Index(fields=["done_at", "created_at"])]

    def __str__(self) -> str:
        return f"{self.task} for table {self.table_id}"


class StatsVersion(models.Model):
    """A counter per account that every write its statistics read bumps, in the write's transaction.

    The cached statistics (``campaigns.stats_cache``) are keyed on it, so a
    cached answer is never older than the last committed write (issue #14,
    "Speed"). ``mine`` covers the account's own statistics and pages;
    ``hosted`` the statistics of the group the account hosts. A missing row
    reads as 0.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    mine = models.PositiveBigIntegerField(default=0)
    hosted = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.mine}/{self.hosted}"


class ImportStatus(models.TextChoices):
    PENDING = "pending", "Waiting to be replayed"
    RUNNING = "running", "Being replayed"
    DONE = "done", "Imported"
    FAILED = "failed", "Failed"


class ImportJob(models.Model):
    """An uploaded export waiting to be replayed into a new table, off the request path
    (``campaigns.imports``). Its id in the API is a secret kept only as a hash, like a seat
    token: it yields the new table's host seat, whose token hash is fixed when the job is made."""

    key_hash = models.CharField(max_length=64, unique=True)
    host_token_hash = models.CharField(max_length=64)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # The export as JSON text; emptied once the job has its answer.
    body = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=ImportStatus.choices, default=ImportStatus.PENDING)
    # Counts the runs that claimed the job: a run whose count is no longer the job's was given up.
    attempts = models.PositiveIntegerField(default=0)
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    seat_id = models.PositiveBigIntegerField(null=True, blank=True)
    error: models.JSONField[Any] = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField()
    beat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "queued_at"], name="import_job_owed"),
            models.Index(fields=["finished_at"], name="import_job_finished"),
        ]

    def __str__(self) -> str:
        return f"import {self.pk} ({self.status})"
