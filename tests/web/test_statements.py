"""statements.Prepared: a save's writes run on the driver's cursor store exactly what SQLAlchemy's
own execution stores, fail with SQLAlchemy's exceptions, and go through SQLAlchemy's execution when
something listens to the engine's cursor events. Runs on SQLite and, in the PostgreSQL pass, there."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, event, exc, insert, select, update

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Revision
from scorekeeper.statements import Done, Prepared, Read

from .helpers import new_schieberamsch, ramsch_form

REVISION = Revision.__table__
KEYS = ["session_id", "deal_id", "deal_number", "action", "before", "after", "at", "idempotency_key"]
PAYLOAD = {"type": "ramsch", "points": [30, 40, 50], "names": ["Zoë", "李"], "nested": {"pushed": 0, "x": None}}
AT = datetime(2026, 11, 25, 10, 45, 30, 123456, tzinfo=UTC)


def _insert(returning=True) -> Prepared:
    return Prepared(insert(REVISION), returning=[REVISION.c.id] if returning else [], keys=KEYS)


def _values(sid: int, key: str | None) -> dict:
    return dict(session_id=sid, deal_id=None, deal_number=7, action="add", before=None, after=PAYLOAD, at=AT,
                idempotency_key=key)


@pytest.fixture
def listened(ctx):
    """Statements seen by a listener on the engine's cursor events (as test_perf counts a save's)."""
    seen: list[str] = []

    def listen(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(db.engine, "before_cursor_execute", listen)
    yield seen
    event.remove(db.engine, "before_cursor_execute", listen)


def _stored(revision_id: int) -> tuple:
    db.session.expire_all()
    return db.session.execute(select(REVISION.c.session_id, REVISION.c.deal_number, REVISION.c.action,
                                     REVISION.c.before, REVISION.c.after, REVISION.c.at,
                                     REVISION.c.idempotency_key).where(REVISION.c.id == revision_id)).one()


def _new_id(done: Done) -> int:
    return done.row[0] if done.row is not None else done.lastrowid


def test_the_driver_path_stores_what_sqlalchemys_execution_stores(client, ctx, request):
    """JSON (non-ASCII, nested, null), a timezone-aware datetime and NULL go through the same bind
    processors: the two rows read back equal, and each INSERT gives back its new row's id."""
    sid = new_schieberamsch(client)
    statement = _insert()
    direct = statement.run(_values(sid, "key-direct"))
    assert direct.rowcount == 1 and _new_id(direct) is not None
    seen = request.getfixturevalue("listened")
    through = statement.run(_values(sid, "key-through"))  # a listener: through Connection.execute
    assert len(seen) == 1 and seen[0].startswith("INSERT INTO revision ")
    assert through.rowcount == 1 and _new_id(through) not in (None, _new_id(direct))
    db.session.commit()
    first, second = _stored(_new_id(direct)), _stored(_new_id(through))
    assert first[:5] == second[:5] == (sid, 7, "add", None, PAYLOAD)
    assert first[5] == second[5] and first[5].replace(tzinfo=None) == AT.replace(tzinfo=None)
    assert (first[6], second[6]) == ("key-direct", "key-through")


@pytest.mark.parametrize("listener", [False, True])
def test_without_returning_the_driver_reports_the_new_id(client, ctx, request, listener):
    sid = new_schieberamsch(client)
    if listener:
        request.getfixturevalue("listened")
    done = _insert(returning=False).run(_values(sid, None))
    assert done.row is None and done.rowcount == 1
    if db.engine.dialect.postfetch_lastrowid:
        assert _stored(done.lastrowid)[0] == sid
    else:  # psycopg reports no lastrowid (the app always asks for RETURNING there)
        assert done.lastrowid is None


def test_an_update_counts_the_rows_it_changed_with_or_without_returning(client, ctx):
    sid = new_schieberamsch(client)
    table = GameSession.__table__
    bump = update(table).where(table.c.id == bindparam("b_id"), table.c.version == bindparam("b_expected")) \
        .values(version=bindparam("b_version"), updated_at=AT)  # every value given: the driver runs it
    version = db.session.get(GameSession, sid).version
    plain, returning = Prepared(bump), Prepared(bump, returning=[table.c.version])
    assert plain.run({"b_id": sid, "b_expected": version, "b_version": version + 1}).rowcount == 1
    done = returning.run({"b_id": sid, "b_expected": version + 1, "b_version": version + 2})
    assert done.rowcount == 1
    if db.engine.dialect.update_returning:
        assert done.row == (version + 2,)
    stale = returning.run({"b_id": sid, "b_expected": version, "b_version": version + 9})  # matches no row
    assert stale.rowcount == 0 and stale.row is None
    assert plain.run({"b_id": sid, "b_expected": version, "b_version": version + 9}).rowcount == 0
    db.session.commit()
    stored = db.session.get(GameSession, sid)
    assert stored.version == version + 2 and stored.updated_at.replace(tzinfo=None) == AT.replace(tzinfo=None)


def test_a_value_sqlalchemy_computes_in_python_goes_through_its_execution(client, ctx):
    """GameSession.updated_at has an `onupdate`: an UPDATE that leaves it out needs SQLAlchemy's
    execution context to compute it, and a parameter the statement requires cannot be left out."""
    sid = new_schieberamsch(client)
    table = GameSession.__table__
    before = db.session.get(GameSession, sid).updated_at
    bump = Prepared(update(table).where(table.c.id == bindparam("b_id")).values(version=table.c.version + 1))
    assert bump.run({"b_id": sid}).rowcount == 1
    db.session.commit()
    db.session.expire_all()
    assert db.session.get(GameSession, sid).updated_at > before
    with pytest.raises(exc.InvalidRequestError, match="b_expected"):
        Prepared(update(table).where(table.c.id == bindparam("b_id"), table.c.version == bindparam("b_expected"))
                 .values(updated_at=AT)).run({"b_id": sid})


def test_a_duplicate_key_is_sqlalchemys_integrity_error_and_the_transaction_rolls_back(client, ctx):
    """The unique index on (session, idempotency key) refuses a second save under the key
    (scoring.save answers it as the first save: test_write_safety)."""
    sid = new_schieberamsch(client)
    statement = _insert()
    statement.run(_values(sid, "same"))
    with pytest.raises(exc.IntegrityError) as raised:
        statement.run(_values(sid, "same"))
    assert "INSERT INTO revision " in raised.value.statement
    db.session.rollback()
    assert db.session.execute(select(REVISION.c.id).where(REVISION.c.idempotency_key == "same")).first() is None


def test_a_connection_the_database_dropped_is_invalidated(client, ctx, monkeypatch):
    """Asked about the error, the dialect says the connection is gone: it is not handed out again."""
    sid = new_schieberamsch(client)
    statement = _insert()
    statement.run(_values(sid, "once"))
    connection = db.session.connection()
    monkeypatch.setattr(type(connection.dialect), "is_disconnect", lambda self, error, conn, cursor: True)
    with pytest.raises(exc.DBAPIError) as raised:
        statement.run(_values(sid, "once"))
    assert raised.value.connection_invalidated and connection.invalidated
    db.session.rollback()
    monkeypatch.undo()
    assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302  # a new one


def test_a_save_runs_its_writes_on_the_driver_without_listeners_and_through_sqlalchemy_with_them(
        client, ctx, monkeypatch, request):
    """Both paths are what a save uses: the deal is stored the same either way."""
    calls: list[str] = []
    original = Prepared._through_sqlalchemy

    def through(connection, compiled, params):
        calls.append(compiled.sql.split()[0])
        return original(connection, compiled, params)

    monkeypatch.setattr(Prepared, "_through_sqlalchemy", staticmethod(through))
    sid = new_schieberamsch(client)
    calls.clear()
    assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302
    assert calls == []  # nobody listens: the driver's cursor
    request.getfixturevalue("listened")
    assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([40, 30, 50])).status_code == 302
    assert calls.count("INSERT") == 2 and calls.count("UPDATE") == 3  # deal, change; claim, summary, seats
    payloads = db.session.execute(select(REVISION.c.after).where(REVISION.c.session_id == sid)
                                  .order_by(REVISION.c.id)).scalars().all()
    assert [p["points"] for p in payloads if p] == [[30, 40, 50], [40, 30, 50]]


# --- reads ------------------------------------------------------------------------------------

def _app_reads(sid: int, change: int) -> list[tuple[Read, dict]]:
    from scorekeeper import models, scoring
    from scorekeeper.sessions import rendered, table
    return [(models._SESSION_ROW, {"b_id": sid}), (rendered._STATE, {"id": sid}),
            (scoring._DEALS, {"b_session": sid}), (scoring._SINCE, {"b_session": sid, "b_after": change}),
            (scoring._EARLIER, {"b_sid": sid, "b_key": "k-2"}), (table._LATEST, {"b_session": sid})]


def test_the_apps_reads_give_the_rows_sqlalchemys_result_gives(client, ctx, request):
    """Every read of the save and the kept board, on the driver's cursor and through SQLAlchemy (a
    listener attached): the same values (JSON decoded, datetimes, an outer join's NULLs, a count)."""
    sid = new_schieberamsch(client)
    for number, points in enumerate(([30, 40, 50], [40, 30, 50], [50, 40, 30]), 1):
        _insert().run(_values(sid, f"k-{number}"))  # a change without a deal: the outer join's NULLs
        assert client.post(f"/sessions/{sid}/deals", data=ramsch_form(points)).status_code == 302
    db.session.commit()
    first = db.session.execute(select(REVISION.c.id).where(REVISION.c.session_id == sid)
                               .order_by(REVISION.c.id)).scalars().first()
    reads = _app_reads(sid, first)
    direct = [read.all(params) for read, params in reads]
    expected = [[tuple(row) for row in db.session.connection().execute(read.statement, params)]
                for read, params in reads]
    assert [[tuple(row) for row in rows] for rows in direct] == expected
    assert all(rows for rows in direct) and len(direct[2]) == 3 and len(direct[3]) == 5
    assert direct[2][0].payload["points"] == [30, 40, 50] and direct[3][1].id is None  # named as selected
    assert isinstance(direct[0][0].created_at, datetime) and direct[5][0][0] == direct[3][-1].change
    request.getfixturevalue("listened")
    assert [[tuple(row) for row in read.all(params)] for read, params in reads] == expected
    assert Read(select(REVISION.c.id).where(REVISION.c.session_id == sid, REVISION.c.id < 0)).first({}) is None


def test_a_read_with_a_list_parameter_goes_through_sqlalchemys_execution(client, ctx):
    """An IN list is rendered when executed (an expanding parameter): only SQLAlchemy knows how."""
    sid = new_schieberamsch(client)
    read = Read(select(GameSession.__table__.c.id).where(GameSession.__table__.c.id.in_(bindparam("b_ids",
                                                                                                 expanding=True))))
    assert read.all({"b_ids": [sid, sid + 1000]}) == [(sid,)]
    assert read.scalar({"b_ids": [sid + 1000]}) is None
