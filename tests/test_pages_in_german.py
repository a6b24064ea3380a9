"""The platform's pages, partials and scripts read German on a German phone (issue #34).

The pages' words come from ``locale/`` (templates/, companion/, static/js);
these check a few of them really show, and that a partial kept by
``{% inline %}`` is kept per language (a mixed table renders both).
"""

from __future__ import annotations

import pytest
from django.template import engines
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db
GERMAN = {"accept-language": "de-DE,de;q=0.9"}
ENGLISH = {"accept-language": "en"}

FINAL = (
    '{% load inline %}{% inline "partials/final_table.html" id="g" title="End" columns=columns final=final %}'
)


def test_an_inlined_partial_is_kept_per_language() -> None:
    template = engines["django"].from_string(FINAL)  # one template: its partial kept once rendered
    rows = [{"place": 1, "name": "Ann", "won": True, "details": {}, "note": "", "cells": [3]}]

    def final_table() -> str:
        return str(template.render({"columns": [{"label": "Points"}], "final": rows}))

    with translation.override("en-gb"):
        english = final_table()
    with translation.override("de"):
        german = final_table()
    with translation.override("en-gb"):
        again = final_table()
    assert ">Place</th>" in english and ">Winner<" in english
    assert ">Platz</th>" in german and ">Sieger<" in german and "Winner" not in german
    assert again == english


def test_the_home_page_reads_german_and_english() -> None:
    german = Client(headers=GERMAN).get("/").content.decode()
    english = Client(headers=ENGLISH).get("/").content.decode()
    assert "Neuen Tisch eröffnen" in german and "Open a new table" not in german
    assert 'placeholder="Freitagabend"' in german
    assert "Open a new table" in english and 'placeholder="Friday night"' in english


def test_the_join_page_reads_german() -> None:
    page = Client(headers=GERMAN).get("/join/").content.decode()
    assert "Einem Tisch beitreten" in page and "Platz nehmen" in page
