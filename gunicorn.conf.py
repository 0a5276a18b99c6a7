"""gunicorn's settings when it is started from the project folder (scripts/serve, the club setup in
docs/operations.md, the benchmarks and the concurrency tests); command-line flags override them."""
import multiprocessing
import os

wsgi_app = "scorekeeper:create_app()"
bind = os.environ.get("SCOREKEEPER_BIND", "0.0.0.0:5000")
# sync workers: a save is short; a device that follows a table polls instead of holding a worker
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count()))
# a request may take this long before its worker is restarted: a save takes milliseconds, but a
# restored backup of tens of MB (POST /import) is checked and stored in one request for a minute or two
timeout = int(os.environ.get("SCOREKEEPER_WORKER_TIMEOUT", 300))
# gunicorn's control socket (gunicornc) is not used; on by default it is one path for every gunicorn
# of the user, which two servers on one machine would share
control_socket_disable = True
