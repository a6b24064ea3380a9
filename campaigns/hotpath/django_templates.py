"""The parts of Django's template engine ``{% inline %}`` uses that Django does not document.

``token_kwargs`` parses ``name=value`` arguments (``{% include %}`` and ``{% with %}`` use it);
``FilterExpression`` is what it gives; a backend template's ``.template.nodelist`` is the
compiled partial. ``campaigns/tests/test_hotpath_adapters.py`` fails if an upgrade
changes any of them.
"""

from __future__ import annotations

from typing import Any

from django.template.base import FilterExpression, NodeList, token_kwargs
from django.template.loader import get_template

__all__ = ["FilterExpression", "compiled_nodelist", "token_kwargs"]


def compiled_nodelist(name: str) -> NodeList:
    """The nodes of the template ``name``, compiled by the project's engine (its cached loader)."""
    loaded: Any = get_template(name)
    nodelist: NodeList = loaded.template.nodelist
    return nodelist
