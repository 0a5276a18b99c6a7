"""Languages: Flask-Babel with the table's choice kept in a cookie.

Engine sentences are `Text` values (an English msgid and its parameters); the
`tr` filter and `translate()` turn them into the table's language here.
"""
from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request
from flask_babel import get_locale, gettext

from .extensions import babel
from .games.base import Text

LANGUAGE_COOKIE = "lang"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def select_locale() -> str:
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or current_app.config["BABEL_DEFAULT_LOCALE"]


def translate(value: Any) -> str:
    """A Text, a msgid or anything else, in the table's language."""
    if value is None:
        return ""
    if isinstance(value, Text):
        return value.render(gettext)
    if isinstance(value, str):
        return gettext(value) if value else ""
    return str(value)


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories=str(app.root_path + "/translations"))
    app.jinja_env.filters["tr"] = translate
    app.jinja_env.add_extension("jinja2.ext.do")

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"LANGUAGE_NAMES": LANGUAGE_NAMES, "current_locale": str(get_locale())}
