"""The API's refusals and the platform's log lines in the phone's language (issue #34).

"the API's ``message`` follows ``Accept-Language``; ``code`` never changes."
"""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from api.tests.test_import_jobs import a_counters_export
from campaigns import imports, logtext
from campaigns.models import Event, Table
from rules.changes import key_label
from tests.import_jobs import IMPORT, run_owed_imports
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def refused(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "message", "extra"}
    return body


def test_a_rule_refusal_reads_german_with_its_code_unchanged(player: Person) -> None:
    url = f"/api/v1/tables/{player.table.pk}/commands/"
    body = {"type": "seat.rename", "payload": {"seat_id": player.seat.pk, "name": "   "}}
    de = refused(
        player.client.post(url, {**body, "command_id": "a"}, format="json", HTTP_ACCEPT_LANGUAGE="de"), 400
    )
    en = refused(
        player.client.post(url, {**body, "command_id": "b"}, format="json", HTTP_ACCEPT_LANGUAGE="en"), 400
    )
    assert en["message"] == "Please enter a name."
    assert de["message"] != en["message"] and "Namen" in de["message"]
    assert de["code"] == en["code"] == "bad_name"
    assert de["extra"] == en["extra"]


def test_a_command_refusal_reads_german_with_its_code_unchanged(player: Person) -> None:
    url = f"/api/v1/tables/{player.table.pk}/commands/"
    body = {"command_id": "rename-x", "type": "table.rename", "payload": {"name": "Ours"}}
    de = refused(player.client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="de"), 403)
    en = refused(
        player.client.post(url, {**body, "command_id": "rename-y"}, format="json", HTTP_ACCEPT_LANGUAGE="en"),
        403,
    )
    assert en["message"] == "Only the host can rename the table."
    assert de["message"] != en["message"] and "Gastgeber" in de["message"]
    assert de["code"] == en["code"]


@pytest.mark.parametrize(
    ("query", "english", "german"),
    [
        ({"after": "x"}, "“after” must be a whole number.", "„after“ muss eine ganze Zahl sein."),
        ({"limit": "0"}, "“limit” must be from 1 to 200.", "„limit“ muss zwischen 1 und 200 liegen."),
    ],
)
def test_a_bad_parameter_reads_german(
    player: Person, query: dict[str, str], english: str, german: str
) -> None:
    url = f"/api/v1/tables/{player.table.pk}/events/"
    de = refused(player.client.get(url, query, HTTP_ACCEPT_LANGUAGE="de"), 400)
    en = refused(player.client.get(url, query, HTTP_ACCEPT_LANGUAGE="en"), 400)
    assert (en["message"], de["message"]) == (english, german)
    assert de["code"] == en["code"] == "bad_param"


def test_no_seat_token_reads_german(host: Person) -> None:
    url = f"/api/v1/tables/{host.table.pk}/"
    de = refused(APIClient().get(url, HTTP_ACCEPT_LANGUAGE="de"), 401)
    en = refused(APIClient().get(url, HTTP_ACCEPT_LANGUAGE="en"), 401)
    assert en["message"] == "Join the table first: this needs your seat token."
    assert de["message"] == "Tritt zuerst dem Tisch bei: Dafür braucht es deinen Platz-Token."
    assert de["code"] == en["code"] == "not_authenticated"


def test_a_platform_log_line_reads_german(player: Person) -> None:
    """A rename and an undo, worded for each reader from the same events."""
    assert player.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bea"}).status_code == 200
    life = add_life(player)
    older = player.command("counter.adjust", {"counter_id": life, "by": -3}).json()["seq"]
    assert player.command("undo", {"seq": older}).status_code == 200
    table = Table.objects.get(pk=player.table.pk)
    events = list(Event.objects.filter(table=table, type__in=["seat.renamed", "undo"]).order_by("seq"))
    with translation.override("en"):
        english = logtext.event_texts(table, events)
    with translation.override("de"):
        german = logtext.event_texts(table, events)
    assert english[0] == "Bo is now Bea"
    assert german[0] == "Bo heißt jetzt Bea"
    assert english[1].startswith("undid: ")
    assert german[1].startswith("machte rückgängig: ")
    moved = "(Life (Bea) 17 \u2192 20)"
    assert english[1].endswith(moved) and german[1].endswith(moved)


def test_number_labels_read_german_where_a_catalogue_has_them() -> None:
    with translation.override("de"):
        assert key_label("score") == "Punktestand"
        assert key_label("number") == "Zahl"
        assert key_label("value") == "Wert"
        assert key_label("qp") == "QP"  # short keys are abbreviations, as printed
        assert key_label("made_up_count") == "Made up count"  # no catalogue has it: as before
    assert key_label("score") == "Score"


def test_an_import_refused_off_the_request_path_reads_in_the_uploaders_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The replay runs apart (a worker, no phone's language): its refusal is worded in the
    language the upload was made in, its code unchanged."""
    monkeypatch.setattr(imports, "enqueue", lambda job_id: None)  # run here, below, as a worker would
    data = a_counters_export()
    next(c for c in data["commands"] if c["type"] == "counter.adjust")["payload"]["by"] = -30
    posted = APIClient().post(IMPORT, data, format="json", HTTP_ACCEPT_LANGUAGE="de", REMOTE_ADDR="10.3.4.34")
    assert posted.status_code == 202, posted.content
    with translation.override("en"):
        assert run_owed_imports() == ["import_mismatch"]
    refused = APIClient().get(posted["Location"])
    assert refused.status_code == 400 and refused.json()["code"] == "import_mismatch"
    assert refused.json()["message"].startswith("Das Nachspielen dieses Exports")
