"""Wrong passwords and PINs, counted so that guessing is slowed down (see access.py).

Each guess counts against its target (a table's PIN, the club password) over every address and
against the address over every target; past ACCESS_FREE_ATTEMPTS on either count, the next try
must wait 1, 2, 4 ... up to 60 seconds. Kept in the database (table access_attempt), so that every
worker and every server counts the same guesses; a count without a wrong try for an hour starts
afresh. `guess` and `form_guess` check a secret sent (an API header, a posted form) under them."""
from __future__ import annotations

import time
from collections.abc import Callable

from flask import current_app, request
from flask_babel import ngettext
from flask_wtf import FlaskForm
from sqlalchemy import case, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import AccessAttempt

FORGET_AFTER = 3600  # seconds without a wrong try after which a count starts afresh
Key = tuple[str, str]  # (kind: club | pin, "t:<target>" or "a:<address>")
Claim = tuple[Key, float, float]  # a try counted before its check: the key, its last wrong try before, now


def _where(keys: list[Key]):
    return or_(*((AccessAttempt.kind == kind) & (AccessAttempt.client == client[:64]) for kind, client in keys))


class Attempts:
    """Failures per key, written on a connection of its own (its own short transaction), never
    mixed with the request's changes."""

    def wait(self, keys: list[Key]) -> int:
        """Seconds before the next try may be checked (0: go ahead): the longest wait of the keys."""
        with db.engine.connect() as connection:
            rows = connection.execute(select(AccessAttempt.failures, AccessAttempt.last_at).where(_where(keys)))
        return max([0, *(_wait(count, last) for count, last in rows)])

    def claim(self, keys: list[Key]) -> tuple[int, list[Claim]]:
        """Before a try is checked: (seconds to wait, 0 to go ahead; the keys it was counted against
        already). A key past its free tries counts the try now, raising its count only from the
        count its wait was read from (compare and swap): of the tries sent at one moment only one
        passes its wait, however long checking the secret takes. A key within its free tries
        counts a wrong try after the check (`failed`), so right tries at one moment never wait."""
        now, claimed = time.time(), []
        for key in keys:
            wait, before = self._claim(key, now)
            if wait < 0:
                claimed.append((key, before, now))
            elif wait:
                return wait, claimed
        return 0, claimed

    def _claim(self, key: Key, now: float) -> tuple[int, float]:
        """The key's wait; 0 while within its free tries or its count is an hour old (nothing
        counted: `failed` starts it afresh); -1: counted now. Then the time of its last wrong try."""
        for _ in range(3):  # another try may change the count between the read and the write: read again
            with db.engine.connect() as connection:
                row = connection.execute(select(AccessAttempt.failures, AccessAttempt.last_at)
                                         .where(_where([key]))).first()
            if (row is None or row.failures < current_app.config["ACCESS_FREE_ATTEMPTS"]
                    or row.last_at < now - FORGET_AFTER):
                return 0, now
            wait = _wait(*row)
            if wait:
                return wait, row.last_at
            bump = (update(AccessAttempt).where(_where([key]), AccessAttempt.failures == row.failures)
                    .values(failures=row.failures + 1, last_at=now))
            with db.engine.begin() as connection:
                if connection.execute(bump).rowcount == 1:
                    return -1, row.last_at
        return 1, now

    def failed(self, keys: list[Key]) -> None:
        """A wrong try, counted against these keys; counts an hour old are gone first."""
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

    def right(self, claimed: list[Claim]) -> None:
        """The right secret: the keys `claim` counted this try against take it back, with the time of
        their last wrong try (unless a wrong one came since): a script sending the right password
        once a second past a stranger's guesses waited again and again, each right try starting the
        wait anew. No count is cleared: a table whose devices keep sending its PIN must not hand a
        guesser with many addresses fresh free tries each time."""
        with db.engine.begin() as connection:
            for key, before, at in claimed:
                connection.execute(update(AccessAttempt).where(_where([key]), AccessAttempt.failures > 0).values(
                    failures=AccessAttempt.failures - 1,
                    last_at=case((AccessAttempt.last_at == at, before), else_=AccessAttempt.last_at)))


def _wait(count: int, last: float) -> int:
    """Seconds still to wait after `count` wrong tries, the last at `last`: 1, 2, 4 ... 60 past the free ones."""
    free = current_app.config["ACCESS_FREE_ATTEMPTS"]
    return max(0, int(last + min(2 ** (count - free), 60) - time.time() + 0.999)) if count >= free else 0


attempts = Attempts()


def guess_keys(kind: str, target: str) -> list[Key]:
    """What a guess counts against: the target (a table's PIN, the club password) over every
    address, then this address over every target. A right secret clears neither: a right PIN for
    one table does not reset the guesses at another, nor its own table's."""
    return [(kind, "t:" + target), (kind, "a:" + (request.remote_addr or "?"))]


def too_many(wait: int) -> str:
    return ngettext("Too many wrong attempts; try again in %(num)d second.",
                    "Too many wrong attempts; try again in %(num)d seconds.", wait)


def guess(keys: list[Key], given: str | None, right: Callable[[str | None], bool]) -> tuple[bool, int]:
    """Whether `given` is the secret, or the seconds to wait before it may be checked: (accepted,
    wait). Past the free tries a secret sent counts as a wrong try before it is compared
    (`Attempts.claim`), so tries sent at one moment cannot all pass one wait; the right one takes
    its try back. None sent counts nothing and waits for nothing: it is told the secret is needed
    (it was told "too many wrong attempts" while somebody else guessed)."""
    if given is None:
        return False, 0
    wait, claimed = attempts.claim(keys)
    if wait:
        return False, wait
    if right(given):
        attempts.right(claimed)
        return True, 0
    attempts.failed([key for key in keys if key not in [claim[0] for claim in claimed]])
    return False, 0


def form_guess(keys: list[Key], form: FlaskForm, field, right, wrong: str) -> tuple[bool, int]:
    """A password or PIN posted on a page, slowed like every guess: (accepted, the page's status);
    a refusal is written under the field."""
    if not form.validate():  # empty, or not a PIN at all: said as it is, during a wait too; not counted
        return False, 422
    wait = attempts.wait(keys)
    if not wait:
        accepted, wait = guess(keys, field.data, right)
        if accepted:
            return True, 200
    if wait:
        field.errors = [too_many(wait)]
        return False, 429
    field.errors = [wrong]
    return False, 422
