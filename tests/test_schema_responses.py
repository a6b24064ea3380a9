"""Real responses match the OpenAPI schema we publish (issue #8: "Responses match the OpenAPI schema").

Each call below is made for real; its JSON body is validated against the
response schema of its path, method and status in ``/api/v1/schema/``, with
every documented object closed (a field the schema does not name is an
error, so a field added to a response without its schema fails here).
"""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from tests.grimhand_personas import fixture_gh_host, fixture_gh_outsider, fixture_gh_player  # noqa: F401
from tests.personas import Person, add_life, host, player  # noqa: F401

pytestmark = pytest.mark.django_db


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 → JSON Schema: ``nullable`` as a null type, objects with properties closed."""
    if isinstance(node, list):
        return [_json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _json_schema(v) for k, v in node.items() if k not in ("nullable", "readOnly", "writeOnly")}
    if out.get("type") == "object" and "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    doc: dict[str, Any] = SchemaGenerator().get_schema(request=None, public=True)
    converted: dict[str, Any] = _json_schema(doc)
    return converted


def check(schema: dict[str, Any], method: str, template: str, response: Any) -> None:
    assert template in schema["paths"], f"{template} is not in the schema"
    operation = schema["paths"][template][method]
    status = str(response.status_code)
    assert status in operation["responses"], f"{method.upper()} {template} {status} is not documented"
    body_schema = operation["responses"][status]["content"]["application/json"]["schema"]
    validator = Draft202012Validator({**body_schema, "components": schema["components"]})
    errors = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.absolute_path))
    assert not errors, f"{method.upper()} {template}: " + "; ".join(
        f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]
    )


def test_table_endpoints_answer_what_the_schema_says(
    schema: dict[str, Any],
    host: Person,  # noqa: F811
    player: Person,  # noqa: F811
) -> None:
    tid = host.table.pk
    created = APIClient().post(
        "/api/v1/tables/", {"game": "counters", "name": "Fri", "seat_name": "Ann"}, format="json"
    )
    check(schema, "post", "/api/v1/tables/", created)
    joined = APIClient().post(
        "/api/v1/tables/join/", {"code": host.table.join_code, "name": "Cy"}, format="json"
    )
    check(schema, "post", "/api/v1/tables/join/", joined)
    life = add_life(host)
    command = host.command("counter.adjust", {"counter_id": life, "by": 2})
    check(schema, "post", "/api/v1/tables/{table_id}/commands/", command)
    preview = host.client.post(
        f"/api/v1/tables/{tid}/commands/preview/",
        {"type": "counter.adjust", "payload": {"counter_id": life, "by": 1}},
        format="json",
    )
    check(schema, "post", "/api/v1/tables/{table_id}/commands/preview/", preview)
    check(schema, "get", "/api/v1/tables/{table_id}/", player.client.get(f"/api/v1/tables/{tid}/"))
    check(
        schema, "get", "/api/v1/tables/{table_id}/events/", player.client.get(f"/api/v1/tables/{tid}/events/")
    )
    check(schema, "get", "/api/v1/games/", APIClient().get("/api/v1/games/"))


def test_a_grim_hand_character_answers_what_the_schema_says(
    schema: dict[str, Any], gh_player: Person
) -> None:
    body = gh_player.command("character.create", {"name": "Lucky", "randomise": True}).json()
    character_id = int(next(iter(body["state"]["characters"].values()))["id"])
    response = gh_player.client.get(f"/api/v1/grimhand/characters/{character_id}/")
    assert response.status_code == 200
    check(schema, "get", "/api/v1/grimhand/characters/{character_id}/", response)


def test_a_grim_hand_characters_refusals_answer_what_the_schema_says(
    schema: dict[str, Any],
    gh_player: Person,
    gh_outsider: Person,
) -> None:
    """Issue #32, item 9: the 401 (and 403, 404) of a character's read and export are declared."""
    body = gh_player.command("character.create", {"name": "Lucky", "randomise": True}).json()
    character_id = int(next(iter(body["state"]["characters"].values()))["id"])
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Seat not-a-token")
    for template in (
        "/api/v1/grimhand/characters/{character_id}/",
        "/api/v1/grimhand/characters/{character_id}/export/",
    ):
        url = template.replace("{character_id}", str(character_id))
        for client, status in ((APIClient(), 401), (stranger, 401), (gh_outsider.client, 403)):
            response = client.get(url)
            assert response.status_code == status, (url, response.content)
            check(schema, "get", template, response)
        missing = gh_player.client.get(template.replace("{character_id}", "999999"))
        assert missing.status_code == 404
        check(schema, "get", template, missing)


def test_my_history_answers_what_the_schema_says(
    schema: dict[str, Any],
    host: Person,  # noqa: F811
) -> None:
    from django.contrib.auth import get_user_model

    from campaigns import services
    from campaigns.tasks import write_play_record

    mara = get_user_model().objects.create_user("mara", password="x")
    services.seat_claim(seat=host.seat, user=mara)
    assert host.command("table.end").status_code == 200
    write_play_record(host.table.pk)
    client = APIClient()
    client.force_login(mara)
    plays = client.get("/api/v1/me/plays/")
    assert plays.json()["count"] == 1
    check(schema, "get", "/api/v1/me/plays/", plays)
    check(schema, "get", "/api/v1/me/stats/", client.get("/api/v1/me/stats/"))


def test_refusals_answer_what_the_schema_says(
    schema: dict[str, Any],
    host: Person,  # noqa: F811
    settings: Any,
) -> None:
    tid = host.table.pk
    commands = "/api/v1/tables/{table_id}/commands/"
    check(schema, "post", commands, host.command("counter.adjust", {"counter_id": 999, "by": 1}))  # 400
    life = add_life(host)
    first = host.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="same")
    assert first.status_code == 200
    reused = host.command("counter.adjust", {"counter_id": life, "by": 2}, command_id="same")
    assert reused.status_code == 409
    check(schema, "post", commands, reused)
    settings.SEAT_COMMANDS_PER_WINDOW = 0
    too_fast = host.command("counter.adjust", {"counter_id": life, "by": 1})
    assert too_fast.status_code == 429
    check(schema, "post", commands, too_fast)
    anonymous = APIClient().get(f"/api/v1/tables/{tid}/events/")
    assert anonymous.status_code == 401
    check(schema, "get", "/api/v1/tables/{table_id}/events/", anonymous)
    wrong = APIClient().post("/api/v1/tables/join/", {"code": "ZZZZZZ", "name": "Cy"}, format="json")
    assert wrong.status_code == 404
    check(schema, "post", "/api/v1/tables/join/", wrong)
    check(schema, "get", "/api/v1/me/stats/", APIClient().get("/api/v1/me/stats/"))  # 401
    from django.contrib.auth import get_user_model

    logged_in = APIClient(enforce_csrf_checks=True)
    logged_in.force_login(get_user_model().objects.create_user("ivo", password="x"))
    body = {"game": "counters", "name": "Fri", "seat_name": "Ivo"}
    no_token = logged_in.post("/api/v1/tables/", body, format="json")
    assert no_token.status_code == 403 and no_token.json()["code"] == "csrf_failed"
    check(schema, "post", "/api/v1/tables/", no_token)


def test_imports_answer_what_the_schema_says(
    schema: dict[str, Any],
    host: Person,  # noqa: F811
    settings: Any,
) -> None:
    from tests.import_jobs import IMPORT, run_owed_imports

    export = host.client.get(f"/api/v1/tables/{host.table.pk}/export/").json()
    posted = APIClient().post(IMPORT, export, format="json")
    assert posted.status_code == 202
    check(schema, "post", IMPORT, posted)
    status = IMPORT + "{job_id}/"
    pending = APIClient().get(posted["Location"])
    assert pending.json()["status"] == "pending"
    check(schema, "get", status, pending)
    run_owed_imports()
    done = APIClient().get(posted["Location"])
    assert done.json()["status"] == "done"
    check(schema, "get", status, done)
    tampered = {**export, "name": "Another name"}
    refused = APIClient().post(IMPORT, tampered, format="json")
    run_owed_imports()
    mismatch = APIClient().get(refused["Location"])
    assert mismatch.status_code == 400
    check(schema, "get", status, mismatch)
    unknown = APIClient().get(IMPORT + "no-such-import/")
    assert unknown.status_code == 404
    check(schema, "get", status, unknown)
    check(schema, "post", IMPORT, APIClient().post(IMPORT, {"format": "?"}, format="json"))  # 400
    settings.IMPORT_MAX_BYTES = 100
    too_large = APIClient().post(IMPORT, export, format="json")
    assert too_large.status_code == 413
    check(schema, "post", IMPORT, too_large)
    settings.IMPORTS_PER_WINDOW = 0
    too_many = APIClient().post(IMPORT, export, format="json")
    assert too_many.status_code == 429
    check(schema, "post", IMPORT, too_many)
