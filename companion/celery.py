"""The Celery application.

With ``REDIS_URL`` set, tasks go to Redis and run on ``make worker``;
otherwise ``CELERY_TASK_ALWAYS_EAGER`` runs them in-process (embedded default).
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
