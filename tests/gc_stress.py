"""The stress that crashed CPython 3.11 in November 2026: a collection started inside an attribute
store whose weakref callback (SQLAlchemy's InstanceState._cleanup) stored on the same object; compare
CPython issue 123083, fixed in 3.12+ only. Saves into a 300-deal session with Python's automatic
garbage collector on, in process and through a gunicorn worker. Run it under the debug allocator,
which fills freed memory, so that a use-after-free cannot pass silently:

    PYTHONMALLOC=debug .venv/bin/python tests/gc_stress.py [--saves 60] [--runs 3]

It exits 0 and prints how many saves each run stored; a crash ends the process (SIGSEGV/SIGABRT)
or the worker (a failed save). Not part of the suite: the check to run again after a change to how
requests hold ORM objects.
"""
from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import data  # noqa: E402
from scorekeeper import create_app  # noqa: E402

RAMSCH = {"type": "ramsch", "pushed": "0", "contra": "none", "points-0": "30", "points-1": "40", "points-2": "50",
          "took_trick-0": "y", "took_trick-1": "y", "took_trick-2": "y"}


def in_process(folder: Path, saves: int) -> int:
    path = folder / "stress.sqlite"
    data.build(path, sessions=1, lengths=(300, 300), limit=300 + saves + 10, templates=1)
    app = create_app({"TESTING": False, "SECRET_KEY": "s", "WTF_CSRF_ENABLED": False, "AUTO_MIGRATE": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    client = app.test_client()
    stored = 0
    for _ in range(saves):
        response = client.post("/sessions/1/deals", data=RAMSCH, headers={"HX-Request": "true"})
        stored += response.status_code == 200
        client.get("/sessions/1")
    return stored


def through_gunicorn(folder: Path, saves: int) -> int:
    path = folder / "served.sqlite"
    data.build(path, sessions=1, lengths=(300, 300), limit=300 + saves + 10, templates=1)
    port = 18000 + os.getpid() % 1000
    env = {**os.environ, "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SCOREKEEPER_SECRET_KEY": "s",
           "SCOREKEEPER_WTF_CSRF_ENABLED": "false", "SCOREKEEPER_INSTANCE_PATH": str(folder)}
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "-w", "1", "-b", f"127.0.0.1:{port}",
                               "scorekeeper:create_app()"], cwd=ROOT, env=env, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        stored = 0
        for _ in range(saves):
            body = urllib.parse.urlencode(RAMSCH).encode()
            request = urllib.request.Request(base + "/sessions/1/deals", body, {"HX-Request": "true"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                stored += answer.status == 200
            urllib.request.urlopen(base + "/sessions/1", timeout=30).read()
        return stored
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
        crashed = re.findall(rb"(Worker \(pid:\d+\) was sent SIG\w+|Segmentation fault|Fatal Python error)", errors)
        if crashed:
            sys.exit(f"the gunicorn worker crashed: {crashed}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    assert gc.isenabled(), "the automatic collector must be on for this check"
    print(f"Python {sys.version.split()[0]}, PYTHONMALLOC={os.environ.get('PYTHONMALLOC', '')}")
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            local = in_process(Path(folder), args.saves)
            served = through_gunicorn(Path(folder), args.saves)
        print(f"run {run + 1}: {local}/{args.saves} saves in process, {served}/{args.saves} through gunicorn")
        if local != args.saves or served != args.saves:
            sys.exit(1)


if __name__ == "__main__":
    main()
