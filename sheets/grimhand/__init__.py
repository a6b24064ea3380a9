"""Grim Hand character sheets, the card catalogue and per-game tracker state."""
