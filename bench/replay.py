"""How long a page takes when every view replays the whole session.

    .venv/bin/python bench/replay.py [--deals 200]

Measures (1) the engine replay of a long Schieberamsch session, (2) the scoreboard page and
(3) adding one deal (which replays the session to check it) through the test client on SQLite.
Results are printed and appended to bench/results.md by hand when they change meaningfully.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from scorekeeper import collector, create_app, scoring
from scorekeeper.games import get_game
from scorekeeper.games.base import Table, resolve_options


def random_deal(rng: random.Random) -> dict:
    a = rng.randint(0, 120)
    b = rng.randint(0, 120 - a)
    points = [a, b, 120 - a - b]
    return {"type": "ramsch", "pushed": rng.randint(0, 3), "points": points,
            "took_trick": [p > 0 for p in points], "contra": "none"}


def timed(function, repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000, max(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(7)
    deals = [random_deal(rng) for _ in range(args.deals)]
    game = get_game("schieberamsch")
    table = Table(("A", "B", "C"), resolve_options(game.option_specs(3), {"deals": 99}))
    median, worst = timed(lambda: game.replay(table, deals[:99]), 20)
    print(f"engine replay, 99 deals:            median {median:7.2f} ms   max {worst:7.2f} ms")

    with tempfile.TemporaryDirectory() as folder:
        # the collector as in a server (scorekeeper/collector.py), so CPython 3.11 cannot crash here
        app = collector.between_requests(create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                                                     "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite"}))
        with app.app_context():
            session = scoring.create_session("schieberamsch", ["A", "B", "C"], 0, {"deals": 99})
            for deal in deals[:98]:
                scoring.add_deal(session, deal)
            sid = session.id
        client = app.test_client()
        median, worst = timed(lambda: client.get(f"/sessions/{sid}"), 20)
        print(f"scoreboard page, 98 deals:          median {median:7.2f} ms   max {worst:7.2f} ms")
        median, worst = timed(lambda: client.get(f"/api/v1/sessions/{sid}"), 20)
        print(f"API standings, 98 deals:            median {median:7.2f} ms   max {worst:7.2f} ms")

        def add_and_delete():
            form = {"type": "ramsch", "pushed": "0", "points-0": "30", "points-1": "40", "points-2": "50",
                    "took_trick-0": "y", "took_trick-1": "y", "took_trick-2": "y", "contra": "none"}
            client.post(f"/sessions/{sid}/deals", data=form, headers={"HX-Request": "true"})
            with app.app_context():
                last = scoring.complete_deals(scoring.db.session.get(scoring.GameSession, sid))[-1]
                scoring.delete_deal(last.session, last)
        median, worst = timed(add_and_delete, 10)
        print(f"enter deal 99 (htmx) + delete it:   median {median:7.2f} ms   max {worst:7.2f} ms")


if __name__ == "__main__":
    main()
