"""Fast on poor Wi-Fi: compressed responses and static files the browser keeps for a year.

`url_for('static', filename=...)` adds `?v=<hash of the file's content>`; a request that names
the current hash is answered with `Cache-Control: public, max-age=31536000, immutable`, so the
tablet never asks again until the file changes (and then its URL changes with it). Everything
else (pages, htmx fragments, JSON, static files asked for without their hash) is compressed by
Flask-Compress: brotli when the browser accepts it and the package is installed, else gzip.
A fingerprinted text file (css, js, svg) is minified (css, js) and compressed once per version at
the highest level (brotli 11, gzip 9) and kept in memory, instead of being compressed as a stream on every request:
fewer bytes on a tablet's first load, no CPU spent on it after the first.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import stat as stat_module
import threading

from flask import Flask, request
from flask.wrappers import Response
from flask_compress import Compress
from werkzeug.security import safe_join

ONE_YEAR = 365 * 24 * 3600


def _algorithms() -> list[str]:
    try:
        import brotli  # noqa: F401
    except ImportError:
        return ["gzip"]
    return ["br", "gzip"]


def init_app(app: Flask) -> None:
    for key, value in {
        "COMPRESS_ALGORITHM": _algorithms(),
        "COMPRESS_ALGORITHM_STREAMING": _algorithms(),  # static files are sent as streams
        # pages and htmx answers are compressed per response (boards are compressed once:
        # sessions/rendered.py). Brotli's level 3 is the last with its small hash tables: in a save
        # (a 37 kB answer) it took 0.25 ms against 0.77 at Flask-Compress's default 4, for 4.5%
        # more bytes (4,757 against 4,551)
        "COMPRESS_BR_LEVEL": 3,
    }.items():
        app.config.setdefault(key, value)
    Compress(app)
    fingerprints = Fingerprints(app.static_folder or "")

    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values:
            digest = fingerprints.of(values.get("filename", ""))
            if digest:
                values["v"] = digest

    packed = Precompressed(app.static_folder or "")

    def current_file() -> str | None:
        """The static file this request names with its current hash (None: no hash, or an old one)."""
        filename = (request.view_args or {}).get("filename", "")
        version = request.args.get("v")
        return filename if version and version == fingerprints.of(filename) else None

    @app.before_request
    def precompressed_static():
        if request.endpoint != "static" or request.method != "GET":
            return None
        filename = current_file()
        if filename is None or not packed.compressible(filename):
            return None
        version = request.args["v"]
        accepted = request.accept_encodings
        encoding = next((name for name in _algorithms() if accepted[name]), None)
        if encoding is None:
            return None
        body = packed.get(filename, version, encoding)
        if body is None:
            return None
        response = Response(body, mimetype=packed.mimetype(filename))
        response.headers["Content-Encoding"] = encoding  # Flask-Compress leaves it as it is
        response.headers["ETag"] = f'"{version}-{encoding}"'
        response.vary.add("Accept-Encoding")
        return response

    @app.after_request
    def cache_fingerprinted(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            if current_file() is not None:
                response.cache_control.public = True
                response.cache_control.max_age = ONE_YEAR
                response.cache_control.immutable = True
            else:
                response.cache_control.no_cache = True  # an old or missing hash: ask again next time
        return response


class Fingerprints:
    """A short content hash per static file, recomputed only when the file's size or mtime changes."""

    def __init__(self, folder: str):
        self.folder = folder
        self.known: dict[str, tuple[tuple[int, int], str]] = {}

    def of(self, filename: str) -> str | None:
        path = safe_join(self.folder, filename) if filename else None
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        if not stat_module.S_ISREG(stat.st_mode):
            return None
        key = (stat.st_mtime_ns, stat.st_size)
        known = self.known.get(filename)
        if known and known[0] == key:
            return known[1]
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:12]
        self.known[filename] = (key, digest)
        return digest


def minified(filename: str, raw: bytes) -> bytes:
    """Our own JavaScript and CSS without comments and layout (rjsmin / rcssmin: they only drop what
    the browser ignores, no renaming), before compression: a quarter fewer bytes on a first load.
    The files in static/ stay as written; a vendored `.min.js` is left as it is."""
    if filename.endswith(".min.js"):
        return raw
    if filename.endswith(".js"):
        import rjsmin

        return rjsmin.jsmin(raw.decode()).encode()
    if filename.endswith(".css"):
        import rcssmin

        return rcssmin.cssmin(raw.decode()).encode()
    return raw


class Precompressed:
    """Static text files minified and compressed once per version (brotli 11 / gzip 9), kept in memory."""

    TYPES = ("text/css", "text/javascript", "image/svg+xml", "application/manifest+json")

    def __init__(self, folder: str):
        self.folder = folder
        self.bodies: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()

    def mimetype(self, filename: str) -> str:
        guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        return "text/javascript" if guessed == "application/javascript" else guessed

    def compressible(self, filename: str) -> bool:
        return self.mimetype(filename) in self.TYPES or filename.endswith(".webmanifest")

    def get(self, filename: str, version: str, encoding: str) -> bytes | None:
        key = (filename, version, encoding)
        with self._lock:
            body = self.bodies.get(key)
        if body is not None:
            return body
        path = safe_join(self.folder, filename)
        if path is None:
            return None
        try:
            with open(path, "rb") as file:
                raw = file.read()
        except OSError:
            return None
        raw = minified(filename, raw)
        if encoding == "br":
            import brotli

            body = brotli.compress(raw, quality=11)
        else:
            body = gzip.compress(raw, compresslevel=9, mtime=0)
        with self._lock:
            # an old version of a file (changed while serving) is dropped with the new one's first request
            for stale in [k for k in self.bodies if k[0] == filename and k[1] != version]:
                del self.bodies[stale]
            self.bodies[key] = body
        return body
