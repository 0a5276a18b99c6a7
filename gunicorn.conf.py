"""gunicorn reads this file when started from the project folder (the README's club setup, the
benchmarks, the concurrency tests).

Garbage collection runs between requests, never inside one (scorekeeper/collector.py): on Python
3.11 a collection that starts inside an attribute store can crash the worker. Once a worker has
loaded the app, what it loaded is frozen out of the collector's sight and the automatic collector
is off; after each response has been sent, the worker collects what the request left behind.
"""
from scorekeeper import collector


def post_worker_init(worker):
    collector.switch_off()


def post_request(worker, req, environ, resp):
    collector.collect()
