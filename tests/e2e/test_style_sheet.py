"""The style sheet travels inside every page without its comments and layout (rcssmin, assets.style_sheet):
every element of the app's kinds of page is styled exactly as static/css/app.css as written styles it."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import PHONE
from .test_table_ui import RAMSCH, api_session

pytestmark = pytest.mark.e2e

STYLE_SHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"
# In the page: every computed property of every element (and what its ::before and ::after show) with the
# style sheet as it came and with `written` instead; the elements and properties that differ.
DIFFERENCES = """written => {
  const computed = () => Array.from(document.querySelectorAll("*"), element => {
    const style = getComputedStyle(element), values = [];
    for (let i = 0; i < style.length; i++) values.push(style[i] + ":" + style.getPropertyValue(style[i]));
    for (const pseudo of ["::before", "::after"]) values.push(pseudo + ":" + getComputedStyle(element, pseudo).content);
    return values.join(";");
  });
  const style = document.querySelector("style"), came = style.textContent;
  style.textContent = written;
  const asWritten = computed();
  style.textContent = came;
  const asCame = computed();
  if (asCame.length !== asWritten.length) return ["not the same elements"];
  return asCame.flatMap((values, index) => values === asWritten[index] ? [] : [[index, values.split(";").filter(
    value => !asWritten[index].split(";").includes(value)).slice(0, 3)]]);
}"""


def test_the_minified_style_sheet_styles_every_element_as_the_file_does(browser, live_server):
    chromium, ipad = browser
    as_written = STYLE_SHEET.read_text(encoding="utf-8")
    grand = {"type": "grand_hand", "soloist": 1, "soloist_points": 95, "jacks": ["JC", "JS"], "contra": "contra"}
    sid = None
    for device, scheme in ((ipad, "light"), (PHONE, "dark")):
        # bypass_csp: the style sheet as written has another hash than the one the page allows
        context = chromium.new_context(**device, base_url=live_server, color_scheme=scheme, bypass_csp=True)
        page = context.new_page()
        sid = sid or api_session(page, options={"deals": 8}, deals=[RAMSCH, grand])
        board = f"/sessions/{sid}"
        paths = [board, f"{board}?cards=1", f"{board}/watch"]
        if device is ipad:
            paths += ["/", "/history", "/sessions/new/coiffeur", "/import", f"{board}/big"]
        for path in paths:
            page.goto(path)
            page.evaluate("""() => {
              document.querySelectorAll("details").forEach(details => { details.open = true; });
              document.querySelectorAll("img").forEach(image => { image.loading = "eager"; });
            }""")
            page.wait_for_load_state("networkidle")  # the opened breakdowns, chart and statistics have come
            page.wait_for_function("Array.from(document.images).every(image => image.complete)")
            for media in ("screen", "print") if path == board else ("screen",):
                page.emulate_media(media=media)
                differences = page.evaluate(DIFFERENCES, as_written)
                assert not differences, (path, scheme, media, differences[:5])
        context.close()
