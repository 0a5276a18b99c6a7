"""Small helpers for the view tests: create a session and post deals as a browser would."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.extensions import db

TOTAL_RE = re.compile(r'class="total" data-seat="(\d+)">(-?\d+)<')
ALERT_RE = re.compile(r'role="alert">([^<]*)<')


def totals(html: str) -> list[int]:
    return [int(value) for _, value in TOTAL_RE.findall(html)]


def cells(row: str) -> list[str]:
    """The texts that open the cells of one table row's HTML (<td ...> and <th scope="row">)."""
    return [cell.split("<")[0] for cell in re.split(r'<td[^>]*>|<th scope="row">', row)[1:]]


def alerts(html: str) -> list[str]:
    return ALERT_RE.findall(html)


def new_schieberamsch(client, names=("Anna", "Ben", "Carl"), first_dealer=0, **options) -> int:
    data = {f"players-{i}": name for i, name in enumerate(names)}
    data["first_dealer"] = str(first_dealer)
    data.update({f"option_{key}": value for key, value in options.items()})
    response = client.post("/sessions/new/schieberamsch", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def ramsch_form(points, took=None, pushed=0):
    took = took if took is not None else [not isinstance(p, int) or p > 0 for p in points]
    data = {"type": "ramsch", "pushed": str(pushed), "contra": "none"}
    for seat, value in enumerate(points):
        data[f"points-{seat}"] = str(value)
        if took[seat]:
            data[f"took_trick-{seat}"] = "y"
    return data


def grand_form(soloist, points, jacks=(), contra="none", all_tricks=False):
    data = {"type": "grand_hand", "soloist": str(soloist), "soloist_points": str(points), "contra": contra}
    if jacks:
        data["jacks"] = list(jacks)
    if all_tricks:
        data["all_tricks"] = "y"
    return data


def restarted() -> None:
    """What the app's process remembers of sessions (the replays, board.py) gone, as after a restart."""
    from flask import current_app

    current_app.extensions.pop("scorekeeper.replays", None)


@contextmanager
def counted_statements() -> Iterator[list[str]]:
    """The SQL statements run inside the block (the session is emptied first, so what a request asks
    is counted, nothing cached from the test's own reads)."""
    statements: list[str] = []
    db.session.remove()

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", count)

