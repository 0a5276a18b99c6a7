"""The style sheet travels inside every page without its comments and layout (rcssmin, assets.style_sheet):
the browser reads from it exactly the rules static/css/app.css as written holds."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import new_page

pytestmark = pytest.mark.e2e

STYLE_SHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"
# Each text parsed by the browser into a style sheet; every rule as the browser writes it back, nested
# rules (@media, @supports, @layer, nesting) each on their own, with what it dropped as invalid.
RULES = r"""texts => texts.map(text => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  const rules = [];
  const walk = list => { for (const rule of list) {
    const head = rule.cssRules ? rule.cssText.slice(0, rule.cssText.indexOf("{")) : rule.cssText;
    const text = rule.constructor.name + " " + head + (rule.cssRules && rule.style ? rule.style.cssText : "");
    // a value with var() is kept as it was written until it is used: its spaces after commas with it
    rules.push(text.replace(/\s*,\s*/g, ","));
    if (rule.cssRules) walk(rule.cssRules);
  } };
  walk(sheet.cssRules);
  return rules;
})"""


def test_the_page_s_style_sheet_holds_every_rule_of_the_file_as_written(browser, live_server):
    page = new_page(browser, live_server)
    page.goto("/")
    travelled = page.locator("style").first.text_content()
    as_written = STYLE_SHEET.read_text(encoding="utf-8")
    assert len(travelled) < len(as_written)  # it is the minified text that travels
    written_rules, travelled_rules = page.evaluate(RULES, [as_written, travelled])
    assert len(written_rules) > 300  # the whole file was read, media queries included
    assert any(rule.startswith("CSSMediaRule @media screen and (prefers-color-scheme: dark)") for rule in written_rules)
    assert travelled_rules == written_rules
    page.context.close()
