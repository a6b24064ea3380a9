"""``{% memo a b %}…{% endmemo %}``: a board's part rendered once for the values it shows.

A board is rendered again after every command (``campaigns.boards``), and a
command changes one seat's numbers, not the whole table: most of a board's
rendering went to the seats and counters that did not change (README,
"Measured"). A part inside ``memo`` sees only the variables it names, so
its output follows from their values alone; it is kept per process under
those values and given again while they are the same.

Only plain data is kept: dicts, lists, tuples, strings, numbers, booleans
and ``None``, exactly those types, and text marked safe (``SafeString``, as
``format_html`` makes a button's payload), which is keyed apart from its
plain twin (``_tagged``). Anything else, a model or another subclass, is
rendered every time. The key also holds the context's escaping and
localisation switches and the active language, the other inputs a rendering
reads.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from collections import OrderedDict
from typing import Any

from django import template
from django.template.base import Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

MEMO_ENTRIES = 4096
"""Parts kept per ``memo`` in a template, least recently used dropped first: one per seat or
counter of every live table of the process (a changed part's old entry is never asked again)."""

MEMO_CHARACTERS = 16_000_000
"""Characters of kept parts and their keys per ``memo`` in a template, least recently used
dropped first. Parts differ in size by a thousand times (a counter's line, a Grim Hand
character sheet), so a count alone bounds nothing: 4,096 sheets would be some 80 MB in each
process. This keeps some hundreds of tables' sheets: a table whose parts were dropped only
renders them again. A part larger than this is rendered every time."""


KEY_DIGEST_BYTES = 32
"""The size of a kept part's key: a digest of its values (``_key``)."""

MARSHAL_FORMAT = 2
"""The last ``marshal`` format with one way to write each value (see ``_key``)."""

_ATOMS: dict[type, str] = {str: "s", SafeString: "S", int: "i", float: "f", bool: "b", type(None): "n"}
_SEQUENCES: dict[type, str] = {list: "l", tuple: "t"}


def _tagged(value: Any) -> Any:
    """``value`` with every part paired with the tag of its exact type, for ``marshal``.

    Used only when ``marshal`` refused the value as it is, which it does for a ``SafeString``
    (and for anything else it cannot write). Each tag decides how its part reads, so two
    values share a tagged form only when they are equal and of the same types throughout:
    marked-safe text and its plain twin differ. A model or another type raises ValueError."""
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


def _key(own: dict[str, object], context: Context) -> bytes:
    """The part's key: a digest of its values and of the other inputs a rendering reads.

    Plain values go to ``marshal`` as they are (``b"P"``); values holding marked-safe text,
    tagged (``b"T"``). The first byte keeps the two kinds of key from ever meeting. Format 2:
    later formats write a string differently when it is interned, and an object differently
    when it is referred to elsewhere, so equal values could give different keys. The written
    values can be larger than the part (a character sheet's shared pick lists), so the key
    kept is their BLAKE2b digest (256 bits: two different values never meet in practice)."""
    switches = (context.autoescape, context.use_l10n, context.use_tz, get_language())
    try:
        kind, written = b"P", marshal.dumps((own, *switches), MARSHAL_FORMAT)
    except ValueError:
        kind, written = b"T", marshal.dumps((_tagged(own), *switches), MARSHAL_FORMAT)
    return kind + hashlib.blake2b(kind + written, digest_size=KEY_DIGEST_BYTES).digest()


class MemoNode(Node):
    def __init__(self, names: list[str], nodelist: NodeList) -> None:
        self.names = names
        self.nodelist = nodelist
        self.kept: OrderedDict[bytes, SafeString] = OrderedDict()
        self.characters = 0  # of the kept parts and their keys (MEMO_CHARACTERS)
        self.lock = threading.Lock()  # the command threads of a process share the template

    def render(self, context: Context) -> SafeString:
        # A name not in the context stays undefined inside (printed as the engine prints an
        # undefined variable), so it is not None either: both go into the key.
        own = {name: context[name] for name in self.names if name in context}
        try:
            key = _key(own, context)
        except ValueError:  # not plain data: rendered every time
            return self._render(context, own)
        with self.lock:
            html = self.kept.get(key)
            if html is not None:
                self.kept.move_to_end(key)
                return html
        html = self._render(context, own)
        if len(key) + len(html) > MEMO_CHARACTERS:  # would drop every other part: not kept
            return html
        with self.lock:
            before = self.kept.pop(key, None)  # another thread rendered the same part meanwhile
            if before is not None:
                self.characters -= len(key) + len(before)
            self.kept[key] = html
            self.characters += len(key) + len(html)
            while len(self.kept) > MEMO_ENTRIES or self.characters > MEMO_CHARACTERS:
                dropped, part = self.kept.popitem(last=False)
                self.characters -= len(dropped) + len(part)
        return html

    def forget(self) -> None:
        """Nothing kept any more (a benchmark's fresh start)."""
        with self.lock:
            self.kept.clear()
            self.characters = 0

    def _render(self, context: Context, own: dict[str, object]) -> SafeString:
        """The part with only its named variables in scope (so nothing else can change it)."""
        return mark_safe(self.nodelist.render(context.new(own)))


@register.tag
def memo(parser: Parser, token: Token) -> MemoNode:
    """``{% memo name … %}``: plain variable names only, so each is seen inside by the same name."""
    bits = token.split_contents()[1:]
    if not bits or any(not b.isidentifier() for b in bits):
        raise template.TemplateSyntaxError("memo takes one or more plain variable names")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(bits, nodelist)
