"""Defaults only, no secrets. Layered in create_app: these, then instance/config.py,
then SCOREKEEPER_* environment variables (SCOREKEEPER_SQLALCHEMY_DATABASE_URI=postgresql+psycopg://...)."""
# Relative to the instance folder: Flask-SQLAlchemy puts a relative SQLite path there.
SQLALCHEMY_DATABASE_URI = "sqlite:///scorekeeper.sqlite"
# create_app adds pool_pre_ping for a database server: its connections can drop, a file's cannot
SQLALCHEMY_ENGINE_OPTIONS: dict = {}
# Replaced by instance/config.py or SCOREKEEPER_SECRET_KEY; a fresh install writes a random one there.
SECRET_KEY = None
LANGUAGES = ("en", "ja")
BABEL_DEFAULT_LOCALE = "en"
# Times on the pages (the database keeps UTC) until a device's pages tell its own; None: the server
# machine's (i18n.server_zone); e.g. SCOREKEEPER_BABEL_DEFAULT_TIMEZONE=Europe/Zurich
BABEL_DEFAULT_TIMEZONE = None
HISTORY_PAGE_SIZE = 25
# Upgrade the database schema (Flask-Migrate) when the app starts.
AUTO_MIGRATE = True
WTF_CSRF_TIME_LIMIT = None  # a session at the table can last all evening
# Hosting for a club: with a password set (SCOREKEEPER_CLUB_PASSWORD), every page and API call
# needs it (see access.py). None: the embedded default, open to whoever is at the table.
CLUB_PASSWORD = None
# Wrong passwords/PINs from one client: after this many, each further try waits 1, 2, 4 ... 60 s.
ACCESS_FREE_ATTEMPTS = 3
# Behind a reverse proxy (nginx, Caddy): how many proxies set X-Forwarded-For/-Proto/-Host. 0 trusts
# none: the client address is the connection's (behind a proxy, every table would share the proxy's).
PROXY_FIX = 0
# Security headers (Flask-Talisman): only the app's own scripts, styles and pictures, never inside
# another site's frame. FORCE_HTTPS (behind an HTTPS reverse proxy, with PROXY_FIX): http is
# redirected to https, and HSTS and secure cookies are sent.
FORCE_HTTPS = False
# The one inline script (templates/base.html: the chosen theme, before the page is drawn) by its hash;
# create_app adds the inline style sheet's hash to style-src (assets.style_sheet).
CONTENT_SECURITY_POLICY = {"default-src": "'self'", "img-src": "'self' data:", "object-src": "'none'",
                           "script-src": "'self' 'sha256-C35eSy8Gh1tI7UL8OMJS7ymCgEHkr01A29SOYoalm7Q='",
                           "style-src": "'self'",
                           "base-uri": "'self'", "form-action": "'self'", "frame-ancestors": "'none'"}
SESSION_COOKIE_SAMESITE = "Lax"  # the login and PIN cookie never rides along on another site's requests
# A deal is a few hundred bytes; larger bodies are refused (413) before they are read.
MAX_CONTENT_LENGTH = 256 * 1024
# ...except an import (POST /import, /api/v1/import): a backup of every session; an upload is spooled to a file.
IMPORT_MAX_BYTES = 64 * 1024 * 1024
# JSON bodies nested deeper than this are refused (400) before they are parsed.
MAX_JSON_DEPTH = 32
# Flask-Compress: static files are sent as streams; a browser that takes only gzip gets them gzipped too
COMPRESS_ALGORITHM_STREAMING = ["zstd", "br", "gzip", "deflate"]
# ...and a file sent so answers 304 to the compressed ETag it gave (the OpenAPI document too)
COMPRESS_STREAMING_ENDPOINT_CONDITIONAL = ["static", "api.openapi_document"]
# At Flask-Compress's levels (zstd 3, brotli 4) a browser that takes them (Chromium on https or
# localhost) got the scripts and pages bigger than gzip makes them; these levels are smaller than
# gzip and cost no more time than gzip's own level 6.
COMPRESS_ZSTD_LEVEL = 9
COMPRESS_BR_LEVEL = 5
# gzip (for a browser that takes nothing better) at its smallest
COMPRESS_LEVEL = 9
# Flask-Compress compresses bodies from 500 bytes on; a phone on a slow network gains from 256 (the icon)
COMPRESS_MIN_SIZE = 256
