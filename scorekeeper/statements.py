"""The statements of a save and of a kept board, compiled by SQLAlchemy once and run by the driver.

Entering a deal writes five rows' worth of statements in one transaction: the claim of the
session's version, the deal and its change (two INSERTs), the summary and its seat rows (two
UPDATEs). Through `Connection.execute` each of them paid about 20 µs of SQLAlchemy's execution
machinery (the statement's cache key and lookup, an execution context, a result object) around the
4-6 µs SQLite spends on it: run by the driver, a save takes 9.2 M instructions instead of 9.8 M
(`bench/instructions.py`, one tablet; 9.7 M instead of 10.3 M through two workers).

A `Prepared` statement keeps what SQLAlchemy compiled for the connection's dialect: the SQL text,
the order of its parameters and each parameter's bind processor (JSON through the engine's
serializer, datetimes, booleans: the values the driver gets are the ones SQLAlchemy would send).
It runs on the DBAPI cursor of the ORM session's connection, inside the session's transaction, and
keeps what the rest of the app relies on from SQLAlchemy's execution:

- a driver error is raised as SQLAlchemy's exception (`IntegrityError` for a unique index), and a
  connection the database dropped is invalidated, so the pool does not hand it out again;
- a parameter the statement requires and the caller left out is refused, as SQLAlchemy refuses it;
- when anything listens to the engine's cursor events (the tests that count a save's statements, a
  tracer), the statement goes through `Connection.execute` as before, so every listener sees it
  with its execution context; so does a statement that leaves out a column whose value SQLAlchemy
  computes in Python (a `default` or `onupdate` callable).

What a statement gives back is `Done`: the rows it changed, its RETURNING row, the new row's id.

The reads every save or board request makes (the session's row, the kept board's state, the deals,
the changes another worker stored, the idempotency key, the latest change) are `Read`s, the same
way: each value through its column type's result processor, rows as named tuples. 9.2 -> 9.0 M
instructions per save (9.7 -> 9.4 M through two workers), a kept board 2.46 -> 2.33 M. Reads that
load ORM objects, and every statement outside these paths, stay on SQLAlchemy's execution.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import exc
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.sql import ColumnElement, Select
from sqlalchemy.sql.dml import Insert, Update, UpdateBase

from .extensions import db

T = TypeVar("T")
_REQUIRED = object()  # a parameter the caller must give (SQLAlchemy's `required` bind)


class Done(NamedTuple):
    """What a write statement did: rows changed, its RETURNING row (None without one), the id the
    database gave a new row (an INSERT without RETURNING, where the driver reports it: SQLite's
    does, psycopg's does not)."""

    rowcount: int
    row: tuple | None
    lastrowid: int | None


class _Compiled(NamedTuple):
    sql: str
    names: tuple[str, ...]  # the parameters in the order the SQL names them
    keys: tuple[str, ...]  # the keys the driver takes them by (escaped names; positional: unused)
    positional: bool
    processors: tuple[Any, ...]  # per parameter: its bind processor or None
    defaults: tuple[Any, ...]  # per parameter: the value compiled into the statement (literals), or _REQUIRED
    statement: Any  # as compiled for this dialect (with RETURNING where the dialect has it)
    returns: bool
    lastrowid: bool  # an INSERT whose driver reports the new row's id (not psycopg's: PostgreSQL has RETURNING)
    via_sqlalchemy: bool  # always run through Connection.execute


class _Statement:
    """What a write and a read share: compiled once per dialect, parameters bound as SQLAlchemy
    binds them, run on the driver's cursor of the ORM session's connection, errors as SQLAlchemy
    raises them; through `Connection.execute` when a listener or SQLAlchemy's own Python needs it."""

    def __init__(self, statement: Any, keys: Sequence[str] | None = None) -> None:
        self.statement = statement
        self.keys = list(keys) if keys is not None else None
        self._compiled: dict[str, _Compiled] = {}

    def _prepared(self) -> tuple[Connection, _Compiled, bool]:
        """The connection, the statement compiled for it, and whether to run it on the cursor."""
        connection = db.session.connection()
        compiled = self._compiled.get(connection.dialect.name) or self._compile(connection.dialect)
        dispatch = connection.dispatch
        return connection, compiled, not (compiled.via_sqlalchemy or dispatch.before_cursor_execute
                                          or dispatch.after_cursor_execute)

    def _run(self, connection: Connection, compiled: _Compiled, params: Mapping[str, Any],
             then: Callable[[Any], T]) -> T:
        """Execute on a new cursor of the connection's driver connection; `then(cursor)` reads it."""
        values = []
        for name, processor, default in zip(compiled.names, compiled.processors, compiled.defaults):
            value = params.get(name, default)
            if value is _REQUIRED:
                raise exc.InvalidRequestError(f"A value is required for bind parameter {name!r}")
            values.append(value if processor is None else processor(value))
        parameters = values if compiled.positional else dict(zip(compiled.keys, values))
        cursor = connection.connection.driver_connection.cursor()
        dialect = connection.dialect
        try:
            try:
                cursor.execute(compiled.sql, parameters)
                return then(cursor)
            finally:
                cursor.close()
        except dialect.loaded_dbapi.Error as error:
            gone = dialect.is_disconnect(error, connection.connection.dbapi_connection, cursor)
            wrapped = exc.DBAPIError.instance(compiled.sql, parameters, error, dialect.loaded_dbapi.Error,
                                              connection_invalidated=gone, dialect=dialect)
            if gone:
                connection.invalidate(error)
            raise wrapped from error

    def _statement_for(self, dialect: Dialect) -> tuple[Any, bool]:
        return self.statement, False

    def _compile(self, dialect: Dialect) -> _Compiled:
        statement, returns = self._statement_for(dialect)
        compiled = statement.compile(dialect=dialect, column_keys=self.keys)
        # the names the SQL renders (`binds` also holds an anonymous parameter under its raw key)
        names = (tuple(compiled.positiontup) if compiled.positional
                 else tuple(dict.fromkeys(compiled.bind_names.values())))
        escaped = compiled.escaped_bind_names or {}
        binds = [compiled.binds[name] for name in names]
        done = _Compiled(
            sql=compiled.string, names=names, keys=tuple(escaped.get(name, name) for name in names),
            positional=compiled.positional,
            processors=tuple(bind.type.dialect_impl(dialect).bind_processor(dialect) for bind in binds),
            defaults=tuple(_REQUIRED if bind.required else bind.effective_value for bind in binds),
            statement=statement, returns=returns,
            lastrowid=isinstance(statement, Insert) and dialect.postfetch_lastrowid,
            # a column whose value SQLAlchemy computes in Python when the statement leaves it out (an
            # `onupdate` or `default` callable), or a parameter rendered when executed (an IN list):
            # only its execution context knows how
            via_sqlalchemy=bool(compiled.insert_prefetch or compiled.update_prefetch
                                or compiled.literal_execute_params or compiled.post_compile_params))
        self._compiled[dialect.name] = done
        return done


class Prepared(_Statement):
    """An INSERT or UPDATE, compiled once per dialect, run on the ORM session's connection.

    `returning`: columns the statement gives back where the database supports RETURNING for it
    (SQLite 3.35+, PostgreSQL); elsewhere `Done.row` is None. `keys`: the columns an INSERT's
    parameters name (an INSERT compiles its column list from them)."""

    def __init__(self, statement: UpdateBase, returning: Sequence[ColumnElement] = (),
                 keys: Sequence[str] | None = None) -> None:
        super().__init__(statement, keys)
        self.returning = tuple(returning)

    def run(self, params: Mapping[str, Any]) -> Done:
        connection, compiled, direct = self._prepared()
        if not direct:
            return self._through_sqlalchemy(connection, compiled, params)
        return self._run(connection, compiled, params, self._done if compiled.returns else
                         self._counted if not compiled.lastrowid else self._inserted)

    @staticmethod
    def _done(cursor: Any) -> Done:  # a row per row changed (SQLite counts them only as they are read)
        rows = cursor.fetchall()
        return Done(len(rows), tuple(rows[0]) if rows else None, None)

    @staticmethod
    def _counted(cursor: Any) -> Done:
        return Done(cursor.rowcount, None, None)

    @staticmethod
    def _inserted(cursor: Any) -> Done:
        return Done(cursor.rowcount, None, cursor.lastrowid)

    def _statement_for(self, dialect: Dialect) -> tuple[Any, bool]:
        statement = self.statement
        returns = bool(self.returning) and (
            dialect.insert_returning if isinstance(statement, Insert) else
            dialect.update_returning if isinstance(statement, Update) else False)
        return (statement.returning(*self.returning) if returns else statement), returns

    @staticmethod
    def _through_sqlalchemy(connection: Connection, compiled: _Compiled, params: Mapping[str, Any]) -> Done:
        result = connection.execute(compiled.statement, dict(params))
        if compiled.returns:
            rows = result.fetchall()
            return Done(len(rows), tuple(rows[0]) if rows else None, None)
        if isinstance(compiled.statement, Insert):  # one row of values: inserted, or an error raised
            # (on PostgreSQL SQLAlchemy adds its own RETURNING for the new id, and the count is -1)
            return Done(1, None, result.lastrowid if compiled.lastrowid else None)
        return Done(result.rowcount, None, None)


class Read(_Statement):
    """A SELECT of columns, compiled once per dialect, run on the ORM session's connection: its rows
    as `row` (a NamedTuple class; by default one named after the selected columns' keys), each value
    through its column type's result processor, as SQLAlchemy's result would give it (JSON decoded,
    SQLite's datetimes parsed)."""

    def __init__(self, statement: Select, row: type | None = None) -> None:
        super().__init__(statement)
        columns = list(statement.selected_columns)
        self.types = [column.type for column in columns]
        self.row = row or namedtuple("Row", [column.key for column in columns], rename=True)
        self._make = self.row._make
        self._out: dict[str, list[tuple[int, Any]]] = {}  # per dialect: (column, result processor)

    def all(self, params: Mapping[str, Any]) -> list:
        connection, compiled, direct = self._prepared()
        if not direct:
            return [self._make(row) for row in connection.execute(compiled.statement, dict(params))]
        out = self._out.get(connection.dialect.name)

        def rows(cursor: Any) -> list:
            nonlocal out
            raw = cursor.fetchall()
            if out is None:  # by the types the driver reports, as SQLAlchemy's result picks them
                dialect = connection.dialect
                out = self._out[dialect.name] = [
                    (index, processor) for index, (type_, described) in enumerate(zip(self.types, cursor.description))
                    if (processor := type_.dialect_impl(dialect).result_processor(dialect, described[1])) is not None]
            if not out:
                return [self._make(row) for row in raw]
            made = []
            for row in raw:
                values = list(row)
                for index, processor in out:
                    values[index] = processor(values[index])
                made.append(self._make(values))
            return made

        return self._run(connection, compiled, params, rows)

    def first(self, params: Mapping[str, Any]) -> Any:
        """The first row, or None (the statement says LIMIT where it can match more)."""
        rows = self.all(params)
        return rows[0] if rows else None

    def scalar(self, params: Mapping[str, Any]) -> Any:
        """The first row's first value, or None."""
        row = self.first(params)
        return row[0] if row is not None else None
