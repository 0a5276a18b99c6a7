"""Languages: Flask-Babel, with the table's choice kept in a cookie.

Engine sentences are `Text` values (an English msgid and its parameters); the `tr` filter and
`translate()` turn them into the table's language.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pytz
import tzlocal
from flask import Flask, Response, current_app, request
from flask_babel import get_locale, get_translations, gettext, to_user_timezone

from .extensions import babel
from .games.base import DealError, Text

LANGUAGE_COOKIE = "lang"
TIMEZONE_COOKIE = "tz"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
SPACELESS = {"ja"}  # languages that put no space between sentences ("ゲーム終了。勝者：あきら")


def select_locale() -> str | None:
    """The table's language: its choice (a cookie), else the browser's, else the default."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    return chosen if chosen in languages else request.accept_languages.best_match(languages)


def select_timezone() -> str | None:
    """The device's timezone, as its pages tell it (a cookie app.js sets), else the configured one:
    the pages show their times and read the history's days in it."""
    zone = request.cookies.get(TIMEZONE_COOKIE, "")
    return zone if zone in pytz.all_timezones_set else None  # a zone Flask-Babel's pytz knows


def translate(value: Any) -> str:
    """A Text, a msgid or anything else, in the table's language."""
    if value is None:
        return ""
    if isinstance(value, Text):
        translations = get_translations()
        return value.render(translations.ugettext, translations.ungettext)
    if isinstance(value, str):
        return gettext(value) if value else ""
    return str(value)


def minute(value: datetime) -> str:
    """A stored time (UTC) to the minute, "2026-11-24 13:05", in the device's timezone (select_timezone)."""
    return to_user_timezone(value).strftime("%Y-%m-%d %H:%M")


def stored_deal_message(error: DealError) -> str:
    """A stored deal that the engine now refuses: which one, and why."""
    return gettext("Deal %(number)d of this session no longer fits the rules: %(reason)s",
                   number=error.index + 1, reason=translate(error.text))


def server_zone() -> str:
    """The timezone of the machine the server runs on (a home's or a club's own: where its tables
    are), if Flask-Babel's pytz knows it, else UTC: a device's first page shows its times in it."""
    try:
        zone = tzlocal.get_localzone_name()
    except (LookupError, ValueError, OSError):  # a machine whose timezone is not set up
        return "UTC"
    return zone if zone in pytz.all_timezones_set else "UTC"


def init_app(app: Flask) -> None:
    app.config["BABEL_DEFAULT_TIMEZONE"] = app.config.get("BABEL_DEFAULT_TIMEZONE") or server_zone()
    babel.init_app(app, locale_selector=select_locale, timezone_selector=select_timezone)
    app.jinja_env.filters["tr"] = translate
    app.jinja_env.filters["minute"] = minute
    app.jinja_env.add_extension("jinja2.ext.do")

    @app.after_request
    def say_the_language(response: Response) -> Response:
        """A page says its language (the service worker keeps its offline page in the table's)."""
        if response.mimetype == "text/html":
            response.headers.setdefault("Content-Language", str(get_locale()))
        return response

    @app.context_processor
    def languages() -> dict[str, Any]:
        locale = str(get_locale())
        return {"LANGUAGE_NAMES": LANGUAGE_NAMES, "current_locale": locale,
                "sentence_gap": "" if locale in SPACELESS else " "}
