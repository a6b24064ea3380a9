"""The Grim Hand catalogue the live tables use: the database's, kept current (§4, §8, §9, §9.1).

The card catalogue is master data in the database, edited in the admin and
refreshed by ``manage.py load_gamedata``. ``CatalogueSource`` builds the rules'
``Catalogue`` (cards, quests, stature abilities and the ``GameCharts``) from the
base rows (``table IS NULL``; a campaign's homebrew lives in its table's state)
and hands it to ``GrimHandRules`` for every command, so a character sheet
follows an edit just as the catalogue API does.

Building takes a handful of queries, so the result is kept in-process and
rebuilt only when the catalogue's version stamp changes. The stamp lives in
Django's cache (Redis when ``REDIS_URL`` is set, so every server process sees a
bump; with the local-memory cache only the process that bumped does) and is
re-read at most every ``RECHECK_SECONDS``: a command normally costs neither a
query nor a cache round trip. Writers call ``schedule_catalogue_bump`` inside
their transaction; the bump happens after commit, so no process can rebuild
from the old rows and keep them under the new stamp.

Before ``load_gamedata`` (no rows yet), or when the rows do not form valid
tables (``bad_tables``, logged), the tables use the code catalogue
(``sheets.grimhand.selectors.rules_catalogue``), which is what the loader writes.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models import QuerySet

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.charts import (
    DEFAULT_CHARTS,
    ContributionRow,
    GameCharts,
    QuestChallengeRow,
    RarityBand,
    SetBonus,
    Stat,
    StatBonus,
    StatureRow,
)
from rules.grimhand.table.catalogue import (
    AbilityFacts,
    CardFacts,
    Catalogue,
    EffectFacts,
    ExploreFacts,
    QuestFacts,
    ThreatFacts,
)
from sheets.grimhand import models
from sheets.grimhand.selectors import rules_catalogue

logger = logging.getLogger(__name__)

VERSION_KEY = "grimhand:catalogue-version"
RECHECK_SECONDS = 2.0
"""How stale a process's catalogue may be after another process's edit."""

_UNREAD = object()
"""A stamp no cache holds: the next check rebuilds (after a failed build)."""


def bump_catalogue_version() -> None:
    """Mark the catalogue as changed for every server process (a new random stamp)."""
    try:
        cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)
    except Exception:  # a cache outage must not undo a committed edit
        logger.exception("could not bump the Grim Hand catalogue version")


def schedule_catalogue_bump() -> None:
    """Bump the version once the current transaction commits (at once outside one)."""
    transaction.on_commit(bump_catalogue_version)


# --- building the catalogue from the rows -------------------------------------------


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad_tables", message)


def _contribution(row: models.Race | models.CharacterClass | models.AffinityInfo) -> ContributionRow:
    return ContributionRow(
        row.name, row.life, row.strength, row.agility, row.gold, row.ap, row.attack,
        row.ability_name, row.ability_text,
    )  # fmt: skip


def _alignment(rows: Iterable[models.AffinityInfo]) -> tuple[tuple[Affinity, Stat], ...]:
    """Each affinity's aligned stat (Appendix I); ``GameCharts`` checks all five are there."""
    out = []
    for row in rows:
        try:
            out.append((Affinity(row.name), Stat(row.alignment_stat)))
        except ValueError:
            raise _bad(f"affinity {row.name}: alignment stat {row.alignment_stat!r} is not a stat") from None
    return tuple(out)


def _challenge_rows(statures: list[models.StatureLevel]) -> tuple[QuestChallengeRow, ...]:
    """The §9.1 table, one challenge per stature in XP order; a gap is ``bad_tables``."""
    cells = {
        (cell.roll, cell.stature_id): cell.challenge.name
        for cell in models.QuestChallengeRow.objects.select_related("challenge")
    }
    rolls = sorted({roll for roll, _ in cells})
    rows = []
    for roll in rolls:
        try:
            rows.append(QuestChallengeRow(roll, tuple(cells[roll, s.pk] for s in statures)))
        except KeyError:
            raise _bad(f"the quest challenge table has no entry for {roll} in every stature") from None
    return tuple(rows)


def _tables(
    races: list[models.Race],
    classes: list[models.CharacterClass],
    affinities: list[models.AffinityInfo],
    statures: list[models.StatureLevel],
    rarities: list[models.RarityLevel],
) -> GameCharts:
    names = {s.name for s in statures}
    rarity_names = {r.name for r in rarities}
    return GameCharts(
        races=tuple(_contribution(r) for r in races),
        classes=tuple(_contribution(r) for r in classes),
        affinities=tuple(_contribution(r) for r in affinities),
        statures=tuple(
            StatureRow(s.name, s.xp, s.life, s.attack, s.extra_hole_cards, s.redeal_flop) for s in statures
        ),
        rarities=tuple(RarityBand(r.name, r.d100_low, r.d100_high) for r in rarities),
        set_bonuses=tuple(
            SetBonus(
                r.name,
                StatBonus(
                    life=r.set_life,
                    strength=r.set_strength,
                    agility=r.set_agility,
                    ap=r.set_ap,
                    attack=r.set_attack,
                ),
            )
            for r in rarities
        ),
        alignment=_alignment(affinities),
        # Not editable in the admin: the equipment hand bonuses are rules text (App. I).
        equipment_hand_bonuses=DEFAULT_CHARTS.equipment_hand_bonuses,
        quest_challenges=_challenge_rows(statures),
        threat_manifestation_ranks=tuple((s.name, s.threat_manifestation_rank) for s in statures),
        # Spellings players use for names the rows may have kept; an alias of a
        # renamed row would point nowhere, so it goes.
        stature_aliases=tuple(a for a in DEFAULT_CHARTS.stature_aliases if a[1] in names),
        rarity_aliases=tuple(a for a in DEFAULT_CHARTS.rarity_aliases if a[1] in rarity_names),
    )


def _effects(raw: Any, quest: str) -> tuple[EffectFacts, ...]:
    """A quest's effect list (``[{stat, amount, duration?, who?}]``) as facts."""
    try:
        return tuple(
            EffectFacts(
                str(e["stat"]), int(e["amount"]), str(e.get("duration", "now")), str(e.get("who", "self"))
            )
            for e in raw or ()
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise _bad(f"quest {quest}: an effect is not {{stat, amount, duration, who}}") from None


def _check_cards(catalogue: Catalogue) -> None:
    """Every card's rarity and stature must be in the tables, or equipping it would be refused."""
    tables = catalogue.tables
    for card in catalogue.equipment:
        try:
            tables.rarity(card.printed_rarity)
        except RuleViolation:
            raise _bad(f"equipment {card.name}: rarity {card.printed_rarity!r} has no row") from None


_Card = TypeVar(
    "_Card", models.EquipmentCard, models.Quest, models.StatureAbility, models.Threat, models.ExplorationCard
)


def _base(model: type[_Card]) -> QuerySet[_Card]:
    """The base game's cards (not a table's homebrew) in loading order.

    Loading order (pk) is the code catalogue's, so lists built from it (the
    quests open to a character, the sheet's pickers) keep their order.
    """
    return model.objects.filter(table__isnull=True).order_by("pk")


def database_catalogue() -> Catalogue | None:
    """The rules' catalogue from the base rows, or None when none are loaded yet.

    Raises ``RuleViolation("bad_tables")`` when the rows do not form valid
    tables (a gap in the rarity bands, a stature missing from the §9.1 table...).
    Eleven queries.
    """
    races = list(models.Race.objects.all())
    classes = list(models.CharacterClass.objects.all())
    affinities = list(models.AffinityInfo.objects.all())
    statures = list(models.StatureLevel.objects.all())
    rarities = list(models.RarityLevel.objects.all())
    equipment = list(_base(models.EquipmentCard))
    if not (races or classes or affinities or statures or rarities or equipment):
        return None
    tables = _tables(races, classes, affinities, statures, rarities)
    catalogue = Catalogue(
        equipment=tuple(
            CardFacts(c.rank, c.affinity, c.name, c.printed_rarity, c.gold_value, c.ap_cost, c.effect)
            for c in equipment
        ),
        quests=tuple(
            QuestFacts(
                name=q.name,
                affinity=q.affinity,
                stature=q.stature.name,
                qp_needed=q.qp_needed,
                required_item=q.required_item,
                required_threat=q.required_threat,
                success_text=q.success_text,
                failure_text=q.failure_text,
                success_effects=_effects(q.success_effects, q.name),
                failure_effects=_effects(q.failure_effects, q.name),
            )
            for q in _base(models.Quest).select_related("stature")
        ),
        abilities=tuple(
            AbilityFacts(a.stature.name, a.name, a.effect, a.ap_cost)
            for a in _base(models.StatureAbility).select_related("stature")
        ),
        tables=tables,
        threats=tuple(
            ThreatFacts(t.name, t.rank, t.affinity, t.kind, t.life, t.ability_text)
            for t in _base(models.Threat)
        ),
        exploration=tuple(
            ExploreFacts(x.rank, x.affinity, x.name, x.kind, x.resolve_text)
            for x in _base(models.ExplorationCard).filter(deck=1)
        ),
    )
    _check_cards(catalogue)
    return catalogue


def catalogue_problem() -> str | None:
    """Why the rows do not form valid tables now, or None (also when none are loaded yet)."""
    try:
        database_catalogue()
    except RuleViolation as exc:
        return exc.message
    return None


# --- the cached source ----------------------------------------------------------------


@dataclass(frozen=True)
class _Loaded:
    catalogue: Catalogue
    stamp: object
    checked_at: float


class CatalogueSource:
    """The current catalogue for ``GrimHandRules``: call it for the catalogue to use now.

    Thread-safe (a server process runs several request threads); at most one
    thread rebuilds while the others keep using the previous catalogue's
    lock-free fast path until the rebuild is in.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        recheck_seconds: float = RECHECK_SECONDS,
        fallback: Callable[[], Catalogue] = rules_catalogue,
    ) -> None:
        self._clock = clock
        self._recheck = recheck_seconds
        self._fallback_factory = fallback
        self._fallback: Catalogue | None = None
        self._loaded: _Loaded | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Catalogue:
        loaded = self._loaded
        if loaded is not None and self._clock() - loaded.checked_at < self._recheck:
            return loaded.catalogue
        with self._lock:
            loaded = self._loaded
            now = self._clock()
            if loaded is not None and now - loaded.checked_at < self._recheck:
                return loaded.catalogue  # another thread checked while we waited
            # The stamp is read before the rows: an edit committed in between
            # leaves a newer stamp, so the next check rebuilds again.
            stamp = self._read_stamp(loaded)
            if loaded is not None and stamp == loaded.stamp:
                self._loaded = _Loaded(loaded.catalogue, stamp, now)
                return loaded.catalogue
            catalogue, stamp = self._build(stamp)
            self._loaded = _Loaded(catalogue, stamp, now)
            return catalogue

    def reset(self) -> None:
        """Forget the built catalogue: the next call reads the stamp and rebuilds (tests, tools)."""
        with self._lock:
            self._loaded = None

    def _read_stamp(self, loaded: _Loaded | None) -> object:
        try:
            return cache.get(VERSION_KEY)
        except Exception:
            # Keep serving what we have rather than refuse commands while the cache is down.
            logger.warning("could not read the Grim Hand catalogue version; keeping the current catalogue")
            return loaded.stamp if loaded is not None else _UNREAD

    def fallback(self) -> Catalogue:
        """The code catalogue (``sheets.grimhand.selectors.rules_catalogue``), built once."""
        if self._fallback is None:
            self._fallback = self._fallback_factory()
        return self._fallback

    def _build(self, stamp: object) -> tuple[Catalogue, object]:
        try:
            # A savepoint: a failed query must not abort the command's transaction.
            with transaction.atomic():
                built = database_catalogue()
        except RuleViolation as exc:
            logger.warning(
                "the Grim Hand catalogue in the database is not valid (%s); using the built-in one",
                exc.message,
            )
            return self.fallback(), stamp
        except DatabaseError:
            logger.exception("could not read the Grim Hand catalogue; using the built-in one for now")
            return self.fallback(), _UNREAD  # try again at the next check
        if built is None:
            return self.fallback(), stamp  # nothing loaded yet: load_gamedata will bump
        return built, stamp


grimhand_catalogue = CatalogueSource()
"""The process's source, registered with ``GrimHandRules`` in ``sheets.grimhand.apps``."""
