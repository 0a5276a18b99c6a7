"""The scoreboard CSV cannot run formulas in a spreadsheet: a text cell starting with = + - @, a tab
or a carriage return gets a leading apostrophe (OWASP's CSV injection advice); numbers, negative
ones included, stay numbers."""
from __future__ import annotations

import csv
import io

import pytest

from tests.test_ja_breakdowns import CASES

HOSTILE = ['=HYPERLINK("http://x","y")', "@SUM(A1)", "-2+3"]
MORE = ["+1", "\tx", "\r=1+1"]  # a tab or carriage return is taken out of a name when it is stored
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(name: str) -> str:
    return "'" + name if name.startswith(FORMULA_STARTS) else name


@pytest.mark.parametrize("names", [HOSTILE, MORE], ids=["hostile", "more"])
@pytest.mark.parametrize("url", ["/sessions/{sid}/scoreboard.csv", "/api/v1/sessions/{sid}/scoreboard.csv"],
                         ids=["page", "api"])
def test_names_that_look_like_formulas_are_neutralised_and_numbers_stay_numbers(client, names, url):
    response = client.post("/api/v1/sessions", json={"game": "italian_whist", "players": names})
    assert response.status_code == 201, response.get_json()
    sid = response.get_json()["id"]
    for deal in CASES["italian_whist"][0][2]:
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": deal}).status_code == 201
    board = client.get(f"/api/v1/sessions/{sid}").get_json()
    stored = board["players"]
    response = client.get(url.format(sid=sid))
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"), newline="")))
    header, deals, total = rows[0], rows[1:-1], rows[-1]
    assert header[2:] == [neutral(name) for name in stored]
    assert [row[1] for row in deals] == [neutral(stored[deal["dealer"]]) for deal in board["deals"]]
    formulas = [cell for row in rows for cell in row if cell.startswith(FORMULA_STARTS)]
    assert all(cell.lstrip("-").isdigit() for cell in formulas)  # only negative numbers
    # the points stay numbers, negative ones too
    assert [[int(cell) for cell in row[2:]] for row in deals] == [deal["points"] for deal in board["deals"]]
    assert [int(cell) for cell in total[2:]] == board["standings"]["totals"]
    assert any(cell.startswith("-") for row in deals for cell in row[2:])
    if names is HOSTILE:
        assert header[2:] == ["'=HYPERLINK(\"http://x\",\"y\")", "'@SUM(A1)", "'-2+3"]
        assert [row[1] for row in deals] == ["'=HYPERLINK(\"http://x\",\"y\")", "'@SUM(A1)"]
