"""Static files as whitenoise serves them, with each file's hashed URL worked out once per process.

Every page links its stylesheets and scripts through ``{% static %}``, and
the manifest storage works a URL out anew each time (splitting, unquoting
and looking the name up in the manifest): on the statistics page that was
about a twelfth of the interpreter's time per request (a profile under
load). The manifest is read once when the process starts and does not
change while it runs, so neither do the URLs.
"""

from __future__ import annotations

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage

KEPT = 2048
"""At most this many names are remembered (pages name a few dozen files)."""


class RememberedUrls(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # whitenoise ships no hints
    """``CompressedManifestStaticFilesStorage`` remembering the URL of each name it was asked for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        if force or name is None:
            return str(super().url(name, force))
        found = self._urls.get(name)
        if found is None:
            found = str(super().url(name))  # a name missing from the manifest raises: nothing kept
            if len(self._urls) < KEPT:
                self._urls[name] = found
        return found
