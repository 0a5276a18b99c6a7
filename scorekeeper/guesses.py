"""Wrong passwords and PINs, counted so that guessing is slowed down (see access.py).

Each guess counts against its target (a table's PIN, the club password) over every address and
against the address over every target; past ACCESS_FREE_ATTEMPTS on either count, the next try
must wait 1, 2, 4 ... up to 60 seconds. Kept in the database (table access_attempt), so that every
worker and every server counts the same guesses; a count without a wrong try for an hour starts
afresh."""
from __future__ import annotations

import time

from flask import current_app, request
from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import AccessAttempt

FORGET_AFTER = 3600  # seconds without a wrong try after which a count starts afresh
Key = tuple[str, str]  # (kind: club | pin, "t:<target>" or "a:<address>")


def _where(keys: list[Key]):
    return or_(*((AccessAttempt.kind == kind) & (AccessAttempt.client == client[:64]) for kind, client in keys))


class Attempts:
    """Failures per key, written on a connection of its own (its own short transaction), never
    mixed with the request's changes."""

    def wait(self, keys: list[Key]) -> int:
        """Seconds before the next try may be checked (0: go ahead): the longest wait of the keys."""
        with db.engine.connect() as connection:
            rows = connection.execute(select(AccessAttempt.failures, AccessAttempt.last_at).where(_where(keys)))
            free = current_app.config["ACCESS_FREE_ATTEMPTS"]
            waits = [int(last + min(2 ** (count - free), 60) - time.time() + 0.999)
                     for count, last in rows if count >= free]
        return max([0, *waits])

    def failed(self, keys: list[Key]) -> None:
        now = time.time()
        with db.engine.begin() as connection:
            connection.execute(delete(AccessAttempt).where(AccessAttempt.last_at < now - FORGET_AFTER))
        for key in keys:
            bump = (update(AccessAttempt).where(_where([key]))
                    .values(failures=AccessAttempt.failures + 1, last_at=now).returning(AccessAttempt.failures))
            for _ in range(3):  # two workers may insert the first failure at once: one of them then updates
                try:
                    with db.engine.begin() as connection:
                        if connection.execute(bump).first() is None:
                            connection.execute(insert(AccessAttempt).values(kind=key[0], client=key[1][:64],
                                                                            failures=1, last_at=now))
                    break
                except IntegrityError:
                    continue

    def succeeded(self, key: Key) -> None:
        with db.engine.begin() as connection:
            connection.execute(delete(AccessAttempt).where(_where([key])))


attempts = Attempts()


def guess_keys(kind: str, target: str) -> list[Key]:
    """What a guess counts against: the target (a table's PIN, the club password) over every
    address, then this address over every target. Only the right secret for the same target
    clears that target's count (whoever sent it knows it already); the address's count is never
    cleared by a success, so a right PIN for one table does not reset the guesses at another."""
    return [(kind, "t:" + target), (kind, "a:" + (request.remote_addr or "?"))]
