"""Translatable sentences and the rule errors engines raise.

Every user-facing sentence of an engine is a `Text`: an English msgid with
``%(name)s`` placeholders and its values, translated by the web layer. `T` and
`N_` are the extraction keywords for Babel.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def N_(msgid: str) -> str:
    """Mark a string for translation without building a `Text`."""
    return msgid


@dataclass(frozen=True, eq=True)
class Text:
    """A translatable sentence: an English msgid and the values of its placeholders.

    >>> T("%(name)s deals next", name="Anna").render()
    'Anna deals next'
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()

    def render(self, translate=lambda msgid: msgid) -> str:
        text = translate(self.msgid)
        if not self.params:
            return text
        values = {
            key: value.render(translate) if isinstance(value, Text) else value
            for key, value in self.params
        }
        return text % values

    def __str__(self) -> str:
        return self.render()


def T(msgid: str, **params: Any) -> Text:
    """Build a `Text`; `T("%(n)d tricks", n=3)`."""
    return Text(msgid, tuple(sorted(params.items())))


class RuleError(ValueError):
    """A deal (or a session setup) breaks a rule of its game.

    `field` names the input the sentence is about (None: the whole deal), so
    the form can show it next to that field.
    """

    def __init__(self, text: Text, field: str | None = None):
        super().__init__(str(text))
        self.text = text
        self.field = field


class DealError(RuleError):
    """A stored deal no longer fits: raised by `replay` with the deal's index."""

    def __init__(self, index: int, error: RuleError):
        super().__init__(error.text, error.field)
        self.index = index
        self.error = error
