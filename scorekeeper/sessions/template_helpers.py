"""The filters and globals every page's templates use: players' names listed in the page's language
or cut for a narrow column, the winner line, a deal's signed points, strokes drawn as on a slate, a
choice's label, a fresh idempotency key for each entry form."""
from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Sequence

from flask_babel import gettext, ngettext
from markupsafe import Markup

from ..games.base import Table, player_counts, signed
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


@bp.app_template_filter("winner_names")
def winner_names(seats, names, table: Table | None = None, sides=()) -> tuple[str, int]:
    """The winners listed ("Anna, Ben"), and how many they are; where the table named its teams (the
    free pad), the teams that won by their names ("Reds", one)."""
    if table is not None and table.team_names:
        won = [side for side in sides if set(side) <= set(seats)]
        return gettext(", ").join(table.side(side) for side in won), len(won)
    return seat_names(seats, names), len(seats)


@bp.app_template_filter("winner_line")
def winner_line(seats, names, table: Table | None = None, sides=()) -> str:
    """Who won, in words: "Winners: Anna, Ben" for a team or a shared win; when every player shares
    the win (Sataat's drawn teams), a draw. Where the table named its teams (the free pad), the
    teams that won by their names: "Winner: Reds"."""
    listed, count = winner_names(seats, names, table, sides)
    if len(names) > 1 and len(seats) == len(names):
        return gettext("A draw: %(names)s share the win.", names=listed)
    return ngettext("Winner: %(names)s", "Winners: %(names)s", count, names=listed)


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


def _cells(text: str) -> int:
    """How wide `text` is, in the cells of a Latin letter (a Japanese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(character) in "WF" else 1 for character in text)


def _cut(name: str, room: int, end: int) -> str:
    """`name` in `room` cells: whole if it fits, or if its two words each do (a second line takes the
    other: "Mariko-chan"), else its start, "…" and up to `end` cells of its end."""
    words = name.replace("-", "- ").split()
    if _cells(name) <= room or (len(words) == 2 and all(_cells(word) <= room + 1 for word in words)):
        return name
    tail = ""
    for character in reversed(name):
        if _cells(character + tail) > end:
            break
        tail = character + tail
    head = ""
    for character in name:
        if _cells(head + character) + 1 + _cells(tail) > room:
            break
        head += character
    return head + "…" + tail


@bp.app_template_global()
def short_names(names: Sequence[str], room: int = 6) -> list[str]:
    """The players' names as a phone's narrow column shows them at a table of six to eight: a name that
    fits in `room` cells whole, a longer one cut in the middle, keeping as much of its end as tells it
    from the others (a cut at the end made "Christiane" and "Christopher" both "Chr…").

    >>> short_names(["Alexandra", "Alexander", "Mai", "Mariko-chan", "Mariko", "Anna Maria Lopez"])
    ['Ale…ra', 'Ale…er', 'Mai', 'Mariko-chan', 'Mariko', 'Ann…ez']
    >>> short_names(["Annalena", "Annalina"]), short_names(["お父さん", "お母さん", "ゆうき"])
    (['An…ena', 'An…ina'], ['お父…', 'お母…', 'ゆうき'])
    """
    shown = [_cut(name, room, 2) for name in names]
    for end in (3, 0, 4, 1):
        alike = [seat for seat, short in enumerate(shown) if shown.count(short) > 1]
        if not alike:
            break
        for seat in alike:
            shown[seat] = _cut(names[seat], room, end)
    return shown
