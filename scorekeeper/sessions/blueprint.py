"""The HTML blueprint's object, shared by its view modules, and what holds for all their answers."""
import hashlib
import json

from flask import Blueprint, Response, request

from .. import turns

bp = Blueprint("sessions", __name__)

#: answers that always come from the server and are not revalidated: Back/Forward and a reload
#: never show an old one from the browser's cache
NO_STORE_ENDPOINTS = {
    "sessions.add_deal", "sessions.delete_deal", "sessions.edit_deal", "sessions.deal_breakdown",
    "sessions.session_changes", "sessions.session_chart", "sessions.session_statistics",
}


def is_boosted() -> bool:
    """Whether a boosted link or form sent it (htmx, asking for a whole page)."""
    return request.headers.get("HX-Boosted") == "true"


def is_htmx() -> bool:
    """Whether htmx asks for a fragment (a boosted link or form asks for a whole page)."""
    return request.headers.get("HX-Request") == "true" and not is_boosted()


def form_version() -> int | None:
    """The board version a form was drawn at (its hidden ``board_version``), if it sent one."""
    value = request.form.get("board_version", "")
    return int(value) if value.isdigit() and len(value) < 18 else None


#: what a form sends that the table did not type: left out of its fingerprint
NOT_TYPED = frozenset({"csrf_token", "idempotency_key", "board_version", "as_correction"})


def form_key() -> turns.RequestKey | None:
    """The idempotency key a form was drawn with (its hidden ``idempotency_key``), if it sent one, with
    the fingerprint of the values sent: sent again as it was (its answer lost), the save is answered as
    stored; typed over first, it is another save (turns.KeyReused)."""
    key = (request.form.get("idempotency_key") or "").strip()[:80]
    if not key:
        return None
    values = sorted((name, request.form.getlist(name)) for name in request.form if name not in NOT_TYPED)
    return turns.RequestKey(key, hashlib.sha256(json.dumps(values).encode()).hexdigest())


@bp.after_app_request
def no_store(response: Response) -> Response:
    if "ETag" not in response.headers and (request.endpoint in NO_STORE_ENDPOINTS or is_htmx()):
        response.headers["Cache-Control"] = "no-store"
    return response
