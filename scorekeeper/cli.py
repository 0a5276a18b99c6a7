"""`scorekeeper` / `python -m scorekeeper`: start the app (schema created or upgraded on start)."""
from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Scorekeeper for the table.")
    parser.add_argument("--host", default="0.0.0.0", help="0.0.0.0 lets a tablet on the same network connect")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args(argv)

    from . import collector, create_app

    app = collector.between_requests(create_app())  # garbage collected between requests (collector.py)
    app.run(host=args.host, port=args.port, debug=args.debug, threaded=True, use_reloader=False)


if __name__ == "__main__":
    main()
