"""The filters and globals every page's templates use: players' names listed in the page's language,
the winner line, a deal's signed points, strokes drawn as on a slate, a choice's label, a fresh
idempotency key for each entry form."""
from __future__ import annotations

import uuid

from flask_babel import gettext, ngettext
from markupsafe import Markup

from ..games.base import player_counts, signed
from .blueprint import bp
from .forms import choice_text

bp.add_app_template_global(choice_text, "choice_text")
bp.add_app_template_filter(signed, "signed")  # a deal's points: "+6", "-3", "0"
bp.add_app_template_filter(player_counts, "player_counts")  # "3 / 4", "2–4"


@bp.app_template_global()
def new_idempotency_key() -> str:
    """A fresh key per rendered entry form: a resubmitted form (a retry) carries the same one."""
    return uuid.uuid4().hex


@bp.app_template_filter("seat_names")
def seat_names(seats, names, separator: str | None = None) -> str:
    """Seat indexes as the players' names, listed in the page's language ((0, 2) -> "Anna, Carl",
    "Anna、Carl"), or joined by `separator` (a team: "Anna & Carl")."""
    return (gettext(", ") if separator is None else separator).join(names[seat] for seat in seats)


@bp.app_template_filter("winner_line")
def winner_line(seats, names) -> str:
    """Who won, in words: "Winners: Anna, Ben" for a team or a shared win; when every player shares
    the win (Sataat's drawn teams), a draw."""
    if len(names) > 1 and len(seats) == len(names):
        return gettext("A draw: %(names)s share the win.", names=seat_names(seats, names))
    return ngettext("Winner: %(names)s", "Winners: %(names)s", len(seats), names=seat_names(seats, names))


@bp.app_template_filter("tally")
def tally(strokes: int) -> Markup:
    """Strokes the way they are drawn on a slate: groups of five struck through; a net below zero
    is drawn as that many potatoes (circles)."""
    if strokes < 0:
        return Markup('<span class="potatoes" aria-hidden="true">' + '<i class="potato"></i>' * -strokes + "</span>")
    if strokes == 0:
        return Markup("")
    fives, rest = divmod(strokes, 5)
    groups = ['<span class="five">||||</span>'] * fives + (["|" * rest] if rest else [])
    return Markup('<span class="tally" aria-hidden="true">' + " ".join(groups) + "</span>")
