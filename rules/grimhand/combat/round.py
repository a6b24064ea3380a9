"""A combat round played street by street, and retreat (§7.4, §7.4.3, §7.4.10).

``start_round`` takes the players, the lined-up entities and everyone's active
hole cards; ``resolve_street`` scores the flop, the turn and the river in turn,
applies damage to all sides at once, despatches threats at LE <= 0 (the mob's
shared pool), marks players at LE <= 0 defeated and moves queued entities into
open slots. An entity entering on the turn or river needs its two cards from
``deal_entering`` before the next street is scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.combat.damage import exchange
from rules.grimhand.combat.lineup import Lineup, Mob
from rules.grimhand.combat.scoring import ChainState, Street, StreetScore, score_street
from rules.grimhand.poker import Category, HandValue, evaluate
from rules.i18n import gettext as _

RETREAT_MIN_AP = 1
RETREAT_MIN_LE = 2
RETREAT_HAND = Category.TWO_PAIR


@dataclass(frozen=True, slots=True)
class PlayerSide:
    """A player in combat: base Attack from the sheet, current LE, active cards."""

    seat: str
    affinity: Affinity
    base_attack: int
    le: int
    active: tuple[Card, ...] = ()
    damage_reduction: int = 0
    modifiers: int = 0


@dataclass(frozen=True, slots=True)
class EntitySide:
    """An active threat or mob: remaining shared LE, active cards, entry street."""

    mob: Mob
    le: int
    active: tuple[Card, ...] = ()
    entered_on: Street | None = None
    modifiers: int = 0

    @property
    def key(self) -> str:
        """The entity's reveal key, e.g. "T1+T3"."""
        return self.mob.key


@dataclass(frozen=True, slots=True)
class Despatch:
    """A threat or mob brought to LE <= 0, with what the rewards need (§7.4.8, §11)."""

    mob: Mob
    street: Street
    final_blow: str | None
    hands: dict[str, HandValue]
    round: int = 1
    """The combat round it fell in: a kill is rewarded with the hand of its own street (issue #10)."""


@dataclass(frozen=True)
class CombatState:
    """A combat round between streets; replaced, never mutated."""

    players: tuple[PlayerSide, ...]
    entities: tuple[EntitySide, ...]
    queue: tuple[Mob, ...]
    active_limit: int
    last_street: Street | None = None
    chains: dict[str, ChainState] = field(default_factory=dict)
    despatched: tuple[Despatch, ...] = ()
    defeated: tuple[str, ...] = ()
    retreated: tuple[str, ...] = ()
    round: int = 1


@dataclass(frozen=True)
class StreetReport:
    """Everything that happened on one street, for the log and the page."""

    street: Street
    scores: dict[str, StreetScore]
    damage_to_players: dict[str, int]
    damage_to_entities: dict[str, int]
    despatched: tuple[Despatch, ...]
    defeated: tuple[str, ...]
    entered: tuple[str, ...]


def start_round(
    players: Sequence[PlayerSide],
    lineup: Lineup,
    entity_cards: Mapping[str, Sequence[Card]],
    active_limit: int | None = None,
) -> CombatState:
    """Begin a round: every active entity gets its cards (by key) and full shared LE.

    The active limit is ``active_limit`` if given, else the one the lineup was
    made with, else the party size; it holds for every later round (issue #10:
    it used to fall back to the party size whatever the lineup said).
    """
    entities = tuple(EntitySide(mob, mob.life, tuple(entity_cards.get(mob.key, ()))) for mob in lineup.active)
    if active_limit is None:
        active_limit = lineup.active_limit
    limit = len(players) if active_limit is None else active_limit
    return CombatState(tuple(players), entities, lineup.queue, limit)


def next_round(
    state: CombatState,
    player_cards: Mapping[str, Sequence[Card]],
    entity_cards: Mapping[str, Sequence[Card]],
) -> CombatState:
    """Start the next round with the survivors and fresh active cards; chains reset.

    Slots opened on the river fill now from the queue, with no entry bonus
    (§7.4.3); the active limit is the combat's, unchanged.
    """
    if state.last_street is not Street.RIVER:
        raise RuleViolation("round_not_over", _("a new round starts after the river"))
    players = tuple(replace(p, active=tuple(player_cards.get(p.seat, ()))) for p in state.players)
    entities = [
        replace(e, active=tuple(entity_cards.get(e.key, ())), entered_on=None) for e in state.entities
    ]
    queue = list(state.queue)
    while queue and len(entities) < state.active_limit:
        mob = queue.pop(0)
        entities.append(EntitySide(mob, mob.life, tuple(entity_cards.get(mob.key, ()))))
    return replace(
        state,
        players=players,
        entities=tuple(entities),
        queue=tuple(queue),
        last_street=None,
        chains={},
        round=state.round + 1,
    )


def deal_entering(state: CombatState, key: str, cards: Sequence[Card]) -> CombatState:
    """Give an entity that entered from the queue its two active cards (§7.4.3)."""
    if key not in {e.key for e in state.entities}:
        raise RuleViolation("unknown_threat", _("no active threat %(key)r") % {"key": key}, {"key": key})
    entities = tuple(replace(e, active=tuple(cards)) if e.key == key else e for e in state.entities)
    return replace(state, entities=entities)


def _expected_street(state: CombatState) -> Street:
    return Street.FLOP if state.last_street is None else state.last_street.next or Street.FLOP


def _score_sides(state: CombatState, street: Street, community: Sequence[Card]) -> dict[str, StreetScore]:
    """Every fighting side's attack on ``street`` (§7.4.2, §7.4.9); a queued entrant's bonus (§7.4.3)."""
    scores: dict[str, StreetScore] = {}
    for p in state.players:
        scores[p.seat] = score_street(
            street,
            p.base_attack,
            p.affinity,
            p.active,
            community,
            state.chains.get(p.seat),
            modifiers=p.modifiers,
        )
    for e in state.entities:
        if not e.active:
            raise RuleViolation(
                "missing_hole_cards", _("threat %(key)s has no active cards") % {"key": e.key}, {"key": e.key}
            )
        entry = street.entry_bonus if e.entered_on is street else 0
        scores[e.key] = score_street(
            street,
            e.mob.base_attack,
            e.mob.affinity,
            e.active,
            community,
            state.chains.get(e.key),
            entry_bonus=entry,
            modifiers=e.modifiers,
        )
    return scores


@dataclass(frozen=True, slots=True)
class _Damage:
    """What every player and entity takes on one street, and who dealt what to each entity."""

    to_players: dict[str, int]
    to_entities: dict[str, int]
    dealt: dict[str, dict[str, int]]


def _exchange_all(state: CombatState, scores: Mapping[str, StreetScore]) -> _Damage:
    """Every player against every entity at once (§7.4.7)."""
    damage = _Damage(
        {p.seat: 0 for p in state.players},
        {e.key: 0 for e in state.entities},
        {e.key: {} for e in state.entities},
    )
    for p in state.players:
        for e in state.entities:
            result = exchange(scores[p.seat].attack, scores[e.key].attack, p.damage_reduction)
            damage.to_players[p.seat] += result.to_player
            damage.to_entities[e.key] += result.to_threat
            damage.dealt[e.key][p.seat] = result.to_threat
    return damage


def _entities_after(
    state: CombatState, street: Street, damage: _Damage, hands: dict[str, HandValue]
) -> tuple[list[EntitySide], list[Despatch]]:
    """The entities still standing, and those despatched with their final blow (§7.4.8)."""
    survivors: list[EntitySide] = []
    fallen: list[Despatch] = []
    for e in state.entities:
        le = e.le - damage.to_entities[e.key]
        if le > 0:
            survivors.append(replace(e, le=le))
            continue
        by_player = damage.dealt[e.key]
        # The biggest hit of the killing street counts as the final blow; the
        # earlier seat wins a tie, because seats are listed in turn order.
        best = max(by_player.values(), default=0)
        final = next((seat for seat, dmg in by_player.items() if dmg == best and dmg > 0), None)
        fallen.append(Despatch(e.mob, street, final, hands, state.round))
    return survivors, fallen


def _players_after(state: CombatState, damage: _Damage) -> tuple[list[PlayerSide], list[str]]:
    """The players still standing, and the seats brought to LE <= 0."""
    players: list[PlayerSide] = []
    defeated: list[str] = []
    for p in state.players:
        le = p.le - damage.to_players[p.seat]
        if le > 0:
            players.append(replace(p, le=le))
        else:
            defeated.append(p.seat)
    return players, defeated


def resolve_street(
    state: CombatState, street: Street, community: Sequence[Card]
) -> tuple[CombatState, StreetReport]:
    """Score ``street`` for every side, deal damage both ways and update the lineup."""
    if street is not _expected_street(state):
        raise RuleViolation(
            "wrong_street", _("expected the %(value)s next") % {"value": _expected_street(state).name.lower()}
        )
    scores = _score_sides(state, street, community)
    chains = {**state.chains, **{side: score.chain for side, score in scores.items()}}
    damage = _exchange_all(state, scores)
    hands = {p.seat: scores[p.seat].hand for p in state.players}
    survivors, fallen = _entities_after(state, street, damage, hands)
    players, defeated = _players_after(state, damage)

    # Queued entities fill the open slots and enter on the next street (§7.4.3).
    queue = list(state.queue)
    entered: list[str] = []
    while queue and len(survivors) < state.active_limit:
        mob = queue.pop(0)
        survivors.append(EntitySide(mob, mob.life, (), street.next))
        entered.append(mob.key)

    new_state = replace(
        state,
        players=tuple(players),
        entities=tuple(survivors),
        queue=tuple(queue),
        last_street=street,
        chains=chains,
        despatched=state.despatched + tuple(fallen),
        defeated=state.defeated + tuple(defeated),
    )
    report = StreetReport(
        street, scores, damage.to_players, damage.to_entities, tuple(fallen), tuple(defeated), tuple(entered)
    )
    return new_state, report


@dataclass(frozen=True, slots=True)
class RetreatResult:
    """Whether a retreat succeeded, the inactive hand checked and the LE/AP after."""

    success: bool
    hand: HandValue
    le: int
    ap: int


def retreat_check(le: int, ap: int, inactive: Sequence[Card], community: Sequence[Card]) -> RetreatResult:
    """Attempt a retreat (§7.4.10).

    Needs at least 1 AP and 2 LE; the 2 inactive cards plus the community cards
    must make two pair or better. A successful retreat costs 1 AP and 1 LE and
    forfeits the exploration's rewards; a failed one costs nothing (the rulebook
    only charges "retreating players").
    """
    if ap < RETREAT_MIN_AP or le < RETREAT_MIN_LE:
        raise RuleViolation(
            "cannot_retreat",
            _("retreating needs at least %(ap)s AP and %(le)s LE")
            % {"ap": RETREAT_MIN_AP, "le": RETREAT_MIN_LE},
            {"le": le, "ap": ap},
        )
    hand = evaluate([*inactive, *community])
    if hand.category >= RETREAT_HAND:
        return RetreatResult(True, hand, le - 1, ap - 1)
    return RetreatResult(False, hand, le, ap)


def retreat(
    state: CombatState, seat: str, ap: int, inactive: Sequence[Card], community: Sequence[Card]
) -> tuple[CombatState, RetreatResult]:
    """A player in ``state`` attempts a retreat; on success they leave the combat."""
    player = next((p for p in state.players if p.seat == seat), None)
    if player is None:
        raise RuleViolation("unknown_seat", _("%(seat)r is not fighting") % {"seat": seat}, {"seat": seat})
    result = retreat_check(player.le, ap, inactive, community)
    if not result.success:
        return state, result
    players = tuple(p for p in state.players if p.seat != seat)
    return replace(state, players=players, retreated=(*state.retreated, seat)), result
