"""The JSON API under /api/v1: the same board.py and writes.py calls as the HTML pages."""
from . import changes, errors, transfer, views
from .blueprint import bp

__all__ = ["bp", "changes", "errors", "transfer", "views"]
