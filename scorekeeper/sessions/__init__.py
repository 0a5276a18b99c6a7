"""The HTML pages: the home page and a new session (new_game_views.py), the scoreboard with its deal
entry and corrections (views.py; when another device wrote first, late_writes.py; a form whose token
was lost, lost_tokens.py), the pages around a table (pages.py), history and players
(history_views.py), export and import (transfer_views.py), scoring a session under other rules
(what_if_views.py); the filters and globals their templates share (template_helpers.py)."""
from . import (
    cards,
    history_views,
    lost_tokens,
    new_game_views,
    pages,
    template_helpers,
    transfer_views,
    views,
    what_if_views,
)
from .blueprint import bp

__all__ = ["bp", "cards", "history_views", "lost_tokens", "new_game_views", "pages", "template_helpers",
           "transfer_views", "views", "what_if_views"]
