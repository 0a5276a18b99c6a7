"""The schema comes from Flask-Migrate on start, and the migrations match the models."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from scorekeeper import create_app
from scorekeeper.extensions import db

from ..conftest import _database_uri


def test_first_start_creates_the_schema_without_a_manual_step(tmp_path):
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/fresh.sqlite"})
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
    assert {"player", "game_session", "seat", "deal", "revision", "alembic_version"} <= tables
    # a second start on the same file is a no-op upgrade
    create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/fresh.sqlite"})


def test_migrations_match_the_models(tmp_path):
    """The other tests make their tables from the models (conftest.py): the migrations make the same,
    on SQLite and (SCOREKEEPER_TEST_DATABASE_URI) on PostgreSQL."""
    uri, drop = _database_uri(tmp_path)
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": uri, "AUTO_MIGRATE": True})
    try:
        with app.app_context(), db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert differences == []
    finally:
        with app.app_context():
            db.engine.dispose()
        drop()


def test_default_database_lives_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "inst"))
    monkeypatch.delenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", raising=False)
    app = create_app()
    with app.app_context():
        assert db.engine.url.database == str(tmp_path / "inst" / "scorekeeper.sqlite")
    assert (tmp_path / "inst" / "scorekeeper.sqlite").exists()
    assert (tmp_path / "inst" / "secret_key").exists()


def test_database_url_from_one_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "inst"))
    monkeypatch.setenv("SCOREKEEPER_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path}/elsewhere.sqlite")
    app = create_app()
    with app.app_context():
        assert db.engine.url.database == str(tmp_path / "elsewhere.sqlite")


def test_connections_are_pinged_before_use_on_a_database_server_only(tmp_path):
    """A PostgreSQL server's connections drop when it restarts, so each is tested before use; an
    SQLite file's cannot drop, and a save would ping twice for nothing."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    pinged = {}
    for uri in (f"sqlite:///{tmp_path / 'ping.sqlite'}", "postgresql+psycopg://nobody@127.0.0.1:9/none"):
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri, "AUTO_MIGRATE": False})
        with app.app_context():  # the engine is made, no connection yet
            pinged[uri.split(":")[0]] = db.engine.pool._pre_ping
    assert pinged == {"sqlite": False, "postgresql+psycopg": True}


def test_the_upgrade_dates_every_seat_row_and_leaves_the_places_to_the_summaries_command(tmp_path):
    """0012: every seat row gets its session's date at once (the period filters); a finished session's
    summary turns stale, and `flask summaries` gives its seats their places. A session still in play has
    no place to get: its summary stays fresh."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from .helpers import new_schieberamsch, ramsch_form

    uri, drop = _database_uri(tmp_path)
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": uri, "AUTO_MIGRATE": True, "TESTING": True,
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    finished, playing = new_schieberamsch(client, deals=1), new_schieberamsch(client, deals=12)
    for sid in (finished, playing):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))  # Carl's 50 lose the Ramsch
    try:
        with app.app_context():
            downgrade(revision="0011")
            assert "place" not in {column["name"] for column in inspect(db.engine).get_columns("seat_summary")}
            upgrade()
            seats = db.session.execute(text("SELECT s.session_id, s.started_at = g.created_at, s.place FROM"
                                            " seat_summary s JOIN game_session g ON g.id = s.session_id")).all()
            assert len(seats) == 6 and all(same and place is None for _, same, place in seats)
            figures = db.session.execute(text("SELECT count(*) FROM seat_figure WHERE started_at IS NULL")).scalar()
            versions = dict(db.session.execute(text("SELECT session_id, session_version FROM session_summary")).all())
            assert figures == 0 and versions[finished] == -1 and versions[playing] != -1
            db.session.remove()
            result = app.test_cli_runner().invoke(args=["summaries"])
            assert "1 session summaries computed." in result.output
            places = db.session.execute(text("SELECT session_id, place, sides FROM seat_summary"
                                             " ORDER BY session_id, position")).all()
            assert [tuple(row) for row in places] == [(finished, 1, 3), (finished, 1, 3), (finished, 3, 3),
                                                      (playing, None, None), (playing, None, None),
                                                      (playing, None, None)]
            db.session.remove()
    finally:
        with app.app_context():
            db.engine.dispose()
        drop()
