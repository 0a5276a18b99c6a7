"""Statistics each game's players care about (issue 24, item 2) for the Skat list and the Schieber,
through GET /api/v1/sessions/<id>/stats, the session's statistics page and the player's page; and
sessions of the five games saved before their engines counted figures get them by the upgrade
(migration 0011). Counted by hand from the rules notes."""
from __future__ import annotations

from sqlalchemy import text

from scorekeeper import create_app, summaries
from scorekeeper.extensions import db
from scorekeeper.models import Player

from ..conftest import _database_uri
from .test_api import call
from .test_api_next import new, post
from .test_statistics_sataat_stendhal_tennos import figures
from .test_what_if import session_with

# rules/skat.md worked example 2 (grand with 2, 92: won, 96, schneider) and 3 (Null Ouvert lost, 46)
GRAND = {"game": "grand", "declarer": 0, "hand": False, "ouvert": False, "jacks": ["JC", "JS"], "run": 0,
         "points": 92, "tricks": "some", "bid": 48}
NULL_OUVERT = {"game": "null", "declarer": 1, "hand": False, "ouvert": True, "bid": 46, "result": "lost"}
# rules/schieber.md worked example 1: spades, A 103 and 70 Weis, B 54 and Stöck
SPADES = {"trump": "S", "pushed": False, "points": [103, 54, None, None], "match": [False] * 4,
          "weis": [70, 0, 0, 0], "stoeck": [False, True, False, False]}


def test_skat_counts_the_declarers_games_in_the_session_and_on_the_players_page(client, app):
    """rules/skat.md worked examples 2 and 3, then all passed: Anna declares a grand and wins it (96,
    schneider), Ben a Null Ouvert and loses it (46). Two such sessions: Anna's record has 2 games won, game
    values 192 (an average of 96)."""
    for _ in range(2):
        sid = session_with(client, "skat", ["Anna", "Ben", "Carl"], [GRAND, NULL_OUVERT, {"game": "passed"}])
    counted, stats = figures(client, sid)
    assert counted["declared"] == [1, 1, 0] and counted["won"] == [1, 0, 0] and counted["lost"] == [0, 1, 0]
    assert counted["game_values"] == [96, 46, 0] and counted["grand"] == [1, 0, 0] and counted["null"] == [0, 1, 0]
    assert counted["schneider"] == [1, 0, 0] and counted["ouvert"] == [0, 1, 0] and counted["overbid"] == [0, 0, 0]
    assert stats["figures"][0]["label"] == "Games as declarer"
    html = client.get(f"/sessions/{sid}/statistics").get_data(as_text=True)
    assert "Games won schneider" in html and "Game values, summed over the games as declarer" in html
    with app.app_context():
        anna = db.session.execute(db.select(Player).filter_by(name="Anna")).scalar_one()
    [record] = call(client, "GET", f"/api/v1/players/{anna.id}/stats?game=skat").json["games"]
    mine = {figure["name"]: figure["value"] for figure in record["figures"]}
    assert record["sessions"] == 2 and mine["declared"] == mine["won"] == mine["grand"] == 2
    assert mine["game_values"] == 192 and mine["lost"] == 0
    page = client.get(f"/players/{anna.id}").get_data(as_text=True)
    assert "Skat list: what Anna counted" in page and "Games won as declarer" in page
    japanese = client.get(f"/players/{anna.id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "宣言者として勝ったゲーム" in japanese


def test_schieber_counts_who_chose_and_the_teams_weis_and_stoeck(client):
    """rules/schieber.md worked example 1 with Anna dealing: Dan (forehand, the dealer's right) pushes,
    Ben chooses spades; A's 70 Weis and B's Stöck count for both partners."""
    sid = new(client, "schieber", ["Anna", "Ben", "Cleo", "Dan"], first_dealer=0)["id"]
    assert post(client, sid, {**SPADES, "pushed": True}).status_code == 201
    counted, _ = figures(client, sid)
    assert counted["chose"] == [0, 1, 0, 0] and counted["pushed"] == [0, 0, 0, 1]
    assert counted["weis"] == [70, 0, 70, 0] and counted["stoeck"] == [0, 1, 0, 1]
    assert counted["card_points"] == [103, 54, 103, 54] and counted["deals_played"] == [1, 1, 1, 1]


def test_the_upgrade_computes_the_figures_of_sessions_saved_before_the_engines_counted_them(tmp_path):
    """Migration 0011: a Skat list saved by the app before its engine declared figures has a summary of
    the current engine's version and no figure rows. The upgrade marks it stale, as 0010 marked every
    summary; `flask summaries` (or the start, when few) computes its figures. A game whose figures did
    not change (Yacht) keeps its summary."""
    from flask_migrate import downgrade, upgrade

    uri, drop = _database_uri(tmp_path)
    app = create_app({"SECRET_KEY": "x", "AUTO_MIGRATE": True, "SQLALCHEMY_DATABASE_URI": uri,
                      "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    skat = session_with(client, "skat", ["Anna", "Ben", "Carl"], [GRAND])
    yacht = new(client, "yacht", ["Anna", "Ben", "Carl"])["id"]
    with app.app_context():
        downgrade(revision="0010")
        # as the app left them before 0011: no figure rows for the Skat list, every summary fresh
        db.session.execute(text("DELETE FROM seat_figure WHERE session_id = :id"), {"id": skat})
        db.session.execute(text("UPDATE session_summary SET session_version ="
                                " (SELECT version FROM game_session WHERE id = session_id)"))
        db.session.commit()
        assert summaries.stale() == []
        db.session.commit()  # (PostgreSQL: the read's transaction would hold off the upgrade's ALTER TABLE)
        upgrade()
        assert summaries.stale() == [skat]
        summaries.refresh(summaries.stale())
        rows = db.session.execute(text("SELECT name, value FROM seat_figure WHERE session_id = :id AND position = 0"),
                                  {"id": skat}).all()
        assert dict(rows) == {"declared": 1, "won": 1, "game_values": 96, "grand": 1, "schneider": 1}
        assert yacht not in summaries.stale()
        db.session.remove()
        db.engine.dispose()
    drop()
