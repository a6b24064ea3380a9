"""The OpenAPI schema renders and validates; models and migrations agree."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema


@pytest.mark.django_db
def test_schema_endpoint_renders(client) -> None:
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert b"/api/v1/hello/" in response.content


def test_schema_validates_against_openapi_3() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)  # raises on an invalid document
    assert schema["openapi"].startswith("3.")


@pytest.mark.django_db
def test_makemigrations_check_is_clean() -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
