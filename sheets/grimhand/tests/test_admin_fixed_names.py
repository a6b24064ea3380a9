"""Rows characters refer to by name keep their names in the admin."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from sheets.grimhand.models import Race, RarityLevel

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, django_user_model):
    call_command("load_gamedata", verbosity=0)
    admin = django_user_model.objects.create_superuser("root", password="pw-grim-2026")
    client.force_login(admin)
    return client


def test_race_numbers_are_editable_but_not_its_name(staff) -> None:
    human = Race.objects.get(name="Human")
    page = staff.get(f"/admin/sheets/race/{human.pk}/change/").content.decode()
    assert 'name="life"' in page and 'name="name"' not in page
    assert staff.get("/admin/sheets/race/add/").status_code == 403
    assert staff.post(f"/admin/sheets/race/{human.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Race.objects.filter(name="Human").exists()


def test_rarity_rows_cannot_be_deleted(staff) -> None:
    mythic = RarityLevel.objects.get(name="Mythic")
    assert staff.post(f"/admin/sheets/raritylevel/{mythic.pk}/delete/", {"post": "yes"}).status_code == 403
