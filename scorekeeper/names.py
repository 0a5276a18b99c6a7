"""Player names compared the way people read them, on every database, and the player of a name.

SQLite's lower() folds ASCII only ("ÖMER" and "ömer" would be two players) and PostgreSQL's depends
on its collation, so the comparison is done here in Python: `name_key` (NFC, then casefold, then NFC
again) is stored beside the name under a unique index. Characters nobody can see, or that turn the
reading direction of what follows (Unicode categories Cf, Cc, Co, Cs, Cn, Zl, Zp: zero-width spaces
and joiners, bidi overrides and isolates, soft hyphens, BOMs, control characters), are removed
from a name before it is stored: two names that look the same are the same name. Runs of spaces
(any Zs, e.g. no-break space) become one ordinary space.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .games.base import RuleError, T
from .games.text import clean_name
from .models import Player


def name_key(name: str) -> str:
    """What two names must share to be one player.

    >>> name_key("ÖMER") == name_key("ömer") == name_key("O\\u0308mer")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", clean_name(name)).casefold())


def sort_key(name: str) -> tuple[str, str]:
    """Where a name goes in a list, as people look for it: accents and case set aside ("Ölmez"
    beside "Olmez", before "Zoë"); the name itself breaks a tie.

    >>> sorted(["Zoë", "Ölmez", "anna", "Olaf"], key=sort_key)
    ['anna', 'Olaf', 'Ölmez', 'Zoë']
    """
    spelled = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in spelled if not unicodedata.combining(char)), name


def checked_names(names: Sequence[str]) -> list[str]:
    """The names of a new table, cleaned, or RuleError (for the players' field) saying what is wrong."""
    cleaned = [clean_name(name) for name in names]
    if any(not name for name in cleaned):
        raise RuleError(T("Every player needs a name."), "players")
    if len({name_key(name) for name in cleaned}) != len(cleaned):
        raise RuleError(T("Two players have the same name; add an initial to tell them apart."), "players")
    if any(len(name) > 60 for name in cleaned):
        raise RuleError(T("A name can have at most 60 characters."), "players")
    return cleaned


def find_or_create_player(name: str) -> Player:
    """The player of that name (compared by `names.name_key`), created if new. Two tables creating
    the same new player at once: the loser's insert hits the unique key inside a SAVEPOINT and
    finds the winner's row instead."""
    key = name_key(name)
    query = select(Player).where(Player.name_key == key)
    player = db.session.scalar(query)
    if player is not None:
        return player
    try:
        with db.session.begin_nested():
            player = Player(name=name, name_key=key)
            db.session.add(player)
    except IntegrityError:
        player = db.session.scalar(query)
        if player is None:
            raise
    return player
