"""Static URLs are the manifest's hashed URLs, worked out once per process (``companion.static_storage``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from whitenoise.storage import CompressedManifestStaticFilesStorage

from companion.static_storage import RememberedUrls

HASHED = "css/history.0123456789ab.css"


def storages(root: Path) -> tuple[RememberedUrls, CompressedManifestStaticFilesStorage]:
    """Ours and whitenoise's, over a collected folder whose manifest names one hashed file."""
    (root / "staticfiles.json").write_text(
        json.dumps({"version": "1.1", "paths": {"css/history.css": HASHED}})
    )
    location = {"location": str(root), "base_url": "/static/"}
    return RememberedUrls(**location), CompressedManifestStaticFilesStorage(**location)


def test_a_remembered_url_is_the_manifests_own_and_is_worked_out_once(tmp_path: Path) -> None:
    storage, plain = storages(tmp_path)
    url = storage.url("css/history.css")
    assert url == plain.url("css/history.css") == f"/static/{HASHED}"
    assert storage._urls == {"css/history.css": url}
    assert storage.url("css/history.css") == url


def test_a_name_missing_from_the_manifest_is_refused_every_time_and_not_kept(tmp_path: Path) -> None:
    storage, _plain = storages(tmp_path)
    for _ in range(2):
        with pytest.raises(ValueError):
            storage.url("css/no-such-file.css")
    assert storage._urls == {}
