"""Translatable sentences and the rule errors engines raise.

Every user-facing sentence of an engine is a `Text`: an English msgid with
``%(name)s`` placeholders and its values, translated by the web layer. `T` and
`N_` are the extraction keywords for Babel.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
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
    #: the plural msgid of a counted sentence (see `P`); the count is the parameter "n"
    plural: str | None = None

    def render(self, translate: Callable[[str], str] = lambda msgid: msgid,
               ntranslate: Callable[[str, str, int], str] | None = None) -> str:
        """The sentence with its values; `translate(msgid)` and `ntranslate(singular, plural, n)`
        return the raw translated pattern."""
        if self.plural is None:
            text = translate(self.msgid)
        else:
            n = dict(self.params)["n"]
            text = (ntranslate(self.msgid, self.plural, n) if ntranslate
                    else self.msgid if n == 1 else self.plural)
        if not self.params:
            return text
        values = {
            key: value.render(translate, ntranslate) if isinstance(value, Text) else value
            for key, value in self.params
        }
        return text % values

    def __str__(self) -> str:
        return self.render()


def T(msgid: str, **params: Any) -> Text:
    """Build a `Text`; `T("%(n)d tricks", n=3)`."""
    return Text(msgid, tuple(sorted(params.items())))


def P(singular: str, plural: str, n: int, **params: Any) -> Text:
    """A counted sentence: `P("%(n)d trick", "%(n)d tricks", n)`; languages choose the form.

    >>> str(P("%(n)d potato", "%(n)d potatoes", 1)), str(P("%(n)d potato", "%(n)d potatoes", 3))
    ('1 potato', '3 potatoes')
    """
    return Text(singular, tuple(sorted({**params, "n": n}.items())), plural)


class RuleError(ValueError):
    """A deal (or a session setup) breaks a rule of its game.

    `field` names the input the sentence is about (None: the whole deal), so
    the form can show it next to that field. `errors`: every refusal of the deal at
    once (this one first), so that one save names them all (`every`).
    """

    def __init__(self, text: Text, field: str | None = None, also: "tuple[RuleError, ...]" = ()):
        super().__init__(str(text))
        self.text = text
        self.field = field
        self.errors: tuple[RuleError, ...] = (self, *also)

    @staticmethod
    def every(errors: "list[RuleError]") -> None:
        """Raise the refusals found, all at once (nothing when there are none); a refusal that already
        holds several keeps them all, and one that two checks found is said once.

        >>> inner = RuleError(T("a"), "x", (RuleError(T("b"), "y"),))
        >>> try:
        ...     RuleError.every([inner, RuleError(T("c"), "z"), RuleError(T("a"), "x")])
        ... except RuleError as error:
        ...     [(str(e.text), e.field) for e in error.errors]
        [('a', 'x'), ('b', 'y'), ('c', 'z')]
        """
        said: "dict[tuple[str, str | None], RuleError]" = {}
        for e in (e for error in errors for e in error.errors):
            said.setdefault((str(e.text), e.field), e)
        flat = list(said.values())
        if flat:
            raise RuleError(flat[0].text, flat[0].field, tuple(flat[1:]))


class DealError(RuleError):
    """A stored deal no longer fits: raised by `replay` with the deal's index."""

    def __init__(self, index: int, error: RuleError):
        super().__init__(error.text, error.field)
        self.index = index
        self.error = error


def joined(separator: "str | Text", parts: "Sequence[Text | str]") -> Text:
    """Texts (or names, never translated) joined by `separator` as one Text, so each part is still
    translated (never `str()` a Text inside an engine: that freezes it in English). A separator
    that is a Text is translated too (T(", ") is "、" in Japanese).

    >>> joined(" + ", [T("own suit %(n)d", n=9), T("ace 1")]).render()
    'own suit 9 + ace 1'
    >>> joined(T(", "), ["Anna", "Ben"]).render(lambda msgid: "、" if msgid == ", " else msgid)
    'Anna、Ben'
    """
    if not parts:
        return Text("%(p0)s", (("p0", ""),))
    params: list[tuple[str, Any]] = [(f"p{i}", part) for i, part in enumerate(parts)]
    if isinstance(separator, Text):
        pattern = "%(sep)s".join(f"%(p{i})s" for i in range(len(parts)))
        params.append(("sep", separator))
    else:
        pattern = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(parts)))
    return Text(pattern, tuple(sorted(params)))


INVISIBLE = {"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"}


def clean_name(raw: str) -> str:
    """The name as stored: NFC, invisible and direction-control characters removed, spaces collapsed.

    A joiner (ZWJ, ZWNJ) between two characters beyond ASCII stays: it joins an emoji sequence
    (a family) or shapes Persian and Indic letters; between Latin letters nobody could see it.

    >>> clean_name("  E\\u0301lodie\\u200b  \\u202eX ")
    'Élodie X'
    >>> [len(clean_name(name)) for name in ("\\U0001F468\\u200d\\U0001F467", "An\\u200dn", "\\u200d\\U0001F468")]
    [3, 3, 1]
    """
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if category in INVISIBLE and not (char in JOINERS and _beyond_ascii(text, index - 1)
                                          and _beyond_ascii(text, index + 1)):
            continue
        kept.append(" " if category == "Zs" or char in "\t" else char)
    return " ".join("".join(kept).split())


JOINERS = "\u200c\u200d"


def _beyond_ascii(text: str, index: int) -> bool:
    return 0 <= index < len(text) and ord(text[index]) > 127 and not text[index].isspace() and (
        unicodedata.category(text[index]) not in INVISIBLE)
