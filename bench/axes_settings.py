"""The project's settings with django-axes installed, for bench/bench_axes.py only."""

from companion.settings import *  # noqa: F403
from companion.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "axes"]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"  # counts in the cache, as ours does
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # a name, and an address, each locked
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours: ours is 15 minutes
