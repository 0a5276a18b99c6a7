"""`scorekeeper` / `python -m scorekeeper`: serve the app with gunicorn (the schema is created or
upgraded on start) and say which address a tablet on the same network opens."""
from __future__ import annotations

import argparse
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
    parser = argparse.ArgumentParser(description="Serve Scorekeeper for the table.")
    parser.add_argument("--host", default="0.0.0.0", help="0.0.0.0 lets a tablet on the same network connect")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, help="gunicorn's worker processes (default: gunicorn.conf.py's)")
    parser.add_argument("--debug", action="store_true", help="Flask's development server, reloading on changes")
    args = parser.parse_args(argv)

    shown = lan_address() if args.host == "0.0.0.0" else args.host
    print(f"Scorekeeper: open http://{shown}:{args.port} on a tablet on the same network.", flush=True)
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
