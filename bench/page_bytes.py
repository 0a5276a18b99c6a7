"""Bytes a 100-deal Schieberamsch session costs the tablet: the scoreboard page, the htmx answer
to a save, and the poll of a following device. Run: .venv/bin/python bench/page_bytes.py"""
from __future__ import annotations

import tempfile

from scorekeeper import collector, create_app
from scorekeeper.extensions import db  # noqa: F401

RAMSCH = {"type": "ramsch", "pushed": "0", "contra": "none", "points-0": "0", "points-1": "7", "points-2": "113",
          "took_trick-1": "y", "took_trick-2": "y"}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        # the collector as in a server (scorekeeper/collector.py), so CPython 3.11 cannot crash here
        app = collector.between_requests(create_app({
            "TESTING": True, "SECRET_KEY": "b", "WTF_CSRF_ENABLED": False, "AUTO_MIGRATE": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.sqlite"}))
        client = app.test_client()
        response = client.post("/sessions/new/schieberamsch", data={"players-0": "Anna", "players-1": "Ben",
                                                                    "players-2": "Carl", "first_dealer": "0",
                                                                    "option_deals": "99"})
        sid = int(response.headers["Location"].rsplit("/", 1)[1])
        for _ in range(97):
            client.post(f"/sessions/{sid}/deals", data=RAMSCH)
        page = client.get(f"/sessions/{sid}")
        save = client.post(f"/sessions/{sid}/deals", data=RAMSCH, headers={"HX-Request": "true"})
        print(f"scoreboard page (97 deals): {len(page.data):,} bytes")
        print(f"htmx answer to saving deal 98: {len(save.data):,} bytes")
        live = client.get(f"/sessions/{sid}/live?rev=999999&view=watch", headers={"HX-Request": "true"})
        if live.status_code != 404:
            print(f"poll, something changed (watch fragment): {len(live.data):,} bytes")


if __name__ == "__main__":
    main()
