"""Table pages: open, join, the table, the shared screen, claiming a seat."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.models import Seat, Table
from tests.personas import Person

pytestmark = pytest.mark.django_db


def test_opening_a_table_from_the_home_page_seats_you_as_host(client: Client) -> None:
    r = client.post("/tables/new/", {"game": "counters", "name": "Friday", "seat_name": "Ann"})
    table = Table.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/t/{table.pk}/"
    assert f"grim_seat_{table.pk}" in r.cookies and r.cookies[f"grim_seat_{table.pk}"]["httponly"]
    page = client.get(f"/t/{table.pk}/").content.decode()
    assert table.join_code in page and "<svg" in page  # code and QR for the host
    assert "Invite and manage" in page


def test_open_table_errors_show_next_to_the_field(client: Client) -> None:
    r = client.post("/tables/new/", {"game": "counters", "name": "Friday", "seat_name": ""})
    assert r.status_code == 400
    html = r.content.decode()
    assert 'id="new-seat-error"' in html and "Please enter your name" in html
    assert not Table.objects.exists()


def test_join_page_takes_a_seat_and_remembers_it(client: Client, host: Person) -> None:
    assert host.table.join_code in client.get(f"/join/{host.table.join_code}/").content.decode()
    r = client.post("/join/", {"code": host.table.join_code.lower(), "name": "Bo", "role": "player"})
    assert r.status_code == 302 and r["Location"] == f"/t/{host.table.pk}/"
    page = client.get(f"/t/{host.table.pk}/").content.decode()
    assert "Bo" in page and "Invite and manage" not in page


def test_join_page_shows_a_wrong_code_next_to_the_field(client: Client) -> None:
    r = client.post("/join/", {"code": "ZZZZZZ", "name": "Bo"})
    assert r.status_code == 404
    assert 'id="join-code-error"' in r.content.decode()


def test_spectators_land_on_the_shared_screen(client: Client, host: Person) -> None:
    r = client.post("/join/", {"code": host.table.join_code, "name": "TV", "role": "spectator"})
    assert r["Location"] == f"/t/{host.table.pk}/screen/"
    assert client.get(f"/t/{host.table.pk}/")["Location"] == f"/t/{host.table.pk}/screen/"
    assert client.get(f"/t/{host.table.pk}/screen/").status_code == 200


def test_table_page_without_a_seat_sends_you_to_join(client: Client, host: Person) -> None:
    r = client.get(f"/t/{host.table.pk}/")
    assert r.status_code == 302 and r["Location"] == "/join/"


def test_a_logged_in_player_claims_the_seat_into_their_history(client: Client, django_user_model) -> None:
    user = django_user_model.objects.create_user("mara", password="pw-grim-2026")
    client.post("/tables/new/", {"game": "counters", "name": "Friday", "seat_name": "Ann"})
    table = Table.objects.get()
    client.force_login(user)
    assert "Keep this seat in my history" in client.get(f"/t/{table.pk}/").content.decode()
    client.post(f"/t/{table.pk}/claim/")
    assert Seat.objects.get(table=table).user == user
    assert "Friday" in client.get("/").content.decode()  # "Your tables"


def test_claim_over_the_api(player: Person, django_user_model) -> None:
    user = django_user_model.objects.create_user("nell", password="pw-grim-2026")
    url = f"/api/v1/tables/{player.table.pk}/claim/"
    r = player.client.post(url)
    assert r.status_code == 401 and r.json()["code"] == "login_required"
    player.client.force_login(user)
    r = player.client.post(url)
    assert r.status_code == 200 and r.json()["you"]["claimed"] is True
