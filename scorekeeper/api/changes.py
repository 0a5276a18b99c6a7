"""The JSON API's changes: a session started; a deal added, corrected or deleted, the game ended
early or continued. Each goes through writes.py as the pages' do. A deal's write names the board version it
was built on (If-Match or `board_version`: 409 when another client changed the board first) and may
send an Idempotency-Key (a retry is answered as the first request was); ending and continuing may name
it (If-Match) and need no key: asked twice, the second answers the session as it is."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import request, url_for
from flask_babel import gettext
from sqlalchemy.exc import IntegrityError

from .. import access, restore, turns, writes
from ..board import board, deal_or_404
from ..extensions import db
from ..games import GAMES
from ..games.base import RuleError, T
from ..models import Deal, GameSession
from .blueprint import bp
from .checks import checked_entry, unknown_or_hidden
from .views import api_session, json_body, session_answer


def _deal(session: GameSession, deal_id: int) -> Deal:
    return deal_or_404(session, deal_id, gettext("There is no such deal in this session."))


def _request_key(body: dict[str, Any] | None) -> turns.RequestKey | None:
    """The client's Idempotency-Key, with the fingerprint of this request (method, path, body): the
    same key sent with another request is refused (turns.KeyReused)."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 80:
        raise RuleError(T("The Idempotency-Key header can have at most 80 characters."), "Idempotency-Key")
    if not key:
        return None
    canonical = json.dumps([request.method, request.path, body], sort_keys=True, separators=(",", ":"))
    return turns.RequestKey(key, hashlib.sha256(canonical.encode()).hexdigest())


@bp.post("/sessions")
def create_session():
    """A new session. With an Idempotency-Key a retry answers the session the first request started
    (the same key with another request: 422), as a deal's writes do."""
    body = json_body()
    slug = body.get("game")
    # null or left out read "There is no game called None." / "... called ."
    if not isinstance(slug, str) or not slug:
        raise RuleError(T("Name the game by its slug as text: %(games)s.", games=", ".join(GAMES)), "game")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise RuleError(T("Give the players' names as a list, in clockwise order."), "players")
    first_dealer = body.get("first_dealer", 0)
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise RuleError(T("Choose the first dealer among the players."), "first_dealer")
    if "first_seat" in body:  # what the game's new-game form asks (Sataat: the first parent, from the card draw)
        first_seat, game = body["first_seat"], GAMES.get(slug)
        if "first_dealer" in body:
            raise RuleError(T("Give first_seat or first_dealer, not both."), "first_seat")
        if (not isinstance(first_seat, int) or isinstance(first_seat, bool) or not 0 <= first_seat < len(players)
                or game is None):
            raise RuleError(T("Choose the first seat among the players."), "first_seat")
        first_dealer = game.dealer_for_first_seat(len(players), first_seat)
    options = {} if body.get("options") is None else body["options"]
    if not isinstance(options, dict):
        raise RuleError(T("Options must be a set of named values."), "options")
    pin_problem = access.pin_problem(body.get("pin"))
    if pin_problem is not None:
        raise pin_problem
    key = _request_key(body)
    session = writes.started_session(key) if key else None  # a retry: answered as the first start was
    if session is None:
        try:
            session = writes.create_session(slug, players, first_dealer, options, key)
        except IntegrityError:  # the same start, sent twice at once: the other one stored it
            db.session.rollback()
            session = writes.started_session(key) if key else None
            if session is None:
                raise
        access.set_pin(session, body.get("pin"))
    location = url_for(".show_session", session_id=session.id)
    return session_answer(session, status=201, headers={"Location": location})


def claimed_version(body: dict[str, Any]) -> int | None:
    """The board version the client built its change on: If-Match ("7" or 7, or the ETag of a compressed
    answer, which Flask-Compress tags with its encoding: "7:gzip") or the body's board_version."""
    raw = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"').partition(":")[0]
    if raw and raw != "*" and (not raw.isdigit() or len(raw) > 18):  # it was blamed on a board_version not sent
        raise RuleError(T('If-Match must name a board version, a whole number such as "7".'), "If-Match")
    if not raw and "board_version" in body:
        raw = body["board_version"]
        if raw is None:
            return None
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise RuleError(T("The board version must be a whole number."), "board_version")
        raw = str(raw)
    if not raw or raw == "*":
        return None
    if not raw.isdigit() or len(raw) > 18:
        raise RuleError(T("The board version must be a whole number."), "board_version")
    return int(raw)


def _values(body: dict[str, Any]) -> dict[str, Any]:
    values = body.get("values")
    if not isinstance(values, dict):
        raise RuleError(T("A deal must be a set of named values."), "values")
    return values


@bp.post("/sessions/<int:session_id>/deals")
def add_deal(session_id: int):
    session = api_session(session_id)
    body = json_body()
    key = _request_key(body)
    earlier = turns.earlier_save(session, key)
    if earlier is not None:  # a retry of a save already stored: answered as the first one was
        return _created(session, earlier)
    values, claimed, phase = _values(body), claimed_version(body), body.get("phase")
    current = board(session)
    # null is no value: for an input this table does not ask (a Stendhal middle with six players,
    # which the game's schema allows for the sizes that have one) it is left out, not refused as unknown
    asked = {spec.name for spec in current.game.deal_fields(current.table, current.state)}
    values = {name: value for name, value in values.items() if value is not None or name in asked}
    if phase is not None and phase != current.phase:
        raise RuleError(T("This deal expects the %(phase)s entry next.", phase=current.phase), "phase")
    whole, refused = (False, None) if current.standing.over else checked_entry(current, values, phase)
    if refused is not None:
        return refused
    saved = writes.enter(session, values, version=claimed, key=key, phase=phase, whole=whole)
    return _created(session, saved)


def _created(session: GameSession, saved: turns.Saved):
    location = url_for(".show_session", session_id=session.id) + (f"#deal-{saved.deal.id}" if saved.deal else "")
    return session_answer(session, saved.board, 201, {"Location": location})


@bp.route("/sessions/<int:session_id>/deals/<int:deal_id>", methods=["PUT", "DELETE"])
def deal_view(session_id: int, deal_id: int):
    """One rule for both methods: with a rule each, an id beyond the id columns met the other
    method's rule and was answered 405 instead of 404."""
    return (replace_deal if request.method == "PUT" else delete_deal)(session_id, deal_id)


def replace_deal(session_id: int, deal_id: int):
    session = api_session(session_id)
    body = json_body()
    key = _request_key(body)
    if turns.earlier_save(session, key) is not None:
        return session_answer(session)
    deal = _deal(session, deal_id)
    values = _values(body)
    if deal.phase != "complete":
        values = {**deal.payload, **values}
    current = board(session)
    state = current.state_before(deal)
    # what the client sends back as the deal holds it (a GET, changed and PUT) is not asked again
    sent = {name: value for name, value in values.items() if name not in deal.payload or deal.payload[name] != value}
    refused = unknown_or_hidden(current, current.game.deal_fields(current.table, state), values, sent, state)
    if refused is not None:
        return refused
    claimed = claimed_version(body)
    saved = writes.replace_deal(session, deal, values, version=claimed, key=key)
    return session_answer(session, saved.board)


def delete_deal(session_id: int, deal_id: int):
    session = api_session(session_id)
    key = _request_key(None)
    if turns.earlier_save(session, key) is None:
        deal = _deal(session, deal_id)
        writes.delete_deal(session, deal, version=claimed_version({}), key=key)
    deletion = restore.deletion(session, deal_id)  # what POST .../revisions/<id>/restore takes
    return "", 204, {"Revision-Id": str(deletion.id)} if deletion else {}


@bp.post("/sessions/<int:session_id>/close")
def close_session(session_id: int):
    """The table stops before the game's own end: the totals so far decide (`closed_at` says when).
    An If-Match names the board it was asked on (409 when another client changed it since)."""
    session = api_session(session_id)
    if not board(session).deals:
        raise RuleError(T("No deal is saved yet: there is nothing to end."))
    return session_answer(session, writes.set_closed(session, True, version=claimed_version({})).board)


@bp.post("/sessions/<int:session_id>/reopen")
def reopen_session(session_id: int):
    """A game the table ended early goes on (If-Match as for ending it)."""
    session = api_session(session_id)
    return session_answer(session, writes.set_closed(session, False, version=claimed_version({})).board)
