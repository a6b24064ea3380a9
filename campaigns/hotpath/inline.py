"""``{% inline "partials/field.html" name="by" … %}``: an include compiled into the template that uses it.

Kept over ``{% include %}``: 1.2-2.0x faster board renders (docs/decisions/board-fragments.md).

A board renders dozens of fields, each a label, a control and its error slot
(``templates/partials/``), after every command. ``{% include %}`` looks the
partial up and renders it as a template of its own each time, and a partial
asking for a value it was not given pays for a failed lookup: together some
times the cost of the markup written out. This tag parses the partial once,
when the template using it is compiled, checks the names it is given
against the partial's ``{% takes %}`` (a misspelt one is an error there and
then), and renders the partial's nodes with exactly those names: each
given value, every other one "" (a partial tests ``!= ""``: a filter or a
``None`` test on every name cost as much again). A partial reads only the
names it takes, like an include with ``only``.

What a partial renders follows from its values and the active language
alone (its own words are translated), so it is kept per process under
them (``KEPT`` of all partials, least recently used dropped first): after
a command the fields of a changed part mostly have the values they had,
and are given again. Values that are not plain data (``_tagged``)
are rendered every time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django import template
from django.template.base import Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from campaigns.hotpath.django_templates import FilterExpression, compiled_nodelist, token_kwargs

register = template.Library()

KEPT = 8192
"""Rendered partials kept per process, all ``{% inline %}`` tags together: each field of every
live table's board a few times over (some 300 characters each, a few MB in all)."""

_kept: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_lock = threading.Lock()  # the command threads of a process share the templates


_ATOMS: dict[type, str] = {str: "s", SafeString: "S", int: "i", float: "f", bool: "b", type(None): "n"}
_SEQUENCES: dict[type, str] = {list: "l", tuple: "t"}


def _tagged(value: Any) -> Any:
    """``value`` with every part paired with the tag of its exact type, hashable: two values
    share a tagged form only when they are equal and of the same types throughout (marked-safe
    text renders unescaped, its plain twin escaped). A model or another type raises ValueError."""
    kind = type(value)
    tag = _ATOMS.get(kind)
    if tag is not None:
        # str.__str__: its exact-type copy (SafeString's own __str__ gives itself, still marked).
        return (tag, str.__str__(value) if kind is SafeString else value)
    tag = _SEQUENCES.get(kind)
    if tag is not None:
        return (tag, tuple(_tagged(v) for v in value))
    if kind is dict:
        return ("d", tuple((_tagged(k), _tagged(v)) for k, v in value.items()))
    raise ValueError(f"not plain data: {kind.__name__}")


def forget() -> None:
    """Nothing kept (the board benchmark measures a board after one command, not a repeat)."""
    with _lock:
        _kept.clear()


class TakesNode(Node):
    """``{% takes a b c %}`` at the top of a partial: the names it may be given."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def render(self, context: Context) -> str:
        return ""


@register.tag
def takes(parser: Parser, token: Token) -> TakesNode:
    return TakesNode(token.split_contents()[1:])


class InlineNode(Node):
    """A partial's nodes, rendered with the values given (``{% inline %}``)."""

    def __init__(
        self, name: str, nodelist: NodeList, names: list[str], given: dict[str, FilterExpression]
    ) -> None:
        self.name = name
        self.nodelist = nodelist
        self.names = names
        self.given = given

    def render(self, context: Context) -> str:
        values: dict[str, Any] = dict.fromkeys(self.names, "")
        for name, value in self.given.items():
            found = value.resolve(context)
            # label=_("Name") resolves to a lazy translation: its text now, in the active language,
            # is what the partial shows, and plain text can be kept (a lazy one never was).
            values[name] = str(found) if isinstance(found, Promise) else found
        try:
            # Exact types too: marked-safe text renders unescaped, its plain twin escaped.
            # The language too: a partial's own words ({% translate %}) follow it.
            tagged = (_tagged(values[n]) for n in self.given)
            key = (self, get_language(), context.autoescape, context.use_l10n, *tagged)
        except ValueError:  # not plain data: rendered every time
            return self._render(context, values)
        with _lock:
            html = _kept.get(key)
            if html is not None:
                _kept.move_to_end(key)
                return html
        html = self._render(context, values)
        with _lock:
            _kept[key] = html
            if len(_kept) > KEPT:
                _kept.popitem(last=False)
        return html

    def _render(self, context: Context, values: dict[str, Any]) -> str:
        # Every name the partial takes is set here, given or "": it reads nothing else.
        with context.push(values):
            out = str(self.nodelist.render(context))
        # The partial file's last line break is the file's, not its markup's.
        return out[:-1] if out.endswith("\n") else out


@register.tag("inline")
def inline(parser: Parser, token: Token) -> InlineNode:
    """``{% inline "partials/x.html" a=1 b=c %}``: the partial compiled in, given a and b."""
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError(f"{bits[0]} takes a partial's name in quotes first")
    name = bits[1][1:-1]
    given = token_kwargs(bits[2:], parser, support_legacy=False)
    if len(given) != len(bits) - 2:
        raise template.TemplateSyntaxError(f"{bits[0]} {name}: give each value as name=value")
    nodelist = compiled_nodelist(name)
    declared = [n for n in nodelist.get_nodes_by_type(TakesNode) if isinstance(n, TakesNode)]
    if not declared:
        raise template.TemplateSyntaxError(f"{name} says no {{% takes %}}: it cannot be inlined")
    names = declared[0].names
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise template.TemplateSyntaxError(f"{name} takes no {', '.join(unknown)}")
    return InlineNode(name, nodelist, names, given)
