"""Garbage collection between requests (scorekeeper/collector.py): the CPython 3.11 crash it avoids,
and that the servers collect after each response, never during a request."""
from __future__ import annotations

import gc
import os
import runpy
import signal
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from scorekeeper import ROOT, collector

CRASH = Path(__file__).resolve().parent.parent / "crash_311.py"


def run_crash_script(*args: str) -> subprocess.CompletedProcess:
    # the debug allocator fills freed memory, so that reading it again cannot go unnoticed
    env = {**os.environ, "PYTHONMALLOC": "debug", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(CRASH), "200", *args], env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the crash is CPython 3.11's")
def test_the_automatic_collector_crashes_this_python_inside_an_attribute_store():
    """What collector.py is for: the interpreter dies. If this fails on a later 3.11 (the bug fixed
    there), the switch may go."""
    result = run_crash_script()
    assert result.returncode in (-signal.SIGSEGV, -signal.SIGABRT), result.stdout + result.stderr[-2000:]


def test_collecting_between_requests_runs_the_same_code_and_frees_all_its_garbage():
    result = run_crash_script("--between-requests")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "survived 200 trials, 200 callbacks" in result.stdout  # every cycle collected, between "requests"


@pytest.fixture
def automatic_collector_restored():
    """These tests switch the collector off themselves: on as it was before (conftest.py switches
    it off for the whole run), and what they froze handed back to it."""
    was_on = gc.isenabled()
    gc.enable()
    yield
    gc.unfreeze()
    if not was_on:
        gc.disable()


class Litter:
    pass


def test_the_table_server_collects_after_each_response_is_sent(app, client, automatic_collector_restored):
    """`python -m scorekeeper`: the automatic collector is off, and the cycles a request leaves
    behind are gone once its response has been sent (closed), not before."""
    left: list[weakref.ref] = []

    @app.get("/litter")
    def litter():
        cycle = Litter()
        cycle.me = cycle
        left.append(weakref.ref(cycle))
        return "ok"

    collector.between_requests(app)
    assert not gc.isenabled()
    response = client.get("/litter", buffered=False)
    assert left[0]() is not None  # the answer is not sent yet: nothing collected during the request
    response.close()
    assert left[0]() is None
    assert client.get("/history").status_code == 200 and not gc.isenabled()


def test_gunicorn_workers_collect_after_each_request(automatic_collector_restored):
    """The hooks in gunicorn.conf.py (read by gunicorn from the project folder)."""
    hooks = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    hooks["post_worker_init"](None)
    assert not gc.isenabled()
    cycle = Litter()
    cycle.me = cycle
    gone = weakref.ref(cycle)
    del cycle
    for _ in range(3 * collector.MIDDLE_EVERY):  # young, then middle generation
        hooks["post_request"](None, None, {}, None)
    assert gone() is None


def test_a_full_collection_is_due_only_when_the_process_has_grown_by_a_quarter(monkeypatch,
                                                                              automatic_collector_restored):
    """Every ALL_EVERY responses the collector looks at the memory blocks Python has allocated: the
    oldest generation (mostly what the process keeps on purpose) is walked only when they grew by a
    quarter since the last full collection, as CPython's own collector decides."""
    import itertools

    collector.switch_off()
    blocks = [collector._after_full[0]]
    asked: list[int] = []
    real = gc.collect
    monkeypatch.setattr(collector.sys, "getallocatedblocks", lambda: blocks[0])
    monkeypatch.setattr(collector.gc, "collect", lambda generation=2: asked.append(generation) or real(generation))

    def responses(count: int) -> None:
        for _ in range(count):
            collector.collect()

    monkeypatch.setattr(collector, "_responses", itertools.count(1))
    responses(collector.ALL_EVERY)
    assert 2 not in asked and asked.count(1) == collector.ALL_EVERY // collector.MIDDLE_EVERY
    blocks[0] = int(blocks[0] * 1.2)  # grown, but not by a quarter
    responses(collector.ALL_EVERY)
    assert 2 not in asked
    blocks[0] = int(collector._after_full[0] * 1.3)
    responses(collector.ALL_EVERY - 1)
    assert 2 not in asked  # only every ALL_EVERY responses
    responses(1)
    assert asked[-1] == 2 and collector._after_full[0] == blocks[0]  # measured again after collecting
    responses(collector.ALL_EVERY)
    assert asked.count(2) == 1
