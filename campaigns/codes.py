"""Join codes and seat tokens.

Join codes are 6 characters from an alphabet without look-alikes (no 0/O,
1/I/L), so they can be read aloud across a table and typed on a phone.
Seat tokens are long random secrets; only their SHA-256 is stored.
"""

from __future__ import annotations

import hashlib
import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: str) -> str:
    """What a player typed, tidied: case, spaces and dashes do not matter."""
    return "".join(ch for ch in raw.upper() if ch.isalnum())


def looks_like_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def new_seat_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
