"""The JSON API's blueprint object, shared by its view modules (mounted under /api/v1)."""
from flask import Blueprint

bp = Blueprint("api", __name__)
