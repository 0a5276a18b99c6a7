"""Where an htmx save's time goes, part by part, in process.

Deal entry is the one goal of issue 11 still open (`bench/results.md`). This script times the parts
of a save so that the next change can be aimed and checked: it builds `--sessions` Schieberamsch
sessions of 12 deals (bench/data.py), saves a deal into each in turn (as bench/run.py's throughput
does), and reports the median time of each part over the measured saves. The app runs as in a
server: garbage collected between requests (scorekeeper/collector.py), each response closed.

    .venv/bin/python bench/save_phases.py [--sessions 100] [--rounds 4]

The parts overlap where one calls another (the PIN check's read is the first query of the request
and pays for taking a connection; `scoring.board` runs inside the view, before `scoring.save`).
Wall time on this machine varies by a tenth from run to run; compare within one sitting.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from run import Tablets, app_for  # noqa: E402

spent: dict[str, list[float]] = defaultdict(list)
ROW, BOARD, FORM, WRITE, RENDER, CHANGES, COMPRESS = (
    "the session's row (PIN check; takes the connection)", "the board: deals remembered (or read and replayed)",
    "the posted deal read (forms.posted_deal) and the next form chosen",
    "the write: claim, two INSERTs, summary, commit",
    "the answer rendered", "of which the latest changes (remembered or read)", "the answer compressed")
ORDER = [ROW, BOARD, FORM, WRITE, RENDER, CHANGES, COMPRESS]


def timing(label: str, function: Callable) -> Callable:
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label].append(time.perf_counter() - start)
    return timed


def instrument(app) -> None:
    """Wrap the parts of a save (module functions looked up at call time, and the template global)."""
    from flask_compress import Compress

    from scorekeeper import access, scoring
    from scorekeeper.sessions import views

    for module, name, label in (
        (access, "load_session", ROW), (scoring, "board", BOARD), (views, "_entry_form", FORM),
        (views, "posted_deal", FORM),
        (scoring, "save", WRITE), (views, "_render", RENDER),
    ):
        setattr(module, name, timing(label, getattr(module, name)))
    globals_ = app.jinja_env.globals
    globals_["recent_changes"] = timing(CHANGES, globals_["recent_changes"])
    hooks = app.after_request_funcs[None]
    for index, hook in enumerate(hooks):
        if isinstance(getattr(hook, "__self__", None), Compress):
            hooks[index] = timing(COMPRESS, hook)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4, help="saves per session (the first two warm up)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "phases.sqlite"
        data.build(path, sessions=args.sessions, lengths=(12, 12), limit=100_000, templates=1)
        app = app_for(path)
        instrument(app)
        client = app.test_client()
        headers = {"Accept-Encoding": "gzip, deflate, br", "HX-Request": "true"}
        tablets = Tablets()  # each board opened first: a save names the form's fields its tablet holds
        tablets.open_boards_in(client, range(1, args.sessions + 1))
        whole: list[float] = []
        for index in range(args.rounds * args.sessions):
            if index == 2 * args.sessions:  # the first two rounds warm up (replays, kept fragments)
                spent.clear()
                whole.clear()
            start = time.perf_counter()
            session = 1 + index % args.sessions
            response = client.post(f"/sessions/{session}/deals",
                                   data=tablets.form(session), headers=headers)
            assert response.status_code == 200, response.status_code
            response.close()
            whole.append(time.perf_counter() - start)
            tablets.saved_unread(session)  # its next form's key and the board's version, as the answer says
    total = statistics.median(whole) * 1000
    saves = len(whole)
    print(f"htmx save into {args.sessions} sessions of 12+ deals in turn, {saves} measured saves (median ms)\n")
    print("| part | ms | share of the save | calls per save |")
    print("|---|---|---|---|")
    print(f"| the whole request (test client included) | {total:.2f} | | |")
    for label, samples in sorted(spent.items(), key=lambda item: ORDER.index(item[0])):
        ms = statistics.median(samples) * 1000 * len(samples) / saves
        print(f"| {label} | {ms:.2f} | {ms / total:.0%} | {len(samples) / saves:g} |")


if __name__ == "__main__":
    main()
