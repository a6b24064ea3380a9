"""Settings for the Grim companion, driven only by environment variables.

With nothing set, the service runs on its embedded default: a SQLite file in
the project folder, the in-memory channel layer and Celery tasks executed
in-process. With ``DATABASE_URL`` and ``REDIS_URL`` set, the same code runs on
PostgreSQL, Redis (cache, channel layer, Celery broker) and Celery workers.
Production values that are missing or malformed stop start-up with a message
naming the variable (see ``companion.envcheck``).
"""

from __future__ import annotations

from pathlib import Path

from companion.envcheck import EnvReader

BASE_DIR = Path(__file__).resolve().parent.parent

env = EnvReader()

DEBUG: bool = env.boolean("DJANGO_DEBUG", default=True)
SECRET_KEY: str = env.secret_key("DJANGO_SECRET_KEY", debug=DEBUG)
ALLOWED_HOSTS: list[str] = env.hosts("DJANGO_ALLOWED_HOSTS", debug=DEBUG)
CSRF_TRUSTED_ORIGINS: list[str] = env.origins("DJANGO_CSRF_TRUSTED_ORIGINS")
REDIS_URL: str | None = env.redis_url("REDIS_URL")
# Bench-only baseline routes (companion/benchroutes.py); never on in production.
BENCH_ROUTES: bool = env.boolean("BENCH_ROUTES", default=False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "channels",
    "companion",
    "campaigns",
    "api",
    # The games: one app each (architecture: a game is a plug-in).
    "sheets.grimhand",
    "sheets.grim",
    "sheets.grimwood",
    "sheets.grimoor",
    "sheets.grimterra",
    "sheets.counters",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A page that needs Redis while it is down: 503 with Retry-After, not 500 (issue #32).
    "campaigns.outage.RedisDownMiddleware",
    "companion.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, reading the account in one plain query (companion.accounts: issue #14, "Speed").
    "companion.accounts.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"
ASGI_APPLICATION = "companion.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.database("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # Prepared statements only where asked for (the command log's hot path,
    # campaigns.hotpath.logstore): a threshold no statement reaches keeps every other
    # statement unprepared, as Django's default does. DB_PREPARED_STATEMENTS=0
    # turns them off altogether (a pooler in transaction mode, e.g. PgBouncer before 1.21).
    prepared = env.boolean("DB_PREPARED_STATEMENTS", default=True)
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 2**31 - 1 if prepared else None

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Keys and channel names in Redis start with this, so several deployments
# (or parallel test runs) can share one Redis without hearing each other.
REDIS_PREFIX: str = env.string("REDIS_PREFIX", default="grim-companion")

if REDIS_URL:
    CACHES = {
        "default": {
            # Django's, whose clear() keeps to its own prefix (companion.cache).
            "BACKEND": "companion.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_PREFIX,
            # A Redis that hangs must not hold a request for good (none by default): a call past
            # these fails, and what called it carries on without Redis (campaigns.outage).
            "OPTIONS": {"socket_connect_timeout": 1.0, "socket_timeout": 2.0},
        }
    }
    # Sessions read from Redis, written through to the database (issue #14, "Speed"): a logged-in
    # request paid a database query for its session before the view ran. Only with Redis: a
    # process-local cache would keep a session another process logged out.
    # cached_db, reading and writing through the database while Redis is down (companion.sessions).
    SESSION_ENGINE = "companion.sessions"
    # The pub/sub layer: measured at about 2x the throughput and half the
    # latency of the core Redis layer for group broadcasts, which is all we do.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "grim-companion",
        }
    }
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# A board's unchanged parts ({% cache %} in the board templates), kept in each process: a
# round trip to Redis per part would cost more than rendering it (docs/decisions/board-fragments.md).
CACHES["template_fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "grim-board-fragments",
    "KEY_FUNCTION": "campaigns.boards.fragment_key",
    # Some hundreds of live tables' parts (a part is 0.1-20 KB); a third dropped when full.
    "OPTIONS": {"MAX_ENTRIES": 4096},
}
# Statistics answers and kept pages (campaigns.stats_cache), each process its own: their keys name
# the version they were built at, so no process can read a stale one.
CACHES["stats"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "grim-stats",
    # An answer is 1-60 KB; a third dropped when full.
    "OPTIONS": {"MAX_ENTRIES": 2000},
}
# What a seat token opens that never changes (campaigns.seat_memo), remembered by each process.
CACHES["seats"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "grim-seats",
    "OPTIONS": {"MAX_ENTRIES": 20_000},
}

# Celery: a Redis broker when REDIS_URL is set; otherwise tasks run in-process.
CELERY_BROKER_URL = REDIS_URL or "memory://"
# Deployments sharing one Redis (REDIS_PREFIX) must not take each other's tasks: a worker of
# another deployment would run a play record against its own database and the record be lost.
CELERY_TASK_DEFAULT_QUEUE = f"{REDIS_PREFIX}.tasks"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2.0
# Seconds between websocket heartbeats carrying the table's seq (a lost push shows within one).
TABLE_HEARTBEAT_S = float(env.integer("TABLE_HEARTBEAT_S", default=10))
# Commands one seat may send per 5 seconds (campaigns.throttle.command_guard).
SEAT_COMMANDS_PER_WINDOW = env.integer("SEAT_COMMANDS_PER_WINDOW", default=50)
# Tasks owed after a command (the outbox) are run by beat if their message was lost.
CELERY_BEAT_SCHEDULE = {"drain-outbox": {"task": "campaigns.drain_outbox", "schedule": 30.0}}
# Table imports (campaigns.imports, issue #32): the largest export accepted (bytes), the most
# commands it may hold, how many imports one client address may start per window, and how long
# a finished import's answer (it yields the new table's host seat) is kept (seconds).
IMPORT_MAX_BYTES = env.integer("IMPORT_MAX_BYTES", default=2 * 1024 * 1024)
IMPORT_MAX_COMMANDS = env.integer("IMPORT_MAX_COMMANDS", default=5000)
IMPORTS_PER_WINDOW = env.integer("IMPORTS_PER_WINDOW", default=10)
IMPORT_WINDOW_S = env.integer("IMPORT_WINDOW_S", default=600)
IMPORT_JOB_KEEP_S = env.integer("IMPORT_JOB_KEEP_S", default=3600)
# Django refuses a larger body before any view reads it: an import may be larger than its default.
DATA_UPLOAD_MAX_MEMORY_SIZE = max(2_621_440, IMPORT_MAX_BYTES)
# Replays run as tasks of their own, owed imports drained by beat like the outbox.
CELERY_IMPORTS = ["campaigns.imports"]
CELERY_BEAT_SCHEDULE["drain-imports"] = {"task": "campaigns.drain_imports", "schedule": 30.0}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# ModelBackend with the account read in one plain query (companion.accounts: issue #14, "Speed").
AUTHENTICATION_BACKENDS = ["companion.accounts.AccountBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
# Per phone: the switch's cookie, else Accept-Language (issue #34). Adding a language is
# adding it here and its catalogues (`make messages`); docs/decisions/german.md.
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch")]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
# The project's catalogue, then each rules folder's own (the game apps' are found as apps').
LOCALE_PATHS = [BASE_DIR / "locale", *sorted(BASE_DIR.glob("rules/*/locale"))]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Development (and the test run, which imports settings with DEBUG on) serves
# static files straight from static/; production serves the collected,
# hashed and compressed copies.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "companion.static_storage.RememberedUrls"
        )
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Grim companion API",
    "DESCRIPTION": "Tables, seats, the command log and game sheets for the Grim card games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Game apps add their own enum names in their AppConfig.ready.
    "ENUM_NAME_OVERRIDES": {},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.document_unsupported_media",
    ],
}

# Production hardening: on whenever DEBUG is off (check --deploy passes).
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.boolean("DJANGO_SECURE_SSL_REDIRECT", default=True)
    # Load balancers ask /healthz over plain HTTP; a redirect would read as "down".
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.string("DJANGO_LOG_LEVEL", default="WARNING")},
}
