"""Grimterra at a real table: commands through the API, the board rendered by the server, the log in words."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from campaigns import services
from campaigns.boards import board_html
from campaigns.models import Table
from campaigns.registry import get
from tests.board_fragments import fragment_nodes, kept_board, rendered_again_from_the_cache
from tests.personas import Person, board, host_of, join, ok, page_client, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann() -> Person:
    return host_of("grimterra", "Terra")


def add(p: Person, name: str, fate: str, health: int, empowered: int, position: str = "backrow") -> int:
    body = ok(
        p.command(
            "hero.add",
            {
                "name": name,
                "fates": fate,
                "health": health,
                "empowered_health": empowered,
                "position": position,
            },
        )
    )
    return int(body["events"][0]["payload"]["hero"]["id"])


def heroes(ann: Person, bo: Person) -> dict[str, int]:
    ids = {
        "Vex": add(ann, "Vex", "Agilitas", 3, 5, "arena"),
        "Lumen": add(ann, "Lumen", "Intellectus", 4, 6),
        "Shade": add(ann, "Shade", "Tenebris", 2, 4),
        "Kor": add(bo, "Kor", "Fortutidas", 4, 6, "arena"),
        "Mira": add(bo, "Mira", "Agilitas", 3, 5),
        "Ash": add(bo, "Ash", "Intellectus", 3, 4),
    }
    return ids


def hero(p: Person, hero_id: int) -> dict[str, Any]:
    found: dict[str, Any] = next(h for h in state_of(p)["heroes"] if h["id"] == hero_id)
    return found


def test_the_game_is_registered() -> None:
    spec = get("grimterra")
    assert (spec.name, spec.min_seats, spec.board_template, spec.order) == (
        "Grimterra",
        1,
        "grimterra/board.html",
        30,
    )
    assert spec.max_seats >= 2
    assert "'" not in spec.blurb and "\u2019" not in spec.blurb


def test_the_table_page_is_the_shell_with_the_board(ann: Person, bo: Person) -> None:
    html = page_client(ann).get(f"/t/{ann.table.pk}/").content.decode()
    assert 'id="board"' in html and "js/board.js" in html and "js/table.js" not in html
    assert 'id="join-code"' in html and 'id="log"' in html and 'id="conn"' in html
    assert "Each player adds 3 heroes," in html
    assert "Add a hero for Ann (0 of 3)" in html and "Add a hero for Bo (0 of 3)" in html
    assert f'data-seat-id="{ann.seat.pk}"' in html and f'data-seat-id="{bo.seat.pk}"' in html
    assert "game.start" not in html
    heroes(ann, bo)
    html = page_client(bo).get(f"/t/{ann.table.pk}/").content.decode()
    assert "Everyone has 3 heroes: choose who plays first." in html
    assert ">Ann plays first</button>" in html and ">Bo plays first</button>" in html


def test_a_waiting_table_has_a_board(ann: Person) -> None:
    html = board_html(Table.objects.get(pk=ann.table.pk))
    assert html is not None and "Add a hero for Ann" in html and "game.start" not in html


def test_the_board_fragment_follows_the_snapshot(ann: Person, bo: Person) -> None:
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    response = page_client(bo).get(f"/t/{ann.table.pk}/board/")
    assert response.status_code == 200
    assert response["X-Table-Seq"] == str(Table.objects.get(pk=ann.table.pk).seq)
    html = response.content.decode()
    for text in (
        "Ann's turn 1: Draw.",
        "Next phase: Pre Combat",
        'aria-label="Ann hand">5<',
        'aria-label="Bo hand">5<',
        'aria-label="Ann deck">not counted<',
        "Spell free",
        'aria-label="Vex wounds">0/3<',
        'aria-label="Kor dark">0/6<',
        "Use a card with Ann's hero",
        "Correct by hand",
    ):
        assert text in html, text
    assert 'id="grimterra-turn-h"' in html
    ok(bo.command("hero.dark", {"hero_id": ids["Vex"], "by": 2}))
    ok(ann.command("turn.next"))
    html = board(ann)
    assert 'aria-label="Vex dark">2/6<' in html and "Ann's turn 1: Pre Combat." in html
    assert "Start the combat" in html
    assert Client().get(f"/t/{ann.table.pk}/board/").status_code == 403


def test_a_short_game_through_the_api(ann: Person, bo: Person) -> None:
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    ok(ann.command("turn.next"))  # Pre Combat
    ok(ann.command("hero.skill", {"hero_id": ids["Vex"], "side": "normal", "fate": "Agilitas", "level": 3}))
    used = ok(
        ann.command(
            "card.use", {"hero_id": ids["Vex"], "kind": "spell", "fate": "Agilitas", "requirement": 2}
        )
    )
    assert used["events"][0]["text"] == (
        "Ann's hero Vex plays a Spell card (Agilitas 2, skill 3); hand 5 → 4, discard pile 0 → 1."
    )
    assert "Spell used" in board(ann)
    ok(ann.command("combat.start", {"attacker_id": ids["Vex"], "target_id": ids["Kor"]}))
    html = board(bo)
    assert "Combat: Ann's Vex against Bo's Kor, round 1 of 3." in html
    assert "End combat round 1 of 3" in html

    # Kor's wounds reach its Health: it flips at the END of the round, not now.
    wounded = ok(ann.command("hero.wound", {"hero_id": ids["Kor"], "amount": 4}))
    assert wounded["events"][0]["text"] == (
        "Bo's hero Kor takes 4 wounds (wounds 0 → 4, Health 4); Kor flips at the end of this round."
    )
    assert hero(ann, ids["Kor"])["side"] == "normal"
    html = board(bo)
    assert "At the end of this round: Kor flips to the empowered side." in html
    assert "Flips at round end" in html
    ended = ok(bo.command("combat.round_end"))
    assert ended["events"][0]["text"] == (
        "Combat round 1 ends; Kor flips to its empowered side (wounds 4 → 0); round 1 → 2 of 3."
    )
    kor = hero(ann, ids["Kor"])
    assert (kor["side"], kor["wounds"]) == ("empowered", 0)
    html = board(ann)
    assert 'aria-label="Kor wounds">0/6<' in html and "Empowered side" in html
    assert "round 2 of 3" in html

    # Six dark counters kill Kor whatever its Health.
    dark = ok(ann.command("hero.dark", {"hero_id": ids["Kor"], "by": 6}))
    assert dark["events"][0]["text"] == (
        "Bo's hero Kor gains 6 dark counters (dark 0 → 6 of 6); Kor dies of darkness (6 dark counters)."
    )
    ended = ok(bo.command("combat.round_end"))
    assert "combat ends: the target is no longer in the arena" in ended["events"][0]["text"]
    assert ended["state"]["turn"]["phase"] == "post"
    html = board(bo)
    assert 'aria-label="Kor side">Dead<' in html and "Ann's turn 1: Post Combat." in html

    # Outside combat Bo's last two heroes die of darkness too: Bo is out and Ann wins.
    ok(ann.command("hero.dark", {"hero_id": ids["Mira"], "by": 6}))
    last = ok(ann.command("hero.dark", {"hero_id": ids["Ash"], "by": 6}))
    assert last["events"][0]["text"].endswith("Bo has no living hero left and is out; Ann wins.")
    assert last["state"]["over"] is True and last["state"]["winner_seat_id"] == ann.seat.pk
    html = board(bo)
    assert "Ann wins the game</strong>: the last player still in." in html
    assert 'id="grimterra-final"' in html and "Final result" in html
    assert 'id="grimterra-turn"' not in html


def test_every_event_reads_as_a_sentence_in_the_log(ann: Person, bo: Person) -> None:
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    wound = ok(bo.command("hero.wound", {"hero_id": ids["Vex"], "amount": 1}))
    ok(ann.command("undo", {"seq": wound["seq"]}))
    ok(ann.command("player.adjust", {"field": "hand", "value": 6, "note": "a card said so"}))
    page = ann.client.get(f"/api/v1/tables/{ann.table.pk}/events/").json()["results"]
    texts = [e["text"] for e in page]
    assert texts[0] == "Ann joined"
    assert "Ann brings the hero Vex (Agilitas, Health 3, Empowered Health 5) into the arena." in texts
    assert any(t.startswith("The game begins: Ann plays first; Ann draws 5 (hand 0 → 5)") for t in texts)
    assert "Ann's hero Vex takes 1 wound (wounds 0 → 1, Health 3)." in texts
    assert "undid: Ann's hero Vex takes 1 wound (wounds 0 → 1, Health 3). (Vex's wounds 1 → 0)" in texts
    assert texts[-1] == "Ann: hand 5 \u2192 6 by hand: a card said so."
    assert all(e["type"].replace(".", " ") != e["text"] for e in page)


def test_a_refused_command_changes_nothing_and_names_its_field(ann: Person, bo: Person) -> None:
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    before = Table.objects.get(pk=ann.table.pk)
    r = ann.command("hero.wound", {"hero_id": ids["Kor"], "amount": "12abc"})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "amount"
    r = ann.command(
        "card.use", {"hero_id": ids["Vex"], "kind": "spell", "fate": "Agilitas", "requirement": 2}
    )
    assert r.status_code == 400 and r.json()["code"] == "wrong_phase" and r.json()["extra"]["field"] == "kind"
    r = ann.command("hero.add", {"name": "Extra", "fates": "purple-ish", "health": 2, "empowered_health": 3})
    assert r.status_code == 400 and r.json()["extra"]["field"] == "fates"
    r = bo.command("turn.next")
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    after = Table.objects.get(pk=ann.table.pk)
    assert (after.seq, after.state) == (before.seq, before.state)
    assert f'data-edit-seat="{ann.seat.pk}"' in board(bo)


def test_the_kept_board_is_the_board_rendered_in_full_after_every_change(
    ann: Person, bo: Person, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each hero's card and each seat's own parts are kept ({% cache %}): after every change the
    # board is the one rendered whole, so no part shows numbers from before the change.
    assert "Add a hero for Bo (0 of 3)" in kept_board(ann.table.pk)
    # Renamed: a panel kept under the old name is not given again.
    ok(bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Bea"}))
    html = kept_board(bo.table.pk)
    assert "Add a hero for Bea (0 of 3)" in html and "Add a hero for Bo " not in html
    ids = heroes(ann, bo)
    assert "Everyone has 3 heroes: choose who plays first." in kept_board(ann.table.pk)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    kept_board(ann.table.pk)
    ok(bo.command("hero.dark", {"hero_id": ids["Vex"], "by": 2}))
    html = kept_board(ann.table.pk)
    assert 'aria-label="Vex dark">2/6<' in html and f'id="gt-h{ids["Vex"]}-md-to"' in html
    # Renamed once the game is on: the seat's counts, forms and corrections follow the name.
    ok(bo.command("seat.rename", {"seat_id": bo.seat.pk, "name": "Cass"}))
    html = kept_board(ann.table.pk)
    assert 'aria-label="Cass hand">5<' in html and "Cass: deck, hand or discard" in html
    assert "Bea" not in html
    ok(ann.command("turn.next"))  # Pre Combat
    kept_board(ann.table.pk)
    ok(ann.command("hero.skill", {"hero_id": ids["Vex"], "side": "normal", "fate": "Agilitas", "level": 3}))
    ok(
        ann.command(
            "card.use", {"hero_id": ids["Vex"], "kind": "spell", "fate": "Agilitas", "requirement": 2}
        )
    )
    assert "Spell used" in kept_board(ann.table.pk)
    ok(ann.command("combat.start", {"attacker_id": ids["Vex"], "target_id": ids["Kor"]}))
    html = kept_board(bo.table.pk)
    assert "Combat: Ann's Vex against Cass's Kor, round 1 of 3." in html and "card.bluff" in html
    # One hero wounded: its card is the only part rendered again (none when an earlier test of
    # this process already kept that card for the same values).
    again: list[str] = []
    fragments = caches["template_fragments"]
    keep = fragments.set

    def counted(key: str, *args: Any, **kwargs: Any) -> None:
        again.append(key.split(".")[2])  # template.cache.<fragment name>.<digest>
        keep(key, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(fragments, "set", counted)
        ok(ann.command("hero.wound", {"hero_id": ids["Kor"], "amount": 4}))
        html = kept_board(bo.table.pk)
    assert 'aria-label="Kor wounds">4/4<' in html and "Flips at round end" in html
    assert len(again) <= 1 and all(name == "grimterra_h" for name in again), again
    ok(bo.command("combat.round_end"))  # Kor flips
    assert 'aria-label="Kor side">Empowered side<' in kept_board(ann.table.pk)
    ok(ann.command("hero.move_dark", {"from_id": ids["Vex"], "to_id": ids["Kor"], "count": 1}))
    assert f'<option value="{ids["Kor"]}">Kor #' in kept_board(ann.table.pk)
    ok(ann.command("hero.dark", {"hero_id": ids["Kor"], "by": 6}))  # Kor dies of darkness
    html = kept_board(ann.table.pk)
    assert 'aria-label="Kor side">Dead<' in html and f'<option value="{ids["Kor"]}">Kor #' not in html
    ok(bo.command("combat.round_end"))  # the combat ends: its target is dead
    html = kept_board(ann.table.pk)
    assert "card.bluff" not in html
    # Kept, not rendered every time: the same board again renders no part again.
    assert rendered_again_from_the_cache(Table.objects.get(pk=ann.table.pk)) == html
    ok(ann.command("hero.dark", {"hero_id": ids["Mira"], "by": 6}))
    ok(ann.command("hero.dark", {"hero_id": ids["Ash"], "by": 6}))
    assert "Ann wins the game" in kept_board(bo.table.pk)
    # Every part's values are plain data the cache can key on.
    nodes = fragment_nodes("grimterra/board.html")
    assert len(nodes) == 4


def test_the_overkill_reading_is_offered_when_a_table_opens() -> None:
    """The rulebook's open question (do wounds beyond a normal hero's Health carry over?) is a table
    option: on the home page's form, in the API's game list, in the snapshot, refused by name."""
    client = Client()
    html = client.get("/").content.decode()
    assert 'data-game-options="grimterra"' in html and 'name="opt-grimterra-overkill"' in html
    assert (
        "Removed when it flips (all wounds are removed)" in html
        and "Carried over to its empowered side" in html
    )
    form = {"game": "grimterra", "name": "Carry", "seat_name": "Ann", "opt-grimterra-overkill": "carry"}
    assert client.post("/tables/new/", form).status_code == 302
    assert Table.objects.get(name="Carry").state["overkill"] == "carry"
    games = {g["slug"]: g for g in client.get("/api/v1/games/").json()}
    assert [c["value"] for c in games["grimterra"]["options"][0]["choices"]] == ["cleared", "carry"]
    r = client.post(
        "/api/v1/tables/",
        {"game": "grimterra", "name": "Odd", "seat_name": "Ann", "options": {"overkill": "double"}},
        content_type="application/json",
    )
    assert r.status_code == 400 and r.json()["extra"]["field"] == "options.overkill"


def test_carried_wounds_at_a_real_table() -> None:
    ann = host_of("grimterra", "Carry", options={"overkill": "carry"})
    bo = join(ann.table, "Bo")
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    wound = ok(bo.command("hero.wound", {"hero_id": ids["Kor"], "amount": 6}))  # Health 4, Empowered 6
    assert (hero(ann, ids["Kor"])["side"], hero(ann, ids["Kor"])["wounds"]) == ("empowered", 2)
    assert wound["events"][0]["text"].endswith(
        "Kor flips to its empowered side (wounds 6 → 2: 2 carried over)."
    )
    assert "Wounds beyond Health carry over to the empowered side." in board(ann)
    assert "carry over" not in board(
        join(services.table_create(game="grimterra", name="T", seat_name="Cy")[0], "Di")
    )


def test_an_illegal_card_revealed_in_combat_is_discarded_from_the_board(ann: Person, bo: Person) -> None:
    ids = heroes(ann, bo)
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    assert 'data-command="card.illegal"' not in board(ann)  # only during combat
    ok(ann.command("turn.next"))
    ok(ann.command("combat.start", {"attacker_id": ids["Vex"], "target_id": ids["Kor"]}))
    assert f'data-command="card.illegal" data-payload=\'{{"seat_id": {bo.seat.pk}}}\'' in board(bo)
    body = ok(bo.command("card.illegal", {"card": "Fireball"}))
    assert body["events"][0]["text"] == (
        "Bo revealed an illegal card, Fireball: it is discarded (hand 5 → 4, discard pile 0 → 1); "
        "Ann may change or retract their card, and its effects trigger this round."
    )


def test_a_finished_game_reads_won_without_points_in_the_history() -> None:
    """Grimterra keeps no score (rulebook 4: the win is the last player with heroes, or the fewest dark
    counters): a play's history says who won, never "Won · 3 points"; the heroes still alive stay in
    the result's details."""
    from django.contrib.auth import get_user_model

    from campaigns.tasks import write_play_record
    from tests.sample_play import ApiSitting, play_with

    sitting = ApiSitting("grimterra")
    ann, bo = sitting.people
    user = get_user_model().objects.create_user("ann", password="x")
    ann.client.force_login(user)
    assert ann.client.post(f"/api/v1/tables/{ann.table.pk}/claim/").status_code in (200, 201)
    play_with("grimterra", ann, bo)
    write_play_record(ann.table.pk)
    client = Client()
    client.force_login(user)
    page = client.get("/me/plays/").content.decode()
    assert '<p class="outcome won">Won</p>' in page and "point" not in page
    (mine,) = client.get("/api/v1/me/plays/").json()["results"]
    assert (mine["me"]["score"], mine["me"]["won"], [p["score"] for p in mine["players"]]) == (
        None,
        True,
        [None, None],
    )
    (game,) = client.get("/api/v1/me/stats/").json()["games"]
    assert (game["avg_score"], game["best_score"]) == (None, None)
