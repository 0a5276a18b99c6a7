"""Reading the served pages as a browser does: forms, the entry form's hidden fields, htmx's poller and
headers, the files a page links. The benchmarks take every URL, token, key and version from here,
so a change to the pages' query parameters or fields needs no change to them."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

NEW = "/sessions/new/schieberamsch"
ATTRIBUTE = re.compile(r'([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+)))?')
ENTRY = re.compile(r'(<form\b[^>]*\bid="entry"[^>]*>)(.*?)</form>', re.S)
INPUT = re.compile(r"<input\b[^>]*>")
POLLER = re.compile(r'<[a-z]+\b[^>]*\bid="poller"[^>]*>')
LINKED = re.compile(r"<(?:link|script)\b[^>]*>")
WATCH = re.compile(r'href="([^"]*/watch)"')


def attributes(tag: str) -> dict[str, str]:
    pairs = ATTRIBUTE.findall(tag.strip("<>"))
    return {name.lower(): html.unescape(a or b or c) for name, a, b, c in pairs[1:]}


def entry_form(text: str) -> tuple[str, dict[str, str]] | None:
    """The entry form's target and hidden fields (idempotency key, board version, CSRF token)."""
    match = ENTRY.search(text)
    if not match:
        return None
    head = attributes(match.group(1))
    hidden = {}
    for tag in INPUT.findall(match.group(2)):
        field = attributes(tag)
        if field.get("type") == "hidden" and "name" in field:
            hidden[field["name"]] = field.get("value", "")
    return head.get("hx-post") or head.get("action"), hidden


def ramsch(hidden: dict[str, str], points: tuple[int, ...]) -> dict[str, str]:
    """The fields a tablet posts for a Ramsch deal with these card points."""
    data = {**hidden, "type": "ramsch", "pushed": "0", "contra": "none"}
    for seat, value in enumerate(points):
        data[f"points-{seat}"] = str(value)
        if value:
            data[f"took_trick-{seat}"] = "y"
    return data


def poll_url(text: str) -> str | None:
    """The URL of the page's htmx poller (`hx-get` of the element with id="poller")."""
    match = POLLER.search(text)
    return attributes(match.group(0)).get("hx-get") if match else None


def watch_link(text: str) -> str | None:
    match = WATCH.search(text)
    return html.unescape(match.group(1)) if match else None


# What a browser asks for only to add the app to a home screen, not when the page is visited
# (headless Chromium never does; Chrome with its install menu may ask for the manifest after the load).
FOR_HOME_SCREEN = {"manifest", "apple-touch-icon"}


def linked_files(text: str, visit: bool = False) -> list[str]:
    """What the page links with <link href> and <script src>: style sheets, scripts, icons, manifest
    (visit: without what a browser asks for only to add the app to a home screen)."""
    found = [attributes(tag) for tag in LINKED.findall(text)]
    return [link.get("href") or link.get("src") for link in found if (link.get("href") or link.get("src"))
            and not (visit and link.get("rel") in FOR_HOME_SCREEN)]


class Forms(HTMLParser):
    """What a browser would submit for each form of a page; every input's attributes, every select's options."""

    def __init__(self, text: str):
        super().__init__()
        self.forms: list[tuple[dict[str, str], dict[str, str]]] = []
        self.inputs: dict[str, dict[str, str]] = {}
        self.options: dict[str, list[str]] = {}
        self.select: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append((attrs, {}))
        if not self.forms:
            return
        fields = self.forms[-1][1]
        if tag == "input" and "name" in attrs:
            self.inputs[attrs["name"]] = attrs
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    fields[attrs["name"]] = attrs.get("value") or "on"
            elif kind not in ("submit", "button", "file", "image", "reset"):
                fields[attrs["name"]] = attrs.get("value", "")
        elif tag == "select":
            self.select = attrs.get("name")
            self.options[self.select] = []
        elif tag == "option" and self.select:
            self.options[self.select].append(attrs.get("value", ""))
            if self.select not in fields or "selected" in attrs:
                fields[self.select] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None

    def holding(self, name: str) -> tuple[dict[str, str], dict[str, str]]:
        """The form with a field of this name: its attributes and its fields."""
        return next(form for form in self.forms if name in form[1])

    def choosing(self, value: str) -> str | None:
        """The name of the select that offers this value."""
        return next((name for name, values in self.options.items() if value in values), None)
