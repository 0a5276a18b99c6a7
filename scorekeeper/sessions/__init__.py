"""The HTML blueprint: new session, deal entry, scoreboard, corrections, history."""
from flask import Blueprint, request

bp = Blueprint("sessions", __name__)


def is_htmx() -> bool:
    """Whether htmx asks (for a fragment rather than a whole page)."""
    return request.headers.get("HX-Request") == "true"


from . import cards, table, transfer_views, views  # noqa: E402,F401  (routes and template helpers register on import)
