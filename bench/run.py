"""Every figure of bench/results.md in one run.

    .venv/bin/pip install -e '.[bench]'      # gunicorn
    .venv/bin/python bench/run.py            # about 5 minutes; --quick for a smoke run

1. Throughput under gunicorn (2 sync workers on a loopback port, a 4-thread http.client load
   loop that runs for --seconds, several rounds after one untimed): a bare Flask "hello", the
   scoreboard of a 12-deal session and entering a deal (htmx) into 12-deal sessions, each as
   requests per second; the figure is Scorekeeper's share of the hello's, the median over the rounds.
2. Replay cost: the engine replaying 10 / 100 / 300 deals, and entering deal after deal (htmx
   answer included) into a session of 10 and of 300 deals, in process, each save going to one of
   two apps at random as to gunicorn's two workers; the two sessions' saves take turns.
3. History and player pages at 100 / 10,000 / 100,000 sessions (bench/data.py writes them with
   bulk inserts), in process: the first request and the median of the next ones, wall clock and
   CPU time of this process (the machine is shared, so CPU time is the steadier of the two).
4. Bytes on the wire: a 100-deal scoreboard's first load (page, CSS, JavaScript), a reload with
   the static files cached, and an htmx save (from a tablet holding its form's fields, as with
   table.js), uncompressed, gzip and brotli.

Deal entry runs with CSRF checks off (the load loop sends no token); like a browser with table.js,
each session's tablet keeps its session cookie and each save names the entry form's fields its tablet
holds (`Tablets`); all else is as served.
"""
from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import brotli

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402

from scorekeeper import collector, create_app  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.games.base import Table  # noqa: E402
from scorekeeper.models import Seat  # noqa: E402
from scorekeeper.summaries import SeatSummary, SessionSummary  # noqa: E402

BROWSER = {"Accept-Encoding": "gzip, deflate, br"}
DEAL_FORM = {"type": "ramsch", "pushed": "0", "contra": "none", "points-0": "30", "points-1": "40",
             "points-2": "50", "took_trick-0": "y", "took_trick-1": "y", "took_trick-2": "y"}


def app_for(path: Path, **config):
    """The app in this process, collecting garbage after each response as the servers do
    (scorekeeper/collector.py): close each response to count that collection with its request."""
    return collector.between_requests(create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                                                  "WTF_CSRF_ENABLED": False, **config}))


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


# --- 1. throughput under gunicorn -------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def app_env(database: Path, folder: Path) -> dict[str, str]:
    """The settings the benchmark's servers run with: this database, CSRF checks off (the load loop
    sends no token)."""
    return {"SCOREKEEPER_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SCOREKEEPER_SECRET_KEY": "bench",
            "SCOREKEEPER_WTF_CSRF_ENABLED": "false", "SCOREKEEPER_INSTANCE_PATH": str(folder)}


def gunicorn(target: str, workers: int, env: dict[str, str], pythonpath: Path,
             cwd: Path = ROOT) -> tuple[subprocess.Popen, int]:
    """gunicorn serving `target` from `cwd` (whose gunicorn.conf.py it reads), once it answers."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}", "--log-level", "warning",
         "--pythonpath", str(pythonpath), target],
        cwd=cwd, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn {target} died: {process.stderr.read().decode()[-2000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/")
            connection.getresponse().read()
            connection.close()
            return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"gunicorn {target} did not answer within 60 s")


def server_cpu(process: subprocess.Popen) -> float:
    """CPU seconds used so far by gunicorn's master and workers (Linux /proc)."""
    pids = [process.pid] + [int(pid) for pid in Path(f"/proc/{process.pid}/task/{process.pid}/children")
                            .read_text().split()]
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def load(port: int, request: Callable[[int], tuple[str, str, str | None, dict]], seconds: float,
         threads: int = 4, cap: int = 50_000,
         answered: Callable[[int, http.client.HTTPResponse, bytes], None] | None = None) -> float:
    """Requests per second over `seconds` (at most `cap` requests), `threads` clients, a new
    connection per request (gunicorn's sync workers close each one)."""
    counter = iter(range(cap))
    lock = threading.Lock()
    done, failures = [0], []
    stop = time.monotonic() + seconds

    def client() -> None:
        while time.monotonic() < stop:
            with lock:
                number = next(counter, None)
            if number is None:
                return
            method, path, body, headers = request(number)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            body = response.read()
            connection.close()
            if answered is not None:
                answered(number, response, body)
            with lock:
                if response.status == 200:
                    done[0] += 1
                else:
                    failures.append(response.status)

    start = time.monotonic()
    workers = [threading.Thread(target=client) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if failures:
        raise RuntimeError(f"{len(failures)} failed requests, e.g. {failures[:3]}")
    return done[0] / (time.monotonic() - start), done[0]


KEPT_FIELDS = re.compile(rb"<!--kept:([0-9a-f]+)-->(?!<!--/kept-->)")
#: the entry form's own hidden values, posted with it (a fresh idempotency key per rendered form)
FORM_VALUES = re.compile(rb'name="(idempotency_key|board_version)" value="([^"]*)"')


def decoded(encoding: str | None, body: bytes) -> bytes:
    return brotli.decompress(body) if encoding == "br" else gzip.decompress(body) if encoding == "gzip" else body


ENTRY_HEADERS = {**BROWSER, "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}


class Tablets:
    """What a browser running table.js does on each session's tablet: it keeps its cookies (the
    session cookie holds its CSRF token), and a save names the entry form's fields the tablet was
    served (`held_fields`), so that the answer can leave them out (sessions/rendered.py). A tablet
    reads them from its board first, then from every answer that carries them whole. It posts the
    form's hidden values as the browser does: the idempotency key of the form it was served (each
    save looks it up: a retry is answered as the first save) and the board version it saw (a save
    on an older board is refused as stale). Under load (`request`, `answered`), the n-th save goes
    to the boards opened in turn."""

    def __init__(self) -> None:
        self.held: dict[int, str] = {}
        self.values: dict[int, dict[str, str]] = {}
        self.cookies: dict[int, str] = {}
        self.turns: list[int] = []

    def read(self, session_id: int, page: bytes, set_cookie: str | None = None) -> None:
        found = KEPT_FIELDS.search(page)
        if found:
            self.held[session_id] = found.group(1).decode()
        values = {name.decode(): value.decode() for name, value in FORM_VALUES.findall(page)}
        if values:
            self.values[session_id] = values
        if set_cookie:
            self.cookies[session_id] = set_cookie.split(";", 1)[0]

    def open_boards(self, port: int, sessions: range) -> None:
        self.turns = list(sessions)
        for session_id in sessions:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", f"/sessions/{session_id}", headers=BROWSER)
            response = connection.getresponse()
            self.read(session_id, decoded(response.getheader("Content-Encoding"), response.read()),
                      response.getheader("Set-Cookie"))
            connection.close()

    def open_boards_in(self, client, sessions: range) -> None:
        """`open_boards` with a test client, in process."""
        self.turns = list(sessions)
        for session_id in sessions:
            self.read(session_id, client.get(f"/sessions/{session_id}", headers={"Accept-Encoding": "identity"})
                      .get_data())

    def saved_unread(self, session_id: int) -> None:
        """After a save whose answer is not read (bench/instructions.py counts the server's work only):
        what the answer says, as only this tablet saves into its session: a fresh key for the next
        form and the version after this save."""
        values = self.values.get(session_id)
        if values:
            values["idempotency_key"] = uuid.uuid4().hex
            values["board_version"] = str(int(values.get("board_version", "0")) + 1)

    def form(self, session_id: int) -> dict[str, str]:
        return {**DEAL_FORM, **self.values.get(session_id, {}), "held_fields": self.held.get(session_id, "")}

    def request(self, n: int) -> tuple[str, str, str, dict[str, str]]:
        """The n-th save of a load (`load`'s request)."""
        session_id = self.turns[n % len(self.turns)]
        cookie = self.cookies.get(session_id)
        headers = {**ENTRY_HEADERS, "Cookie": cookie} if cookie else ENTRY_HEADERS
        return "POST", f"/sessions/{session_id}/deals", urlencode(self.form(session_id)), headers

    def answered(self, n: int, response: http.client.HTTPResponse, body: bytes) -> None:
        """What the tablet reads in the answer to the n-th save (`load`'s answered), which must be
        that of a new deal stored (the changed parts only), not that of a retry or a stale board."""
        if response.status == 200 and response.getheader("HX-Retarget") != "#entry":
            raise RuntimeError(f"save {n} was not stored as a new deal")
        self.read(self.turns[n % len(self.turns)], decoded(response.getheader("Content-Encoding"), body),
                  response.getheader("Set-Cookie"))


def throughput(folder: Path, seconds: float, rounds: int, workers: int) -> dict:
    path = folder / "throughput.sqlite"
    data.build(path, sessions=400, lengths=(12, 12), limit=99, templates=20)
    env = app_env(path, folder)
    hello, hello_port = gunicorn("hello:app", workers, env, HERE)
    app, app_port = gunicorn("scorekeeper:create_app()", workers, env, ROOT)
    tablets = Tablets()
    tablets.open_boards(app_port, range(2, 401))  # round-robin over sessions 2..400
    figures: dict[str, list[float]] = {"hello": [], "board": [], "entry": []}
    per_cpu: dict[str, list[float]] = {"hello": [], "board": [], "entry": []}  # requests per CPU second

    def measure(kind: str, server: subprocess.Popen, port: int, request, answered=None, warm_up=False) -> None:
        cpu = server_cpu(server)
        rate, count = load(port, request, seconds, answered=answered)
        if not warm_up:
            figures[kind].append(rate)
            per_cpu[kind].append(count / max(server_cpu(server) - cpu, 1e-3))

    try:
        # a first round untimed: each worker has then seen every session (as a server up for a while;
        # a worker's first save into a session replays it and reads its names)
        for number in range(rounds + 1):
            warm_up = number == 0
            measure("hello", hello, hello_port, lambda n: ("GET", "/", None, BROWSER), warm_up=warm_up)
            measure("board", app, app_port, lambda n: ("GET", "/sessions/1", None, BROWSER), warm_up=warm_up)
            # each session gets a few deals more than its 12 over the whole run
            measure("entry", app, app_port, tablets.request, tablets.answered, warm_up=warm_up)
    finally:
        for process in (hello, app):
            process.terminate()
            process.wait(10)
    ratios = {kind: statistics.median(a / b for a, b in zip(figures[kind], figures["hello"]))
              for kind in ("board", "entry")}
    cpu_ratios = {kind: statistics.median(per_cpu[kind]) / statistics.median(per_cpu["hello"])
                  for kind in ("board", "entry")}
    return {"rps": {k: [round(v) for v in values] for k, values in figures.items()}, "ratio": ratios,
            "per_cpu_s": {k: [round(v) for v in values] for k, values in per_cpu.items()}, "cpu_ratio": cpu_ratios}


# --- 2. replay cost ---------------------------------------------------------------------

def payloads(count: int, seed: int = 3) -> tuple[Table, list[dict]]:
    chosen = data.sequence(random.Random(seed), count, 1000)
    return Table(("A", "B", "C"), json.loads(chosen.options)), [json.loads(p) for p in chosen.payloads]


def replay_cost(folder: Path, repeat: int) -> dict:
    engine = {}
    for count in (10, 100, 300):
        table, deals = payloads(count)
        samples = []
        for _ in range(repeat):
            start = time.process_time()
            data.GAME.replay(table, deals)
            samples.append(time.process_time() - start)
        engine[count] = median_ms(samples)
    # a table entering deal after deal into a session of `count` deals, each save going to one of
    # two workers at random (two apps here, as gunicorn's two workers): half of the saves find the
    # session as the other worker left it, and read and check its deals. The two sessions' saves
    # take turns, so that both see the machine as it is at that moment (its speed moves by a third
    # from one second to the next: measured one after the other, the ratio went from 0.8x to 1.8x)
    tables = {}
    for count in (10, 300):
        path = folder / f"entry{count}.sqlite"
        data.build(path, sessions=1, lengths=(count, count), limit=count + 2 * repeat + 10, templates=1)
        clients = [app_for(path).test_client() for _ in range(2)]
        tablet = Tablets()  # the board opened first: its save names the fields it holds
        tablet.open_boards_in(clients[0], range(1, 2))
        tables[count] = (clients, tablet, random.Random(5), [], [])
    for turn in range(2 * repeat):
        for clients, tablet, pick, samples, cpus in tables.values():
            start, cpu = time.perf_counter(), time.process_time()
            response = pick.choice(clients).post("/sessions/1/deals",
                                                 data=tablet.form(1),
                                                 headers={**BROWSER, "HX-Request": "true"})
            response.close()
            if turn >= repeat:  # the first ones warm both workers up
                samples.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
            assert response.status_code == 200 and response.headers.get("HX-Retarget") == "#entry", \
                "a new deal stored (not a retry answered with the whole board)"
            # the tablet reads its next form's key and the board's version (outside the timed part)
            tablet.read(1, decoded(response.headers.get("Content-Encoding"), response.get_data()))
    # the mean: half the saves cost more (see above)
    entry = {count: statistics.mean(table[3]) * 1000 for count, table in tables.items()}
    entry_cpu = {count: statistics.mean(table[4]) * 1000 for count, table in tables.items()}
    return {"engine_ms": engine, "entry_ms": entry, "entry_cpu_ms": entry_cpu}


# --- 3. history and player pages ----------------------------------------------------------

def timed_get(client, url: str, repeat: int) -> tuple[float, float, float]:
    """(first request, median wall, median CPU) in ms."""
    walls, cpus = [], []
    for _ in range(repeat + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        response.close()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert response.status_code == 200, (url, response.status_code)
    return walls[0] * 1000, median_ms(walls[1:]), median_ms(cpus[1:])


def pages(folder: Path, sizes: list[int], repeat: int) -> dict:
    results = {}
    for size in sizes:
        path = folder / f"history{size}.sqlite"
        start = time.perf_counter()
        data.build(path, sessions=size, players=100)
        built = time.perf_counter() - start
        app = app_for(path)
        client = app.test_client()
        with app.app_context():
            player = 1
            played = db.session.query(Seat).filter_by(player_id=player).count()
        per_page = app.config["HISTORY_PAGE_SIZE"]
        urls = {
            "home (recent sessions)": "/",
            "history, newest": "/history",
            "history, middle page": f"/history?page={max(size // per_page // 2, 1)}",
            "history, one player": f"/history?player_id={player}",
            "history, one player, middle page": f"/history?player_id={player}&page={max(played // per_page // 2, 1)}",
            "history, one game, page 2": "/history?game=schieberamsch&page=2",
            "history, player by name": "/history?player=player%200001",
            "players": "/players",
            "player page": f"/players/{player}",
            "player page, last page": f"/players/{player}?page={max(-(-played // per_page), 1)}",
        }
        rows = {name: timed_get(client, url, repeat) for name, url in urls.items()}
        tracemalloc.start()
        client.get(urls["player page"])
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        # the first look at a player right after the upgrade that added the summaries: all replayed
        with app.app_context():
            ids = [sid for (sid,) in db.session.query(Seat.session_id).filter_by(player_id=player)]
            for first in range(0, len(ids), 500):
                chunk = ids[first:first + 500]
                db.session.query(SeatSummary).filter(SeatSummary.session_id.in_(chunk)).delete()
                db.session.query(SessionSummary).filter(SessionSummary.session_id.in_(chunk)).delete()
            db.session.commit()
        start = time.perf_counter()
        assert client.get(f"/players/{player}").status_code == 200
        cold = (time.perf_counter() - start) * 1000
        results[size] = {"built_s": built, "player_sessions": played, "pages": rows, "cold_player_ms": cold,
                         "player_page_peak_kib": peak / 1024,
                         "bytes": path.stat().st_size}
        path.unlink()
    return results


# --- 4. bytes on the wire -------------------------------------------------------------------

STATIC = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def wire(folder: Path) -> dict:
    path = folder / "wire.sqlite"
    data.build(path, sessions=1, lengths=(100, 100), limit=120, templates=1)
    client = app_for(path).test_client()
    sizes = {}
    for name, encoding in (("identity", "identity"), ("gzip", "gzip"), ("br", "gzip, deflate, br")):
        headers = {"Accept-Encoding": encoding}
        page = client.get("/sessions/1", headers=headers)
        html = client.get("/sessions/1", headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
        statics = 0
        for url in STATIC.findall(html):
            response = client.get(url.replace("&amp;", "&"), headers=headers)
            statics += len(response.data)
            response.close()
        tablet = Tablets()  # the save of a tablet that holds the fields of the page it was served
        tablet.read(1, html.encode())
        saved = client.post("/sessions/1/deals", data=tablet.form(1), headers={**headers, "HX-Request": "true"})
        page.close(), saved.close()
        sizes[name] = {"page": len(page.data), "static": statics, "first_load": len(page.data) + statics,
                       "htmx_save": len(saved.data)}
    return sizes


# --- report ---------------------------------------------------------------------------------

def report(results: dict) -> str:
    lines = []
    if "throughput" in results:
        t = results["throughput"]
        lines += ["## Throughput under gunicorn", "",
                  "| | req/s per round | share of hello | requests per CPU second of the server | share of hello |",
                  "|---|---|---|---|---|",
                  f"| bare Flask hello | {t['rps']['hello']} | | {t['per_cpu_s']['hello']} | |"]
        for kind, label, goal in (("board", "scoreboard, 12 deals", 25), ("entry", "deal entry (htmx), 12+ deals", 15)):
            lines.append(f"| {label} | {t['rps'][kind]} | **{t['ratio'][kind]:.1%}** (goal >= {goal}%) | "
                         f"{t['per_cpu_s'][kind]} | {t['cpu_ratio'][kind]:.1%} |")
        lines.append("")
    if "replay" in results:
        r = results["replay"]
        lines += ["## Replay cost", "", "| deals | engine replay (CPU) | per deal | deal entry (htmx), wall / CPU |",
                  "|---|---|---|---|"]
        for count, ms in r["engine_ms"].items():
            entry = f"{r['entry_ms'][count]:.1f} / {r['entry_cpu_ms'][count]:.1f} ms" if count in r["entry_ms"] else ""
            lines.append(f"| {count} | {ms:.2f} ms | {ms / count * 1000:.0f} µs | {entry} |")
        lines += ["", f"deal entry 300 / 10 deals: **{r['entry_cpu_ms'][300] / r['entry_cpu_ms'][10]:.1f}x** in CPU "
                  f"time, {r['entry_ms'][300] / r['entry_ms'][10]:.1f}x wall (goal <= 2x)", ""]
    if "pages" in results:
        sizes = list(results["pages"])
        lines += ["## History and player pages (ms: first / median wall / median CPU)", "",
                  "| page | " + " | ".join(f"{size:,} sessions" for size in sizes) + " |",
                  "|---|" + "---|" * len(sizes)]
        for name in results["pages"][sizes[0]]["pages"]:
            cells = [results["pages"][size]["pages"][name] for size in sizes]
            lines.append(f"| {name} | " + " | ".join(f"{a:.0f} / {b:.1f} / {c:.1f}" for a, b, c in cells) + " |")
        lines.append("| player page, no summaries yet (first look after the upgrade) | " + " | ".join(
            f"{results['pages'][size]['cold_player_ms']:.0f}" for size in sizes) + " |")
        facts = [results["pages"][size] for size in sizes]
        lines.append("| player page, peak memory allocated by Python (KiB) | " + " | ".join(
            f"{fact['player_page_peak_kib']:,.0f}" for fact in facts) + " |")
        lines.append("| (sessions of that player; data written in) | " + " | ".join(
            f"{fact['player_sessions']:,}; {fact['built_s']:.1f} s" for fact in facts) + " |")
        lines.append("")
    if "wire" in results:
        w = results["wire"]
        lines += ["## Bytes on the wire, 100-deal scoreboard", "",
                  "| | page | static files | first load | reload (static cached) | htmx save |",
                  "|---|---|---|---|---|---|"]
        for name, s in w.items():
            lines.append(f"| {name} | {s['page']:,} | {s['static']:,} | {s['first_load']:,} | {s['page']:,} | "
                         f"{s['htmx_save']:,} |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes and short loads: a smoke run")
    parser.add_argument("--only", nargs="*", choices=["throughput", "replay", "pages", "wire"])
    parser.add_argument("--sizes", default="100,10000,100000")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    args = parser.parse_args()
    sizes = [100, 1000] if args.quick else [int(size) for size in args.sizes.split(",")]
    seconds, rounds, repeat = (1.0, 1, 3) if args.quick else (args.seconds, args.rounds, 9)
    only = set(args.only or ["throughput", "replay", "pages", "wire"])
    results: dict = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if "wire" in only:
            results["wire"] = wire(folder)
        if "replay" in only:
            results["replay"] = replay_cost(folder, repeat + 6)
        if "pages" in only:
            results["pages"] = pages(folder, sizes, repeat)
        if "throughput" in only:
            results["throughput"] = throughput(folder, seconds, rounds, args.workers)
    print(report(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
