"""What follows automatically from wounds and dark counters: flips, deaths and the win (rulebook 2, 4, 7).

- Dark counters: 6 or more kill a hero at once, whatever its Health
  (rulebook 2: "regardless of how much health it has left").
- Wounds on the normal side reaching its Health flip the hero to empowered
  (wounds cleared, dark counters kept) at the END of the combat round
  (rulebook 7: "Flipping occurs at the end of the combat round"); until then
  the hero is marked ``flip_pending``. Outside combat there is no round to
  wait for, so it flips at once (spec Decision: see the package docstring).
- Wounds on the empowered side reaching Empowered Health kill the hero.
- The win (rulebook 4): a player is out once every one of their three heroes
  is dead or they must draw from an empty deck; the last player in wins. If
  every player still in goes out at the same moment (the last heroes die in
  the same combat round), the one whose heroes hold the fewest dark counters
  wins; equal fewest is a tie with no winner. During a combat round both
  sides resolve at once (rulebook 8: "revealed and resolved at the same
  time"), so hero deaths decide the game only when the round ends.

Minions follow hero rules (spec 9) but are not one of a player's three
heroes: they neither keep a player in the game nor count for the tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.game import Ctx
from rules.grimterra.state import (
    DARK_DEATH,
    Hero,
    alive,
    dark_total,
    hero_path,
    heroes_of,
    in_combat,
    player_index,
    started,
)


def who(hero: Hero) -> dict[str, Any]:
    """What a log line needs to name a hero: "Ann's hero Vex" (or "Ann's minion Imp")."""
    return {"hero_id": hero["id"], "name": hero["name"], "seat_id": hero["seat_id"], "minion": hero["minion"]}


def kill(ctx: Ctx, hero: Hero, cause: str) -> dict[str, Any]:
    """The hero dies (``cause``: wounds, dark, left_arena, end_of_turn, by_hand); wounds and dark stay."""
    hid = int(hero["id"])
    ctx.rec.set(hero_path(hid, "side"), "dead")
    ctx.rec.set(hero_path(hid, "flip_pending"), False)
    return {**who(hero), "cause": cause, "dark": hero["dark"], "wounds": hero["wounds"]}


def flip(ctx: Ctx, hero: Hero) -> dict[str, Any]:
    """Normal to empowered: all wounds removed, dark counters not (rulebook 7, Normal).

    With the table's ``overkill`` option ``carry`` the wounds beyond Health
    stay on the empowered side, and kill the hero at once if they reach its
    Empowered Health (rulebook 7, Death).
    """
    hid = int(hero["id"])
    wounds = int(hero["wounds"])
    carried = max(0, wounds - int(hero["health"])) if ctx.state.get("overkill") == "carry" else 0
    ctx.rec.set(hero_path(hid, "side"), "empowered")
    ctx.rec.put(hero_path(hid, "wounds"), carried)
    ctx.rec.set(hero_path(hid, "flip_pending"), False)
    flipped = {**who(hero), "wounds_cleared": wounds, "wounds_after": carried, "dark": hero["dark"]}
    if carried and carried >= int(hero["empowered_health"]):
        flipped["died"] = kill(ctx, hero, "wounds")
    return flipped


def death_cause(hero: Hero) -> str | None:
    if not alive(hero):
        return None
    if hero["dark"] >= DARK_DEATH:
        return "dark"
    if hero["side"] == "empowered" and hero["wounds"] >= hero["empowered_health"]:
        return "wounds"
    return None


def aftermath(ctx: Ctx) -> dict[str, Any]:
    """Deaths, flips (or pending flips during combat) and, outside combat, the win; what happened."""
    state = ctx.state
    died: list[dict[str, Any]] = []
    flipped: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    fighting = in_combat(state)
    for hero in state["heroes"]:
        if not alive(hero):
            continue
        cause = death_cause(hero)
        if cause is not None:
            died.append(kill(ctx, hero, cause))
            continue
        due = hero["side"] == "normal" and hero["wounds"] >= hero["health"]
        if due and not fighting:
            flipped.append(flip(ctx, hero))
        elif due:
            if not hero["flip_pending"]:
                pending.append(who(hero))
            ctx.rec.set(hero_path(int(hero["id"]), "flip_pending"), True)
        else:
            ctx.rec.set(hero_path(int(hero["id"]), "flip_pending"), False)
    result: dict[str, Any] = {"died": died, "flipped": flipped, "pending": pending}
    result.update(decide(ctx, heroes=not fighting))
    return result


def resolve_flips(ctx: Ctx) -> list[dict[str, Any]]:
    """The combat round ends: every pending flip happens."""
    return [flip(ctx, hero) for hero in ctx.state["heroes"] if alive(hero) and hero["flip_pending"]]


def no_living_hero(ctx: Ctx, seat_id: int) -> bool:
    heroes = heroes_of(ctx.state, seat_id)
    return bool(heroes) and not any(alive(h) for h in heroes)


def decide(ctx: Ctx, *, empty_deck: Sequence[int] = (), heroes: bool = True) -> dict[str, Any]:
    """Who is out and who wins (rulebook 4); ``{}`` when nothing changed.

    ``empty_deck``: the seats that just had to draw from an empty deck.
    ``heroes``: whether hero deaths count now (not during a combat round).
    """
    state = ctx.state
    if state["over"] or not started(state) or len(state["players"]) < 2:
        return {}
    still_in = [p for p in state["players"] if not p["lost"]]
    out: dict[int, str] = {}
    for player in still_in:
        seat_id = int(player["seat_id"])
        if seat_id in empty_deck:
            out[seat_id] = "empty_deck"
        elif heroes and no_living_hero(ctx, seat_id):
            out[seat_id] = "no_heroes"
    if not out:
        return {}
    remaining = [int(p["seat_id"]) for p in still_in if p["seat_id"] not in out]
    result: dict[str, Any] = {"out": []}
    tied: list[int] = []
    darks: dict[str, int] = {}
    if remaining:
        losers = dict(out)
        winner = remaining[0] if len(remaining) == 1 else None
        reason = "last_standing" if winner is not None else None
    else:
        # Everyone still in is out at once: the fewest dark counters wins (rulebook 4).
        totals = {seat_id: dark_total(state, seat_id) for seat_id in out}
        darks = {str(seat_id): total for seat_id, total in totals.items()}
        low = min(totals.values())
        best = [seat_id for seat_id, total in totals.items() if total == low]
        losers = {seat_id: cause for seat_id, cause in out.items() if seat_id not in best}
        winner = best[0] if len(best) == 1 else None
        tied = best if len(best) > 1 else []
        reason = "fewest_dark" if winner is not None else "tie"
    for seat_id, cause in losers.items():
        index = player_index(state, seat_id)
        assert index is not None  # ``still_in`` lists only recorded players
        ctx.rec.set(["players", index, "lost"], True)
        ctx.rec.set(["players", index, "lost_by"], cause)
        result["out"].append({"seat_id": seat_id, "cause": cause})
    if not remaining:
        for seat_id in best:
            result["out"].append({"seat_id": seat_id, "cause": out[seat_id], "kept": True})
    if reason is not None:
        ctx.rec.set(["over"], True)
        ctx.rec.set(["winner_seat_id"], winner)
        ctx.rec.set(["win_reason"], reason)
        ctx.rec.set(["tied_seat_ids"], tied)
        result.update({"winner_seat_id": winner, "win_reason": reason, "tied_seat_ids": tied})
        if darks:
            result["dark_totals"] = darks
    return result
