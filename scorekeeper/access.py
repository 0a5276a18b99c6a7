"""Access for a club host: a club password for everything, a table PIN for writes.

Off by default (the embedded install at one table needs neither). With `CLUB_PASSWORD` set
(SCOREKEEPER_CLUB_PASSWORD), every page needs a login (kept in the signed Flask session
cookie) and every API call the password in `X-Club-Password` or HTTP Basic: nobody on the
guest Wi-Fi can read or enumerate sessions by their ids. A session created with a PIN accepts
writes (any POST/PUT/DELETE under /sessions/<id>/...) only from a device that entered the PIN
(remembered in the Flask session) or an API call with `X-Table-PIN`; others see the board
read-only with a PIN field. Secrets are compared with hmac.compare_digest, PINs stored hashed.

A device's login and PINs count only while its Device row is there (its id is in the cookie):
signing out deletes the row, "sign out every device" deletes them all, and a copy of an old cookie
is then worth nothing. The cookie keeps a keyed digest of the password and of each PIN's hash, so
changing the club password or a table's PIN ends the devices that used the old one.

Guesses are slowed down (guesses.py): a table's PIN takes at most about 60 guesses an hour however
many addresses guess, while a device that holds the PIN in its cookie is never asked and keeps
writing. Behind a reverse proxy, PROXY_FIX (the number of proxies) makes the address the client's.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, g, redirect, render_template, request, url_for
from flask import session as cookie
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash
from wtforms import PasswordField
from wtforms.validators import DataRequired, Regexp

from .errors import error_response, for_api
from .extensions import db
from .games.base import RuleError, T
from .guesses import form_guess, guess, guess_keys, too_many
from .models import Device, GameSession, utcnow

bp = Blueprint("access", __name__)
PIN_PATTERN = r"[0-9]{4,12}\Z"  # re.match: from the start; \Z: no trailing newline either
# the PWA shell and the API's description reveal no table: open before the club password is typed
OPEN_ENDPOINTS = {"access.login", "static", "sessions.choose_language", "sessions.service_worker",
                  "sessions.manifest", "sessions.offline", "api.openapi_document"}
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
NOT_WRITES = {"access.pin", "api.what_if_session"}  # posted, but nothing of the session changes


def _same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def _token(secret: str) -> str:
    """What the cookie keeps for a secret: a keyed digest (never the secret), which stops
    matching when the password or the PIN changes."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()[:32]


# --- the signed-in device ----------------------------------------------------------------

def _device() -> Device | None:
    """This request's device while its row is there (and not older than the cookie may live)."""
    if "device" not in g:
        device_id = cookie.get("device")
        found = db.session.get(Device, device_id) if isinstance(device_id, str) else None
        if found is not None and found.created_at < utcnow() - current_app.permanent_session_lifetime:
            found = None
        g.device = found
    return g.device


def _sign_in() -> None:
    """Give this device a row, once: the login and PINs it enters count from now on. What an
    old cookie still carries from a signed-out device is dropped, never revived."""
    if _device() is not None:
        return
    db.session.execute(delete(Device).where(Device.created_at < utcnow() - current_app.permanent_session_lifetime))
    device = g.device = Device(id=secrets.token_hex(16), created_at=utcnow())
    db.session.add(device)
    db.session.commit()
    cookie.pop("club", None)
    cookie.pop("pins", None)
    cookie["device"] = device.id
    cookie.permanent = True


def signed_in() -> bool:
    """Whether this device has a login or a table PIN that counts (the page offers to sign out)."""
    return "device" in cookie and _device() is not None


# --- the club password ------------------------------------------------------------------

def club_password() -> str | None:
    value = current_app.config.get("CLUB_PASSWORD")
    # SCOREKEEPER_* variables are parsed as JSON: a password of digits arrives as a number
    return None if value in (None, "") else str(value)


def _club_cookie_ok(password: str) -> bool:
    return _same(cookie.get("club"), _token(password)) and _device() is not None


def _api_password() -> str | None:
    given = request.headers.get("X-Club-Password")
    if given is None and request.authorization is not None:
        given = request.authorization.password
    return given


def require_club_password():
    password = club_password()
    if password is None or request.endpoint in OPEN_ENDPOINTS or _club_cookie_ok(password):
        return None
    if not for_api():
        return redirect(url_for("access.login", next=request.full_path if request.query_string else request.path))
    accepted, wait = guess(guess_keys("club", "club"), _api_password(), lambda given: _same(given, password))
    if wait:
        return error_response(429, too_many(wait), headers={"Retry-After": str(wait)})
    if accepted:
        return None
    return error_response(401, gettext("This Scorekeeper needs the club password (X-Club-Password or HTTP Basic)."),
                          headers={"WWW-Authenticate": 'Basic realm="Scorekeeper"'})


class LoginForm(FlaskForm):
    password = PasswordField(_l("Club password"), validators=[DataRequired()])


class PinForm(FlaskForm):
    pin = PasswordField(_l("Table PIN"),
                        validators=[DataRequired(), Regexp(PIN_PATTERN, message=_l("A PIN is 4 to 12 digits."))],
                        render_kw={"inputmode": "numeric", "autocomplete": "off"})


def local_path(target: str | None, fallback: str) -> str:
    """`target` if it is a path of this site, else `fallback`. Browsers drop tabs and line breaks
    from a URL and read a backslash as a slash: "/<tab>/evil.example" leaves the site too."""
    if not target or not target.startswith("/") or not target.isprintable():
        return fallback
    return fallback if target.replace("\\", "/").startswith("//") else target


@bp.route("/login", methods=["GET", "POST"])
def login():
    password = club_password()
    target = local_path(request.args.get("next"), url_for("sessions.home"))
    if password is None:
        return redirect(target)
    form = LoginForm()
    status = 200
    if request.method == "POST":
        accepted, status = form_guess(guess_keys("club", "club"), form, form.password,
                                      lambda given: _same(given, password),
                                      gettext("That is not the club password."))
        if accepted:
            _sign_in()
            cookie["club"] = _token(password)
            return redirect(target)
    return render_template("access/login.html", form=form), status


@bp.get("/devices")
def devices():
    return render_template("access/devices.html", form=FlaskForm(), club=club_password() is not None,
                           count=db.session.scalar(select(func.count()).select_from(Device)))


# the pages this device kept (the service worker's copies, shown offline) and its drafts go with a
# sign-out; browsers honour it on https and localhost, the only places a service worker runs
FORGET_KEPT = {"Clear-Site-Data": '"cache", "storage"'}


@bp.post("/logout")
def logout():
    """Sign this device out: its row goes, so a copy of its cookie opens nothing either."""
    device = _device()
    if device is not None:
        db.session.delete(device)
        db.session.commit()
    cookie.clear()
    target = redirect(url_for("access.login" if club_password() else "sessions.home"))
    target.headers.update(FORGET_KEPT)
    return target


@bp.post("/logout/everywhere")
def logout_everywhere():
    """Sign out every device of the club (this one too): each must log in and enter PINs again."""
    if club_password() is None:
        abort(404)
    db.session.execute(delete(Device))
    db.session.commit()
    cookie.clear()
    return redirect(url_for("access.login")), FORGET_KEPT


# --- the table PIN ---------------------------------------------------------------------

def pin_problem(pin: Any) -> RuleError | None:
    """Why `pin` cannot be a table PIN (None: it can; an empty PIN means no PIN)."""
    if pin in (None, ""):
        return None
    if not isinstance(pin, str):
        return RuleError(T("Send the PIN as text: 4 to 12 digits in quotes."), "pin")
    if not re.match(PIN_PATTERN, pin):
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
        _sign_in()
        unlocked = dict(cookie.get("pins") or {})
        unlocked[str(session.id)] = _token(session.pin_hash)
        cookie["pins"] = unlocked


def locked(session: GameSession) -> bool:
    """Whether this request may not change `session` (it has a PIN this device has not entered)."""
    if not session.pin_hash:
        return False
    held = (cookie.get("pins") or {}).get(str(session.id))
    return not (_same(held, _token(session.pin_hash)) and _device() is not None)


def _pin_right(session: GameSession, pin: str | None) -> bool:
    return bool(pin and session.pin_hash and check_password_hash(session.pin_hash, pin))


def require_table_pin():
    """Refuse a write to a PIN-protected session from a device that has not entered its PIN."""
    if request.method in SAFE_METHODS or request.endpoint in NOT_WRITES or not request.view_args:
        return None
    session_id = request.view_args.get("session_id")
    if not isinstance(session_id, int):
        return None
    session = db.session.get(GameSession, session_id)
    if session is None or not locked(session):
        return None
    if for_api():
        accepted, wait = guess(guess_keys("pin", str(session.id)), request.headers.get("X-Table-PIN"),
                               lambda given: _pin_right(session, given))
        if wait:
            return error_response(429, too_many(wait), headers={"Retry-After": str(wait)})
        if accepted:
            return None
        if request.headers.get("X-Table-PIN"):
            return error_response(403, gettext("That is not this table's PIN."))
        return error_response(403, gettext("This table is protected by a PIN; send it in X-Table-PIN."))
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
        accepted, status = form_guess(guess_keys("pin", str(session.id)), form, form.pin,
                                      lambda given: _pin_right(session, given),
                                      gettext("That is not this table's PIN."))
        if accepted:
            remember(session)
            return redirect(back + "#entry")
    return render_template("access/pin.html", session=session, form=form), status


def refuse_other_sites():
    """The API takes no CSRF token (its clients send headers, not forms), yet a browser sends the
    device's cookie (club login, PINs) along: a write sent from another site's page is refused.
    A browser names where a request comes from in Sec-Fetch-Site; other clients send none."""
    if (for_api() and request.method not in SAFE_METHODS
            and request.headers.get("Sec-Fetch-Site") in ("cross-site", "same-site")):
        return error_response(403, gettext("The API takes no writes sent from another site's page."))
    return None


# --- wiring ----------------------------------------------------------------------------

def keep_cookie(response: Response) -> Response:
    """The cookie, once written, outlives a closed browser (Flask's permanent session, for
    PERMANENT_SESSION_LIFETIME): its CSRF secret too, so that a save queued offline, sent when the
    board is opened again after the browser was closed, still holds its token (r53c)."""
    if cookie.modified and not cookie.permanent:
        cookie.permanent = True
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.before_request(refuse_other_sites)
    app.before_request(require_club_password)
    app.before_request(require_table_pin)
    app.after_request(keep_cookie)

    @app.context_processor
    def access_helpers() -> dict[str, Any]:
        return {"pin_locked": locked, "pin_form": PinForm, "signed_in": signed_in}
