"""`scorekeeper` / `python -m scorekeeper`: serve the app with gunicorn (the schema is created or
upgraded on start) and say which address a tablet on the same network opens."""
from __future__ import annotations

import argparse
import os
import socket
import sys

from . import ROOT


def lan_address() -> str:
    """This machine's address on its local network (no packet is sent), or the loopback one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def main(argv: list[str] | None = None) -> None:
    # SCOREKEEPER_BIND (host:port) is gunicorn.conf.py's address; these flags replace it
    host, _, port = os.environ.get("SCOREKEEPER_BIND", "0.0.0.0:5000").rpartition(":")
    parser = argparse.ArgumentParser(description="Serve Scorekeeper for the table.")
    parser.add_argument("--host", default=host or "0.0.0.0",
                        help="0.0.0.0 lets a tablet on the same network connect (default: SCOREKEEPER_BIND's)")
    parser.add_argument("--port", type=int, default=int(port) if port.isdigit() else 5000)
    parser.add_argument("--workers", type=int, help="gunicorn's worker processes (default: gunicorn.conf.py's)")
    parser.add_argument("--debug", action="store_true", help="Flask's development server, reloading on changes")
    args = parser.parse_args(argv)

    if args.host == "0.0.0.0":
        print(f"Scorekeeper: open http://{lan_address()}:{args.port} on a tablet on the same network.", flush=True)
    else:  # a proxy's address, or this machine's only
        print(f"Scorekeeper: listening on http://{args.host}:{args.port}.", flush=True)
    if args.debug:
        from . import create_app

        create_app().run(host=args.host, port=args.port, debug=True)
        return
    from gunicorn.app.wsgiapp import run

    sys.argv = ["scorekeeper", "--config", str(ROOT / "gunicorn.conf.py"), "--bind", f"{args.host}:{args.port}",
                *(["--workers", str(args.workers)] if args.workers else [])]
    run()


if __name__ == "__main__":
    main()
