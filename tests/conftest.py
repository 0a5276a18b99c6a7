"""Shared fixtures: an app on a fresh SQLite file (or SCOREKEEPER_TEST_DATABASE_URI, e.g. PostgreSQL),
its tables made from the models (test_migrations.py checks that the migrations make the same)."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.extensions import db

from .servers import new_postgres_database

# Speed is measured by bench/, not by tests: no per-example deadline (a loaded CI machine would flake).
# CI replays the same examples every run; a developer's run explores new ones.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The pages' default timezone is the server machine's (i18n.server_zone): the tests' apps and servers
# show UTC on any developer's machine (a test of another zone sets its own)
os.environ["TZ"] = "UTC"


def _database_uri(tmp_path) -> tuple[str, callable]:
    """A new empty database: a SQLite file, or a fresh schema-less database on the PostgreSQL server."""
    server = os.environ.get("SCOREKEEPER_TEST_DATABASE_URI")
    if not server:
        return f"sqlite:///{tmp_path / 'test.sqlite'}", lambda: None
    uri = new_postgres_database("sk_test")
    name = uri.rsplit("/", 1)[1]

    def drop():
        admin = create_engine(server, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return uri, drop


@pytest.fixture(scope="session")
def _postgres_for_apps():
    """In the PostgreSQL pass: one database for every test's app, its tables made once (a database
    made and dropped per test cost the pass minutes). None on SQLite."""
    if not os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"):
        yield None
        return
    uri, drop = _database_uri(None)
    engine = create_engine(uri)
    db.metadata.create_all(engine)
    engine.dispose()
    yield uri
    drop()


def _emptied(engine) -> None:
    """As a new database: no setting an earlier test gave it (test_faults makes it read-only), every
    table of the models empty and its ids counting from 1 again."""
    names = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("SET default_transaction_read_only = off"))
        connection.execute(text(f'ALTER DATABASE "{engine.url.database}" RESET ALL'))
        connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    engine.dispose()  # no pooled connection keeps the settings it opened with


@pytest.fixture
def app(tmp_path, _postgres_for_apps, request):
    """More settings through `@pytest.mark.parametrize("app", [{...}], indirect=True)`."""
    uri = _postgres_for_apps or f"sqlite:///{tmp_path / 'test.sqlite'}"
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": uri,
        "WTF_CSRF_ENABLED": False,
        "AUTO_MIGRATE": False,
        **getattr(request, "param", {}),
    })
    with app.app_context():
        if _postgres_for_apps:
            _emptied(db.engine)
        else:
            db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def fresh_client(tmp_path):
    """Another Scorekeeper with its own empty SQLite database (a backup restored elsewhere)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "other", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fresh.sqlite'}"})
    yield app.test_client()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app
