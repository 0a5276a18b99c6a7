"""Fast on poor Wi-Fi: compressed responses and static files the browser keeps for a year.

`url_for('static', filename=...)` adds `?v=<hash of the file's content>`; a request that names
the current hash is answered with `Cache-Control: public, max-age=31536000, immutable`, so the
tablet never asks again until the file changes (and then its URL changes with it). Everything
else (pages, htmx fragments, JSON, static files asked for without their hash) is compressed by
Flask-Compress: brotli when the browser accepts it and the package is installed, else gzip.
"""
from __future__ import annotations

import hashlib
import os
import stat as stat_module

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
        "COMPRESS_BR_LEVEL": 5,
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

    @app.after_request
    def cache_fingerprinted(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            version = request.args.get("v")
            if version and version == fingerprints.of((request.view_args or {}).get("filename", "")):
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
