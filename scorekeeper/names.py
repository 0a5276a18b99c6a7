"""Player names compared the way people read them, on every database.

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

INVISIBLE = {"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"}


def clean_name(raw: str) -> str:
    """The name as stored: NFC, invisible and direction-control characters removed, spaces collapsed.

    >>> clean_name("  E\\u0301lodie\\u200b  \\u202eX ")
    'Élodie X'
    """
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in INVISIBLE:
            continue
        kept.append(" " if category == "Zs" or char in "\t" else char)
    return " ".join("".join(kept).split())


def name_key(name: str) -> str:
    """What two names must share to be one player.

    >>> name_key("ÖMER") == name_key("ömer") == name_key("O\\u0308mer")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", clean_name(name)).casefold())
