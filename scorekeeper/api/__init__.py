"""The JSON API under /api/v1: the same scoring.py calls as the HTML views."""
from flask import Blueprint

bp = Blueprint("api", __name__)

from . import errors, transfer, views  # noqa: E402,F401
