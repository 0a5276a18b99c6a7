"""Issue 23, item 11: axe-core (through axe-playwright-python, which ships it) on every kind of page,
both languages, light and dark, tablet and phone: no critical and no serious violation, and none of
the page structure's (landmarks, headings); on a phone, every control at least 44 x 44 CSS px."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .conftest import PHONE, new_page

pytestmark = pytest.mark.e2e
SPEC = json.loads((Path(__file__).resolve().parents[2] / "scorekeeper" / "api" / "openapi.json").read_text())
NEW_SESSIONS = {slug: example["value"] for slug, example in SPEC["paths"]["/sessions"]["post"]["requestBody"]
                ["content"]["application/json"]["examples"].items()}
DEALS = {slug: example["value"] for slug, example in SPEC["paths"]["/sessions/{session_id}/deals"]["post"]
         ["requestBody"]["content"]["application/json"]["examples"].items()}
# (device, colour scheme, language): every page is checked in each
LOOKS = [("tablet", "light", "English"), ("tablet", "dark", "日本語"), ("phone", "dark", "English"),
         ("phone", "light", "日本語")]


def _pages(page) -> list[str]:
    """One session of every game with its example deal (the OpenAPI document's), and every kind of page."""
    paths = ["/", "/history", "/players", "/import", "/offline", "/devices"]
    for slug, body in NEW_SESSIONS.items():
        sid = page.request.post("/api/v1/sessions", data=body).json()["id"]
        answer = page.request.post(f"/api/v1/sessions/{sid}/deals", data=DEALS[slug])
        assert answer.status == 201, answer.text()
        paths += [f"/sessions/new/{slug}", f"/sessions/{sid}"]
        fields = page.request.get(f"/api/v1/sessions/{sid}").json()["next_deal_fields"]
        if any(field.get("deck") for field in fields):  # its card pickers, drawn in the page
            paths.append(f"/sessions/{sid}?cards=1")
    deal = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["id"]
    # a deal deleted and restored: the change log then has a "from what to what" to open
    gone = page.request.delete(f"/api/v1/sessions/{sid}/deals/{deal}")
    assert gone.ok, gone.text()
    back = page.request.post(f"/api/v1/sessions/{sid}/revisions/{gone.headers['revision-id']}/restore")
    assert back.ok, back.text()
    deal = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["id"]
    paths += [f"/sessions/{sid}/watch", f"/sessions/{sid}/big", f"/sessions/{sid}/deals/{deal}/edit",
              f"/sessions/{sid}/deals/{deal}/breakdown", f"/sessions/{sid}/changes", f"/sessions/{sid}/chart",
              f"/sessions/{sid}/statistics"]
    # more sessions than a page of the history holds: its "older" and "newer" links are checked too
    for _ in range(26):
        assert page.request.post("/api/v1/sessions", data={"game": "free_pad", "players": ["Ann", "Ben"]}).ok
    paths.append("/history?page=2")
    # bids locked before play: the locked bids and the play's form are headings of one level
    sid = page.request.post("/api/v1/sessions", data={"game": "yacht", "players": ["Ann", "Ben", "Cy"]}).json()["id"]
    bids = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9]}
    assert page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": bids, "phase": "bid"}).ok
    paths.append(f"/sessions/{sid}")
    page.goto("/players")
    paths.append(page.locator("main a[href^='/players/']").first.get_attribute("href"))
    return paths


# what a finger taps on a phone that is smaller than 44 x 44 CSS px (an input hidden inside its label
# counts as the label; a link inside a sentence, list item or table cell is text, as WCAG allows)
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'a, button, input:not([type=hidden]), select, summary, [tabindex]:not([tabindex="-1"])')]
  .map(e => (e.tagName === 'INPUT' && e.closest('label')) ? e.closest('label') : e)
  .filter(e => { const r = [e, ...e.children].map(c => c.getBoundingClientRect())
                   .reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
                 // out of sight until it has the keyboard's focus (clipped to 1 px): not a finger's target
                 return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== 'hidden'
                        && (r.width < 44 || r.height < 44)
                        && !(e.tagName === 'A' && e.closest('p, li, td, .stats-body, .chart-body, .breakdown-body')
                             && !e.classList.contains('small-button')); })
  .map(e => { const r = e.getBoundingClientRect();
              return e.tagName + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' '
                     + (e.textContent || e.name || '').trim().slice(0, 24); })"""


# moderate or minor, but how a screen reader finds its way: keyboard and screen-reader testers found two
# unnamed navigation landmarks on the board, a locked bids' h3 before the form's h2, big numbers without
# an h1, and empty header cells in the tables' corners
STRUCTURE = {"landmark-unique", "heading-order", "page-has-heading-one", "empty-table-header"}
# WCAG 2.5.3 (label in name, level A), an experimental rule of axe's: a keyboard tester found the Weis
# pickers' buttons named without the words they show ("tap to choose"), which voice control says
RULES = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}


@pytest.mark.parametrize("device, scheme, language", LOOKS, ids=["-".join(look) for look in LOOKS])
def test_no_page_has_a_serious_accessibility_violation(browser, live_server, device, scheme, language):
    """Each look apart (a test of all four took over pytest-timeout's 180 s on a busy 2-core machine)."""
    axe = Axe()
    found = []
    page = new_page(browser, live_server, PHONE if device == "phone" else None, color_scheme=scheme)
    paths = _pages(page)
    page.goto("/")
    page.get_by_role("button", name=language).click()
    expect(page.locator("html")).to_have_attribute("lang", "ja" if language == "日本語" else "en")
    for path in paths:
        page.goto(path)
        if device == "phone":
            found += [f"{device} {language} {path}: target {small}" for small in page.evaluate(SMALL_TARGETS)]
        for violation in axe.run(page, options=RULES).response["violations"]:
            if violation["impact"] in ("critical", "serious") or violation["id"] in STRUCTURE:
                targets = [node["target"] for node in violation["nodes"]][:3]
                found.append(f"{device} {scheme} {language} {path}: {violation['id']} {targets}")
    page.context.close()
    assert found == [], "\n".join(found)
