"""Attack damage and its breakdown (rulebook: The Elements & Attack Resolution; spec: Damage helper).

Order of operations, as the issue fixes it (spec Decision 4: Blight doubles
the *base* first, then additions and subtractions, then halving):

1. Blight on the Target doubles the printed base damage.
2. The Elements: Strong +2 / Weak -2 for each defending Element, any
   Immunity -> no damage (the Attack misses, whatever else).
   - ``strong`` / ``weak`` (a card that says "is a Strong Attack") replace
     the chart, +2 or -2 once, and ignore Immunity (rulebook: "the Elemental
     interactions are irrelevant, as a Strong Attack is guaranteed").
   - Otherwise Fear on the Attacker makes it a Weak Attack and Curse on the
     Target a Strong one (Fear wins over Curse); like the forced ones they
     replace the chart (+-2 once), but an Immune defender still takes
     nothing (Fear: "unless the Target is Immune").
   - A pending Fire Spirit Bonus adds 6 and the enemy "cannot be Immune":
     its Immune cells count as neutral.
3. ``flat`` adds (Afterworld, Passive, Synergy modifiers, typed by hand).
4. Burn on the Attacker halves. Every number rounds up (FAQ: "Always round
   up"); damage is never below 0.

The Stamina cost is half the *printed* base damage, rounded up (Key Terms:
Attack), whatever Blight does to the damage.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.grim.chart import IMMUNE, NEUTRAL, STRONG, STRONG_BONUS, WEAK, Matchup, matchup

FIRE_BONUS = 6


def half_up(value: int) -> int:
    """Half, rounded up (for negatives too, so -3 halves to -1)."""
    return -((-value) // 2)


def cost_of(base: int) -> int:
    """Stamina an Attack costs: half its printed base damage, rounded up (7 -> 4)."""
    return half_up(base)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


@dataclass
class Damage:
    """A resolved Attack's damage: the number, whether it missed, the chart's verdict and the breakdown."""

    amount: int
    missed: bool
    result: str
    steps: list[str] = field(default_factory=list)

    @property
    def breakdown(self) -> str:
        return ", ".join(self.steps)


def compute(
    base: int,
    element: str,
    defending: list[str],
    *,
    attacker_status: str | None,
    target_status: str | None,
    strong: bool = False,
    weak: bool = False,
    flat: int = 0,
    fire_bonus: bool = False,
) -> Damage:
    """The calculated Attack damage of ``base`` ``element`` damage against ``defending`` Elements."""
    steps = [f"{base} base"]
    total = base
    if target_status == "Blight":
        total *= 2
        steps.append(f"Blight \u00d72 = {total}")
    chart = matchup(element, defending)
    if fire_bonus and chart.immune:
        chart = _never_immune(chart)
    if strong or weak:
        result = STRONG if strong else WEAK
        total += STRONG_BONUS if strong else -STRONG_BONUS
        steps.append(
            f"{'Strong' if strong else 'Weak'} (forced) {_signed(STRONG_BONUS if strong else -2)} = {total}"
        )
    elif chart.immune:
        immune_to = ", ".join(e for e, c in chart.parts if c == IMMUNE)
        steps.append(f"Immune ({immune_to}) = 0")
        return Damage(0, True, IMMUNE, steps)
    elif attacker_status == "Fear":
        result = WEAK
        total -= STRONG_BONUS
        steps.append(f"Fear: Weak \u22122 = {total}")
    elif target_status == "Curse":
        result = STRONG
        total += STRONG_BONUS
        steps.append(f"Curse: Strong +2 = {total}")
    else:
        result = chart.result
        named = len(chart.parts) > 1
        for defending_element, cell in chart.parts:
            if cell in (STRONG, WEAK):
                by = STRONG_BONUS if cell == STRONG else -STRONG_BONUS
                total += by
                label = f"{cell.capitalize()} {_signed(by)}"
                steps.append(f"{label} ({defending_element}) = {total}" if named else f"{label} = {total}")
    total = _after_the_chart(total, steps, fire_bonus=fire_bonus, flat=flat, burn=attacker_status == "Burn")
    return Damage(total, False, result, steps)


def _never_immune(chart: Matchup) -> Matchup:
    """The Fire Spirit Bonus: "enemy Grim cannot be Immune to it"; the other cells still count."""
    cells = [(e, NEUTRAL if c == IMMUNE else c) for e, c in chart.parts]
    modifier = sum(STRONG_BONUS if c == STRONG else -STRONG_BONUS if c == WEAK else 0 for _, c in cells)
    return type(chart)(STRONG if modifier > 0 else WEAK if modifier < 0 else NEUTRAL, modifier, tuple(cells))


def _after_the_chart(total: int, steps: list[str], *, fire_bonus: bool, flat: int, burn: bool) -> int:
    """The Fire Spirit's +2, a flat change, Burn's half (rounded up), and never below 0; each a step."""
    if fire_bonus:
        total += FIRE_BONUS
        steps.append(f"Fire Spirit +{FIRE_BONUS} = {total}")
    if flat:
        total += flat
        steps.append(f"{_signed(flat)} = {total}")
    if burn:
        total = half_up(total)
        steps.append(f"Burn \u00bd = {total}")
    if total < 0:
        total = 0
        steps.append("never below 0 = 0")
    return total
