"""Scorekeeper: scores for trick-taking card games played with physical cards."""
from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


#: settings whose value is text, never JSON: a password "1.50" or "null" is that password
TEXT_SETTINGS = ("SECRET_KEY", "CLUB_PASSWORD", "BABEL_DEFAULT_TIMEZONE", "BABEL_DEFAULT_LOCALE")
#: how an on/off setting may be written as text
SWITCH_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False,
                "0": False, "": False}


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Application factory: defaults, then instance/config.py, then SCOREKEEPER_* variables
    (or the test mapping); then the extensions, the blueprints and the database schema."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE_PATH", str(ROOT / "instance")),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_object("scorekeeper.config")
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
        # taken as typed: from_prefixed_env reads "12345" as a number and "null" as None
        for key in TEXT_SETTINGS:
            if f"SCOREKEEPER_{key}" in os.environ:
                app.config[key] = os.environ[f"SCOREKEEPER_{key}"]
        _switches_as_written(app)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    # a PostgreSQL server's connections drop when it restarts: each is tested before use
    options = app.config["SQLALCHEMY_ENGINE_OPTIONS"] = dict(app.config["SQLALCHEMY_ENGINE_OPTIONS"])
    options.setdefault("pool_pre_ping", not str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("sqlite"))

    from . import access, assets, dbsafety, errors, i18n, summaries
    from .api import bp as api_bp
    from .extensions import compress, csrf, db, migrate, talisman
    from .sessions import bp as sessions_bp

    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    compress.init_app(app)
    https = bool(app.config["FORCE_HTTPS"])
    policy = dict(app.config["CONTENT_SECURITY_POLICY"])
    policy["style-src"] += " " + assets.style_sheet(app)  # the style sheet inside every page, by its hash
    talisman.init_app(app, force_https=https, strict_transport_security=https, session_cookie_secure=https,
                      content_security_policy=policy, frame_options="DENY", referrer_policy="same-origin")
    i18n.init_app(app)
    assets.init_app(app)
    errors.init_app(app)
    summaries.init_app(app)
    app.url_map.converters["int"] = dbsafety.BoundedIntConverter  # before any route is added
    app.register_blueprint(sessions_bp)
    app.register_blueprint(api_bp, url_prefix="/api/v1")
    csrf.exempt(api_bp)  # its clients send headers, not forms; a browser's cross-site write: access.py
    access.init_app(app)  # club password and table PINs (off unless configured)

    proxies = int(app.config.get("PROXY_FIX") or 0)
    if proxies:  # werkzeug's own middleware: the client's address and scheme as the proxies saw them
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]

    if app.config.get("AUTO_MIGRATE"):
        _upgrade_database(app)
    return app


def _switches_as_written(app: Flask) -> None:
    """An on/off setting given as text a service file may hold ("False", "no", "off"), which
    from_prefixed_env keeps as a string and Python would read as on: on or off as meant, or the app
    does not start, naming it."""
    from . import config

    for key, default in vars(config).items():
        value = app.config.get(key)
        if isinstance(default, bool) and not isinstance(value, bool):
            word = str(value).strip().lower()  # 0 and 1 come parsed as numbers
            if word not in SWITCH_WORDS:
                raise ValueError(f"SCOREKEEPER_{key}={value!r}: write true or false.")
            app.config[key] = SWITCH_WORDS[word]


def _instance_secret(instance: Path) -> str:
    """A random secret kept in instance/secret_key, so sessions survive restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _upgrade_database(app: Flask) -> None:
    """Create or upgrade the schema on start (Alembic), so a fresh install needs no manual step;
    one process at a time (several gunicorn workers start together: see dbsafety.migration_lock).
    Then the missing session summaries, when there are few (summaries.ON_START; else `flask
    summaries` computes them). An instance folder this process cannot write (a read-only mount)
    serves without upgrading when the schema is current, and does not start when it is not."""
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from flask_migrate import upgrade
    from sqlalchemy.exc import DBAPIError

    from . import summaries
    from .dbsafety import migration_lock
    from .extensions import db

    alembic = logging.getLogger("alembic")
    with app.app_context(), migration_lock(db.engine, app.instance_path) as locked:
        if not locked:
            with db.engine.connect() as connection:
                current = set(MigrationContext.configure(connection).get_current_heads())
            if current != set(ScriptDirectory(str(ROOT / "migrations")).get_heads()):
                raise RuntimeError(f"{app.instance_path} is read-only and the database schema needs an upgrade: "
                                   "make the folder writable, or run scripts/migrate as a user who can write it.")
            app.logger.warning("%s is read-only: serving without a schema upgrade (the schema is current).",
                               app.instance_path)
            return
        level = alembic.level
        alembic.setLevel(logging.WARNING)
        try:
            upgrade()
        finally:
            alembic.setLevel(level)
        missing = summaries.stale(limit=summaries.ON_START + 1)
        try:
            if len(missing) <= summaries.ON_START:
                summaries.refresh(missing)
                return
        except DBAPIError:  # a read-only database
            db.session.rollback()
        app.logger.warning("Session summaries are missing: run `.venv/bin/flask --app scorekeeper summaries` in "
                           "the project folder; the history and player pages list those sessions as being "
                           "updated.")
