"""Static URLs are the manifest's hashed URLs, worked out once per process (``companion.static_storage``)."""

from __future__ import annotations

import pytest
from whitenoise.storage import CompressedManifestStaticFilesStorage

from companion.static_storage import RememberedUrls


def test_a_remembered_url_is_the_manifests_own_and_is_worked_out_once() -> None:
    storage, plain = RememberedUrls(), CompressedManifestStaticFilesStorage()
    url = storage.url("css/history.css")
    assert url == plain.url("css/history.css") != "/static/css/history.css"  # hashed: the manifest's
    assert storage._urls == {"css/history.css": url}
    assert storage.url("css/history.css") == url


def test_a_name_missing_from_the_manifest_is_refused_every_time_and_not_kept() -> None:
    storage = RememberedUrls()
    for _ in range(2):
        with pytest.raises(ValueError):
            storage.url("css/no-such-file.css")
    assert storage._urls == {}
