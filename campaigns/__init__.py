"""Campaigns and live tables: seats, the command/event log, sync, plays."""
