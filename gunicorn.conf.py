"""gunicorn reads this file when started from the project folder (the README's club setup, the
benchmarks, the concurrency tests).

Garbage collection: a worker keeps long-lived objects (the remembered replays, kept boards, the
loaded templates), and Python's default collector walks them over and over: measured in
bench/results.md, a third of entering a deal into a 300-deal session. After the app is loaded its
objects are frozen out of the collector's sight, and the youngest generation is collected every
10,000 allocations instead of every 700 (the cycles a request leaves behind are still collected).
"""
import gc


def post_worker_init(worker):
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
