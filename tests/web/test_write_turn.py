"""A save that names no board version waits for the session's turn (turns.wait_turn): it queues
behind another device's save instead of checking its deal against a board that is about to change
and losing the claim, round after round under a club's load (test_concurrency.py saw a save lose
fifty rounds with ten clients on PostgreSQL, and twenty-eight on SQLite)."""
from __future__ import annotations

import threading
import time

from sqlalchemy import event, text

from scorekeeper import writes
from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


def test_a_save_behind_another_devices_turn_is_checked_once_against_the_board_after_it(app, client, monkeypatch):
    created = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"]}).json
    sid, version = created["id"], created["version"]
    checks = []
    check_and_add = writes._add
    monkeypatch.setattr(writes, "_add", lambda *args: checks.append(args[3]) or check_and_add(*args))
    with app.app_context():
        engine = db.engine
    save_writes = threading.Event()  # the save's first write to the session's row: it waits there

    def writing(conn, cursor, statement, *args) -> None:
        if threading.current_thread() is save and statement.lstrip().upper().startswith("UPDATE GAME_SESSION"):
            save_writes.set()

    answers = []
    save = threading.Thread(target=lambda: answers.append(
        client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}, headers={"Idempotency-Key": "k"})))
    event.listen(engine, "before_cursor_execute", writing)
    try:
        with engine.connect() as other:  # another device's save: it holds the session's turn and changes it
            other.execute(text("UPDATE game_session SET version = version + 1 WHERE id = :s"), {"s": sid})
            save.start()
            assert save_writes.wait(timeout=20)
            time.sleep(0.3)  # the save's write waits for this device's commit
            other.commit()
        save.join(timeout=40)
    finally:
        event.remove(engine, "before_cursor_execute", writing)

    assert answers and answers[0].status_code == 201, answers and answers[0].json
    assert checks == [version + 1], "checked once, against the version the other device left"
    with app.app_context():
        assert db.session.get(GameSession, sid).version == version + 2
        assert [deal.position for deal in Deal.query.filter_by(session_id=sid)] == [1]
