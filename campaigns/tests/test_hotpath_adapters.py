"""Each private API the hand-made fast paths (campaigns/hotpath/) lean on, as it was when
they were measured: an upgrade that changes one fails here, by name, not on a phone."""

from __future__ import annotations

import inspect
from typing import Any

from django.template import Context, engines
from django.template.base import Parser, Token, TokenType

from campaigns.hotpath import django_templates


def test_token_kwargs_parses_name_value_arguments_into_filter_expressions() -> None:
    params = list(inspect.signature(django_templates.token_kwargs).parameters)
    assert params == ["bits", "parser", "support_legacy"], params
    engine: Any = engines["django"]
    parser = Parser([], libraries={}, builtins=engine.engine.template_builtins)
    bits = Token(TokenType.BLOCK, 'x a=1 b="two"').split_contents()[1:]
    given = django_templates.token_kwargs(bits, parser, support_legacy=False)
    assert set(given) == {"a", "b"}
    assert all(isinstance(v, django_templates.FilterExpression) for v in given.values())
    assert given["b"].resolve(Context()) == "two"


def test_a_partials_compiled_nodes_are_reachable_through_the_backend_template() -> None:
    nodelist = django_templates.compiled_nodelist("partials/error.html")
    assert nodelist and hasattr(nodelist, "get_nodes_by_type")
