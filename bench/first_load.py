"""A 100-deal board's first load in Chromium on a throttled phone network: when can the table use it?

    .venv/bin/python bench/first_load.py [--deals 100] [--runs 5] [--code DIR ...] [--json PATH]

A Schieberamsch session of `--deals` deals is entered through the forms (bench/bytes.py), then
served by gunicorn (4 workers, as gunicorn.conf.py starts them on 2 cores) from this checkout, or
from each `--code` folder (another version of the project, e.g. `git archive <commit> | tar -x -C
/tmp/before`), each on its own copy of the database; every worker has drawn the board once.
Debian's Chromium (Playwright) opens the board at the iPad viewport, cold: a new browser context
each time, nothing cached, no service worker yet. The network is throttled through the Chrome
DevTools Protocol (`Network.emulateNetworkConditions`) with DevTools' own presets (PROFILES).

Two figures, timed from navigation start in the page:
- painted and operable: the entry form's Save button and the totals are painted (first contentful
  paint passed, both visible). The form is an ordinary HTML form: from then on it saves a deal
  without any script (tests/e2e/test_table_ui.py checks that with JavaScript off).
- scripts run: also the page's scripts have run (DOMContentLoaded ended): htmx saves without a
  reload, app.js keeps drafts. Until issue 23's figures of 2026-11-26 17:13 this was "usable".
Also per load: every request until the network is idle, its bytes as transferred (headers and
compressed body), when it was asked for, answered (first byte: a request Chromium held back shows
here) and done, and the request chain's depth (the page is 1, what it links 2, what those fetch
3 ...). The runs of each version and profile alternate; printed are the medians.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bytes import long_board  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.servers import start_gunicorn, stop, wait_until_up  # noqa: E402

# Chrome DevTools' presets, bytes/s and ms, as devtools-frontend front_end/core/sdk/NetworkManager.ts
# defines them (Slow3GConditions; Slow4GConditions, called "Fast 3G" until May 2024) and puppeteer's
# PredefinedNetworkConditions repeats them: download/upload = kbit/s * 1000 / 8 * factor, latency = RTT * factor.
PROFILES = {
    "Slow 3G": {"downloadThroughput": 500 * 1000 / 8 * .8, "uploadThroughput": 500 * 1000 / 8 * .8,
                "latency": 400 * 5},
    "Fast 3G": {"downloadThroughput": 1.6 * 1000 * 1000 / 8 * .9, "uploadThroughput": 750 * 1000 / 8 * .9,
                "latency": 150 * 3.75},
}
GOALS = {"Slow 3G": 4500, "Fast 3G": 1500}  # ms, issue 23 item 12

# In the page, polled once a frame: the time (ms from navigation start) of the first frame in which
# the board is painted and operable (scripts: false) or also its scripts have run (scripts: true), else false.
USABLE = """scripts => {
  const save = document.querySelector("#entry button.primary");
  const total = document.querySelector(".bar .bar-total");
  const painted = performance.getEntriesByType("paint").some(p => p.name === "first-contentful-paint");
  const loaded = performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd > 0;
  return Boolean(save && total && painted && (loaded || !scripts) && save.checkVisibility()
                 && total.checkVisibility()) && performance.now();
}"""


def chain_depths(requests: dict[str, dict]) -> dict[str, int]:
    """Each request's depth in the chain: the page 1, a request started by the page (its parser or a
    script in it) 2, one started by what that loaded 3 ... A request without a known starter counts
    as started by the page."""
    depth_of_url: dict[str, int] = {}
    depths = {}
    for request_id, request in sorted(requests.items(), key=lambda item: item[1]["start"]):
        starter = request["initiator"]
        if request["type"] == "Document":
            depth = 1
        else:
            depth = depth_of_url.get(starter, 1) + 1
        depths[request_id] = depth
        depth_of_url.setdefault(request["url"], depth)
    return depths


def starter_url(initiator: dict) -> str | None:
    """The URL that started a request: the parsing document or style sheet, or the script on top of the stack."""
    if initiator.get("url"):
        return initiator["url"]
    stack = initiator.get("stack")
    while stack:
        for frame in stack.get("callFrames", []):
            if frame.get("url"):
                return frame["url"]
        stack = stack.get("parent")
    return None


def load_once(browser, device: dict, url: str, profile: str) -> dict:
    """One cold load of the board: operable and usable times, paint and script times, requests, bytes,
    chain depth."""
    context = browser.new_context(**device, locale="en-GB")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    requests: dict[str, dict] = {}

    def sent(event):
        requests[event["requestId"]] = {
            "url": event["request"]["url"], "type": event.get("type", ""), "start": event["timestamp"],
            "initiator": starter_url(event["initiator"]), "bytes": 0}

    def answered(event):
        if event["requestId"] in requests:
            requests[event["requestId"]].setdefault("first byte", event["timestamp"])

    def finished(event):
        if event["requestId"] in requests:
            requests[event["requestId"]].update(bytes=event["encodedDataLength"], end=event["timestamp"])

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.responseReceived", answered)
    cdp.on("Network.loadingFinished", finished)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **PROFILES[profile]})
    page.goto(url, wait_until="commit", timeout=60_000)
    operable = page.wait_for_function(USABLE, arg=False, polling="raf", timeout=60_000).json_value()
    usable = page.wait_for_function(USABLE, arg=True, polling="raf", timeout=60_000).json_value()
    page.wait_for_load_state("networkidle", timeout=60_000)
    timings = page.evaluate("""() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByType("paint").find(p => p.name === "first-contentful-paint");
      return {fcp: fcp.startTime, dom_content_loaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd};
    }""")
    context.close()
    start = min(request["start"] for request in requests.values())
    depths = chain_depths(requests)
    files = [{"path": urlsplit(request["url"]).path, "depth": depths[request_id], "bytes": request["bytes"],
              "start_ms": round((request["start"] - start) * 1000),
              "first_byte_ms": round((request.get("first byte", request["start"]) - start) * 1000),
              "end_ms": round((request.get("end", request["start"]) - start) * 1000)}
             for request_id, request in sorted(requests.items(), key=lambda item: item[1]["start"])]
    return {"operable": operable, "usable": usable, **timings, "requests": len(files),
            "bytes": sum(file["bytes"] for file in files), "depth": max(file["depth"] for file in files),
            **{f"depth before {key}": max(file["depth"] for file in files if file["start_ms"] < moment)
               for key, moment in (("operable", operable), ("usable", usable))}, "files": files}


def served(code: Path, instance: Path, database: Path):
    """gunicorn serving `code`'s app (started in that folder, so it imports that version) on `database`."""
    instance.mkdir()
    process, port = start_gunicorn(instance, f"sqlite:///{database}", workers=4, prefix=("env", "-C", str(code)))
    wait_until_up(process, port, instance)
    return process, f"http://127.0.0.1:{port}"


def warm(url: str, times: int = 12) -> None:
    """Every worker has loaded the board once (its replay), so a measured load waits for no cold start."""
    for _ in range(times):
        with urllib.request.urlopen(url, timeout=30) as answer:
            answer.read()


def median(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals on the board")
    parser.add_argument("--runs", type=int, default=5, help="cold loads per version and profile")
    parser.add_argument("--code", type=Path, action="append", help="a project folder to serve (default: this one)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    versions = [path.resolve() for path in args.code or [ROOT]]
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "board.sqlite"
        app = create_app({"TESTING": True, "SECRET_KEY": "b", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
        board, deals, _ = long_board(app, args.deals)
        with app.app_context():
            app.extensions["sqlalchemy"].engine.dispose()
        servers = []
        try:
            for number, code in enumerate(versions):
                copy = Path(folder) / f"board-{number}.sqlite"
                copy.write_bytes(database.read_bytes())
                servers.append(served(code, Path(folder) / f"instance-{number}", copy))
                warm(servers[-1][1] + board)
            results: dict[str, dict[str, list[dict]]] = {str(code): {name: [] for name in PROFILES}
                                                         for code in versions}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                device = playwright.devices["iPad (gen 7) landscape"]
                for _ in range(args.runs):
                    for name in PROFILES:
                        for code, (_, url) in zip(versions, servers):
                            results[str(code)][name].append(load_once(browser, device, url + board, name))
                browser.close()
        finally:
            for process, _ in servers:
                stop(process)
    figures = {"deals": deals, "runs": args.runs, "versions": {}}
    print(f"Schieberamsch board of {deals} deals, {args.runs} cold loads each, medians (ms from navigation start)")
    for code, profiles in results.items():
        print(f"\n{code}")
        figures["versions"][code] = {}
        for name, runs in profiles.items():
            summary = {key: median(runs, key) for key in (
                "operable", "usable", "fcp", "dom_content_loaded", "load", "requests", "bytes", "depth",
                "depth before operable", "depth before usable")}
            middle = sorted(runs, key=lambda run: run["usable"])[len(runs) // 2]
            figures["versions"][code][name] = {**summary, "all operable": [run["operable"] for run in runs],
                                               "all usable": [run["usable"] for run in runs], "files": middle["files"]}
            print(f"  {name} (goal <= {GOALS[name]} ms):")
            for key, label in (("operable", "painted and operable"), ("usable", "scripts run too")):
                verdict = "met" if summary[key] <= GOALS[name] else "MISSED"
                each = ", ".join(f"{run[key]:.0f}" for run in runs)
                print(f"    {label}: {summary[key]:.0f} ms ({verdict}; runs {each}), chain depth "
                      f"{summary[f'depth before {key}']:.0f} before it")
            print(f"    first paint {summary['fcp']:.0f}, DOMContentLoaded {summary['dom_content_loaded']:.0f}, "
                  f"load {summary['load']:.0f}; {summary['requests']:.0f} requests, {summary['bytes']:,.0f} bytes "
                  f"(chain depth {summary['depth']:.0f} in all)")
            for file in middle["files"]:  # the run of the median usable time
                print(f"      {file['depth']}  {file['path']:<44}{file['bytes']:>8,} B  asked {file['start_ms']:>5},"
                      f" first byte {file['first_byte_ms']:>5}, done {file['end_ms']:>5} ms")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
