"""A player's name corrected on the player's page (names.rename_player): every session shows the new
name and logs it, a stale tablet is told, the statistics follow; the name of another player joins
the two unless they sat at the same table; a table's PIN is needed; an export holding it imports."""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Player, Revision, Seat, SeatSummary, SessionSummary

from .helpers import alerts, new_schieberamsch, ramsch_form

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


def player_id(name: str) -> int:
    return db.session.scalar(db.select(Player.id).where(Player.name == name))


def rename(client, name: str, new: str):
    return client.post(f"/players/{player_id(name)}/name", data={"name": new})


def field_errors(html: str) -> list[str]:
    return re.findall(r'<p class="field-error"[^>]*>([^<]*)</p>', html)


def test_a_typo_fixed_shows_in_every_session_and_its_log_and_a_stale_tablet_is_told(client, ctx):
    first, second = new_schieberamsch(client, names=("Ana", "Ben", "Carl")), new_schieberamsch(client)
    assert client.post(f"/api/v1/sessions/{first}/deals", json={"values": RAMSCH}).status_code == 201
    board = client.get(f"/sessions/{first}")
    version = re.search(r'name="board_version" value="(\d+)"', board.get_data(as_text=True)).group(1)
    response = rename(client, "Ana", "Anita")
    assert response.status_code == 302 and response.headers["Location"].endswith("?renamed=1")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<h1>Anita</h1>" in page and "The name is changed in every session of this player." in page
    assert Player.query.filter_by(name="Ana").count() == 0
    session = client.get(f"/api/v1/sessions/{first}").json
    assert session["players"] == ["Anita", "Ben", "Carl"] and session["version"] == int(version) + 1
    assert client.get(f"/api/v1/sessions/{second}").json["players"] == ["Anna", "Ben", "Carl"]  # not hers
    # the board a device holds is drawn again (its version changed), and says why in its log
    again = client.get(f"/sessions/{first}", headers={"If-None-Match": board.headers["ETag"]})
    assert again.status_code == 200 and "Ana is now called Anita." in again.get_data(as_text=True)
    # the summary stays current: the history lists her session's totals, not "being updated"
    summary = db.session.get(SessionSummary, first)
    assert summary.session_version == session["version"] and summary.totals is not None
    # a tablet that typed the next deal on the old board is told, its values kept
    typed = client.post(f"/sessions/{first}/deals", data={**ramsch_form([30, 40, 50]), "board_version": version})
    assert typed.status_code == 409
    assert any("Another device changed this session meanwhile" in alert
               for alert in alerts(typed.get_data(as_text=True)))
    # the case alone changed: the same player, renamed
    assert rename(client, "Anita", "ANITA").status_code == 302 and player_id("ANITA")


def test_the_name_of_another_player_joins_the_two_unless_they_sat_together(client, ctx):
    """A tablet's typo made "Ana" a player of her own: renamed "anna", her session and statistics
    become Anna's. Two people who sat at one table stay two, and the box says why."""
    anna = new_schieberamsch(client)
    ana = new_schieberamsch(client, names=("Ana", "Ben", "Dora"))
    for sid in (anna, ana):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    typo, right = player_id("Ana"), player_id("Anna")
    refused = rename(client, "Ben", "anna")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and player_id("Ben")
    assert field_errors(html) == [f"Anna and Ben sat at the same table (session {anna}): they are two players. "
                                  "Choose another name."]
    assert 'value="anna"' in html and "<details class=\"on-demand rename\" open>" in html  # what was typed stays
    response = rename(client, "Ana", "anna")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/players/{right}?joined={typo}")
    assert db.session.get(Player, typo) is None
    assert client.get(f"/api/v1/sessions/{ana}").json["players"] == ["Anna", "Ben", "Dora"]
    assert SeatSummary.query.filter_by(player_id=right).count() == 2
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The two players are one now" in page
    stats = client.get(f"/api/v1/players/{right}/stats").json
    assert sum(game["sessions"] for game in stats["games"]) == 2
    history = client.get(f"/history?player_id={right}").get_data(as_text=True)
    assert f"/sessions/{ana}\"" in history and f"/sessions/{anna}\"" in history
    assert Revision.query.filter_by(session_id=ana, action="rename").one().after == {"name": "Anna"}


def test_a_join_can_be_undone_from_its_line_and_gives_back_only_what_it_took(client, ctx):
    """A join is a tap away from a mistake (two real people of one name): the line after it offers
    Undo, which gives the joined player back their number, name, sessions and statistics. A session
    seated under the name since stays with the player it named."""
    anna, ana = new_schieberamsch(client), new_schieberamsch(client, names=("Ana", "Ben", "Dora"))
    for sid in (anna, ana):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    typo, right = player_id("Ana"), player_id("Anna")
    joined = client.get(rename(client, "Ana", "Anna").headers["Location"]).get_data(as_text=True)
    assert f'name="was" value="{typo}"' in joined and "Undo" in joined
    later = new_schieberamsch(client, names=("anna", "Emil", "Fritz"))  # seated since: stays Anna's
    version = client.get(f"/api/v1/sessions/{ana}").json["version"]

    undone = client.post(f"/players/{right}/separate", data={"was": typo})
    assert undone.status_code == 302 and undone.headers["Location"].endswith(f"/players/{typo}?separated={right}")
    page = client.get(undone.headers["Location"]).get_data(as_text=True)
    assert "<h1>Ana</h1>" in page and "The join is undone" in page and 'name="was"' not in page
    assert client.get(f"/api/v1/sessions/{ana}").json["players"] == ["Ana", "Ben", "Dora"]
    assert client.get(f"/api/v1/sessions/{ana}").json["version"] == version + 1  # a tablet there is told
    assert client.get(f"/api/v1/sessions/{later}").json["players"] == ["Anna", "Emil", "Fritz"]
    assert [summary.session_id for summary in SeatSummary.query.filter_by(player_id=typo)] == [ana]
    stats = client.get(f"/api/v1/players/{right}/stats").json
    assert sum(game["sessions"] for game in stats["games"]) == 2  # her first and the later one
    assert Revision.query.filter_by(session_id=ana, action="rename").order_by(Revision.id.desc()).first().after \
        == {"name": "Ana"}
    again = client.post(f"/players/{right}/separate", data={"was": typo})
    assert again.status_code == 422 and alerts(again.get_data(as_text=True)) == ["There is no join to undo here."]
    assert field_errors(again.get_data(as_text=True)) == []  # said on the Undo's line, not at the name's box
    assert 'name="was"' not in client.get(f"/players/{right}?joined={typo}").get_data(as_text=True)


def test_undoing_a_join_asks_the_pin_of_the_joined_players_tables(app, client, ctx):
    client.post("/sessions/new/schieberamsch", data={
        "players-0": "Ana", "players-1": "Ben", "players-2": "Carl", "first_dealer": "0", "pin": "4321"})
    new_schieberamsch(client, names=("Anna", "Dora", "Emil"))
    typo, right = player_id("Ana"), player_id("Anna")
    assert rename(client, "Ana", "Anna").status_code == 302  # the device holding the PIN
    refused = app.test_client().post(f"/players/{right}/separate", data={"was": typo})
    assert refused.status_code == 403 and "protected by a PIN" in alerts(refused.get_data(as_text=True))[0]
    assert db.session.get(Player, typo) is None
    assert client.post(f"/players/{right}/separate", data={"was": typo}).status_code == 302


def test_a_join_is_not_undone_over_a_player_of_the_old_name(client, ctx):
    new_schieberamsch(client)
    new_schieberamsch(client, names=("Ana", "Ben", "Dora"))
    typo, right = player_id("Ana"), player_id("Anna")
    rename(client, "Ana", "Anna")
    rename(client, "Dora", "Ana")  # another Ana since
    refused = client.post(f"/players/{right}/separate", data={"was": typo})
    assert refused.status_code == 422
    assert alerts(refused.get_data(as_text=True)) == ["A player is named Ana again: the join cannot be undone."]
    assert db.session.get(Player, typo) is None


def test_a_bad_name_is_refused_beside_the_box(client, ctx):
    new_schieberamsch(client)
    for name, said in (("  ", "Every player needs a name."), ("x" * 61, "A name can have at most 60 characters.")):
        response = rename(client, "Anna", name)
        assert response.status_code == 422 and field_errors(response.get_data(as_text=True)) == [said]
    assert player_id("Anna") and Revision.query.filter_by(action="rename").count() == 0


def test_the_box_speaks_the_tables_language(client):
    """(No app context held across requests: Flask-Babel keeps a request's language in it.)"""
    sid = new_schieberamsch(client)
    anna = client.get(f"/api/v1/sessions/{sid}").json["player_ids"][0]
    client.post("/language", data={"language": "ja", "next": "/"})  # as the page's language button
    japanese = client.post(f"/players/{anna}/name", data={"name": ""})
    html = japanese.get_data(as_text=True)
    assert japanese.status_code == 422 and field_errors(html) == ["プレイヤー全員に名前が必要です。"]
    assert "名前を訂正" in html  # the fold's own words


def test_a_table_with_a_pin_must_be_unlocked_first(app, client, ctx):
    response = client.post("/sessions/new/schieberamsch", data={
        "players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "first_dealer": "0", "pin": "4321"})
    sid = int(response.headers["Location"].rsplit("/", 1)[1])
    other = app.test_client()  # a device that never entered the PIN
    refused = other.post(f"/players/{player_id('Anna')}/name", data={"name": "Anni"})
    assert refused.status_code == 403
    assert field_errors(refused.get_data(as_text=True)) == [
        f"Session {sid} is protected by a PIN: enter it at that table first."]
    assert rename(client, "Anna", "Anni").status_code == 302  # the device that set it holds it
    assert db.session.get(GameSession, sid).names == ("Anni", "Ben", "Carl")

    # the other way, a name joined INTO a player of that table: none of the table's rows change, and
    # any device may already seat a player of that name at a new table, so no PIN is asked
    version = db.session.get(GameSession, sid).version
    new_schieberamsch(other, names=("Anny", "Dora", "Emil"))
    assert other.post(f"/players/{player_id('Anny')}/name", data={"name": "anni"}).status_code == 302
    db.session.expire_all()
    assert db.session.get(GameSession, sid).version == version
    assert player_id("Anny") is None
    assert db.session.scalar(db.select(db.func.count()).select_from(Seat)
                             .where(Seat.player_id == player_id("Anni"))) == 2  # the PIN table's and the new one


def test_an_export_holding_a_rename_imports_and_is_known_by_either_name(client, ctx, fresh_client):
    """A retester renamed Hans in an instance, imported the same file again, and had every session
    twice: a session is known by its players as named before each rename too, here or in the file."""
    sid = new_schieberamsch(client, names=("Ana", "Ben", "Carl"))
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    before = client.get("/api/v1/export").json
    assert rename(client, "Ana", "Anita").status_code == 302
    answer = client.post("/api/v1/import", json=before).json
    assert answer == {"sessions": [], "already_here": [sid], "other_version": []}
    document = client.get("/api/v1/export").json
    assert fresh_client.post("/api/v1/import", json=before).status_code == 201  # the old names there
    again = fresh_client.post("/api/v1/import", json=document).json  # the file renamed, not the instance
    assert again["sessions"] == [] and len(again["already_here"]) == 1
    assert [change["after"] for entry in document["sessions"] for change in entry["revisions"]
            if change["action"] == "rename"] == [{"name": "Anita"}]
    document["sessions"][0]["created_at"] = "2020-01-01T12:00:00Z"  # another session: stored, with its log
    imported = fresh_client.post("/api/v1/import", json=document)
    assert imported.status_code == 201 and len(imported.json["sessions"]) == 1, imported.get_data(as_text=True)
    board = fresh_client.get(f"/sessions/{imported.json['sessions'][0]}/changes").get_data(as_text=True)
    assert "Ana is now called Anita." in board
    # a renaming change that names nobody is refused, saying so
    for entry in document["sessions"]:
        for change in entry["revisions"]:
            if change["action"] == "rename":
                change["after"] = None
    refused = fresh_client.post("/api/v1/import", json=document)
    assert refused.status_code == 422 and "a renaming change names no player" in refused.get_data(as_text=True)
