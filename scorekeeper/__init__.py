"""Scorekeeper: scores for trick-taking card games played with physical cards."""
from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.templating import Environment

ROOT = Path(__file__).resolve().parent.parent


class Templates(Environment):
    """Flask's Jinja environment; a template without globals of its own (every template here) reads
    the environment's globals dict itself, as before Jinja 3. Jinja copies a template's globals into
    the context of every render, and a ChainMap of an empty dict and the 40 globals copies at 17 µs
    (each name missed in the empty dict first), a dict at 0.2 µs. Globals added later are seen all
    the same: it is the same dict."""

    def make_globals(self, d):
        return super().make_globals(d) if d else self.globals


class App(Flask):
    jinja_environment = Templates


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Application factory: defaults, then instance/config.py, then SCOREKEEPER_* variables
    (or the test mapping); then the extensions, the blueprints and the database schema."""
    app = App(
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
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    # a PostgreSQL server's connections drop when it restarts: each is tested before use (a SELECT 1);
    # an SQLite file's cannot, and a save takes a connection twice (before and after its commit)
    options = app.config["SQLALCHEMY_ENGINE_OPTIONS"] = dict(app.config["SQLALCHEMY_ENGINE_OPTIONS"])
    options.setdefault("pool_pre_ping", not str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("sqlite"))

    # dbsafety: SQLite's busy timeout on every connection
    from . import assets, cookie_sessions, csrf_tokens, dbsafety, i18n, summaries
    from .extensions import csrf, db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    cookie_sessions.init_app(app)
    csrf.init_app(app)
    csrf_tokens.init_app(app)  # after Flask-WTF: templates' csrf_token() signs once a minute
    i18n.init_app(app)
    assets.init_app(app)
    summaries.init_app(app)

    app.url_map.converters["int"] = dbsafety.BoundedIntConverter  # before any route is added

    from .api import bp as api_bp
    from .sessions import bp as sessions_bp

    app.register_blueprint(sessions_bp)
    app.register_blueprint(api_bp, url_prefix="/api/v1")
    csrf.exempt(api_bp)  # JSON clients send no cookies-with-forms; the API has no cookie auth to forge

    from . import access

    access.init_app(app)  # club password and table PINs (off unless configured)

    proxies = int(app.config.get("PROXY_FIX") or 0)
    if proxies:  # werkzeug's own middleware: the client's address and scheme as the proxies saw them
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)

    if app.config.get("AUTO_MIGRATE"):
        _upgrade_database(app)
    _share_macros(app)  # last: the macros see every global registered above
    return app


#: macros the board and the forms share, by the template that defines them (in order: _change.html
#: uses shown_value)
SHARED_MACROS = {"_forms.html": ("deal_fields", "locked_values", "shown_value"),
                 "sessions/_change.html": ("change_line", "earlier_changes")}


def _share_macros(app: Flask) -> None:
    """The shared macros as template globals, from their templates' modules made once. A template's
    `{% from ... import %}` takes the same cached module, but compares the two templates' globals
    (40 names) at every render: 3% of the answer to a save. (An edited macro template is seen after a
    restart, also with the debug server's template reloading.)"""
    for name, macros in SHARED_MACROS.items():
        module = app.jinja_env.get_template(name).module
        app.jinja_env.globals.update({macro: getattr(module, macro) for macro in macros})


def _instance_secret(instance: Path) -> str:
    """A random secret kept in instance/secret_key, so sessions survive restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _upgrade_database(app: Flask) -> None:
    """Create or upgrade the schema on start (Alembic), so a fresh install needs no manual step;
    one process at a time (several gunicorn workers start together: see dbsafety.migration_lock)."""
    import logging

    from flask_migrate import upgrade

    from .dbsafety import migration_lock
    from .extensions import db

    with app.app_context(), migration_lock(db.engine, app.instance_path):
        level = logging.getLogger("alembic").level
        logging.getLogger("alembic").setLevel(logging.WARNING)
        try:
            upgrade()
        finally:
            logging.getLogger("alembic").setLevel(level)
