"""Deal entry under gunicorn: this checkout against another one, in alternating rounds.

The share of "hello" in bench/run.py moves with how busy the machine is; two commits compare best
side by side. Each tree gets its own gunicorn and its own copy of one database (bench/data.py:
400 Schieberamsch sessions of 12 deals), and the rounds alternate between them, so that both see the
same machine. The load is bench/run.py's deal entry: saves round-robin over the sessions, from
tablets that keep their cookie and name the fields they hold (`Tablets`).

    git worktree add /tmp/base e2cb04b
    .venv/bin/python bench/compare.py /tmp/base                        # 2 workers, 4 client threads
    .venv/bin/python bench/compare.py /tmp/base --workers 1 --threads 1  # a save's own cost

With one worker and one client thread nothing else competes for the cores, and saves per CPU
second are what one save costs; with two workers and four client threads (bench/run.py's setting)
the load loop and both workers share the machine's two cores.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
import run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (e.g. a git worktree)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    trees = {"other": args.other.resolve(), "this": run.ROOT}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        built = folder / "built.sqlite"
        data.build(built, sessions=400, lengths=(12, 12), limit=99, templates=20)
        servers, tablets = {}, {}
        try:
            for label, tree in trees.items():
                database = folder / f"{label}.sqlite"
                shutil.copy(built, database)
                env = {**run.app_env(database, folder), "PYTHONPATH": str(tree)}  # its own scorekeeper
                servers[label] = run.gunicorn("scorekeeper:create_app()", args.workers, env, tree, cwd=tree)
            for label, (_, port) in servers.items():
                tablets[label] = run.Tablets()
                tablets[label].open_boards(port, range(2, 401))
            per_cpu: dict[str, list[float]] = {label: [] for label in trees}
            rates: dict[str, list[float]] = {label: [] for label in trees}
            for number in range(args.rounds + 1):  # the first round of each warms up, untimed
                for label in (trees if number % 2 else list(reversed(trees))):
                    process, port = servers[label]
                    cpu = run.server_cpu(process)
                    rate, count = run.load(port, tablets[label].request, args.seconds, threads=args.threads,
                                           answered=tablets[label].answered)
                    if number:
                        per_cpu[label].append(count / max(run.server_cpu(process) - cpu, 1e-3))
                        rates[label].append(rate)
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait(10)
    print(f"deal entry, {args.workers} worker(s), {args.threads} client thread(s), "
          f"{args.rounds} rounds of {args.seconds:g} s")
    print("| checkout | saves per CPU second of the server | req/s |")
    print("|---|---|---|")
    for label, tree in trees.items():
        print(f"| {label} ({tree}) | {statistics.median(per_cpu[label]):.0f} {[round(v) for v in per_cpu[label]]} | "
              f"{statistics.median(rates[label]):.0f} {[round(v) for v in rates[label]]} |")


if __name__ == "__main__":
    main()
