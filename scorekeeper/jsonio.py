"""JSON for the database's JSON columns and for comparing payloads: orjson, the fast JSON library.

A long session's page reads every stored deal (300 payloads at 300 deals) and compares them with
the remembered replay (replays.py); with the standard library that was a third of entering a deal
at 300 deals. orjson reads and writes the same JSON (compact, UTF-8), so rows written by either
are read by both.
"""
from __future__ import annotations

from typing import Any

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS  # a dict with int keys is written as JSON would ({"1": ...})


def dumps(value: Any) -> str:
    """For SQLAlchemy's json_serializer (a str)."""
    return orjson.dumps(value, option=OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def canonical(value: Any) -> bytes:
    """The value as JSON with sorted keys: equal for equal values, however built (tuples or lists,
    key order). What replays.py and an import compare stored payloads by.

    >>> canonical({"b": (1, 2), "a": None}) == canonical({"a": None, "b": [1, 2]})
    True
    """
    return orjson.dumps(value, option=OPTIONS | orjson.OPT_SORT_KEYS)
