"""Tests of the pure rules package (standard library + pytest + hypothesis only)."""
