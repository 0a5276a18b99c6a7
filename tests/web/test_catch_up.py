"""Two gunicorn workers on one database, each with its own memory (replays.py): a worker whose last
save into a session is behind another worker's saves catches up (scoring._caught_up): only the
changes since its own and their deals are read, only the new deals played. Anything else stored
meanwhile (a correction, a deletion, an ending, a write without a change) reads every deal again.
Whatever the order, every board is the replay of the stored deals."""
from __future__ import annotations

import random
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event
from sqlalchemy.engine import Engine

from scorekeeper import create_app, replays, scoring
from scorekeeper.extensions import db
from scorekeeper.games import get_game
from scorekeeper.models import GameSession

from .helpers import new_schieberamsch, ramsch_form, totals

POINTS = ([30, 40, 50], [50, 40, 30], [20, 60, 40], [40, 30, 50], [60, 30, 30], [10, 50, 60])
HTMX = {"HX-Request": "true"}


@pytest.fixture
def workers(app):
    """Two apps on the test's database, as gunicorn's two workers: each remembers on its own."""
    other = create_app({**app.config, "AUTO_MIGRATE": False})
    yield app, other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


@contextmanager
def statements():
    seen: list[str] = []

    def count(conn, cursor, statement, *args) -> None:
        seen.append(" ".join(statement.split()))

    event.listen(Engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", count)


def deals_read(seen: list[str]) -> int:
    return sum(s.startswith("SELECT") and "FROM deal" in s for s in seen)


def caught_up(seen: list[str]) -> int:
    return sum("FROM revision LEFT OUTER JOIN deal" in s for s in seen)


def replayed(app, sid: int):
    """The standing the stored deals give, replayed from the first (nothing remembered)."""
    with app.app_context():
        session = db.session.get(GameSession, sid)
        deals = scoring.complete_deals(session)
        standing = get_game(session.game).replay(scoring.table_of(session), [deal.payload for deal in deals])
        return standing, [deal.id for deal in deals]


def board_of(app, sid: int):
    with app.app_context():
        board = scoring.board(db.session.get(GameSession, sid))
        return board.standing, [deal.id for deal in board.deals]


def extended(app) -> int:
    with app.app_context():
        return replays.current().extended


def test_saves_through_two_workers_in_turn_read_only_the_other_workers_deal(workers):
    first, second = workers
    clients = [first.test_client(), second.test_client()]
    sid = new_schieberamsch(clients[0], deals="30")
    for number, points in enumerate(POINTS):
        before = extended(first) + extended(second)
        with statements() as seen:
            answer = clients[number % 2].post(f"/sessions/{sid}/deals", data=ramsch_form(points), headers=HTMX)
        assert answer.status_code == 200
        standing, _ = replayed(first, sid)
        assert totals(answer.get_data(as_text=True)) == list(standing.totals)
        if number >= 2:  # each worker has saved once: the other's saves since are caught up, deals not read
            assert (deals_read(seen), caught_up(seen)) == (0, 1), seen
            assert extended(first) + extended(second) == before + 1
    for app in workers:
        assert board_of(app, sid) == replayed(app, sid)


def _two_saved(workers):
    clients = [app.test_client() for app in workers]
    sid = new_schieberamsch(clients[0], deals="30")
    for number, points in enumerate(POINTS[:3]):
        clients[number % 2].post(f"/sessions/{sid}/deals", data=ramsch_form(points), headers=HTMX)
    return clients, sid  # the first worker last saved deal 3; the second, deal 2


def _deal_ids(client, sid: int) -> list[int]:
    return [deal["id"] for deal in client.get(f"/api/v1/sessions/{sid}").get_json()["deals"]]


@pytest.mark.parametrize("change", ["correction", "deletion", "ending", "write without a change"])
def test_anything_but_deals_appended_reads_every_deal_again(workers, change):
    clients, sid = _two_saved(workers)
    first_deal = _deal_ids(clients[1], sid)[0]
    if change == "correction":
        clients[0].post(f"/sessions/{sid}/deals/{first_deal}/edit", data=ramsch_form([10, 50, 60]))
    elif change == "deletion":
        clients[0].post(f"/sessions/{sid}/deals/{first_deal}/delete")
    elif change == "ending":
        clients[0].post(f"/sessions/{sid}/close")
        clients[0].post(f"/sessions/{sid}/reopen")
    else:
        with workers[0].app_context():
            session = db.session.get(GameSession, sid)
            scoring.claim(session, session.version)
            db.session.commit()
    with statements() as seen:
        answer = clients[1].post(f"/sessions/{sid}/deals", data=ramsch_form([40, 30, 50]), headers=HTMX)
    assert answer.status_code == 200
    assert deals_read(seen) == 1, seen  # the catch-up found more than deals appended: read whole
    standing, _ = replayed(workers[0], sid)
    assert totals(answer.get_data(as_text=True)) == list(standing.totals)
    for app in workers:
        assert board_of(app, sid) == replayed(app, sid)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["add", "add", "add", "edit", "delete", "board"]), st.integers(0, 1),
                          st.integers(0, 99)), min_size=4, max_size=16))
def test_whatever_the_two_workers_do_every_board_is_the_replay_of_the_stored_deals(workers, steps):
    """Saves, corrections, deletions and boards in any order through either worker (Hypothesis)."""
    clients = [app.test_client() for app in workers]
    sid = new_schieberamsch(clients[0], deals="30")
    pick = random.Random(len(steps))
    for action, worker, which in steps:
        client = clients[worker]
        ids = _deal_ids(client, sid)
        if action == "add" or not ids:
            response = client.post(f"/sessions/{sid}/deals", data=ramsch_form(pick.choice(POINTS)), headers=HTMX)
        elif action == "edit":
            response = client.post(f"/sessions/{sid}/deals/{ids[which % len(ids)]}/edit",
                                   data=ramsch_form(pick.choice(POINTS)))
        elif action == "delete":
            response = client.post(f"/sessions/{sid}/deals/{ids[which % len(ids)]}/delete")
        else:
            response = client.get(f"/sessions/{sid}")
        assert response.status_code in (200, 302), response.status_code
        for app in workers:
            assert board_of(app, sid) == replayed(app, sid)
