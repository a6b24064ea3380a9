"""Grim Hand's rules tests (standard library + pytest + hypothesis only)."""
