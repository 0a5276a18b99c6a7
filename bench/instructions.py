"""Instructions per htmx save and per kept board, counted by valgrind's callgrind.

Time on this machine varies by half from one hour to the next; instruction counts do not. Each case
runs in its own process under `valgrind --tool=callgrind --instr-atstart=no`: the process builds a
session (bench/data.py), makes a few warm-up requests, and callgrind counts only the measured ones
(switched on and off with `callgrind_control`). The app runs as in a server: the garbage collector
runs between requests (scorekeeper/collector.py), and each response is closed.

    .venv/bin/python bench/instructions.py                 # saves at 10 and 300 deals, a 12-deal board
    .venv/bin/python bench/instructions.py --deals 10,100,300 --requests 20

Needs Debian's valgrind (`apt-get install valgrind`). A case takes about a minute.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

WARM_UP = 3


def child(kind: str, deals: int, requests: int, signals: Path, tables: int = 1) -> None:
    """Inside valgrind: build, warm up (every table once), wait for counting to start, run `requests`,
    say so, wait. Saves go round-robin over `tables` sessions, as bench/run.py's load does, and then
    each to one of two apps at random, as to gunicorn's two workers (each remembers what it served)."""
    import itertools
    import random

    import data
    from run import Tablets, app_for, decoded

    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "i.sqlite"
        data.build(path, sessions=tables, lengths=(deals, deals), limit=1000, templates=min(tables, 20))
        clients = [app_for(path).test_client() for _ in range(2 if tables > 1 else 1)]
        client, pick = clients[0], random.Random(11)
        headers = {"Accept-Encoding": "gzip, deflate, br"}
        turn = itertools.count()
        # each save names the entry form's fields its tablet holds, as table.js does; the answers are
        # read for them outside the counted requests only (decompressing is the tablet's work)
        tablets, counting = Tablets(), [False]

        def read(session: int, response) -> None:
            if not counting[0]:
                tablets.read(session, decoded(response.headers.get("Content-Encoding"), response.get_data()))
            else:
                tablets.saved_unread(session)

        tablets.open_boards_in(clients[0], range(1, tables + 1))

        def one() -> None:
            if kind == "save":
                session = 1 + next(turn) % tables
                response = pick.choice(clients).post(
                    f"/sessions/{session}/deals", data=tablets.form(session),
                    headers={**headers, "HX-Request": "true"})
                read(session, response)
            else:
                response = client.get("/sessions/1", headers=headers)
            assert response.status_code == 200, response.status_code
            # a new deal stored (not a retry answered with the whole board, not refused as stale)
            assert kind != "save" or response.headers.get("HX-Retarget") == "#entry"
            response.close()

        # every table saved into eight times first: each app has then seen each session (but 1 in 256)
        for _ in range(WARM_UP + (8 * tables if kind == "save" and tables > 1 else 0)):
            one()
        (signals / "ready").touch()
        while not (signals / "go").exists():
            time.sleep(0.02)
        counting[0] = True
        for _ in range(requests):
            one()
        (signals / "done").touch()
        while not (signals / "exit").exists():
            time.sleep(0.02)


def count(kind: str, deals: int, requests: int, tables: int = 1) -> float:
    """Instructions per request, in millions."""
    with tempfile.TemporaryDirectory() as name:
        signals = Path(name)
        log = signals / "callgrind.log"
        process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--log-file={log}",
             f"--callgrind-out-file={signals / 'callgrind.out'}", sys.executable, __file__,
             "--child", kind, str(deals), str(requests), str(signals), str(tables)],
            stdout=subprocess.DEVNULL)

        def wait_for(flag: str) -> None:
            while not (signals / flag).exists():
                if process.poll() is not None:
                    raise RuntimeError(f"the measured process ended early:\n{log.read_text()[-3000:]}")
                time.sleep(0.1)

        wait_for("ready")
        subprocess.run(["callgrind_control", "-i", "on", str(process.pid)], check=True, capture_output=True)
        (signals / "go").touch()
        wait_for("done")
        subprocess.run(["callgrind_control", "-i", "off", str(process.pid)], check=True, capture_output=True)
        (signals / "exit").touch()
        process.wait()
        collected = re.search(r"Collected : (\d+)", log.read_text())
        if collected is None:
            raise RuntimeError(log.read_text()[-3000:])
        return int(collected.group(1)) / requests / 1e6


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        kind, deals, requests, signals, tables = sys.argv[2:7]
        child(kind, int(deals), int(requests), Path(signals), int(tables))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="10,300", help="session lengths for the saves")
    parser.add_argument("--requests", type=int, default=10, help="measured requests per case")
    parser.add_argument("--tables", type=int, default=0,
                        help="also count saves going round-robin over this many 12-deal sessions, each to one of "
                             "two workers at random (bench/run.py: 399)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    sizes = [int(size) for size in args.deals.split(",")]
    saves = {size: count("save", size, args.requests) for size in sizes}
    board = count("board", 12, args.requests * 10)
    spread = count("save", 12, args.requests, args.tables) if args.tables else None
    print("| case | instructions per request |")
    print("|---|---|")
    for size, millions in saves.items():
        print(f"| htmx save into a {size}-deal session | {millions:.1f} M |")
    print(f"| kept board, 12 deals | {board:.2f} M |")
    if spread is not None:
        print(f"| htmx save, round-robin over {args.tables} 12-deal sessions, two workers | {spread:.1f} M |")
    if len(sizes) > 1:
        print(f"\nsave {sizes[-1]} / {sizes[0]} deals: {saves[sizes[-1]] / saves[sizes[0]]:.2f}x")


if __name__ == "__main__":
    main()
