"""The combat block of a Grim Hand snapshot and its translation to the pure combat rules (issue #10).

``state["combat"]`` (issue #10's contract, plus what the table needs to go on)::

    {round, street: deal | flop | turn | river | over, community: [cards], active_limit,
     explore_rank, explore_paid, ante, solo, phase_before, quest: null | {character_id, quest},
     sides: [{id, kind: player | threat | mob, character_id?, name, members: [threat names],
              ranks, lives, affinity, base_attack, modifiers, damage_reduction, le, max_le,
              active: [cards], inactive: [cards], status: fighting | active | queued | despatched
              | retreated | defeated, retreated, despatched, chain: null | {alive, score, street},
              entered_on: null | turn | river, earned: {gold, xp}}],
     queue: [side ids], scores: [...], damage: [{round, street, from, to, amount}], rewards: [...]}

Cards are stored as codes ("7BL"). Each command rebuilds the pure
``CombatState`` from this block, lets ``rules.grimhand.combat`` decide, and
records what changed through ``ctx.rec`` (so undo is the generic one).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine import NotAllowed
from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.combat.lineup import Mob, Threat
from rules.grimhand.combat.round import CombatState, EntitySide, PlayerSide
from rules.grimhand.combat.scoring import ChainState, Street
from rules.grimhand.flop_chances import FlopChances, flop_chances
from rules.grimhand.odds import Matchup, OddsSide, RiverOdds, river_odds
from rules.grimhand.poker import HandValue
from rules.grimhand.table.context import Ctx
from rules.grimhand.table.state import Character, find_character
from rules.grimhand.table.typed_input import read_card
from rules.i18n import gettext as _

ODDS_KEPT = 256
"""How many fights' odds a process keeps (least recently shown dropped first)."""

STREETS = ("deal", "flop", "turn", "river", "over")
STREET_OF = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
Side = dict[str, Any]


def char_of(ctx: Ctx, side: Side) -> Character:
    """The character a player side stands for."""
    return find_character(ctx.state, side["character_id"])


def block(ctx: Ctx) -> dict[str, Any]:
    """The running combat, or ``no_combat``."""
    combat = ctx.state.get("combat")
    if not combat:
        raise RuleViolation("no_combat", _("No combat is under way. Start one with combat.start."))
    result: dict[str, Any] = combat
    return result


def require_host(ctx: Ctx, doing: str) -> None:
    """Table-wide combat steps are the host's (or everyone's when the table allows it)."""
    if ctx.actor.role == "spectator":
        raise NotAllowed("spectator", _("Spectators can watch but not change anything."))
    if not (ctx.actor.is_host or ctx.actor.everyone_edits):
        raise NotAllowed("host_only", _("Only the host can %(doing)s.") % {"doing": _(doing)})


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def cards_of(values: Sequence[str]) -> tuple[Card, ...]:
    return tuple(read_card(v, "cards") for v in values)


def seen_cards(combat: Mapping[str, Any], *, leave_out: str | None = None) -> set[str]:
    """Every physical card on the table this round (community, a flop shown, all hole cards)."""
    seen = set(combat["community"]) | set(combat.get("discarded", [])) | set(combat.get("shown") or [])
    for side in combat["sides"]:
        if side["id"] != leave_out:
            seen.update(side["active"])
            seen.update(side["inactive"])
    return seen


def refuse_seen(
    combat: Mapping[str, Any], cards: Sequence[Card], field: str, leave_out: str | None = None
) -> None:
    """The same physical card twice in one combat round is refused (issue #10)."""
    seen = seen_cards(combat, leave_out=leave_out)
    for card in cards:
        if card.code in seen:
            raise RuleViolation(
                "card_already_seen",
                _("%(code)s is already on the table.") % {"code": card.code},
                {"field": field, "card": card.code},
            )


def side_of(combat: Mapping[str, Any], side_id: object) -> Side:
    for side in combat["sides"]:
        if side["id"] == side_id:
            found: Side = side
            return found
    raise RuleViolation(
        "unknown_side", _("No side %(side_id)r in this combat.") % {"side_id": side_id}, {"field": "side_id"}
    )


def side_index(combat: Mapping[str, Any], side_id: str) -> int:
    return next(i for i, s in enumerate(combat["sides"]) if s["id"] == side_id)


def players(combat: Mapping[str, Any]) -> list[Side]:
    return [s for s in combat["sides"] if s["kind"] == "player" and s["status"] == "fighting"]


def active_threats(combat: Mapping[str, Any]) -> list[Side]:
    return [s for s in combat["sides"] if s["kind"] != "player" and s["status"] == "active"]


def mob_of(side: Side) -> Mob:
    """The pure rules' entity for a threat side (its id is the mob key, "T1" or "T2+T4")."""
    members = tuple(
        Threat(name, rank, Affinity(side["affinity"]), life)
        for name, rank, life in zip(side["members"], side["ranks"], side["lives"], strict=True)
    )
    return Mob(side["id"], members)


def chain_of(raw: Mapping[str, Any] | None) -> ChainState | None:
    if not raw:
        return None
    return ChainState(bool(raw["alive"]), HandValue(int(raw["score"])), STREET_OF[raw["street"]])


def chain_json(chain: ChainState) -> dict[str, Any]:
    return {"alive": chain.alive, "score": chain.last_hand.score, "street": chain.street.name.lower()}


def to_pure(combat: Mapping[str, Any]) -> CombatState:
    """The pure rules' view of the block: fighting players, active entities, the queue, chains."""
    sides = {s["id"]: s for s in combat["sides"]}
    pure_players = tuple(
        PlayerSide(
            s["id"],
            Affinity(s["affinity"]),
            int(s["base_attack"]),
            int(s["le"]),
            cards_of(s["active"]),
            int(s["damage_reduction"]),
            int(s["modifiers"]),
        )
        for s in players(combat)
    )
    entities = tuple(
        EntitySide(
            mob_of(s),
            int(s["le"]),
            cards_of(s["active"]),
            STREET_OF.get(s["entered_on"] or ""),
            int(s["modifiers"]),
        )
        for s in active_threats(combat)
    )
    chains = {s["id"]: c for s in combat["sides"] if (c := chain_of(s.get("chain"))) is not None}
    street = combat["street"]
    return CombatState(
        players=pure_players,
        entities=entities,
        queue=tuple(mob_of(sides[key]) for key in combat["queue"]),
        active_limit=int(combat["active_limit"]),
        last_street=STREET_OF.get(street),
        chains=chains,
        round=int(combat["round"]),
    )


def set_side(ctx: Ctx, side_id: str, key: str, value: Any) -> None:
    """Record one field of one side (a path op: undo puts it back)."""
    combat = block(ctx)
    if side_of(combat, side_id).get(key) != value:
        ctx.rec.set(["combat", "sides", side_index(combat, side_id), key], value)


def settle_over(ctx: Ctx) -> None:
    """The street turns "over" once no player or no threat (active or queued) is left (§7.4)."""
    combat = block(ctx)
    if not players(combat) or not (active_threats(combat) or combat["queue"]):
        ctx.rec.set(["combat", "street"], "over")


@functools.lru_cache(maxsize=ODDS_KEPT)
def _river_odds(
    players: tuple[OddsSide, ...],
    threats: tuple[OddsSide, ...],
    community: tuple[Card, ...],
    seen: tuple[Card, ...],
    inactive: tuple[tuple[Card, ...], ...],
) -> RiverOdds:
    """``river_odds``, kept for the same inputs: the board shows the odds on every phone and is
    rendered again after each command of the fight and on each page load, while most of those
    (a sheet's gold, a note, a reload) leave every input alike. An exact count over the runouts
    takes milliseconds on the flop (``bench/bench_combat_odds.py``); its answer is immutable."""
    return river_odds(players, threats, community, seen, inactive)


@functools.lru_cache(maxsize=ODDS_KEPT)
def _flop_chances(
    players: tuple[OddsSide, ...],
    threats: tuple[OddsSide, ...],
    shown: tuple[Card, ...],
    seen: tuple[Card, ...],
    inactive: tuple[tuple[Card, ...], ...],
) -> FlopChances:
    """``flop_chances``, kept for the same inputs as ``_river_odds`` is (every phone, every render)."""
    return flop_chances(players, threats, shown, seen, inactive)


def odds_side(s: Side) -> OddsSide:
    """What a side's attack depends on besides the cards to come; a river entrant's +2 (§7.4.3)."""
    chain = s.get("chain") or {}
    entry = 2 if s.get("entered_on") == "river" else 0
    return OddsSide(
        cards_of(s["active"]),
        int(s["base_attack"]) + int(s["modifiers"]) + entry,
        Affinity(s["affinity"]).order,
        bool(chain.get("alive")),
        int(chain.get("score", 0)),
        int(s.get("damage_reduction", 0)),
    )


Odds = RiverOdds | FlopChances


def _matchup_json(side: Side, m: Matchup, result: Odds) -> dict[str, Any]:
    """A matchup for the page and the API; a sampled one with its 95% margin on ``higher``."""
    out: dict[str, Any] = {"side_id": side["id"], **m.as_json()}
    if isinstance(result, FlopChances) and not result.exact:
        out["margin"] = result.margin(m.higher / (m.runouts or 1))
    return out


def odds_rows(fighting: Sequence[Side], threats: Sequence[Side], result: Odds) -> list[dict[str, Any]]:
    """Per player: each matchup as the page shows it, and each swap with its net gain per runout."""
    rows = []
    for p, side in enumerate(fighting):
        against = [
            {**_matchup_json(t, m, result), "name": t["name"]}
            for t, m in zip(threats, result.matchups[p], strict=True)
        ]
        swaps = []
        for card_in, card_out, matchups in result.swaps[p]:
            now = sum(m.dealt - m.taken for m in result.matchups[p])
            after = sum(m.dealt - m.taken for m in matchups)
            swaps.append({
                "in": card_in.code,
                "out": card_out.code,
                "against": [_matchup_json(t, m, result) for t, m in zip(threats, matchups, strict=True)],
                "net_gain": (after - now) / (result.runouts or 1),
            })  # fmt: skip
        rows.append({"side_id": side["id"], "name": side["name"], "against": against, "swaps": swaps})
    return rows


def _no_odds(reason: str) -> dict[str, Any]:
    return {"available": False, "reason": reason, "players": []}


def odds_view(state: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's chances against each active threat, and the value of each swap (issue #10, #33).

    Before the flop is scored (the deal, or a flop shown): the flop's attacks
    over every flop the unseen cards make, or the flop shown (``flop_chances``:
    swaps are made before and during each phase, §7.4.2, §7.4.4). On the flop
    and the turn: the river's attacks over every turn and river (``river_odds``).
    Every card on the table is seen (the players enter their own hole cards);
    odds need every fighting side's active cards.
    """
    combat = state.get("combat")
    if not combat:
        return _no_odds(_("No combat is under way."))
    street = combat["street"]
    if street not in ("deal", "flop", "turn"):
        return _no_odds(_("The river is the last street."))
    fighting = [s for s in players(combat) if s["active"]]
    threats = [s for s in active_threats(combat) if s["active"]]
    if not fighting or not threats:
        return _no_odds(_("Every side needs its active cards first."))
    shown = combat.get("shown") or []
    used = {c for s in (*fighting, *threats) for c in (*s["active"], *s["inactive"])}
    used |= set(combat["community"]) | set(shown)
    other = cards_of(sorted(c for c in seen_cards(combat) if c not in used))
    sides = (tuple(odds_side(s) for s in fighting), tuple(odds_side(t) for t in threats))
    inactive = tuple(cards_of(s["inactive"]) for s in fighting)
    result: Odds
    if street == "deal":
        result = _flop_chances(*sides, cards_of(shown), other, inactive)
        when, exact = (_("on this flop") if shown else _("on the flop")), result.exact
    else:
        result = _river_odds(*sides, cards_of(combat["community"]), other, inactive)
        when, exact = _("by the river"), True
    rows = odds_rows(fighting, threats, result)
    return {
        "available": True,
        "street": street,
        "when": when,
        "exact": exact,
        "runouts": result.runouts,
        "players": rows,
    }
