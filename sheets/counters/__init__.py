"""Counters as a game plug-in: named counters per seat for any game at the table."""
