"""The Grim Hand card catalogue: master data the sheets and tables refer to.

Races, classes and affinities (§4), stature (§9), rarity and set bonuses (§8),
the quest challenge table (§9.1) come from ``rules.grimhand.charts.DEFAULT_CHARTS``;
equipment (§8), threats (§7.4), exploration cards (§7.2), quests (§9.1) and
stature abilities (§9) from ``sheets.grimhand.catalogue_data``. ``sheets.grimhand.catalogue_loader``
writes them; ``sheets.grimhand.selectors`` reads them. These rows, not the code they were
loaded from, are what the live tables compute with: edits in the admin reach
the sheets within seconds (``sheets.grimhand.catalogue_source``).

Cards a table may add as homebrew carry a ``table``; ``table IS NULL`` marks a
base game card, and the uniqueness rules apply to base cards only.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class Affinity(models.TextChoices):
    """The five suits, in rulebook order (§5). The data's "Wild" is Nature (spec)."""

    BLOOD = "Blood"
    BONE = "Bone"
    SHADOW = "Shadow"
    IRON = "Iron"
    NATURE = "Nature"


class Rarity(models.TextChoices):
    """Equipment rarities, lowest to highest (§8)."""

    COMMON = "Common"
    UNCOMMON = "Uncommon"
    RARE = "Rare"
    ULTRA_RARE = "Ultra Rare"
    LEGENDARY = "Legendary"
    MYTHIC = "Mythic"


class ThreatKind(models.TextChoices):
    """The main kind of a threat-deck card (§7.4): foes by rank, then rank-0 encounters."""

    MINOR = "Minor"
    ELITE = "Elite"
    BOSS = "Boss"
    EVENT = "Event"  # events and challenges
    LOCATION = "Location"  # structures and locations
    NPC = "NPC"


class ExplorationDeck(models.IntegerChoices):
    """Which printed exploration deck a card belongs to (§7.1)."""

    FIRST = 1, "Deck 1"
    SECOND = 2, "Deck 2"


_BASE = Q(table__isnull=True)


def _affinity_field() -> models.CharField[str, str]:
    return models.CharField(max_length=6, choices=Affinity.choices, db_index=True)


def _affinity_check(model: str) -> models.CheckConstraint:
    return models.CheckConstraint(
        condition=Q(affinity__in=Affinity.values), name=f"sheets_{model}_affinity_valid"
    )


# Races, classes and affinities -------------------------------------------------


class ContributionRow(models.Model):
    """A character choice that adds stats and one passive ability (§4, §9)."""

    name = models.CharField(max_length=40, unique=True)
    position = models.PositiveSmallIntegerField(default=0, help_text="Order in the rulebook.")
    life = models.SmallIntegerField(default=0)
    strength = models.SmallIntegerField(default=0)
    agility = models.SmallIntegerField(default=0)
    gold = models.SmallIntegerField(default=0)
    ap = models.SmallIntegerField(default=0)
    attack = models.SmallIntegerField(default=0)
    ability_name = models.CharField(max_length=60)
    ability_text = models.CharField(max_length=200, help_text="Our one-line summary.")

    class Meta:
        abstract = True
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class Race(ContributionRow):
    """Human, Dwarf, Elf, Orc or Goblin (§4)."""

    class Meta(ContributionRow.Meta):
        verbose_name = "race"


class CharacterClass(ContributionRow):
    """Warrior, Rogue, Mage, Cleric or Ranger (§4)."""

    class Meta(ContributionRow.Meta):
        verbose_name = "class"
        verbose_name_plural = "classes"


class AffinityInfo(ContributionRow):
    """A character's affinity row (§4) and the stat each aligned item adds (Appendix I)."""

    alignment_stat = models.CharField(
        max_length=10, blank=True, help_text="Stat +1 per equipped item of this affinity."
    )

    class Meta(ContributionRow.Meta):
        verbose_name = "affinity"
        verbose_name_plural = "affinities"
        constraints = [
            models.CheckConstraint(
                condition=Q(name__in=Affinity.values), name="sheets_affinityinfo_name_valid"
            ),
        ]


# Stature, rarity and quest challenges ------------------------------------------


class StatureLevel(models.Model):
    """A stature reached at ``xp`` and the bonuses of that row only (§9; spec)."""

    name = models.CharField(max_length=20, unique=True)
    xp = models.PositiveIntegerField(unique=True, help_text="XP needed to reach this stature.")
    life = models.SmallIntegerField(default=0)
    attack = models.SmallIntegerField(default=0)
    extra_hole_cards = models.PositiveSmallIntegerField(default=0)
    redeal_flop = models.BooleanField(default=False, help_text="May re-deal the flop once per combat.")
    threat_manifestation_rank = models.PositiveSmallIntegerField(
        default=0, help_text="Rank of the threat a Threat Manifestation challenge calls for (§9.1)."
    )

    class Meta:
        ordering = ["xp"]

    def __str__(self) -> str:
        return self.name


class RarityLevel(models.Model):
    """A rarity's d100 band (spec Decision: 45/31/14/6/3/1) and its set bonus (§8)."""

    name = models.CharField(max_length=20, unique=True, choices=Rarity.choices)
    d100_low = models.PositiveSmallIntegerField()
    d100_high = models.PositiveSmallIntegerField()
    set_life = models.SmallIntegerField(default=0)
    set_strength = models.SmallIntegerField(default=0)
    set_agility = models.SmallIntegerField(default=0)
    set_ap = models.SmallIntegerField(default=0)
    set_attack = models.SmallIntegerField(default=0)

    class Meta:
        ordering = ["d100_low"]
        constraints = [
            models.CheckConstraint(
                condition=Q(d100_low__gte=1, d100_high__lte=100, d100_low__lte=models.F("d100_high")),
                name="sheets_raritylevel_band_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class QuestChallenge(models.Model):
    """One of the six challenges a quest's 4d6 roll can call for (§9.1)."""

    name = models.CharField(max_length=40, unique=True)
    position = models.PositiveSmallIntegerField(default=0, help_text="Order in the §9.1 table.")
    text = models.CharField(max_length=200, help_text="Our one-line summary.")

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class QuestChallengeRow(models.Model):
    """The §9.1 table: a 4d6 total read in a stature's column names a challenge."""

    roll = models.PositiveSmallIntegerField()
    stature = models.ForeignKey(StatureLevel, on_delete=models.CASCADE, related_name="challenge_rows")
    challenge = models.ForeignKey(QuestChallenge, on_delete=models.PROTECT, related_name="table_rows")

    class Meta:
        ordering = ["roll", "stature__xp"]
        constraints = [
            models.UniqueConstraint(fields=["roll", "stature"], name="sheets_questchallengerow_unique"),
            models.CheckConstraint(
                condition=Q(roll__gte=4, roll__lte=24), name="sheets_questchallengerow_roll_4_24"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.roll} at {self.stature}: {self.challenge}"


# Cards (base game and a table's homebrew) --------------------------------------


class EquipmentCard(models.Model):
    """An equipment card: a rank and affinity like a deck card, an AP cost and a price (§8).

    A base card is identified by its rank and affinity (50 cards, one per deck
    card); ``printed_rarity`` is used only with the "printed rarity" campaign
    setting (spec Decision).
    """

    name = models.CharField(max_length=60)
    rank = models.PositiveSmallIntegerField()
    affinity = _affinity_field()
    ap_cost = models.PositiveSmallIntegerField(default=1)
    effect = models.CharField(max_length=200, help_text="Our one-line summary.")
    gold_value = models.PositiveSmallIntegerField()
    printed_rarity = models.CharField(max_length=20, choices=Rarity.choices)
    table = models.ForeignKey(
        "campaigns.Table",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew_equipment",
        help_text="Empty for a base game card; the table for its homebrew.",
    )

    class Meta:
        ordering = ["affinity", "rank", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["rank", "affinity"], condition=_BASE, name="sheets_equipment_base_rank_affinity"
            ),
            models.UniqueConstraint(fields=["name"], condition=_BASE, name="sheets_equipment_base_name"),
            models.CheckConstraint(condition=Q(rank__gte=1, rank__lte=10), name="sheets_equipment_rank_1_10"),
            models.CheckConstraint(
                condition=Q(printed_rarity__in=Rarity.values), name="sheets_equipment_rarity_valid"
            ),
            _affinity_check("equipment"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.rank} {self.affinity})"


class Threat(models.Model):
    """A threat-deck card (§7.4, §11): a foe of rank 1..10, or a rank-0 encounter card.

    ``kind`` is the main kind (Minor, Elite, Boss; Event, Location, NPC for the
    rank-0 cards) and ``creature_type`` the printed type ("Undead", "Beast").
    ``life`` is empty on cards that are not fought; ``hand_1``/``hand_2`` are
    the printed hole-card ranks ("Wild" = any rank).
    """

    name = models.CharField(max_length=60)
    rank = models.PositiveSmallIntegerField()
    affinity = _affinity_field()
    kind = models.CharField(max_length=10, choices=ThreatKind.choices, db_index=True)
    creature_type = models.CharField(max_length=30, blank=True)
    life = models.PositiveSmallIntegerField(null=True, blank=True)
    hand_1 = models.CharField(max_length=4, blank=True)
    hand_2 = models.CharField(max_length=4, blank=True)
    ability_name = models.CharField(max_length=60, blank=True)
    ability_text = models.CharField(max_length=200, help_text="Our one-line summary.")
    table = models.ForeignKey(
        "campaigns.Table",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew_threats",
        help_text="Empty for a base game card; the table for its homebrew.",
    )

    class Meta:
        ordering = ["rank", "affinity", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["name"], condition=_BASE, name="sheets_threat_base_name"),
            models.CheckConstraint(condition=Q(rank__gte=0, rank__lte=10), name="sheets_threat_rank_0_10"),
            models.CheckConstraint(condition=Q(kind__in=ThreatKind.values), name="sheets_threat_kind_valid"),
            _affinity_check("threat"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.rank} {self.affinity})"


class ExplorationCard(models.Model):
    """An explore card (§7.2): resolved in turn; its rank is also the QP it gives (§9.1).

    ``kind`` is the printed type, possibly compound ("Hazard/Event").
    """

    deck = models.PositiveSmallIntegerField(choices=ExplorationDeck.choices, default=ExplorationDeck.FIRST)
    rank = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=40)
    affinity = _affinity_field()
    resolve_text = models.CharField(max_length=200, help_text="Our one-line summary of resolving it.")
    table = models.ForeignKey(
        "campaigns.Table",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew_exploration",
        help_text="Empty for a base game card; the table for its homebrew.",
    )

    class Meta:
        ordering = ["deck", "affinity", "rank", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "rank", "affinity"], condition=_BASE, name="sheets_exploration_base_card"
            ),
            models.UniqueConstraint(
                fields=["deck", "name"], condition=_BASE, name="sheets_exploration_base_name"
            ),
            models.CheckConstraint(
                condition=Q(rank__gte=1, rank__lte=10), name="sheets_exploration_rank_1_10"
            ),
            models.CheckConstraint(condition=Q(deck__in=[1, 2]), name="sheets_exploration_deck_valid"),
            _affinity_check("exploration"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.rank} {self.affinity}, deck {self.deck})"


class Quest(models.Model):
    """A quest (§9, §9.1): reach ``qp_needed`` at ``stature``, then pass a challenge.

    ``success_effects``/``failure_effects`` are lists of ``{stat, amount,
    duration, who}`` (see ``sheets.grimhand.catalogue_data.types.Effect``).
    """

    name = models.CharField(max_length=60)
    affinity = _affinity_field()
    stature = models.ForeignKey(StatureLevel, on_delete=models.PROTECT, related_name="quests")
    qp_needed = models.PositiveSmallIntegerField()
    required_item = models.CharField(max_length=60, help_text="Name of the equipment card needed.")
    required_threat = models.CharField(max_length=60, help_text="Name of the threat to defeat.")
    success_text = models.CharField(max_length=200)
    failure_text = models.CharField(max_length=200)
    success_effects = models.JSONField(default=list, blank=True)
    failure_effects = models.JSONField(default=list, blank=True)
    table = models.ForeignKey(
        "campaigns.Table",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew_quests",
        help_text="Empty for a base game quest; the table for its homebrew.",
    )

    class Meta:
        ordering = ["affinity", "stature__xp", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["name"], condition=_BASE, name="sheets_quest_base_name"),
            _affinity_check("quest"),
        ]

    def __str__(self) -> str:
        return self.name


class StatureAbility(models.Model):
    """A stature ability card, one chosen at each new stature; costs 1 AP to use (§9)."""

    stature = models.ForeignKey(StatureLevel, on_delete=models.PROTECT, related_name="abilities")
    name = models.CharField(max_length=60)
    effect = models.CharField(max_length=200, help_text="Our one-line summary.")
    ap_cost = models.PositiveSmallIntegerField(default=1)
    table = models.ForeignKey(
        "campaigns.Table",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew_abilities",
        help_text="Empty for a base game card; the table for its homebrew.",
    )

    class Meta:
        verbose_name_plural = "stature abilities"
        ordering = ["stature__xp", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["name"], condition=_BASE, name="sheets_statureability_base_name"),
        ]

    def __str__(self) -> str:
        return self.name
