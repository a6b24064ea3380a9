"""Damage at each street (§7.4.7, Appendix I Full House).

For each player and each threat, the side with the lower street attack takes
the difference; equal attacks deal nothing. A player whose equipment hand is a
Full House takes 1 less from each such hit (never below 0).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Exchange:
    """Damage dealt between one player and one threat on one street."""

    to_player: int
    to_threat: int


def exchange(player_attack: int, threat_attack: int, damage_reduction: int = 0) -> Exchange:
    """Compare one player's and one threat's street attacks (§7.4.7)."""
    difference = player_attack - threat_attack
    if difference >= 0:
        return Exchange(0, difference)
    return Exchange(max(0, -difference - damage_reduction), 0)
