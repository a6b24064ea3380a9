"""Django's ``makemessages``, never guessing a translation from a similar entry (issue #34).

msgmerge's fuzzy matching fills a new entry with the German of the nearest
old one ("Page %(page)s of %(pages)s" for "set %(name)s to %(after)s"),
marked fuzzy; the catalogue test then fails on a guess instead of a plain
empty entry. Overriding ``msgmerge_options`` is how Django's documentation
customises the command.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
