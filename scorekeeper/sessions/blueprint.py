"""The HTML blueprint's object, shared by its view modules."""
from flask import Blueprint, request

bp = Blueprint("sessions", __name__)


def is_boosted() -> bool:
    """Whether a boosted link or form sent it (htmx, asking for a whole page)."""
    return request.headers.get("HX-Boosted") == "true"


def is_htmx() -> bool:
    """Whether htmx asks for a fragment (a boosted link or form asks for a whole page)."""
    return request.headers.get("HX-Request") == "true" and not is_boosted()
