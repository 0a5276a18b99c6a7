"""Every user-facing text goes through the translation layer, and Japanese has them all."""
from __future__ import annotations

import re
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "scorekeeper" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*[sdif]")


def _ids(catalog) -> set:
    return {message.id if isinstance(message.id, str) else tuple(message.id) for message in catalog if message.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Extract the texts afresh from the source, exactly as scripts/translations does."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "T", "-k", "N_", "-k", "P:1,2", "-k", "_l", "-k", "lazy_gettext", "--no-location", "-o", str(pot), "."],
        cwd=ROOT, check=True, capture_output=True,
    )
    with pot.open("rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module", params=["ja"])
def catalogue(request):
    with (CATALOGUES / request.param / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=request.param)


def test_every_text_in_the_source_is_in_the_catalogue(extracted, catalogue):
    missing = _ids(extracted) - _ids(catalogue)
    assert not missing, f"run scripts/translations; missing in {catalogue.locale}: {sorted(map(str, missing))[:20]}"


def test_every_text_is_translated(catalogue):
    untranslated = [m.id for m in catalogue if m.id and not (m.string if isinstance(m.string, str) else all(m.string))]
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:10]}"
    assert not [m.id for m in catalogue if m.id and "fuzzy" in m.flags]


def test_translations_keep_the_placeholders(catalogue):
    for message in catalogue:
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[0]
        targets = [message.string] if isinstance(message.string, str) else list(message.string)
        for target in targets:
            assert set(PLACEHOLDER.findall(target)) <= set(PLACEHOLDER.findall(source)), message.id
            assert set(PLACEHOLDER.findall(source)) - {"num"} <= set(PLACEHOLDER.findall(target)) | {"num"}, message.id


def test_japanese_says_joker_one_way(catalogue):
    """ジョーカー throughout: a tester found "Joker" left in the TENNOS labels beside ジョーカー in Pitch's."""
    texts = [text for m in catalogue if m.id for text in ([m.string] if isinstance(m.string, str) else m.string)]
    assert [text for text in texts if "joker" in text.lower()] == []


def test_compiled_catalogue_matches_the_po(catalogue):
    mo_path = CATALOGUES / str(catalogue.locale) / "LC_MESSAGES" / "messages.mo"
    with mo_path.open("rb") as handle:
        compiled = read_mo(handle)
    fresh = BytesIO()
    write_mo(fresh, catalogue)
    fresh.seek(0)
    expected = read_mo(fresh)
    def pairs(catalog):
        return {str(m.id): str(m.string) for m in catalog if m.id}

    assert pairs(compiled) == pairs(expected), \
        "run scripts/translations compile"


def test_every_template_with_texts_is_read_by_the_extractor():
    """Jinja's extractor drops a template it cannot parse without a word (an extension missing from
    babel.cfg, say), and its texts then vanish from the catalogue: fail instead."""
    from babel.messages.extract import extract_from_file
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as handle:
        _, options_by_pattern = parse_mapping_cfg(handle)
    options = next(opts for pattern, opts in options_by_pattern.items() if pattern.endswith(".html"))
    for template in sorted((ROOT / "templates").rglob("*.html")):
        source = template.read_text()
        if not re.search(r"\b_\(|ngettext\(", source):
            continue
        found = list(extract_from_file("jinja2", str(template), options=options))
        assert found, f"no text extracted from {template.relative_to(ROOT)}"


@pytest.mark.parametrize("zone", ["UTC", "Europe/Zurich", "Asia/Tokyo", "America/St_Johns"])
def test_times_to_the_minute_read_as_babels_pattern_did_in_every_timezone(zone):
    """i18n.minute replaced Flask-Babel's datetimeformat("yyyy-MM-dd HH:mm") on the history, the
    player pages and the change log (a tenth of its cost per row): the same text for stored UTC times
    across a year, summer time changes included, in the timezone a club configures."""
    from datetime import datetime, timedelta

    from flask_babel import format_datetime

    from scorekeeper import create_app
    from scorekeeper.i18n import minute

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "BABEL_DEFAULT_TIMEZONE": zone})
    times = [datetime(2026, 1, 1, 0, 7) + timedelta(hours=7 * step, minutes=13 * step) for step in range(1300)]
    for language in ("en", "ja"):
        with app.test_request_context(headers={"Cookie": f"lang={language}"}):
            assert [minute(t) for t in times] == [format_datetime(t, "yyyy-MM-dd HH:mm") for t in times]
    with app.test_request_context():
        if zone == "Asia/Tokyo":
            assert minute(datetime(2026, 11, 24, 13, 5)) == "2026-11-24 22:05"


TEMPLATE_TEXTS = (
    '{{ _("Deal %(n)d", n=3) }}|{{ gettext("Undo") }}|{{ _("%(name)s deals", name=who) }}|'
    '{{ ngettext("%(num)d deal left", "%(num)d deals left", 1) }}|'
    '{{ ngettext("%(num)d deal left", "%(num)d deals left", 4) }}|'
    '{{ _("100%%") }}'
)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_template_texts_are_in_the_tables_language_with_their_variables_escaped(language):
    """Flask-Babel's gettext in templates (Jinja's newstyle): the table's language, variables escaped
    in HTML and not in plain text, "%%" read as "%" even without variables."""
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        for autoescape in (True, False):
            template = app.jinja_env.overlay(autoescape=autoescape).from_string(TEMPLATE_TEXTS)
            for who in ("Anna", "<b>Ben</b> & Co"):
                text = template.render(who=who)
                assert ("&lt;b&gt;" in text) == (autoescape and who != "Anna")
                assert text.endswith("|100%")
            if language == "en":
                assert template.render(who="Anna") == "Deal 3|Undo|Anna deals|1 deal left|4 deals left|100%"
        assert ("取り消す" if language == "ja" else "Undo") in text  # in the table's language


@pytest.mark.parametrize(("cookie", "accept", "expected"), [
    (None, "", "en"),  # nothing said: the default
    (None, "ja,en;q=0.5", "ja"),  # the browser's first choice among ours
    (None, "de-CH,fr;q=0.8,en;q=0.5", "en"),  # the best of ours it accepts
    (None, "de-CH,fr;q=0.8", "en"),  # none of ours: the default
    ("en", "ja,en;q=0.5", "en"),  # the table's choice wins
    ("ja", "", "ja"),
    ("xx", "ja", "ja"),  # a cookie naming no language of ours is ignored
])
def test_the_tables_language_is_its_cookie_else_the_browsers_else_the_default(cookie, accept, expected):
    """i18n.select_locale: the cookie, else the browser's best match, else the default."""
    from flask_babel import get_locale

    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x"})
    headers = {"Accept-Language": accept} if accept else {}
    if cookie:
        headers["Cookie"] = f"lang={cookie}"
    with app.test_request_context(headers=headers):
        assert str(get_locale()) == expected
