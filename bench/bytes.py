"""Bytes on the wire for a slow phone: a long Schieberamsch board's first load, a save, a poll.

    .venv/bin/python bench/bytes.py [--deals 100] [--json PATH]

In process with Flask's test client, CSRF protection on as in production, every request with
`Accept-Encoding: gzip`. A session is opened through the new-session form and `--deals` deals are
entered through the entry form as the tablet's htmx does (when the app takes fewer deals a session,
as many as leave the game going after one more save). Then, each with a browser that has nothing cached:

- the board's first load on the tablet: the page and every file it links (<link href>, <script src>)
  that a browser asks for on a visit; the manifest and apple-touch-icon, asked for only to add the
  app to a home screen, are listed and counted apart (the first load counted them until 2026-11-26);
- the watch page's first load on a phone, likewise;
- the answer to one htmx save from the tablet;
- the answer to the phone's htmx poll after that save.

Prints, for each, the requests (round trips) and the bytes of the bodies as sent (gzip, not
decoded) and decoded, file by file for the first loads, beside the goals (first load <= 40 KB,
save answer <= 5 KB; a KB is 1,000 bytes here).
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from served import NEW, Forms, entry_form, linked_files, poll_url, ramsch, watch_link  # noqa: E402

from scorekeeper import create_app  # noqa: E402

GZIP = {"Accept-Encoding": "gzip"}
POINTS = ((0, 7, 113), (30, 40, 50), (10, 0, 110), (45, 45, 30))
GOALS = {"first load": 40_000, "save": 5_000}


class Answer(NamedTuple):
    status: int
    sent: bytes  # the body as sent (gzip)
    body: bytes  # decoded
    headers: dict

    @property
    def text(self) -> str:
        return self.body.decode()


class Browser:
    """A test client with nothing cached."""

    def __init__(self, app):
        self.client = app.test_client()

    def request(self, method: str, path: str, headers=None, **kw) -> Answer:
        response = self.client.open(path, method=method, headers={**GZIP, **(headers or {})}, **kw)
        sent = response.get_data()
        response.close()
        body = gzip.decompress(sent) if response.headers.get("Content-Encoding") == "gzip" else sent
        return Answer(response.status_code, sent, body, response.headers)

    def first_load(self, path: str) -> tuple[str, list[tuple[str, int, int]], list[tuple[str, int, int]]]:
        """The page and every file it links: (path, bytes sent, bytes decoded) per request, what a
        browser asks for on a visit and what it asks for only to add the app to a home screen."""
        page = self.request("GET", path)
        assert page.status == 200, (path, page.status)
        visit, home_screen = [(path, len(page.sent), len(page.body))], []
        on_visit = set(linked_files(page.text, visit=True))
        for link in linked_files(page.text):
            answer = self.request("GET", link)
            assert answer.status == 200, (link, answer.status)
            (visit if link in on_visit else home_screen).append((urlsplit(link).path, len(answer.sent),
                                                                len(answer.body)))
        return page.text, visit, home_screen


def deals_allowed(browser: Browser, form_page: str) -> int:
    """The most deals the app takes: the number input's `max`, else the option's maximum in the JSON API."""
    limit = Forms(form_page).inputs.get("option_deals", {}).get("max")
    if limit:
        return int(limit)
    options = json.loads(browser.request("GET", "/api/v1/games/schieberamsch").body)["options"]
    return next(option["maximum"] for option in options if option["name"] == "deals")


def long_board(app, wanted: int) -> tuple[str, int, int]:
    """A Schieberamsch session opened through the new-session form, `wanted` deals entered through the
    entry form as the tablet's htmx does (fewer if the app takes fewer a session, leaving the game
    going after one more save): the board's path, its deals, the session's limit."""
    tablet = Browser(app)
    page = tablet.request("GET", NEW).text
    limit = deals_allowed(tablet, page)
    deals = min(wanted, limit - 2)
    form, fields = Forms(page).holding("players-0")
    fields.update({"players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "option_deals": str(limit)})
    created = tablet.request("POST", form.get("action") or NEW, data=fields)
    assert created.status in (302, 303), created.status
    board = urlsplit(created.headers["Location"]).path
    text = tablet.request("GET", board).text
    headers = {"HX-Request": "true"}
    for number in range(deals):
        target, hidden = entry_form(text)
        saved = tablet.request("POST", target, data=ramsch(hidden, POINTS[number % len(POINTS)]), headers=headers)
        text = saved.text
        assert saved.status == 200 and entry_form(text), saved.status
    return board, deals, limit


def show(label: str, rows: list[tuple[str, int, int]], goal: int | None = None,
         home_screen: list[tuple[str, int, int]] | None = None) -> dict:
    sent, decoded = sum(row[1] for row in rows), sum(row[2] for row in rows)
    verdict = f"  goal <= {goal / 1000:g} KB: {'met' if sent <= goal else 'MISSED'}" if goal else ""
    print(f"{label}: {len(rows)} request{'s' if len(rows) > 1 else ''}, {sent:,} bytes gzip "
          f"({decoded:,} decoded){verdict}")
    if len(rows) > 1:
        for path, one, whole in rows:
            print(f"  {path:<44}{one:>9,}{whole:>10,}")
    figures = {"requests": len(rows), "bytes": sent, "decoded": decoded, "files": rows}
    if home_screen:
        extra = sum(row[1] for row in home_screen)
        print(f"  and only to add the app to a home screen (counted in the first load until 2026-11-26: "
              f"{len(rows) + len(home_screen)} requests, {sent + extra:,} bytes gzip):")
        for path, one, whole in home_screen:
            print(f"  {path:<44}{one:>9,}{whole:>10,}")
        figures.update({"home screen files": home_screen, "bytes with home screen files": sent + extra})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals on the board before the save")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({
            "TESTING": True, "SECRET_KEY": "b", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.sqlite"})
        board, deals, limit = long_board(app, args.deals)
        print(f"Schieberamsch board of {deals} deals in a session of {limit}"
              + (f" (asked for {args.deals}; the app takes at most {limit} deals a session)" if deals < args.deals
                 else ""))
        tablet, phone = Browser(app), Browser(app)
        text, rows, home_screen = tablet.first_load(board)
        figures = {"deals": deals, "first load": show("first load of the board (tablet)", rows, GOALS["first load"],
                                                      home_screen)}
        watched, rows, home_screen = phone.first_load(watch_link(text) or board + "/watch")
        figures["watch first load"] = show("first load of the watch page (phone)", rows, GOALS["first load"],
                                           home_screen)
        target, hidden = entry_form(text)
        saved = tablet.request("POST", target, data=ramsch(hidden, (30, 40, 50)),
                               headers={"HX-Request": "true"})
        assert saved.status == 200 and entry_form(saved.text), saved.status
        figures["save"] = show("answer to an htmx save", [(target, len(saved.sent), len(saved.body))], GOALS["save"])
        url = poll_url(watched)
        polled = phone.request("GET", url, headers={"HX-Request": "true"})
        assert polled.status == 200 and poll_url(polled.text), polled.status
        figures["poll"] = show("answer to a watch poll after the save", [(url, len(polled.sent), len(polled.body))])
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
