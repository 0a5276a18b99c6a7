"""The HTML blueprint's object, shared by its view modules."""
from flask import Blueprint, request

bp = Blueprint("sessions", __name__)


def is_htmx() -> bool:
    """Whether htmx asks for a fragment (a boosted link or form asks for a whole page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"
