"""A renamed account is shown by its new name in every cached answer (issue #14, "Speed").

The cached statistics name accounts (an opponent, a nemesis, a group's
members and host, the page's list of groups); the key holds a counter the
rename bumps (``campaigns.stats_cache.renamed``), so the next read after a
rename shows the new name. Each read here goes through the API or the page,
the same reads a player makes, before and after the rename.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaigns.models import StatsVersion
from campaigns.tests.test_stats import a_play
from campaigns.tests.test_stats_cache import GAME, account, client_of, group_stats, my_stats

pytestmark = pytest.mark.django_db


def rename(user: Any, name: str, **save: Any) -> None:
    """As the admin's change form does: the loaded account, its name changed, saved."""
    fresh = get_user_model().objects.get(pk=user.pk)
    fresh.username = name
    fresh.save(**save)


def names(stats: dict[str, Any]) -> set[str]:
    return {m["name"] for m in stats["members"]}


def test_an_opponent_renamed_is_shown_by_the_new_name() -> None:
    mara, bea, olaf = account("mara"), account("bea"), account("olaf")
    a_play(GAME, 2, (mara, 2, False), (bea, 1, True), host=olaf)
    assert my_stats(mara)["nemesis"]["name"] == "bea"
    assert names(group_stats(olaf, olaf)) == {"mara", "bea"}

    rename(bea, "beatrix")

    assert my_stats(mara)["nemesis"]["name"] == "beatrix"
    assert my_stats(mara)["most_frequent_opponent"]["name"] == "beatrix"
    assert names(group_stats(olaf, olaf)) == {"mara", "beatrix"}


def test_a_host_renamed_is_shown_by_the_new_name_to_the_players_of_the_group() -> None:
    mara, hana = account("mara"), account("hana")
    a_play(GAME, 2, (mara, 1, True), ("Cy", 2, False), host=hana)
    assert group_stats(mara, hana)["host"] == "hana"
    assert "hana\u2019s tables" in client_of(mara).get("/me/stats/").content.decode()

    rename(hana, "johanna", update_fields=["username"])

    assert group_stats(mara, hana)["host"] == "johanna"
    page = client_of(mara).get("/me/stats/").content.decode()
    assert "johanna\u2019s tables" in page and "hana\u2019s tables" not in page


def test_a_save_that_does_not_rename_bumps_nothing_and_a_login_reads_nothing_more() -> None:
    mara, bea = account("mara"), account("bea")
    a_play(GAME, 2, (mara, 1, True), (bea, 2, False))
    rename(bea, "beatrix")
    versions = list(StatsVersion.objects.order_by("user_id").values_list("user_id", "mine", "hosted"))
    assert versions == [(mara.pk, 1, 0), (bea.pk, 1, 1)]
    rename(bea, "beatrix")  # saved unchanged (say, a new e-mail address)
    fresh = get_user_model().objects.get(pk=bea.pk)
    with CaptureQueriesContext(connection) as queries:
        fresh.save(update_fields=["last_login"])
    assert len(queries) == 1  # the update alone: a login pays nothing for this
    assert list(StatsVersion.objects.order_by("user_id").values_list("user_id", "mine", "hosted")) == versions


def test_an_opponent_renamed_in_the_admin_is_shown_by_the_new_name() -> None:
    """Issue #32, item 10: through the admin's own change form, as a staff member renames someone.

    The accounts' ``date_joined`` has whole seconds, as the form shows it, so saving the form
    changes nothing but the name: the cached answer must go because of the rename itself.
    """
    mara, bea, olaf = account("mara"), account("bea"), account("olaf")
    get_user_model().objects.filter(pk__in=[mara.pk, bea.pk]).update(
        date_joined=datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    )
    a_play(GAME, 2, (mara, 2, False), (bea, 1, True), host=olaf)
    assert my_stats(mara)["nemesis"]["name"] == "bea"
    staff = get_user_model().objects.create_superuser("root", password="x")
    admin = Client()
    admin.force_login(staff)
    bea = get_user_model().objects.get(pk=bea.pk)
    form = {
        "username": "beatrix",
        "first_name": "",
        "last_name": "",
        "email": "",
        "is_active": "on",
        "date_joined_0": timezone.localtime(bea.date_joined).strftime("%Y-%m-%d"),
        "date_joined_1": timezone.localtime(bea.date_joined).strftime("%H:%M:%S"),
        "_save": "Save",
    }
    saved = admin.post(f"/admin/auth/user/{bea.pk}/change/", form)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    after = get_user_model().objects.get(pk=bea.pk)
    assert (after.username, after.date_joined) == ("beatrix", bea.date_joined)

    assert my_stats(mara)["nemesis"]["name"] == "beatrix"
    assert my_stats(mara)["most_frequent_opponent"]["name"] == "beatrix"
