"""Importing a table from the home page (issue #33, item 5): a file, then the new table's page.

The same job as ``POST /api/v1/tables/import/`` (``campaigns.imports``): the
file is stored and replayed apart; the waiting page reloads itself until the
table is ready, then gives this phone the host seat's cookie and opens it.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import imports
from campaigns.errors import TableError
from campaigns.home import home_context
from campaigns.views import set_seat_cookie
from rules.errors import RuleViolation


@require_POST
def table_import(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("export")
    try:
        if upload is None:
            raise TableError(
                "import_bad_file", _("Choose the table's file first."), extra={"field": "export"}
            )
        imports.guard(str(request.META.get("REMOTE_ADDR") or "unknown"))
        imports.check_size(upload.size or 0)
        try:
            data = json.loads(upload.read())
        except ValueError:
            raise TableError(
                "import_bad_file",
                _("That file is not a table download (it is not JSON)."),
                extra={"field": "export"},
            ) from None
        key = imports.accept(data=data, user=request.user)
    except RuleViolation as exc:
        context = home_context(request) | {"import_error": exc.message}
        return render(request, "home.html", context, status=exc.status)
    return redirect("table-import-wait", key=key)


def table_import_wait(request: HttpRequest, key: str) -> HttpResponse:
    try:
        body = imports.answer(key)
    except RuleViolation as exc:
        return render(request, "campaigns/import_wait.html", {"error": exc.message}, status=exc.status)
    if body["status"] != "done":
        status_url = reverse("api:table-import-status", kwargs={"job_id": key})
        return render(request, "campaigns/import_wait.html", {"status_url": status_url})
    table_id = int(body["id"])
    response = redirect("table", table_id=table_id)
    set_seat_cookie(response, request, table_id, str(body["seat"]["token"]))
    return response
