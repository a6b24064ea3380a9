"""A game the platform has never seen works end to end (issue #35: "Prove it: a throwaway game").

Tiny Tally (tests/fixtures/tinygame/: rules, app, board, CSS, sample play, and
nothing else) is installed for these tests only, by adding its app to
``INSTALLED_APPS``; its ``AppConfig.ready`` registers it like every game.
Then the platform must serve it without a line of its own naming it: the home
page offers it, a table opens, its page and board render, a command is applied
and logged, undone, exported and imported, and the play record after its end
holds its sample's results. The cross-game tests (results, export, hostile
commands) and the board benchmark are run for it as they are, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.test.utils import modify_settings

from campaigns import registry
from tests.personas import ok, page_client
from tests.sample_play import ApiSitting

pytestmark = pytest.mark.django_db
TINY = "tests.fixtures.tinygame"


@pytest.fixture
def tinygame() -> Iterator[None]:
    """Tiny Tally installed (its app added and ready), and forgotten again afterwards."""
    assert "tinygame" not in registry.slugs()
    with modify_settings(INSTALLED_APPS={"append": TINY}):
        assert "tinygame" in registry.slugs()
        yield
    registry.unregister("tinygame")


def test_the_platform_serves_a_game_it_has_never_seen(tinygame: None) -> None:
    home = Client().get("/").content.decode()
    assert "Tiny Tally" in home and 'value="tinygame"' in home
    assert "tinygame" in [g["slug"] for g in Client().get("/api/v1/games/").json()]

    sitting = ApiSitting("tinygame")
    ann, bo = sitting.people
    page = page_client(bo).get(f"/t/{ann.table.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "First to 3 points wins." in html and 'aria-label="Bo points"' in html
    assert "tinygame/board.css" in html  # the game's own stylesheet, loaded by its board
    assert 'data-error-for="by"' in html  # the platform's field include, with its error slot

    # A command, its log line with the number it changed, the board after it.
    scored = sitting.do(1, "tally.score", {"by": 2})
    assert scored["state"]["points"] == {str(bo.seat.pk): 2}
    log = ok(ann.client.get(f"/api/v1/tables/{ann.table.pk}/events/"))
    lines = [e["text"] for e in log["results"]]
    assert "Bo scores 2: 2" in lines
    board = page_client(ann).get(f"/t/{ann.table.pk}/board/")
    assert board.status_code == 200 and '<output class="tally-points" aria-label="Bo points">2</output>' in (
        board.content.decode()
    )

    # A refusal names its field, and changes nothing.
    refused = bo.command("tally.score", {"by": 9})
    assert refused.status_code == 400 and refused.json()["extra"]["field"] == "by"

    # Undo from the log: the points are back as they were, and the undo is logged.
    sitting.do(1, "tally.score", {"by": 1})
    undone = sitting.do(1, "undo", {"seq": sitting.table.seq})
    assert undone["state"]["points"] == {str(bo.seat.pk): 2}
    assert "3 \u2192 2" in " ".join(e["text"] for e in undone["events"])


def test_the_cross_game_tests_and_the_bench_run_it_unchanged(tinygame: None) -> None:
    """The suite's own cross-game tests, called for Tiny Tally as they are: its sample play's
    results after the end (the play record), export and import (to the end and mid-game), any
    JSON at any command; and the board benchmark's measurement of its kept board."""
    from api.tests import test_export
    from tests import test_fuzz_commands, test_results_every_game

    test_results_every_game.test_every_registered_game_has_a_sample_play()
    test_results_every_game.test_a_sample_play_leaves_the_results_worked_out_by_hand("tinygame")
    test_export.test_a_sample_play_exported_then_imported_gives_the_same_table("tinygame")
    test_export.test_a_mid_game_scene_exported_then_imported_gives_the_same_table("tinygame")
    test_fuzz_commands.test_any_json_at_any_command_leaves_a_table_that_works("tinygame")

    from bench.bench_boards import measure
    from bench.scenes import benched_games, play_scene

    assert "tinygame" in benched_games()
    figures = measure(play_scene("tinygame", 4), rounds=1)
    assert figures.mismatches == [] and figures.parts == 2
