"""History and player pages at many sessions: how long each takes to answer, warm, in process.

    .venv/bin/python bench/pages.py [--sessions 100000] [--runs 9] [--data PATH] [--json PATH]

bench/data.py writes `--sessions` Schieberamsch sessions of 100 players into a SQLite file (a
minute or two for 100,000; `--data PATH` keeps the file and takes it again next time). Then, with
Flask's test client: the first history page, the history filtered by game and by player, a deep page
of it (half-way back), the players' list, and the page of the player with the most sessions (its
first page and one half-way back; filtered by game, by a quarter of a year, and by every filter with
head to head: the game, a year and a half, the player they sat with most, twice: in the table and
compared), that player's statistics across sessions (the API, by game and with every filter) and the
last session's statistics (the page and the API). The filters' and pages' query parameters are read
from the history page's and the player page's filter forms and the history's link to page 2.

Prints for each page the time of its first request, the median of `--runs` more (wall clock and
CPU time of this process), the answer's size and the goal (each < 50 ms).
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import data  # noqa: E402
from served import Forms  # noqa: E402

from scorekeeper import create_app  # noqa: E402

GOAL_MS = 50
HREF = re.compile(r'href="([^"]*\?[^"]*)"')


def timed(client, url: str) -> tuple[float, float, int]:
    """Wall clock and CPU seconds of one request, its garbage collection included (as in a server)."""
    wall, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    size = len(response.get_data())
    response.close()
    assert response.status_code == 200, (url, response.status_code)
    return time.perf_counter() - wall, time.process_time() - cpu, size


def page_parameter(text: str) -> str:
    """The query parameter of the history's link to its second page."""
    for link in HREF.findall(text):
        found = [name for name, value in parse_qsl(urlsplit(link.replace("&amp;", "&")).query) if value == "2"]
        if found:
            return found[0]
    raise SystemExit("the history page links no second page")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=9, help="warm requests per page (the median is shown)")
    parser.add_argument("--data", type=Path, help="SQLite file to keep (built when missing)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.data or Path(folder) / "pages.sqlite"
        if not path.exists():
            started = time.perf_counter()
            data.build(path, sessions=args.sessions)
            print(f"wrote {args.sessions:,} sessions in {time.perf_counter() - started:.0f} s")
        with sqlite3.connect(path) as connection:
            sessions = connection.execute("SELECT count(*) FROM game_session").fetchone()[0]
            player, played = connection.execute("SELECT player_id, count(*) FROM seat GROUP BY player_id"
                                                " ORDER BY 2 DESC LIMIT 1").fetchone()
            mate = connection.execute("SELECT b.player_id FROM seat a JOIN seat b ON b.session_id = a.session_id"
                                      " AND b.player_id != a.player_id WHERE a.player_id = ? GROUP BY 1"
                                      " ORDER BY count(*) DESC LIMIT 1", (player,)).fetchone()[0]
        app = create_app({
            "TESTING": True, "SECRET_KEY": "b", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        client = app.test_client()
        history = client.get("/history").get_data(as_text=True)
        forms, size = Forms(history), app.config["HISTORY_PAGE_SIZE"]
        game, who, page = forms.choosing("schieberamsch"), forms.choosing(str(player)), page_parameter(history)
        mine = Forms(client.get(f"/players/{player}").get_data(as_text=True))
        one_game = mine.choosing("schieberamsch")
        since, until = [name for name, attrs in mine.inputs.items() if attrs.get("type") == "date"]
        sat_with, versus = [name for name, values in mine.options.items() if str(mate) in values]
        everything = urlencode({one_game: "schieberamsch", since: "2024-07-01", until: "2025-12-31",
                                sat_with: mate, versus: mate})
        urls = {
            "history": "/history",
            "history, one game": "/history?" + urlencode({game: "schieberamsch"}),
            "history, one player": "/history?" + urlencode({who: player}),
            "history, deep page": "/history?" + urlencode({page: max(1, sessions // size // 2)}),
            "players": "/players",
            f"player of {played:,} sessions": f"/players/{player}",
            "that player, deep page": f"/players/{player}?" + urlencode({page: max(1, played // size // 2)}),
            "that player, one game": f"/players/{player}?" + urlencode({one_game: "schieberamsch"}),
            "that player, a quarter": f"/players/{player}?" + urlencode({since: "2025-01-01", until: "2025-03-31"}),
            "that player, every filter": f"/players/{player}?{everything}",
            "that player's statistics (API)": f"/api/v1/players/{player}/stats?game=schieberamsch",
            "the same, every filter (API)": f"/api/v1/players/{player}/stats?{everything}",
            "a session's statistics": f"/sessions/{sessions}/statistics",
            "that session's statistics (API)": f"/api/v1/sessions/{sessions}/stats",
        }
        print(f"{sessions:,} sessions, {args.runs} warm runs each; goal: each < {GOAL_MS} ms")
        figures = {"sessions": sessions, "runs": args.runs, "goal_ms": GOAL_MS, "pages": {}}
        print(f"{'page':<30}{'first ms':>9}{'median ms':>10}{'CPU ms':>8}{'bytes':>9}  url")
        for label, url in urls.items():
            first = timed(client, url)
            runs = [timed(client, url) for _ in range(args.runs)]
            wall = statistics.median(run[0] for run in runs) * 1000
            cpu = statistics.median(run[1] for run in runs) * 1000
            verdict = "met" if wall < GOAL_MS else "MISSED"
            print(f"{label:<30}{first[0] * 1000:9.1f}{wall:10.1f}{cpu:8.1f}{first[2]:9,}  {url}  {verdict}")
            figures["pages"][label] = {"url": url, "first_ms": round(first[0] * 1000, 2), "median_ms": round(wall, 2),
                                       "median_cpu_ms": round(cpu, 2), "bytes": first[2]}
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
