"""A club evening on this machine: tablets saving deals and phones following them, against gunicorn.

    .venv/bin/pip install aiohttp          # the load generator's HTTP client
    .venv/bin/python bench/club.py [--seconds 60] [--tables 100] [--phones 200] [--every 4]
                                   [--poll-every SECONDS] [--deals N]
                                   [--database sqlite|postgres] [--etag] [--json PATH]

Starts gunicorn from the project folder (so it reads gunicorn.conf.py; workers as that file says,
else 2 per core) on a fresh database in a temporary instance folder, CSRF protection on. Each table
opens a Schieberamsch session through the HTML pages as a browser does (`--deals` deals, by default
the most the app takes); the phones (`--phones`, spread over the tables) open its watch page. Then
for `--seconds` each table saves a deal every `--every` seconds as the tablet's htmx does (the entry
form's hidden fields, the CSRF token among them, and its session cookie), and each phone polls the URL of
the watch page's poller as its htmx does, every `--poll-every` seconds (by default `--every`;
`--etag`: also sending If-None-Match with the last ETag). A table whose game ends opens a new
session, and its phones load the new watch page.

The load is open-loop on a fixed timetable with random phases spread evenly over the period: a
request is due at its slot whether or not earlier ones were slow, and its latency runs from its slot
to the end of its answer. A device sends its next request only once its last one is answered (the
next one needs what the answer holds), so an answer later than a period shows as the next one's
latency too.

Prints, per kind of request, the count and p50/p95/p99/max latency beside the goals (p99 of a save
< 100 ms, of a poll < 50 ms); the errors by kind and status; the saves answered OK against the deals
stored (read back through the JSON API, per session: lost, and extra: duplicates or saves stored
though their answer was an error); requests per second; the CPU seconds of gunicorn (master and
workers, /proc), of PostgreSQL if used, of this load generator and of the machine's other processes
(a run they took much from was disturbed); how late the generator sent its requests. Also the
lines gunicorn logged (warnings and errors), if any. `--json PATH` writes the figures as JSON too.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import math
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
from served import NEW, Forms, entry_form, poll_url, ramsch, watch_link

ROOT = Path(__file__).resolve().parent.parent
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}
#: card points of the deals a table enters in turn (each sums to 120)
POINTS = ((0, 7, 113), (30, 40, 50), (10, 0, 110), (45, 45, 30), (60, 0, 60), (5, 70, 45), (20, 90, 10))
GOALS = {"save": 100, "poll": 50}  # p99 in ms
QUANTILES = (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))


# --- the devices ---------------------------------------------------------------------

class Recorder:
    def __init__(self):
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: Counter[str] = Counter()
        self.lags: list[float] = []
        self.requests = 0
        self.active = False

    def ok(self, kind: str, ms: float) -> None:
        if self.active:
            self.times[kind].append(ms)

    def error(self, kind: str, reason) -> None:
        if not self.active:
            raise RuntimeError(f"{kind} failed while setting up: {reason}")
        self.errors[f"{kind} {reason}"] += 1


class Device:
    def __init__(self, http: aiohttp.ClientSession, rec: Recorder, phase: float):
        self.http, self.rec, self.phase = http, rec, phase
        self.cookies: dict[str, str] = {}

    async def fetch(self, method: str, path: str, headers=None, data=None) -> tuple[int, str, dict]:
        headers = {**BROWSER, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if self.rec.active:
            self.rec.requests += 1
        async with self.http.request(method, path, headers=headers, data=data, allow_redirects=False) as answer:
            text = await answer.text()
            self.cookies.update({name: morsel.value for name, morsel in answer.cookies.items()})
            return answer.status, text, answer.headers

    async def timed(self, kind: str, due: float, method: str, path: str, **kw):
        try:
            status, text, headers = await self.fetch(method, path, **kw)
        except TimeoutError:
            self.rec.error(kind, "timeout")
            return None
        except aiohttp.ClientError as error:
            self.rec.error(kind, type(error).__name__)
            return None
        return status, text, headers, (asyncio.get_running_loop().time() - due) * 1000

    async def run(self, start: float, end: float, every: float) -> None:
        loop = asyncio.get_running_loop()
        slot = 0
        while (due := start + self.phase + slot * every) < end:
            slot += 1
            if due > loop.time():
                await asyncio.sleep(due - loop.time())
                self.rec.lags.append((loop.time() - due) * 1000)
            await self.tick(due)


class Tablet(Device):
    def __init__(self, http, rec, phase: float, number: int, deals: int):
        super().__init__(http, rec, phase)
        self.number, self.deals = number, deals
        self.session = self.watch = None
        self.form: tuple[str, dict[str, str]] | None = None
        self.acked: dict[str, list[tuple[int, ...]]] = {}  # per session: the points of each save answered OK

    async def open(self) -> None:
        """A new session through the pages: the form, its POST, the board it redirects to."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            status, text, _ = await self.fetch("GET", NEW)
            forms = Forms(text)
            form, fields = forms.holding("players-0")
            for seat in range(3):
                fields[f"players-{seat}"] = f"T{self.number:03d} P{seat + 1}"
            fields["option_deals"] = str(self.deals)
            status, text, headers = await self.fetch("POST", form.get("action") or NEW, data=fields)
            if status not in (302, 303):
                return self.rec.error("new session", status)
            self.session = urlsplit(headers["Location"]).path
            status, text, _ = await self.fetch("GET", self.session)
        except (TimeoutError, aiohttp.ClientError) as error:
            return self.rec.error("new session", type(error).__name__)
        except (StopIteration, KeyError):
            return self.rec.error("new session", f"{status} without the form or its redirect")
        self.form = entry_form(text)
        self.watch = watch_link(text) or self.session + "/watch"
        self.acked[self.session] = []
        if status != 200 or self.form is None:
            return self.rec.error("new session", f"{status} board without entry form")
        self.rec.ok("new session", (loop.time() - started) * 1000)

    async def reload(self) -> None:
        """After an error: the board page again, for a fresh entry form (none: the game is over)."""
        answer = await self.timed("reload", asyncio.get_running_loop().time(), "GET", self.session)
        if answer is None:
            return
        status, text, _, ms = answer
        self.form = entry_form(text) if status == 200 else None
        if status != 200:
            return self.rec.error("reload", status)
        self.rec.ok("reload", ms)
        if self.form is None:
            await self.open()

    async def tick(self, due: float) -> None:
        if self.form is None:
            await (self.reload() if self.session else self.open())
            if self.form is None:
                return
        target, hidden = self.form
        acked = self.acked[self.session]
        points = POINTS[(self.number + len(acked)) % len(POINTS)]
        self.form = None
        answer = await self.timed("save", due, "POST", target, headers={"HX-Request": "true"},
                                  data=ramsch(hidden, points))
        if answer is None:
            return await self.reload()
        status, text, _, ms = answer
        form = entry_form(text) if status == 200 else None
        last = len(acked) + 1 == self.deals  # the game's last deal: its answer is the finished board
        if status != 200 or (form is None and not last):
            self.rec.error("save", status if status != 200 else "200 without entry form")
            return await self.reload()
        acked.append(points)
        self.rec.ok("save", ms)
        if form is None:
            await self.open()
        else:
            self.form = form


class Phone(Device):
    def __init__(self, http, rec, phase: float, tablet: Tablet, etag: bool):
        super().__init__(http, rec, phase)
        self.tablet, self.etag = tablet, etag
        self.session = self.url = self.last_etag = None

    async def follow(self, due: float) -> None:
        """The watch page of the table's current session (its QR code scanned)."""
        self.session = self.tablet.session
        if self.tablet.watch is None:
            return
        answer = await self.timed("watch page", due, "GET", self.tablet.watch)
        if answer is None:
            return
        status, text, _, ms = answer
        self.url, self.last_etag = poll_url(text), None
        if status != 200 or self.url is None:
            return self.rec.error("watch page", f"{status} without poller" if status == 200 else status)
        self.rec.ok("watch page", ms)

    async def tick(self, due: float) -> None:
        if self.session != self.tablet.session or self.url is None:
            return await self.follow(due)
        headers = {"HX-Request": "true"}
        if self.etag and self.last_etag:
            headers["If-None-Match"] = self.last_etag
        answer = await self.timed("poll", due, "GET", self.url, headers=headers)
        if answer is None:
            return
        status, text, answered, ms = answer
        self.last_etag = answered.get("ETag") or self.last_etag
        if status in (204, 304):
            return self.rec.ok("poll nothing new", ms)
        url = poll_url(text) if status == 200 else None
        if url is None:
            return self.rec.error("poll", f"{status} without poller" if status == 200 else status)
        self.url = url
        self.rec.ok("poll changed", ms)


# --- the servers ---------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int | None) -> float:
    """CPU time of a process, its live children and its reaped children (utime, stime, cutime, cstime)."""
    if pid is None:
        return 0.0
    ticks = 0
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for number, child in enumerate([pid, *map(int, children)]):
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(value) for value in fields[11:15 if number == 0 else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy so far (/proc/stat: all but idle and iowait)."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def configured_workers() -> int | None:
    """gunicorn.conf.py's `workers`, if it sets them (gunicorn then takes them from there), read in the
    project folder as gunicorn reads it."""
    if not (ROOT / "gunicorn.conf.py").exists():
        return None
    code = "import runpy; print(runpy.run_path('gunicorn.conf.py').get('workers', ''))"
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return int(found.stdout.strip() or 0) or None


@contextlib.contextmanager
def gunicorn(env: dict[str, str], workers: int | None, log: Path):
    port = free_port()
    command = [str(Path(sys.prefix) / "bin" / "gunicorn"), "-b", f"127.0.0.1:{port}", "--log-level", "warning"]
    if workers:
        command += ["-w", str(workers)]
    with open(log, "wb") as out:
        process = subprocess.Popen([*command, "scorekeeper:create_app()"], cwd=ROOT, env={**os.environ, **env},
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                    break
            except OSError:
                time.sleep(0.3)
        yield process, port
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


@contextlib.contextmanager
def postgres():
    """A throw-away PostgreSQL cluster on loopback (Debian's server, installed if missing)."""
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", "postgresql"],
                       check=True, stdout=subprocess.DEVNULL, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    binaries = Path(max(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2])))
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-club-pg."))
    run_as = []
    if os.geteuid() == 0:
        shutil.chown(data, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    try:
        subprocess.run([*run_as, binaries / "initdb", "-D", data, "-A", "trust", "-U", "postgres"], check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run([*run_as, binaries / "pg_ctl", "-D", data, "-l", data / "server.log", "-w", "-o",
                        f"-c listen_addresses=127.0.0.1 -p {port} -k {data}", "start"], check=True,
                       stdout=subprocess.DEVNULL)
        try:
            pid = int((data / "postmaster.pid").read_text().split()[0])
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", pid
        finally:
            subprocess.run([*run_as, binaries / "pg_ctl", "-D", data, "-m", "fast", "stop"], stdout=subprocess.DEVNULL)
    finally:
        shutil.rmtree(data, ignore_errors=True)


# --- the evening ---------------------------------------------------------------------

def spread(count: int, every: float, rng: random.Random) -> list[float]:
    """Random phases, one in each of `count` equal parts of the period, in random order."""
    phases = [(i + rng.random()) * every / count for i in range(count)]
    rng.shuffle(phases)
    return phases


async def deals_allowed(http: aiohttp.ClientSession, rec: Recorder) -> int:
    """The most deals the app takes: the number input's `max`, else the option's maximum in the JSON API."""
    _, text, _ = await Device(http, rec, 0).fetch("GET", NEW)
    limit = Forms(text).inputs.get("option_deals", {}).get("max")
    if limit:
        return int(limit)
    async with http.get("/api/v1/games/schieberamsch") as answer:
        options = (await answer.json())["options"]
    return next(option["maximum"] for option in options if option["name"] == "deals")


async def evening(args, port: int, server_pids: list[int | None]) -> dict:
    rec = Recorder()
    rng = random.Random(args.seed)
    connector = aiohttp.TCPConnector(limit=0, force_close=True)
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}", connector=connector,
                                     cookie_jar=aiohttp.DummyCookieJar(),
                                     timeout=aiohttp.ClientTimeout(total=args.timeout)) as http:
        deals = args.deals or await deals_allowed(http, rec)
        tablets = [Tablet(http, rec, phase, number, deals)
                   for number, phase in enumerate(spread(args.tables, args.every, rng))]
        phones = [Phone(http, rec, phase, tablets[number % len(tablets)], args.etag)
                  for number, phase in enumerate(spread(args.phones, args.poll_every, rng))]
        gate = asyncio.Semaphore(8)

        async def setup(step):
            async with gate:
                await step

        await asyncio.gather(*(setup(tablet.open()) for tablet in tablets))
        await asyncio.gather(*(setup(phone.follow(0)) for phone in phones))

        loop = asyncio.get_running_loop()
        start = loop.time() + 1
        server = [cpu_seconds(pid) for pid in server_pids]
        own, machine = resource.getrusage(resource.RUSAGE_SELF), machine_busy()
        rec.active = True
        await asyncio.gather(*(tablet.run(start, start + args.seconds, args.every) for tablet in tablets),
                             *(phone.run(start, start + args.seconds, args.poll_every) for phone in phones))
        rec.active = False
        elapsed = loop.time() - start
        server = [cpu_seconds(pid) - before for pid, before in zip(server_pids, server)]
        after = resource.getrusage(resource.RUSAGE_SELF)
        generator = after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime
        machine = machine_busy() - machine

        stored = lost = extra = differing = 0
        for tablet in tablets:
            for session, acked in tablet.acked.items():
                async with http.get("/api/v1/sessions/" + session.rstrip("/").rsplit("/", 1)[1]) as answer:
                    kept = [tuple(deal["values"].get("points", ())) for deal in (await answer.json())["deals"]]
                stored += len(kept)
                lost += max(0, len(acked) - len(kept))
                extra += max(0, len(kept) - len(acked))
                differing += kept != acked
    saves_ok = len(rec.times["save"])
    return {"deals_per_session": deals, "elapsed_s": elapsed, "times": rec.times, "errors": dict(rec.errors),
            "requests": rec.requests, "lags": rec.lags, "server_cpu": server, "generator_cpu": generator,
            "machine_cpu": machine,
            "saves": {"answered_ok": saves_ok, "stored": stored, "lost": lost, "extra": extra,
                      "sessions_differing": differing}}


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    at = lambda q: ordered[max(0, math.ceil(q * len(ordered)) - 1)]
    if not ordered:
        return {"count": 0}
    return {"count": len(ordered), **{name: round(at(q), 2) for name, q in QUANTILES}, "max": round(ordered[-1], 2)}


def report(args, workers, result: dict) -> dict:
    times = result["times"]
    kinds = {"save": times["save"], "poll": times["poll nothing new"] + times["poll changed"],
             "poll nothing new": times["poll nothing new"], "poll changed": times["poll changed"],
             "watch page": times["watch page"], "new session": times["new session"], "reload": times["reload"]}
    latency = {kind: percentiles(values) for kind, values in kinds.items() if values or kind in GOALS}
    errors = sum(result["errors"].values())
    server_cpu, db_cpu = result["server_cpu"][0], sum(result["server_cpu"][1:])
    cores = len(os.sched_getaffinity(0))
    seconds = result["elapsed_s"]
    figures = {
        "setup": {"database": args.database, "workers": workers, "cores": cores, "seconds": args.seconds,
                  "tables": args.tables, "phones": args.phones, "every_s": args.every, "poll_every_s": args.poll_every,
                  "etag": args.etag,
                  "deals_per_session": result["deals_per_session"]},
        "latency_ms": latency, "errors": result["errors"], "saves": result["saves"],
        "requests": result["requests"], "requests_per_second": result["requests"] / seconds,
        "server_cpu_s": server_cpu, "database_cpu_s": db_cpu if args.database == "postgres" else None,
        "generator_cpu_s": result["generator_cpu"], "machine_cpu_s": result["machine_cpu"],
        "other_cpu_s": result["machine_cpu"] - server_cpu - db_cpu - result["generator_cpu"],
        "send_lag_ms": percentiles(result["lags"]),
    }
    print(f"club evening: {args.tables} tables saving every {args.every:g} s and {args.phones} phones polling "
          f"every {args.poll_every:g} s for {args.seconds:g} s; gunicorn {workers} workers on {cores} cores, "
          f"{args.database}, {result['deals_per_session']} deals a session{', If-None-Match' if args.etag else ''}")
    print(f"{'request':<18}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}  goal")
    for kind, row in latency.items():
        goal = ""
        if kind in GOALS and row["count"]:
            goal = f"p99 < {GOALS[kind]} ms: {'met' if row['p99'] < GOALS[kind] else 'MISSED'}"
        figures_row = "".join(f"{row[q]:9.1f}" for q in ("p50", "p95", "p99", "max")) if row["count"] else ""
        print(f"{kind:<18}{row['count']:>7}{figures_row}  {goal}")
    print(f"errors: {errors} (goal 0: {'met' if not errors else 'MISSED'})"
          + "".join(f"\n  {kind}: {count}" for kind, count in sorted(result["errors"].items())))
    saves = result["saves"]
    print(f"saves answered OK: {saves['answered_ok']}, deals stored: {saves['stored']}; lost {saves['lost']} "
          f"(goal 0: {'met' if not saves['lost'] else 'MISSED'}), extra {saves['extra']} (duplicates, or stored "
          f"though answered with an error), "
          f"sessions whose stored deals differ from the answered saves: {saves['sessions_differing']}")
    print(f"requests: {result['requests']} in {seconds:.1f} s = {figures['requests_per_second']:.1f}/s")
    print(f"server CPU: gunicorn {server_cpu:.1f} s ({server_cpu / seconds / cores:.0%} of {cores} cores, "
          f"{server_cpu / max(result['requests'], 1) * 1000:.2f} ms per request)"
          + (f", PostgreSQL {db_cpu:.1f} s" if args.database == "postgres" else ""))
    lag = figures["send_lag_ms"]
    own = result["generator_cpu"]
    print(f"load generator: {own:.1f} CPU s ({own / seconds:.0%} of one core); sent late by "
          + ", ".join(f"{q} {lag.get(q, 0):.1f} ms" for q in ("p50", "p99", "max")))
    others = max(0.0, figures["other_cpu_s"])
    print(f"machine: {result['machine_cpu']:.1f} CPU s busy of {seconds * cores:.0f}; other processes {others:.1f} s"
          + (": the run was disturbed" if others > 0.05 * seconds * cores else ""))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--every", type=float, default=4, help="seconds between a table's saves")
    parser.add_argument("--poll-every", type=float, help="seconds between a phone's polls (default: --every)")
    parser.add_argument("--deals", type=int, help="deals a session (default: the most the app takes)")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--etag", action="store_true", help="polls send If-None-Match with the last ETag")
    parser.add_argument("--timeout", type=float, default=10, help="seconds before a request counts as timed out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    args.poll_every = args.poll_every or args.every

    cores = len(os.sched_getaffinity(0))
    configured = configured_workers()
    workers = configured or 2 * cores
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="scorekeeper-club.")))
        env = {"SCOREKEEPER_INSTANCE_PATH": str(folder), "SCOREKEEPER_SECRET_KEY": os.urandom(16).hex(),
               "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'scorekeeper.sqlite'}"}
        database_pid = None
        if args.database == "postgres":
            env["SCOREKEEPER_SQLALCHEMY_DATABASE_URI"], database_pid = stack.enter_context(postgres())
        log = folder / "gunicorn.log"
        process, port = stack.enter_context(gunicorn(env, None if configured else workers, log))
        result = asyncio.run(evening(args, port, [process.pid, database_pid]))
        figures = report(args, workers, result)
        logged = log.read_text(errors="replace").splitlines()  # warnings and errors only
        if logged:
            print(f"gunicorn logged {len(logged)} lines (the last 60):", *logged[-60:], sep="\n")
        figures["server_log_lines"] = len(logged)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
