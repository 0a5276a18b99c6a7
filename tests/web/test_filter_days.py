"""A day typed in a filter is that day in the zone the pages show times in (the device's, as its
pages tell it, else BABEL_DEFAULT_TIMEZONE: what Flask-Babel formats with), on the history and on a
player's page; the API keeps UTC days.

Four sessions of Anna and Ben, seen from Tokyo (UTC+9) around the midnights of 27 November 2026:

    eve      2026-11-26 14:59Z  ->  2026-11-26 23:59 in Tokyo
    morning  2026-11-26 23:30Z  ->  2026-11-27 08:30 (the tester's session: a UTC day earlier)
    late     2026-11-27 14:59Z  ->  2026-11-27 23:59
    next     2026-11-27 15:00Z  ->  2026-11-28 00:00
"""
from __future__ import annotations

import re
from datetime import date, datetime

import pytest
import pytz
import tzlocal

from scorekeeper import create_app, i18n, summaries
from scorekeeper.extensions import db
from scorekeeper.history import day_bounds
from scorekeeper.models import GameSession, Player

from .test_api import call
from .test_player_filters import cells
from .test_what_if import session_with

TOKYO = {"BABEL_DEFAULT_TIMEZONE": "Asia/Tokyo"}
STARTS = ("2026-11-26 14:59", "2026-11-26 23:30", "2026-11-27 14:59", "2026-11-27 15:00")  # UTC


def started(app, client, starts: tuple[str, ...]) -> int:
    """One free pad session of Anna (10) and Ben (30) started at each of `starts` (UTC); Anna's id."""
    ids = [session_with(client, "free_pad", ["Anna", "Ben"], [{"points": [10, 30]}], options={"rounds": 1})
           for _ in starts]
    with app.app_context():
        for sid, start in zip(ids, starts):
            db.session.get(GameSession, sid).created_at = datetime.fromisoformat(start)
        db.session.commit()
        summaries.refresh(ids)  # the seat summaries carry the date the player filters read
        anna = db.session.execute(db.select(Player.id).filter_by(name="Anna")).scalar_one()
        db.session.remove()
    return anna


@pytest.fixture
def around_midnight(app, client):
    return started(app, client, STARTS)


def listed(html: str) -> list[str]:
    """The times of the sessions a page lists, as the page shows them."""
    return re.findall(r'<time datetime="[^"]*">([^<]*)</time>', html)


def test_unconfigured_the_times_are_the_server_machines_from_a_devices_first_page(tmp_path, monkeypatch):
    """Testers' phones in Tokyo and Zurich: the first page a device opened showed UTC times (the
    default) until its pages had told the server their zone, and a board then mixed both. Without
    a configured zone the default is the server machine's own, where its tables usually are."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    tzlocal.reload_localzone()  # tzlocal reads the machine's zone once a process
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'zone.sqlite'}"})
        assert app.config["BABEL_DEFAULT_TIMEZONE"] == "Asia/Tokyo"
        client = app.test_client()
        started(app, client, STARTS)
        assert listed(client.get("/history").get_data(as_text=True)) == [
            "2026-11-28 00:00", "2026-11-27 23:59", "2026-11-27 08:30", "2026-11-26 23:59"]
    finally:
        monkeypatch.setenv("TZ", "UTC")
        tzlocal.reload_localzone()
    monkeypatch.setattr(tzlocal, "get_localzone_name", lambda: "localtime")  # a name pytz does not know
    assert i18n.server_zone() == "UTC"


@pytest.mark.parametrize("app", [TOKYO], indirect=True)
def test_the_history_filters_the_days_of_the_zone_it_shows_times_in(around_midnight, client):
    assert listed(client.get("/history").get_data(as_text=True)) == [
        "2026-11-28 00:00", "2026-11-27 23:59", "2026-11-27 08:30", "2026-11-26 23:59"]
    assert listed(client.get("/history?from=2026-11-27&to=2026-11-27").get_data(as_text=True)) == [
        "2026-11-27 23:59", "2026-11-27 08:30"]
    assert listed(client.get("/history?from=2026-11-26&to=2026-11-26").get_data(as_text=True)) == [
        "2026-11-26 23:59"]
    assert listed(client.get("/history?from=2026-11-28").get_data(as_text=True)) == ["2026-11-28 00:00"]
    assert listed(client.get("/history?to=2026-11-26").get_data(as_text=True)) == ["2026-11-26 23:59"]


def test_a_device_that_tells_its_zone_is_shown_and_filtered_in_it(around_midnight, client):
    """A tester's tablet in Los Angeles on a UTC server: the page showed its times in the tablet's
    zone (a script rewrote them) but read a typed day as the server's, so "27 November" missed the
    sessions it showed on the 27th. The pages tell the server the device's zone (a `tz` cookie, set
    by app.js), and the server shows and filters in it; a cookie that names no zone is ignored."""
    client.set_cookie("tz", "Asia/Tokyo")  # the default here is UTC
    assert listed(client.get("/history").get_data(as_text=True)) == [
        "2026-11-28 00:00", "2026-11-27 23:59", "2026-11-27 08:30", "2026-11-26 23:59"]
    assert listed(client.get("/history?from=2026-11-27&to=2026-11-27").get_data(as_text=True)) == [
        "2026-11-27 23:59", "2026-11-27 08:30"]
    picture = client.get(f"/sessions/{around_midnight}/result.svg").get_data(as_text=True)
    assert " UTC " not in picture  # the time is the device's: not labelled UTC (a tester)
    days = set()
    for zone in ("Pacific/Kiritimati", "Etc/GMT+12"):  # UTC+14 and UTC-12: never the same day
        client.set_cookie("tz", zone)
        days.add(client.get("/export.json").headers["Content-Disposition"])
    assert len(days) == 2  # an export is named for the device's day, not the server's
    client.set_cookie("tz", "../../etc/passwd")
    assert listed(client.get("/history?from=2026-11-27&to=2026-11-27").get_data(as_text=True)) == [
        "2026-11-27 15:00", "2026-11-27 14:59"]  # UTC days, as the server is set


@pytest.mark.parametrize("app", [TOKYO], indirect=True)
def test_a_players_page_counts_and_lists_the_days_of_the_zone_it_shows_times_in(around_midnight, client):
    html = client.get(f"/players/{around_midnight}?since=2026-11-27&until=2026-11-27").get_data(as_text=True)
    assert listed(html) == ["2026-11-27 23:59", "2026-11-27 08:30"]
    assert cells(html, "records") == [["Free score pad", "2", "2", "0", "2", "10.0", "2.0"]]
    html = client.get(f"/players/{around_midnight}?until=2026-11-26").get_data(as_text=True)
    assert listed(html) == ["2026-11-26 23:59"] and cells(html, "records")[0][1] == "1"


@pytest.mark.parametrize("app", [TOKYO], indirect=True)
def test_the_api_keeps_utc_days_as_v1_documents_them(around_midnight, client):
    answer = call(client, "GET", f"/api/v1/players/{around_midnight}/stats?since=2026-11-26&until=2026-11-26").json
    assert [game["sessions"] for game in answer["games"]] == [2]  # eve and morning: 26 November in UTC


def test_a_day_is_bounded_by_its_midnights_in_the_zone_even_when_the_clocks_change():
    assert day_bounds(date(2026, 11, 27)) == (datetime(2026, 11, 27), datetime(2026, 11, 28))
    assert day_bounds(date(2026, 11, 27), pytz.timezone("Asia/Tokyo")) == (datetime(2026, 11, 26, 15),
                                                                          datetime(2026, 11, 27, 15))
    # Zurich puts its clocks forward on 29 March 2026: a day of 23 hours
    assert day_bounds(date(2026, 3, 29), pytz.timezone("Europe/Zurich")) == (datetime(2026, 3, 28, 23),
                                                                            datetime(2026, 3, 29, 22))


MONTH_ENDS = ("2026-10-31 14:59", "2026-10-31 15:00", "2026-11-30 23:30")  # UTC: 23:59, 00:00, 08:30 in Tokyo


@pytest.mark.parametrize("app", [TOKYO], indirect=True)
def test_a_players_months_are_those_of_the_zone_the_pages_show_times_in(app, client):
    """Seen from Tokyo the second session starts 1 November and the third 1 December; the API keeps the
    UTC months, as it keeps UTC days."""
    anna = started(app, client, MONTH_ENDS)
    html = client.get(f"/players/{anna}").get_data(as_text=True)
    assert 'aria-label="Average place by month: 2026-10 2, 2026-11 2, 2026-12 2"' in html
    assert "0 won of 3 finished sessions since 2026-10" in html
    months = call(client, "GET", f"/api/v1/players/{anna}/stats").json["months"]
    assert [(month["month"], month["finished"]) for month in months] == [("2026-10", 2), ("2026-11", 1)]
