"""Static files a tablet keeps: `url_for('static', filename=...)` adds `?v=<hash of the content>`,
and a request naming the current hash is answered with a year of `Cache-Control: immutable`, so
a tablet asks again only when the file changes (its URL changes with it). Flask serves the files;
Flask-Compress compresses them and every page (extensions.py).

The style sheets are not files a page links: every full page carries css/app.css in a <style>
element (templates/base.html), so a page is drawn after one round trip; the pages away from the
table (home, new game, history, players) carry css/pages.css after it, which the board and the
watch page, loaded by the phones at the table, leave out. They are read once when the app starts;
the Content-Security-Policy allows exactly those texts by their hashes (`style_sheet`).

app.js is written for people to read; pages load js/app.min.js, the same without comments and
layout and with shorter local names (calmjs.parse), which the app writes beside it when it starts
(`minify_script`)."""
from __future__ import annotations

import base64
import functools
import hashlib
import os
from pathlib import Path

import rcssmin
from calmjs.parse import es5
from calmjs.parse.unparsers.es5 import minify_print
from flask import Flask, Response, request, url_for
from markupsafe import Markup
from werkzeug.security import safe_join

ONE_YEAR = 365 * 24 * 3600
_known: dict[str, tuple[float, str]] = {}  # path -> (mtime, hash): read again when the file changes


def fingerprint(folder: str, filename: str) -> str | None:
    """A short hash of the static file's content (None: no such file)."""
    path = safe_join(folder, filename)
    if path is None or not Path(path).is_file():
        return None
    mtime = Path(path).stat().st_mtime
    known = _known.get(path)
    if known is None or known[0] != mtime:
        known = _known[path] = (mtime, hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12])
    return known[1]


STYLE_SHEET, PAGE_STYLE_SHEET = "css/app.css", "css/pages.css"
SCRIPT_SOURCE, SCRIPT = "js/app.js", "js/app.min.js"
SCRIPTS = ("js/htmx-2.0.11.min.js", SCRIPT)  # every full page's, deferred (templates/base.html)


def minify_script(folder: str) -> None:
    """Write static/js/app.min.js: app.js without comments and layout, its local names shortened
    (calmjs.parse's documented minify_print; the page's globals keep their names). app.js is ES5,
    which calmjs.parse reads; anything else fails the app's start, and so every test. Written at
    start, as the style sheet is read: a changed app.js is served after a restart. Left alone when
    it already says the same, so its fingerprint stays; replaced in one step, so a worker starting
    beside another never serves half a file."""
    source, target = Path(folder) / SCRIPT_SOURCE, Path(folder) / SCRIPT
    text = _minified(source.read_text(encoding="utf-8"))
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return
    partial = target.with_name(f".{target.name}.{os.getpid()}")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, target)


@functools.lru_cache(maxsize=1)
def _minified(source: str) -> str:
    """app.js as app.min.js says it: a pure function of the text, worked out once per process (an
    app made per test parsed it again each time)."""
    return minify_print(es5(source), obfuscate=True, obfuscate_globals=False)


def style_sheet(app: Flask) -> str:
    """Read the style sheets for templates/base.html (`style_sheet` in every template, `page_style_sheet`
    in those of the pages away from the table) and return the Content-Security-Policy sources that
    allow them inline: their sha256 (app.css's also in app.extensions, for the boards' ETags). Read
    once, at start: a changed file is served after a restart, as the code is."""
    sources = []
    for name, variable in ((STYLE_SHEET, "style_sheet"), (PAGE_STYLE_SHEET, "page_style_sheet")):
        # without comments and layout (rcssmin: it drops only what the browser ignores), as it travels in pages
        text = rcssmin.cssmin((Path(app.static_folder or "") / name).read_text(encoding="utf-8"))
        if "</style" in text.lower():
            raise ValueError(f"{name} would end its <style> element early")
        app.jinja_env.globals[variable] = Markup(text)
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        app.extensions[variable] = digest
        sources.append(f"'sha256-{digest}'")
    return " ".join(sources)


#: what draws a page; a change to any of these files is a new release (`release`)
RELEASE_FILES = ("scorekeeper/**/*.py", "scorekeeper/translations/*/LC_MESSAGES/*.mo", "templates/**/*",
                 "static/js/app.js", "static/js/htmx-*.js", "static/css/*.css")


@functools.lru_cache(maxsize=1)
def release(root: Path) -> str:
    """A short hash of every file that draws a page: the boards' ETags name it, so that after an
    upgrade no device is told with a 304 to keep a page the old code drew. (The version in
    pyproject.toml does not change with every upgrade of a checkout; the files do.)"""
    digest = hashlib.sha256()
    for pattern in RELEASE_FILES:
        for path in sorted(root.glob(pattern)):
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def init_app(app: Flask) -> None:
    folder = app.static_folder or ""
    minify_script(folder)
    app.extensions["release"] = release(Path(folder).parent)
    app.jinja_env.globals["scripts"] = SCRIPTS

    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values:
            digest = fingerprint(folder, values.get("filename", ""))
            if digest:
                values["v"] = digest

    @app.after_request
    def cache_fingerprinted(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            version = request.args.get("v")
            if version and version == fingerprint(folder, (request.view_args or {}).get("filename", "")):
                response.cache_control.no_cache = None
                response.cache_control.public = True
                response.cache_control.max_age = ONE_YEAR
                response.cache_control.immutable = True
        return response

    @app.after_request
    def preload_scripts(response: Response) -> Response:
        """A full page names its scripts in a header too (rel=preload), so a browser asks for them as
        soon as the page's headers come, not once it has read the page with its style sheet."""
        if response.status_code == 200 and response.mimetype == "text/html" and "HX-Request" not in request.headers:
            response.headers["Link"] = ", ".join(f"<{url_for('static', filename=name)}>; rel=preload; as=script"
                                                 for name in SCRIPTS)
        return response
