"""Issue 21, item 6: security headers on every answer (Flask-Talisman), and pages that need
nothing the Content-Security-Policy forbids (no inline script, style or event handler)."""
from __future__ import annotations

import base64
import hashlib
import re

from .helpers import new_schieberamsch, ramsch_form


def _policy(response) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))


def test_every_answer_carries_the_security_headers(client):
    sid = new_schieberamsch(client)
    for path in ("/", f"/sessions/{sid}", f"/sessions/{sid}/watch", "/api/v1/games", "/static/css/app.css"):
        response = client.get(path)
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["X-Frame-Options"] == "DENY", path
        assert response.headers["Referrer-Policy"] == "same-origin", path
        policy = _policy(response)
        assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'", path
        assert "unsafe" not in response.headers["Content-Security-Policy"], path
    # the embedded default runs on plain http at the table: no redirect, no secure-only cookie
    assert client.get("/").status_code == 200
    assert "Strict-Transport-Security" not in client.get("/").headers


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_pages_have_only_the_hashed_theme_script_and_style_sheet_inline(client):
    """Issue 23, item 12: the theme bit and the style sheets are inline (the page is drawn after one
    round trip), each allowed by its hash; no other inline script, style, style attribute or handler.
    The board and the watch page leave out the style sheet of the pages away from the table."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113]))
    for path in ("/", "/history", "/players", f"/sessions/{sid}", f"/sessions/{sid}/watch", f"/sessions/{sid}/big",
                 "/sessions/new/handjass", f"/sessions/{sid}?cards=1", "/import", "/offline"):
        response = client.get(path)
        page = response.get_data(as_text=True)
        policy = _policy(response)
        scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, re.S)
        assert len(scripts) == 1 and "data-theme" in scripts[0], path
        assert policy["script-src"] == f"'self' {_sha256(scripts[0])}", path
        styles = re.findall(r"<style>(.*?)</style>", page, re.S)
        at_the_table = path.startswith(f"/sessions/{sid}") and not path.endswith("/big")  # the board, watch
        assert len(styles) == (1 if at_the_table else 2) and ".scores" in styles[0], path
        assert page.count("<style") == len(styles) and (at_the_table or ".filters" in styles[1]), path
        # both style sheets' hashes, whether the page carries the second or not
        assert policy["style-src"].startswith(f"'self' {_sha256(styles[0])} "), path
        assert at_the_table or policy["style-src"].endswith(f" {_sha256(styles[1])}"), path
        assert "stylesheet" not in page, path  # nothing to wait for before the page is drawn
        assert not re.search(r"\sstyle=|\son[a-z]+=", page), path


def test_behind_an_https_proxy_http_is_redirected_and_cookies_are_secure(tmp_path):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "k", "FORCE_HTTPS": True, "PROXY_FIX": 1,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'https.sqlite'}"})
    client = app.test_client()
    response = client.get("/", headers={"X-Forwarded-Proto": "http"})
    assert response.status_code == 302 and response.headers["Location"].startswith("https://")
    response = client.get("/", headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200 and "max-age" in response.headers["Strict-Transport-Security"]
