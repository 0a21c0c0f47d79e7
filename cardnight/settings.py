"""Settings for CardNight.

Every setting that differs between machines comes from an environment
variable, read through the small helpers below that fail loudly on a bad
value. docs/hosting.md "Environment variables" lists them all.
"""

import contextlib
import datetime
import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from cardnight.private import private_database, private_dir, write_private

BASE_DIR = Path(__file__).resolve().parent.parent
# A checkout holds templates/, static/ and locale/ at its top; an installed
# package (pip install, the wheel) carries them in cardnight/site/.
CHECKOUT = (BASE_DIR / "manage.py").is_file()
SITE_DIR = BASE_DIR if CHECKOUT else Path(__file__).resolve().parent / "site"


def _default_var_dir() -> Path:
    """The data folder: var/ in a checkout (as `make run` always had it), the
    operating system's per-user data folder for an installed copy (on Windows
    that folder is private to the user by default; elsewhere private_dir()
    makes it owner-only)."""
    if CHECKOUT:
        return BASE_DIR / "var"
    import platformdirs

    return Path(platformdirs.user_data_dir("CardNight", appauthor=False))


VAR_DIR = Path(os.environ.get("CARDNIGHT_VAR_DIR") or _default_var_dir())


def envbool(name: str, default: str) -> bool:
    value = os.environ.get(name, default).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name, str(default))
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _secret_key() -> str:
    """SECRET_KEY from the environment, or generated once and kept in var/."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    if not path.exists():
        private_dir(VAR_DIR)
        # Another process may have made it a moment ago: then use that one.
        with contextlib.suppress(FileExistsError):
            write_private(path, secrets.token_urlsafe(50), exclusive=True)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = envbool("DEBUG", "false")
# A hall's laptop is reached by whatever address the Wi-Fi hands it, so every
# host name is accepted unless the organizer narrows it.
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "axes",
    "tables",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Headers every answer carries, a phone's poll's included.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "cardnight.middleware.SecurityHeadersMiddleware",
    # A phone's poll: a 304, or the part built for the current version, from
    # the cache, before anything else runs.
    "scoring.board.views.PollMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A one-time password is changed before anything else (tables/views/password.py).
    "tables.views.password.OneTimePasswordMiddleware",
    # A public page's phone id (tables/views/devices.py): a cookie, not a session row.
    "tables.views.devices.DeviceCookieMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns too many failed sign-ins into a lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cardnight.urls"
WSGI_APPLICATION = "cardnight.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tables.access.roles_context",
            ],
            "builtins": [
                "template_partials.templatetags.partials",
                "tables.templatetags.names",
                "cardnight.live_script",
            ],
        },
    }
]

# --- Database -------------------------------------------------------------
# SQLite by default (a file under var/), PostgreSQL when DATABASE_URL says so.
# SQLite runs in WAL mode with a busy timeout and IMMEDIATE transactions
# (Django's own backend and options), so two volunteers writing at once
# queue instead of failing with "locked".
SQLITE_PATH = VAR_DIR / "cardnight.sqlite3"
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=60, conn_health_checks=True
        )
    }
    # Each connection prepares a query it has run five times, so PostgreSQL
    # plans it once, not on every request (Django leaves psycopg's prepared
    # statements off and binds parameters in the client; both are its own
    # options). It holds the poll's 304 at the aim on PostgreSQL (60 % of
    # /healthz): the poll is one query, and planning it was a third of it.
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
else:
    # Owner-only (0700 folder, 0600 database, WAL and SHM): sessions and
    # password hashes are inside.
    private_dir(VAR_DIR)
    private_database(SQLITE_PATH)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # Keep each server thread's connection: opening one reads the
            # whole schema, a large share of a scoreboard poll's cost.
            "CONN_MAX_AGE": 600,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                # Seconds a writer waits for another before giving up (then 503).
                "timeout": envint("CARDNIGHT_SQLITE_TIMEOUT", 20),
                # WAL, synchronous=NORMAL and foreign keys are set on each new
                # connection by cardnight.database.sqlite_pragmas (a database
                # that cannot be written still opens for reading).
            },
        }
    }
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ----------------------------------------------------------------
# What the public board builds once per version of an evening
# (scoring/board/freshness.py). Its freshness is decided by the database
# (Evening.version), so the cache only saves work and any of these is safe:
# REDIS_URL for several servers (the `redis` package is installed); without
# it, a folder that `make run`'s server processes share, so a result is
# built once for all of them rather than once per process.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": VAR_DIR / "cache",
            # A version's values are a file or two. Django lists the folder on
            # every write, so its size sets a write's cost: 0.5 ms with 10
            # files, 1.1 ms with 300, 6 ms with 2,000 (a full night's, kept
            # 15 minutes each). Over 500, a third of the files go.
            "OPTIONS": {"MAX_ENTRIES": 500},
        }
    }
# Rendered pieces of a page kept by what they show (the standings rows of the
# public board, templates/board/_standings.html, and of the volunteers'
# standings page, templates/scoring/standings.html; each couple's card,
# scoring/board/cards.py): a piece's key is every
# value it is made from, so it is the same in every process and never stale,
# and is kept with no time limit ({% cache None %}); MAX_ENTRIES bounds the
# memory (a few MB at most; the oldest third goes when it is full). Each
# process keeps its own, never Redis, where fetching a row would cost more
# than rendering it.
FRAGMENT_CACHE = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "fragments",
    "OPTIONS": {"MAX_ENTRIES": 20_000},
}
CACHES["fragments"] = FRAGMENT_CACHE
# This process's own copy of the parts a phone's poll is answered with, the
# last few versions' (each part, the board's live part or one couple's card,
# a few KB gzipped, under its own key: scoring/board/views.py `_keep_here`),
# so that a poll with news reads its own part from memory, not a file (or
# Redis) and every card of the version. It holds the flurry's aim (CPU per
# result). Bounded by MAX_ENTRIES (the oldest third goes when full), never
# stale (a key names a version).
LOCAL_CACHE = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "local",
    "OPTIONS": {"MAX_ENTRIES": 3_000},
}
CACHES["local"] = LOCAL_CACHE

# --- Auth -----------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Sign-in attempts are rate-limited: after 5 failures for one user name from
# one address, that pair waits 5 minutes. Nothing locks a whole address: a
# hall's phones share one (docs/decisions.md "Decisions", Sign-in).
AXES_FAILURE_LIMIT = envint("CARDNIGHT_SIGNIN_FAILURES", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=envint("CARDNIGHT_SIGNIN_COOLOFF_MINUTES", 5))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429
AXES_VERBOSE = False
# Reverse proxies in front of CardNight that append the client's address to
# X-Forwarded-For (0: none, the header is ignored).
# See docs/hosting.md "Environment variables".
CARDNIGHT_TRUSTED_PROXIES = envint("CARDNIGHT_TRUSTED_PROXIES", 0)
AXES_CLIENT_IP_CALLABLE = "cardnight.signin.client_ip"
# Skips its writes when the database cannot be written (cardnight.signin).
AXES_HANDLER = "cardnight.signin.SignInHandler"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "evening-list"
LOGOUT_REDIRECT_URL = "login"

# --- Internationalisation ---------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [SITE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Halifax")
USE_I18N = True
USE_TZ = True

# --- Static files: served by the app itself (no CDN, no internet needed) ----
STATIC_URL = "static/"
STATICFILES_DIRS = [SITE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if envbool("CARDNIGHT_PLAIN_STATIC", "false")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Security -----------------------------------------------------------------
# In a hall the site is usually plain HTTP on the local Wi-Fi. Behind HTTPS,
# set CARDNIGHT_HTTPS=true for secure cookies, HSTS and the redirect.
HTTPS = envbool("CARDNIGHT_HTTPS", "false")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 12  # one long evening
# A session is a signed cookie, not a row: signing in writes nothing to the
# database, so a full disk does not lock people out. Signing out ends it on
# this phone; a changed password ends it on every phone (Django's session
# hash). Why: docs/decisions.md "Decisions", Sign-in.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
CSRF_FAILURE_VIEW = "cardnight.error_pages.csrf_failure"

# Django's own: a message waits in a signed cookie while it fits, in the
# session only when it does not. A plain form's answer (a volunteer's tap
# without JavaScript, a table phone's report) writes no session row for it:
# in a flurry every such write queued for SQLite's one writer.

# --- CardNight ------------------------------------------------------------
# The address phones use, for QR codes and printed links, when a hall has not
# set its own (tables.links); by default the one `make run` found.
CARDNIGHT_ADDRESS = os.environ.get("CARDNIGHT_ADDRESS", "")
PHONE_ADDRESS_FILE = VAR_DIR / "phone-address"
BACKUP_DIR = VAR_DIR / "backups"
BACKUP_KEEP = envint("CARDNIGHT_BACKUP_KEEP", 10)
# How often the phone scoreboard asks for news, in seconds.
BOARD_POLL_SECONDS = envint("CARDNIGHT_BOARD_POLL_SECONDS", 5)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
