"""The HTML blueprint: new session, deal entry, scoreboard, corrections, history."""
from flask import Blueprint

bp = Blueprint("sessions", __name__)

from . import cards, table, transfer_views, views  # noqa: E402,F401  (routes and template helpers register on import)
