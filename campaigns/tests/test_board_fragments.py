"""The board parts' cache (``template_fragments``): kept in the process, apart per language."""

from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.utils import translation


def test_a_part_kept_in_one_language_is_not_given_in_another() -> None:
    fragments = caches["template_fragments"]
    assert isinstance(fragments, LocMemCache)  # a round trip to Redis per part would cost more
    with translation.override("en"):
        fragments.set("template.cache.part.x", "<b>Life</b>")
        assert fragments.get("template.cache.part.x") == "<b>Life</b>"
    with translation.override("de"):
        assert fragments.get("template.cache.part.x") is None
