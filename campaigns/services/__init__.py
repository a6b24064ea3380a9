"""Table services: the only code that writes tables, seats and the log.

Split by what they do: opening a table (``tables``), seats (``seats``),
commands (``commands``: one pass down the layers, with ``dispatch`` the one
step that asks the rules and ``events`` the one way events enter the log).
Callers use the names below (``services.command_execute``).
"""

from campaigns.services.commands import REPLAY, CommandResult, command_execute, command_preview, fingerprint
from campaigns.services.dispatch import GAME_OVER, TABLE_COMMANDS
from campaigns.services.rematch import rematch_follow, table_rematch
from campaigns.services.seats import (
    MAX_SEATS,
    SeatGrant,
    UserLike,
    seat_claim,
    seat_join,
    seat_join_guarded,
)
from campaigns.services.tables import game_options, table_create

__all__ = [
    "GAME_OVER",
    "MAX_SEATS",
    "REPLAY",
    "TABLE_COMMANDS",
    "CommandResult",
    "SeatGrant",
    "UserLike",
    "command_execute",
    "command_preview",
    "fingerprint",
    "game_options",
    "rematch_follow",
    "seat_claim",
    "seat_join",
    "seat_join_guarded",
    "table_create",
    "table_rematch",
]
