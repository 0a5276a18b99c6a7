"""Access for a club host: a club password for everything, a table PIN for writes.

Off by default (the embedded install at one table needs neither). With `CLUB_PASSWORD` set
(SCOREKEEPER_CLUB_PASSWORD), every page needs a login (kept in the signed Flask session
cookie) and every API call the password in `X-Club-Password` or HTTP Basic: nobody on the
guest Wi-Fi can read or enumerate sessions by their ids. A session created with a PIN accepts
writes (any POST/PUT/DELETE under /sessions/<id>/...) only from a device that entered the PIN
(remembered in the Flask session) or an API call with `X-Table-PIN`; others see the board
read-only with a PIN field. Secrets are compared with hmac.compare_digest, PINs stored hashed.

Wrong attempts are counted per target (each table's PIN, the club password) over all addresses,
and per address over all targets: after ACCESS_FREE_ATTEMPTS on either count, each further try must
wait 1, 2, 4 ... up to 60 seconds (refused meanwhile, no worker sleeps), so a table's PIN takes at
most about 60 guesses an hour however many addresses guess. A device that holds the PIN (or the
login) in its cookie is never asked and keeps writing. The counts are kept in the database, so
several WSGI workers count the same guesses; a count without a wrong try for an hour starts afresh.
Behind a reverse proxy, PROXY_FIX (the number of proxies) makes the address the client's, not the
proxy's.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Any

from flask import (
    Blueprint,
    Flask,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask import (
    session as cookie,
)
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash
from wtforms import PasswordField
from wtforms.validators import DataRequired

from .errors import error_response
from .extensions import db
from .games.base import RuleError, T
from .models import AccessAttempt, GameSession

bp = Blueprint("access", __name__)
PIN_PATTERN = r"[0-9]{4,12}\Z"  # re.match: from the start; \Z: no trailing newline either
# the PWA shell reveals no table: a tablet keeps it even before the club password is typed
OPEN_ENDPOINTS = {"access.login", "static", "sessions.choose_language", "sessions.service_worker",
                  "sessions.manifest", "sessions.offline"}
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
FORGET_AFTER = 3600  # seconds without a wrong try after which an address starts afresh


# --- slowing down guesses -------------------------------------------------------------

Key = tuple[str, str]  # (kind: club | pin, "t:<target>" or "a:<address>")


def _where(keys: list[Key]):
    return or_(*((AccessAttempt.kind == kind) & (AccessAttempt.client == client[:64]) for kind, client in keys))


class Attempts:
    """Failures per key in the database (table access_attempt), so that every worker counts the
    same guesses; past the free attempts a key must wait. Written on a connection of its own (its
    own short transaction), never mixed with the request's changes."""

    def wait(self, keys: list[Key]) -> int:
        """Seconds before the next try may be checked (0: go ahead): the longest wait of the keys."""
        with db.engine.connect() as connection:
            rows = connection.execute(select(AccessAttempt.failures, AccessAttempt.last_at).where(_where(keys)))
            free = current_app.config.get("ACCESS_FREE_ATTEMPTS", 3)
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


def _keys(kind: str, target: str) -> list[Key]:
    """What a guess counts against: the target (a table's PIN, the club password) over every
    address, then this address over every target. Only the right secret for the same target
    clears that target's count (whoever sent it knows it already); the address's count is never
    cleared by a success, so a right PIN for one table does not reset the guesses at another."""
    return [(kind, "t:" + target), (kind, "a:" + (request.remote_addr or "?"))]


def _same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def _token(secret: str) -> str:
    """What the cookie keeps for a secret: a keyed digest (never the secret), which stops
    matching when the password or the PIN changes."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()[:32]


# --- the club password ------------------------------------------------------------------

def club_password() -> str | None:
    value = current_app.config.get("CLUB_PASSWORD")
    # SCOREKEEPER_* variables are parsed as JSON: a password of digits arrives as a number
    return None if value in (None, "") else str(value)


def _club_cookie_ok(password: str) -> bool:
    return _same(cookie.get("club"), _token(password))


def _api_password() -> str | None:
    given = request.headers.get("X-Club-Password")
    if given is None and request.authorization is not None:
        given = request.authorization.password
    return given


def _api_error(status: int, message: str, **headers: str):
    response = error_response(status, message)
    response.headers.update(headers)
    return response


def require_club_password():
    password = club_password()
    if password is None or request.endpoint in OPEN_ENDPOINTS or _club_cookie_ok(password):
        return None
    if not request.path.startswith("/api/"):
        return redirect(url_for("access.login", next=request.full_path if request.query_string else request.path))
    keys = _keys("club", "club")
    wait = attempts.wait(keys)
    if wait:
        return _api_error(429, _too_many(wait), **{"Retry-After": str(wait)})
    given = _api_password()
    if _same(given, password):
        attempts.succeeded(keys[0])
        return None
    if given is not None:
        attempts.failed(keys)
    return _api_error(401, gettext("This Scorekeeper needs the club password (X-Club-Password or HTTP Basic)."),
                      **{"WWW-Authenticate": 'Basic realm="Scorekeeper"'})


def _too_many(wait: int) -> str:
    return gettext("Too many wrong attempts; try again in %(seconds)d seconds.", seconds=wait)


def _form_guess(keys: list[Key], form: FlaskForm, field, right, wrong: str) -> tuple[bool, int]:
    """A password or PIN posted on a page, slowed like every guess: (accepted, the page's status);
    a refusal is written under the field."""
    wait = attempts.wait(keys)
    if wait:
        field.errors = [_too_many(wait)]
        return False, 429
    if not form.validate():
        return False, 422
    if right(field.data):
        attempts.succeeded(keys[0])
        return True, 200
    attempts.failed(keys)
    field.errors = [wrong]
    return False, 422


class LoginForm(FlaskForm):
    password = PasswordField(_l("Club password"), validators=[DataRequired()])


class PinForm(FlaskForm):
    pin = PasswordField(_l("Table PIN"), validators=[DataRequired()],
                        render_kw={"inputmode": "numeric", "autocomplete": "off"})


def _local(target: str | None, fallback: str) -> str:
    if not target or not target.startswith("/") or target.startswith("//"):
        return fallback
    return target


@bp.route("/login", methods=["GET", "POST"])
def login():
    password = club_password()
    target = _local(request.args.get("next"), url_for("sessions.home"))
    if password is None:
        return redirect(target)
    form = LoginForm()
    status = 200
    if request.method == "POST":
        accepted, status = _form_guess(_keys("club", "club"), form, form.password, lambda given: _same(given, password),
                                       gettext("That is not the club password."))
        if accepted:
            cookie.permanent = True
            cookie["club"] = _token(password)
            return redirect(target)
    return render_template("access/login.html", form=form), status


@bp.post("/logout")
def logout():
    if FlaskForm().validate():
        cookie.clear()
    return redirect(url_for("access.login"))


# --- the table PIN ---------------------------------------------------------------------

def pin_problem(pin: Any) -> RuleError | None:
    """Why `pin` cannot be a table PIN (None: it can; an empty PIN means no PIN)."""
    if pin in (None, ""):
        return None
    if not isinstance(pin, str) or not re.match(PIN_PATTERN, pin):
        return RuleError(T("A PIN is 4 to 12 digits."), "pin")
    return None


def set_pin(session: GameSession, pin: str | None) -> None:
    """Protect the session's writes with `pin` (nothing for an empty one); this device may write."""
    if not pin:
        return
    problem = pin_problem(pin)
    if problem is not None:
        raise problem
    session.pin_hash = generate_password_hash(pin)
    db.session.commit()
    remember(session)


def remember(session: GameSession) -> None:
    if session.pin_hash:
        unlocked = dict(cookie.get("pins") or {})
        unlocked[str(session.id)] = _token(session.pin_hash)
        cookie["pins"] = unlocked
        cookie.permanent = True


def locked(session: GameSession) -> bool:
    """Whether this request may not change `session` (it has a PIN this device has not entered)."""
    if not session.pin_hash:
        return False
    return not _same((cookie.get("pins") or {}).get(str(session.id)), _token(session.pin_hash))


def _pin_right(session: GameSession, pin: str | None) -> bool:
    return bool(pin and session.pin_hash and check_password_hash(session.pin_hash, pin))


def _check_pin(session: GameSession, pin: str | None, keys: list[Key]) -> bool:
    if _pin_right(session, pin):
        attempts.succeeded(keys[0])
        return True
    attempts.failed(keys)
    return False


def require_table_pin():
    """Refuse a write to a PIN-protected session from a device that has not entered its PIN."""
    if request.method in SAFE_METHODS or request.endpoint == "access.pin" or not request.view_args:
        return None
    session_id = request.view_args.get("session_id")
    if not isinstance(session_id, int):
        return None
    # held for the request: the view's own get finds it in the session's identity map (which holds
    # objects weakly) instead of reading the row again
    session = g.game_session = db.session.get(GameSession, session_id)
    if session is None or not locked(session):
        return None
    if request.path.startswith("/api/"):
        given = request.headers.get("X-Table-PIN")
        keys = _keys("pin", str(session.id))
        wait = attempts.wait(keys)
        if wait:
            return _api_error(429, _too_many(wait), **{"Retry-After": str(wait)})
        if given is not None and _check_pin(session, given, keys):
            return None
        return _api_error(403, gettext("This table is protected by a PIN; send it in X-Table-PIN."))
    target = url_for("access.pin", session_id=session.id)
    if request.headers.get("HX-Request") == "true":
        return "", 204, {"HX-Redirect": target}
    return redirect(target, 303)


@bp.route("/sessions/<int:session_id>/pin", methods=["GET", "POST"])
def pin(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    back = url_for("sessions.show_session", session_id=session.id)
    if not locked(session):
        return redirect(back)
    form = PinForm()
    status = 200
    if request.method == "POST":
        accepted, status = _form_guess(_keys("pin", str(session.id)), form, form.pin,
                                       lambda given: _pin_right(session, given),
                                       gettext("That is not this table's PIN."))
        if accepted:
            remember(session)
            return redirect(back + "#entry")
    return render_template("access/pin.html", session=session, form=form), status


# --- wiring ----------------------------------------------------------------------------

def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.before_request(require_club_password)
    app.before_request(require_table_pin)

    @app.context_processor
    def access_helpers() -> dict[str, Any]:
        return {"pin_locked": locked, "pin_form": PinForm, "club_login": club_password() is not None}
