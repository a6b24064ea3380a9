"""The five games the companion supports, as shown on the home page."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    blurb: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "grimhand",
        "Grim Hand",
        "Co-operative campaign with poker-hand combat: character sheets, campaigns and a combat helper.",
    ),
    GameInfo("grim", "GRIM the Card Game", "Life, scores and turn order for every player at the table."),
    GameInfo("grimterra", "Grimterra", "Track the land, the rounds and each player's tally."),
    GameInfo("grimoor", "Grimoor", "Keep the moor's counters and the players' scores in step."),
    GameInfo("grimwood", "Grimwood", "Follow the wood's trackers and the final reckoning."),
)
