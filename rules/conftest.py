"""Test settings for the rules package and every game's rules tests (rules/<game>/tests/).

Hypothesis keeps no example database here: the rules tests must not leave
files in the repository, and failures are reproduced from the printed seed.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("rules", database=None)
settings.load_profile("rules")
