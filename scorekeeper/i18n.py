"""Languages: Flask-Babel with the table's choice kept in a cookie.

Engine sentences are `Text` values (an English msgid and its parameters); the
`tr` filter and `translate()` turn them into the table's language here.
"""
from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from babel import Locale
from flask import Flask, current_app, g, has_request_context, request
from flask_babel import get_locale, get_translations, to_user_timezone
from jinja2.runtime import Context
from jinja2.utils import pass_context
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .extensions import babel
from .games.base import DealError, Text

LANGUAGE_COOKIE = "lang"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def select_locale() -> Locale:
    """The table's language: its choice (a cookie), else the browser's, else the default. Handed to
    Flask-Babel as a `Locale` made once per language: from a name, Babel makes a new one for every
    request and looks on disk whether its data exists. Decided once per cookie and Accept-Language
    header (a browser sends the same one every time): parsing the header was 1% of a save."""
    config = current_app.config
    return _chosen(request.cookies.get(LANGUAGE_COOKIE), request.headers.get("Accept-Language", ""),
                   tuple(config["LANGUAGES"]), config["BABEL_DEFAULT_LOCALE"])


@functools.lru_cache(maxsize=256)
def _chosen(cookie: str | None, accept_language: str, languages: tuple[str, ...], default: str) -> Locale:
    if cookie in languages:
        return _locale(cookie)
    return _locale(parse_accept_header(accept_language, LanguageAccept).best_match(languages) or default)


@functools.lru_cache(maxsize=16)
def _locale(name: str) -> Locale:
    return Locale.parse(name)


def _catalogue():
    """The table's translations, looked up once per request (Flask-Babel's own lookup
    per call was most of a long scoreboard's render time: see bench/replay.py)."""
    if not has_request_context():
        return get_translations()
    catalogue = g.get("_translations")
    if catalogue is None:
        catalogue = g._translations = get_translations()
    return catalogue


def gettext(msgid: str, **variables: Any) -> str:
    text = _catalogue().ugettext(msgid)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return _catalogue().ungettext(singular, plural, num) % variables


def translate(value: Any) -> str:
    """A Text, a msgid or anything else, in the table's language."""
    if value is None:
        return ""
    if isinstance(value, Text):
        return value.render(gettext, _catalogue().ungettext)
    if isinstance(value, str):
        return gettext(value) if value else ""
    return str(value)


def minute(value: datetime) -> str:
    """A stored time (UTC) to the minute, "2026-11-24 13:05", in the configured timezone (the
    browser shows it in the tablet's own: table.js). Digits in any language, so Babel's locale-aware
    `datetimeformat` is not needed: this costs a tenth of it per row of the history and change log."""
    return to_user_timezone(value).strftime("%Y-%m-%d %H:%M")


def stored_deal_message(error: DealError) -> str:
    """A stored deal that the engine now refuses: which one, and why."""
    return gettext("Deal %(number)d of this session no longer fits the rules: %(reason)s",
                   number=error.index + 1, reason=translate(error.text))


#: the request's translations in a template's context (`languages` below): a template's ~20 texts
#: each find them there instead of through Flask's request and `g` proxies
CATALOGUE = "_catalogue"


@pass_context
def template_gettext(context: Context, msgid: str, **variables: Any) -> str:
    """`_()` and `gettext()` in templates: Jinja's "newstyle" gettext (the text always formatted with
    its variables, escaped where the template escapes), without its two extra calls through the
    template context per text (a fifth of rendering the answer to a save went to the ~20 texts)."""
    return _formatted(context, (context.get(CATALOGUE) or _catalogue()).ugettext(msgid), variables)


@pass_context
def template_ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return _formatted(context, (context.get(CATALOGUE) or _catalogue()).ungettext(singular, plural, num), variables)


def _formatted(context: Context, text: str, variables: dict[str, Any]) -> str:
    # what Jinja's newstyle gettext does with the translation: escaped where the template escapes
    # (a text without a "%" is itself once formatted: half of the board's texts skip the step)
    marked = Markup(text) if context.eval_ctx.autoescape else text
    return marked % variables if variables or "%" in text else marked


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories=str(app.root_path + "/translations"))
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)
    app.jinja_env.filters["tr"] = translate
    app.jinja_env.filters["minute"] = minute
    app.jinja_env.add_extension("jinja2.ext.do")

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"LANGUAGE_NAMES": LANGUAGE_NAMES, "current_locale": str(get_locale()), CATALOGUE: _catalogue()}
