"""The JSON API: every answer checked against openapi.json, errors in one shape."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from openapi_spec_validator import validate

from scorekeeper import turns
from scorekeeper.extensions import db
from scorekeeper.models import GameSession

from .openapi_check import SPEC, SPEC_PATH, check


def call(client, method, path, body=None, **kwargs):
    response = client.open(path, method=method, json=body, **kwargs)
    check(response, path, method)
    return response


def new_session(client, **options):
    response = call(client, "POST", "/api/v1/sessions",
                    {"game": "schieberamsch", "players": ["Anna", "Ben", "Carl"], "first_dealer": 2,
                     "options": options})
    assert response.status_code == 201
    assert response.headers["Location"].endswith(f"/api/v1/sessions/{response.json['id']}")
    return response.json["id"]


RAMSCH = {"type": "ramsch", "pushed": 2, "points": [0, 7, 113], "took_trick": [False, None, None]}


def test_the_openapi_document_is_valid():
    validate(SPEC)


def test_spec_paths_match_the_app_routes(app):
    routes = {rule.rule.removeprefix("/api/v1").replace("<int:", "{").replace("<", "{").replace(">", "}")
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1")}
    documented = {path for path in SPEC["paths"]}
    normalise = lambda p: __import__("re").sub(r"\{[^}]+\}", "{}", p)  # noqa: E731
    assert {normalise(p) for p in routes} == {normalise(p) for p in documented}


def test_games_list_their_options_and_deal_fields(client):
    games = call(client, "GET", "/api/v1/games").json["games"]
    schieberamsch = next(game for game in games if game["slug"] == "schieberamsch")
    assert {o["name"] for o in schieberamsch["options"]} >= {"rounding", "lost_doubled", "contra_in_ramsch"}
    points = next(f for f in schieberamsch["deal_fields"]["3"] if f["name"] == "points")
    assert points["per_seat"] and points["total"] == 120
    assert call(client, "GET", "/api/v1/games/nope").status_code == 404


def test_deal_lifecycle_add_replace_delete(client):
    sid = new_session(client)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    assert response.status_code == 201
    body = response.json
    assert body["standings"]["totals"] == [0, 0, 90]
    assert body["deals"][0]["dealer"] == 2 and body["standings"]["dealer"] == 0
    assert any("904" in line for line in body["deals"][0]["breakdown"])
    deal_id = body["deals"][0]["id"]
    grand = {"type": "grand_hand", "soloist": 1, "soloist_points": 95, "jacks": ["JC", "JS"],
             "all_tricks": False, "contra": "contra"}
    assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": grand}).status_code == 201
    replaced = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}",
                    {"values": {**RAMSCH, "pushed": 0}}).json
    assert replaced["standings"]["totals"] == [0, -24, 22]
    assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}").status_code == 204
    after = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert after["standings"]["totals"] == [0, -24, 0] and len(after["deals"]) == 1


def test_rule_breaking_deal_is_422_with_reason_and_field(client):
    sid = new_session(client)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                    {"values": {**RAMSCH, "points": [10, 7, 100]}})
    assert response.status_code == 422
    assert response.json["error"] == "unprocessable_entity"
    assert response.json["message"] == ("Card points (skat with the last trick) must add up to 120, but Anna 10, "
                                        "Ben 7, Carl 100 add up to 117.")
    assert response.json["fields"] == {"points": response.json["message"]}
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"] == []


def test_reason_comes_in_the_requested_language(client):
    sid = new_session(client)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                    {"values": {**RAMSCH, "points": [0, 7, 114]}}, headers={"Accept-Language": "ja"})
    assert response.status_code == 422
    assert "120" in response.json["message"] and "must add up" not in response.json["message"]


def test_too_many_for_a_box_names_no_unit_in_japanese(client):
    """The refusal of a number above all in play serves card points and tricks alike: in Japanese it
    said 「9点すべて」 of Italian Whist's nine tricks (a tester); it names no unit now."""
    sid = client.post("/api/v1/sessions", json={"game": "italian_whist", "players": ["A", "B", "C"]}).json["id"]
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {"first": [4, 3, 12], "second": [3, 3, 3]}},
                           headers={"Accept-Language": "ja"})
    assert response.status_code == 422
    assert "12は、全部で9しかないので多すぎます。" in response.json["message"] and "点" not in response.json["message"]


def test_every_refusal_comes_in_the_requested_language(client):
    """A tester sent Accept-Language: ja and got English for a missing session, deal or change, a body
    that is not JSON, and a method not taken; the rule refusals were already Japanese."""
    sid = new_session(client)
    ja = {"Accept-Language": "ja"}
    base = f"/api/v1/sessions/{sid}"
    answers = {
        "そのようなセッションはありません。": call(client, "GET", "/api/v1/sessions/99999", headers=ja),
        "このセッションにそのようなディールはありません。": call(client, "DELETE", f"{base}/deals/9999", headers=ja),
        "このセッションにそのような変更はありません。": call(client, "POST", f"{base}/revisions/9999/restore",
                                                          headers=ja),
        "本文をJSONとして読めません。": client.post(f"{base}/deals", data='{"values": NaN}',
                                                 content_type="application/json", headers=ja),
        "このアドレスはそのメソッドを受け付けません。": client.delete(base, headers=ja),
    }
    assert {message: answer.json["message"] for message, answer in answers.items()} == {m: m for m in answers}


def test_a_restore_built_on_an_old_board_is_refused_as_the_other_writes_are(client):
    """POST .../restore honours If-Match as adding, correcting and deleting a deal do (409 with the
    version now); without one it restores as before."""
    sid = new_session(client)
    base = f"/api/v1/sessions/{sid}"
    deal = call(client, "POST", f"{base}/deals", {"values": RAMSCH}).json["deals"][0]
    deleted = call(client, "DELETE", f"{base}/deals/{deal['id']}")
    restore = f"{base}/revisions/{deleted.headers['Revision-Id']}/restore"
    stale = call(client, "POST", restore, headers={"If-Match": '"1"'})
    assert stale.status_code == 409 and stale.json["version"] == int(stale.headers["ETag"].strip('"')) > 1
    # a program is told to read the session again (the pages' "here is the fresh board" is not in a 409's body)
    assert stale.json["message"] == ("Another client deleted deal 1 meanwhile; read the session again and send "
                                     "this again.")
    assert call(client, "POST", restore, headers={"If-Match": stale.headers["ETag"]}).status_code == 201


def test_a_game_that_is_not_text_is_refused_in_words_not_in_python(client):
    """`"game": null` was answered "There is no game called None." (a tester)."""
    for game in (None, ["schieberamsch"], {"slug": "skat"}, 7):
        response = call(client, "POST", "/api/v1/sessions", {"game": game, "players": ["A", "B", "C"]})
        assert response.status_code == 422 and set(response.json["fields"]) == {"game"}
        assert response.json["message"].startswith("Name the game by its slug as text: ") and "None" not in \
            response.json["message"] and "schieberamsch" in response.json["message"]


def test_other_errors_share_the_shape(client):
    assert call(client, "GET", "/api/v1/sessions/999").status_code == 404
    response = call(client, "POST", "/api/v1/sessions", {"game": "nope", "players": ["A", "B", "C"]})
    assert response.status_code == 422 and response.json["fields"] == {"game": response.json["message"]}
    response = client.post("/api/v1/sessions", data="not json", content_type="application/json")
    check(response, "/api/v1/sessions", "POST")
    assert response.status_code == 400
    response = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B"]})
    assert response.status_code == 422 and "players" in response.json["fields"]


def test_editing_an_early_deal_that_spoils_a_later_one_is_refused(client):
    sid = new_session(client, deals=2)
    first = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}).json["deals"][0]["id"]
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    # the game is over after two deals; a third is refused
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    assert response.status_code == 422 and "over" in response.json["message"]
    response = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{first}", {"values": {**RAMSCH, "pushed": 9}})
    assert response.status_code == 422 and "pushed" in response.json["fields"]


def handjass_deal(playing, points=None, last=None):
    points = points or [None] * 4
    deal = {"playing": playing, "points": points, "last_trick": last,
            "weis": [[], [], [], []], "stoeck": [False] * 4, "draw": []}
    if len(playing) >= 2:  # trump is asked only when two or more play (refused as hidden otherwise)
        deal["trump"] = "C"
    return deal


def test_a_restore_that_would_spoil_a_later_deal_names_it_as_the_board_does(client):
    """Handjass, out at 2: deal 1 (Anna alone, +2: out) deleted, then Anna plays alone in what is now
    deal 2. Restoring deal 1 would put her out before it: the refusal names deal 2, the one on the
    board, where it said "deal 3" (its number once restored) and to correct or delete that."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "handjass", "players": ["Anna", "Ben", "Carl", "Dora"],
                                                    "options": {"target": 2}}).json["id"]
    deals = f"/api/v1/sessions/{sid}/deals"
    call(client, "POST", deals, {"values": handjass_deal([0])})
    first = call(client, "POST", deals, {"values": handjass_deal([1, 2, 3], [None, 60, 50, 47], last=1)}
                 ).json["deals"][0]["id"]
    gone = call(client, "DELETE", f"{deals}/{first}")
    call(client, "POST", deals, {"values": handjass_deal([0])})
    back = call(client, "POST", f"/api/v1/sessions/{sid}/revisions/{gone.headers['Revision-Id']}/restore")
    assert back.status_code == 422
    assert back.json["message"] == ("Deal 1 cannot be restored: This change would make deal 2 impossible: Anna is "
                                    "out of the game. Correct or delete deal 2 first.")


def test_a_correction_that_would_spoil_a_later_deal_is_refused_naming_it(client):
    """Handjass, out at 2: Anna plays alone (+2) and is out; Ben, Carl and Dora play deal 2. Correcting deal 1
    so that Ben played alone would put Ben out before deal 2, which he played: refused, naming deal 2."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "handjass", "players": ["Anna", "Ben", "Carl", "Dora"],
                                                    "options": {"target": 2}}).json["id"]
    first = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": handjass_deal([0])}).json
    assert first["standings"]["totals"][0] == 2 and first["standings"]["active"][0] is False
    second = handjass_deal([1, 2, 3], [None, 60, 50, 47], last=1)
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": second})
    deal_id = first["deals"][0]["id"]
    response = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": handjass_deal([1])})
    assert response.status_code == 422
    assert response.json["message"].startswith("This change would make deal 2 impossible:")
    assert "Ben" in response.json["message"]
    after = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert after["deals"][0]["values"]["playing"] == [0]  # nothing changed
    # Deleting deal 1 keeps deal 2 possible (Anna simply sat out): allowed, and everything is recomputed
    assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}").status_code == 204
    after = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert len(after["deals"]) == 1 and after["standings"]["active"][0] is True


def _whist(client, deals, **options):
    """An Italian Whist session (Ann, Ben, Cat) with these (first half, second half) tricks entered."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "italian_whist", "players": ["Ann", "Ben", "Cat"],
                                                    "options": options}).json["id"]
    ids = [call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {"first": first, "second": second}})
           .json["deals"][-1]["id"] for first, second in deals]
    return sid, ids


def test_a_correction_that_ends_the_game_earlier_says_which_deals_to_delete(client):
    """Found at a table: at target 10 with ties played on, Ann and Cat tie at 10 after deal 3 and three
    tie-break deals follow. Deal 1 corrected (Ann took 6, not 5) puts Ann alone at 11 after deal 3: the
    game is over there, so the refusal says to delete deals 4 to 6, not "deal 4 impossible: over"."""
    sid, ids = _whist(client, [([5, 2, 2], [3, 6, 0]), ([5, 0, 4], [1, 8, 0]), ([5, 0, 4], [1, 8, 0]),
                               ([3, 3, 3], [3, 3, 3]), ([3, 4, 2], [4, 2, 3]), ([2, 4, 3], [3, 3, 3])],
                      end="target", target=10, tie="play_on")
    response = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{ids[0]}",
                    {"values": {"first": [6, 1, 2], "second": [3, 6, 0]}})
    assert response.status_code == 422
    assert response.json["message"] == "With this change the game is over before deal 4: delete deals 4 to 6 first."
    for deal_id in reversed(ids[3:]):
        assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}").status_code == 204
    corrected = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{ids[0]}",
                     {"values": {"first": [6, 1, 2], "second": [3, 6, 0]}})
    assert corrected.status_code == 200 and corrected.json["standings"]["winners"] == [0]


def test_a_deletion_that_ends_the_game_earlier_says_which_deal_to_delete(client):
    """Deal 2 held Ann back (-9); without it Ann reaches 18 at the old deal 3, so deal 4 cannot follow."""
    sid, ids = _whist(client, [([9, 0, 0], [0, 9, 0]), ([0, 9, 0], [9, 0, 0]), ([9, 0, 0], [0, 0, 9]),
                               ([1, 4, 4], [0, 4, 5])], end="target", target=10)
    response = call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{ids[1]}")
    assert response.status_code == 422
    assert response.json["message"] == "With this change the game is over before deal 4: delete deal 4 first."


def _games_script():
    path = Path(__file__).resolve().parents[2] / "scripts" / "openapi_games.py"
    spec = importlib.util.spec_from_file_location("openapi_games", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_games_part_of_the_document_follows_the_engines():
    """Slugs, players, options and deal fields per game are written by scripts/openapi_games.py."""
    script = _games_script()
    assert script.dump(script.updated(SPEC)) == SPEC_PATH.read_text(), "run scripts/openapi_games.py"


def test_the_api_version_follows_the_changelog():
    changelog = (SPEC_PATH.parents[2] / "CHANGELOG.md").read_text()
    newest = re.search(r"API version (\d+\.\d+\.\d+)", changelog)
    assert newest is not None and newest.group(1) == SPEC["info"]["version"]


def test_the_document_is_served_and_revalidated(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200 and response.json == SPEC
    assert response.headers["ETag"] and "max-age" in response.headers["Cache-Control"]
    assert client.get("/api/v1/openapi.json", headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


def _concrete(template, number):
    return "/api/v1" + re.sub(r"\{slug\}", "schieberamsch", re.sub(r"\{[a-z_]+\}", str(number), template))


def test_a_method_a_path_does_not_offer_is_405_with_allow(client):
    for template, item in SPEC["paths"].items():
        offered = {method.upper() for method in item if method in ("get", "post", "put", "delete")}
        other = next(method for method in ("PATCH", "DELETE", "PUT", "POST") if method not in offered)
        response = client.open(_concrete(template, 1), method=other)
        assert response.status_code == 405, template
        assert offered <= {method.strip() for method in response.headers["Allow"].split(",")}


def test_an_id_beyond_the_id_columns_is_404_like_any_unknown_id(client):
    for template, item in SPEC["paths"].items():
        if "_id}" not in template:
            continue
        for method in (m for m in item if m in ("get", "post", "put", "delete")):
            for number in (2**31, 2**63, 10**30):
                path = _concrete(template, number)
                response = call(client, method.upper(), path, {"values": {}} if method in ("post", "put") else None)
                assert response.status_code == 404, (method, path)


def test_every_documented_example_is_accepted(client):
    """Each game's example session, and its example deal posted to it (then corrected with the same
    values, deleted and restored)."""
    sessions = SPEC["paths"]["/sessions"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    deals = SPEC["paths"]["/sessions/{session_id}/deals"]["post"]["requestBody"]["content"]["application/json"][
        "examples"]
    assert set(sessions) == set(deals) == set(SPEC["components"]["schemas"]["GameSlug"]["enum"])
    for slug, example in deals.items():
        created = call(client, "POST", "/api/v1/sessions", sessions[slug]["value"])
        assert created.status_code == 201, (slug, created.json)
        base = f"/api/v1/sessions/{created.json['id']}"
        added = call(client, "POST", f"{base}/deals", example["value"])
        assert added.status_code == 201, (slug, added.json)
        deal = added.json["deals"][0]
        assert call(client, "PUT", f"{base}/deals/{deal['id']}", example["value"]).status_code == 200
        deleted = call(client, "DELETE", f"{base}/deals/{deal['id']}")
        assert deleted.status_code == 204
        restored = call(client, "POST", f"{base}/revisions/{deleted.headers['Revision-Id']}/restore")
        assert restored.status_code == 201 and restored.json["deals"][0]["points"] == deal["points"]


def test_a_start_retried_with_its_idempotency_key_is_one_session(client, ctx):
    """r54b: a club client retrying a start on poor Wi-Fi left a duplicate session in History and in
    each player's count. With the key, the retry answers the session the first start stored."""
    start = {"game": "free_pad", "players": ["Anna", "Ben"], "options": {"rounds": 5}, "pin": "4321"}
    first = call(client, "POST", "/api/v1/sessions", start, headers={"Idempotency-Key": "start-1"})
    pin_hash = db.session.get(GameSession, first.json["id"]).pin_hash
    again = call(client, "POST", "/api/v1/sessions", start, headers={"Idempotency-Key": "start-1"})
    assert first.status_code == again.status_code == 201 and again.json["id"] == first.json["id"]
    assert again.headers["Location"] == first.headers["Location"]
    assert db.session.scalar(db.select(db.func.count()).select_from(GameSession)) == 1
    db.session.expire_all()
    assert db.session.get(GameSession, first.json["id"]).pin_hash == pin_hash  # devices holding the PIN stay in
    refused = call(client, "POST", "/api/v1/sessions", {**start, "players": ["Anna", "Cleo"]},
                   headers={"Idempotency-Key": "start-1"})
    assert refused.status_code == 422 and "another request" in refused.json["fields"]["Idempotency-Key"]
    assert call(client, "POST", "/api/v1/sessions", start).json["id"] != first.json["id"]  # no key: a new one


def test_a_reused_idempotency_key_with_another_body_is_refused(client, ctx):
    sid = new_session(client)
    first = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, headers={"Idempotency-Key": "k1"})
    again = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, headers={"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201 and again.json["deals"] == first.json["deals"]
    other = {**RAMSCH, "pushed": 0}
    refused = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": other},
                   headers={"Idempotency-Key": "k1"})
    assert refused.status_code == 422 and "another request" in refused.json["fields"]["Idempotency-Key"]
    deal_id = first.json["deals"][0]["id"]
    # the same key on another operation is another request too
    refused = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": RAMSCH},
                   headers={"Idempotency-Key": "k1"})
    assert refused.status_code == 422 and "Idempotency-Key" in refused.json["fields"]
    assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}", headers={"Idempotency-Key": "k2"}
                ).status_code == 204
    assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}", headers={"Idempotency-Key": "k2"}
                ).status_code == 204  # a retry: answered as the first
    assert len(call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"]) == 0
    # a key without a fingerprint (the pages' form) is never compared
    session = db.session.get(GameSession, sid)
    assert turns.earlier_save(session, turns.RequestKey("k1")) is not None


def test_a_script_ends_a_game_early_and_continues_it_as_the_board_does(client):
    """The board's "End the game here" and "Continue playing" under /api/v1: ended, the totals so far
    decide, the session says when and why, no deal is taken; continued, it goes on."""
    sid = new_session(client, deals=12)
    assert call(client, "POST", f"/api/v1/sessions/{sid}/close").status_code == 422  # nothing to end yet
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})  # Carl 113: loses
    response = call(client, "POST", f"/api/v1/sessions/{sid}/close")
    assert response.status_code == 200
    ended = response.json
    assert ended["closed_at"] is not None and ended["standings"]["over"] is True
    assert ended["standings"]["winners"] == [0, 1] and ended["standings"]["deals_left"] is None
    assert ended["standings"]["winner_rule"] == "The table ended this game after deal 1: the totals so far decide."
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json == ended
    assert call(client, "POST", f"/api/v1/sessions/{sid}/close").json == ended  # already ended: as it is
    refused = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    assert refused.status_code in (409, 422)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/reopen")
    assert response.status_code == 200 and response.json["closed_at"] is None
    assert response.json["standings"]["over"] is False and response.json["standings"]["deals_left"] == 11
    assert response.json["standings"]["winner_rule"].startswith("The lowest total after 12 deals wins")
    assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}).status_code == 201


def test_closing_a_game_that_ended_on_its_own_answers_it_as_it_is(client, ctx):
    """The document: "A session already ended is answered as it is". A tester's close of a finished
    game set `closed_at`, raised the version and logged a change that ended nothing."""
    sid = new_session(client, deals=1)
    finished = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    assert finished.status_code == 201
    before = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert before["standings"]["over"] is True and before["closed_at"] is None
    closed = call(client, "POST", f"/api/v1/sessions/{sid}/close")
    assert closed.status_code == 200 and closed.json == before
    assert [revision.action for revision in db.session.get(GameSession, sid).revisions] == ["add"]


def test_a_weak_if_none_match_names_the_version_too(client):
    """If-None-Match compares weakly (RFC 9110 13.1.2): W/"1" holds version 1 as "1" does."""
    sid = new_session(client)
    tag = call(client, "GET", f"/api/v1/sessions/{sid}").headers["ETag"]
    assert call(client, "GET", f"/api/v1/sessions/{sid}", headers={"If-None-Match": "W/" + tag}).status_code == 304


def test_ending_a_game_early_needs_the_table_pin(client):
    sid = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"],
                                                    "pin": "9876"}).json["id"]
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    other = client.application.test_client()
    assert call(other, "POST", f"/api/v1/sessions/{sid}/close").status_code == 403
    assert call(other, "POST", f"/api/v1/sessions/{sid}/close", headers={"X-Table-PIN": "9876"}).status_code == 200


def test_the_openapi_document_is_revalidated_with_the_etag_it_was_sent_with(client):
    """CHANGELOG: the document is served "with ETag, revalidated after an hour". A client that takes
    gzip gets the compressed ETag and must get 304 for it, as for an uncompressed one."""
    for encoding in ("gzip", "br", "identity"):
        first = client.get("/api/v1/openapi.json", headers={"Accept-Encoding": encoding})
        first.get_data()
        tag = first.headers["ETag"]
        again = client.get("/api/v1/openapi.json", headers={"Accept-Encoding": encoding, "If-None-Match": tag})
        again.get_data()
        assert again.status_code == 304, (encoding, tag)


def test_a_session_names_its_players_ids_for_their_statistics(client):
    """A script could not find the id that /players/{player_id}/stats takes: a session listed names only."""
    sid = new_session(client)
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    session = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert len(session["player_ids"]) == 3
    for name, player_id in zip(session["players"], session["player_ids"]):
        stats = call(client, "GET", f"/api/v1/players/{player_id}/stats").json
        assert stats["player"]["name"] == name and stats["games"][0]["sessions"] == 1


def test_refusals_a_script_author_can_act_on(client):
    """A tester's script met refusals that did not say what was wrong: a choice not offered, a PIN sent
    as a number, a wrong X-Table-PIN answered as a missing one."""
    sid = new_session(client)
    refused = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {**RAMSCH, "type": "grand"}})
    assert refused.status_code == 422
    assert refused.json["fields"]["type"] == "Deal: 'grand' is not one of 'ramsch', 'grand_hand'."
    # a tester sent Stendhal's "limit": 66 and read "66 is not one of 66, 100, 150, custom"
    limit = call(client, "POST", "/api/v1/sessions", {"game": "stendhal", "players": ["A", "B", "C", "D", "E"],
                                                      "options": {"limit": 66}})
    assert limit.status_code == 422 and "66 is not one of '66', '100'" in limit.json["fields"]["limit"]
    refused = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"],
                                                        "options": {"bogus": 1}})
    assert refused.status_code == 422 and refused.json["fields"] == {"bogus": "Unknown option: bogus."}
    refused = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"],
                                                        "pin": 1234})
    assert refused.status_code == 422 and refused.json["fields"]["pin"].startswith("Send the PIN as text")
    sid = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"],
                                                    "pin": "1234"}).json["id"]
    other = client.application.test_client()
    missing = call(other, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    wrong = call(other, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, headers={"X-Table-PIN": "4321"})
    assert missing.status_code == wrong.status_code == 403
    assert "send it in X-Table-PIN" in missing.json["message"]
    assert wrong.json["message"] == "That is not this table's PIN."


def test_a_session_read_names_its_version_as_the_etag_a_write_sends_back(client):
    """A script author found an ETag on a 409 only: a read names the version a write's If-Match takes,
    and a client holding it is answered 304 without a body."""
    sid = new_session(client)
    read = call(client, "GET", f"/api/v1/sessions/{sid}")
    assert read.headers["ETag"] == f'"{read.json["version"]}"' and "Accept-Language" in read.headers["Vary"]
    held = call(client, "GET", f"/api/v1/sessions/{sid}", headers={"If-None-Match": read.headers["ETag"]})
    assert held.status_code == 304 and not held.data
    written = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH},
                   headers={"If-Match": read.headers["ETag"]})
    assert written.status_code == 201
    again = call(client, "GET", f"/api/v1/sessions/{sid}", headers={"If-None-Match": read.headers["ETag"]})
    assert again.status_code == 200 and again.headers["ETag"] == f'"{read.json["version"] + 1}"'
    # a client that takes compressed answers (requests, browsers) reads the ETag Flask-Compress tags with
    # the encoding ("1:gzip"): an API client's write sending it back was refused as no version (r54b)
    zipped = client.get(f"/api/v1/sessions/{sid}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["ETag"] == f'"{read.json["version"] + 1}:gzip"'
    for tag in (zipped.headers["ETag"], f'W/{zipped.headers["ETag"]}'):
        stale = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH},
                     headers={"If-Match": '"0:br"'})
        assert stale.status_code == 409
        version = call(client, "GET", f"/api/v1/sessions/{sid}").json["version"]
        tag = tag.replace(str(read.json["version"] + 1), str(version))
        assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH},
                    headers={"If-Match": tag}).status_code == 201


def test_a_script_is_told_what_it_sent_wrong_not_something_else(client):
    """A script author's findings: a missing game read "There is no game called ."; a garbled If-Match
    was blamed on a board_version the script never sent; a family emoji lost its joiners."""
    left_out = call(client, "POST", "/api/v1/sessions", {"players": ["A", "B", "C"]})
    assert left_out.status_code == 422 and list(left_out.json["fields"]) == ["game"]
    assert "schieberamsch" in left_out.json["message"] and "called ." not in left_out.json["message"]
    sid = new_session(client)
    garbled = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, headers={"If-Match": "abc"})
    assert garbled.status_code == 422 and list(garbled.json["fields"]) == ["If-Match"]
    # r54b: a version the session never had was answered "Another client saved deal 2 meanwhile"
    future = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, headers={"If-Match": '"999"'})
    assert future.status_code == 409 and future.headers["ETag"] == '"0"' and "meanwhile" not in future.json["message"]
    assert future.json["fields"] == {"If-Match": "This session is at version 0: it never had version 999. Read it "
                                                 "again and send this again."}
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    made = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": [family, "Ann\u200d", "B"]})
    assert made.status_code == 201 and made.json["players"][:2] == [family, "Ann"]


def test_a_whole_number_written_with_a_point_is_taken_as_json_schema_takes_it(client):
    """A script author's client validated 2.0 against the published schema ("type": "integer" takes
    it) and was refused "enter a whole number"; 2.5 stays refused."""
    sid = new_session(client)
    taken = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {**RAMSCH, "pushed": 1.0}})
    assert taken.status_code == 201 and taken.json["deals"][0]["values"]["pushed"] == 1
    half = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {**RAMSCH, "pushed": 1.5}})
    assert half.status_code == 422 and list(half.json["fields"]) == ["pushed"]



def test_a_body_with_a_utf8_byte_order_mark_is_read(client):
    """Some editors save JSON with a UTF-8 byte order mark: the API reads such a body, as the import page
    reads such a file (both through dbsafety.read_json)."""
    import json

    sid = new_session(client)
    body = b"\xef\xbb\xbf" + json.dumps({"values": RAMSCH}).encode()
    response = client.post(f"/api/v1/sessions/{sid}/deals", data=body, content_type="application/json")
    assert response.status_code == 201, response.json
    assert response.json["standings"]["totals"] == [0, 0, 90]


def test_every_write_answers_with_the_etag_the_next_write_names(client):
    """README: a client names the board version it read, the session's ETag. A tester's client read it
    from GET only: a write's answer carried the version in its body but no ETag header."""
    created = call(client, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"]})
    base = f"/api/v1/sessions/{created.json['id']}"
    answers = [created]
    answers.append(call(client, "POST", f"{base}/deals", {"values": RAMSCH},
                        headers={"If-Match": answers[-1].headers["ETag"]}))
    deal_id = answers[-1].json["deals"][0]["id"]
    answers.append(call(client, "PUT", f"{base}/deals/{deal_id}", {"values": {**RAMSCH, "pushed": 1}},
                        headers={"If-Match": answers[-1].headers["ETag"]}))
    answers.append(call(client, "POST", f"{base}/close"))
    answers.append(call(client, "POST", f"{base}/reopen"))
    gone = call(client, "DELETE", f"{base}/deals/{deal_id}", headers={"If-Match": answers[-1].headers["ETag"]})
    assert gone.status_code == 204
    answers.append(call(client, "POST", f"{base}/revisions/{gone.headers['Revision-Id']}/restore"))
    assert [answer.status_code for answer in answers] == [201, 201, 200, 200, 200, 201]
    assert [answer.headers["ETag"] for answer in answers] == [f'"{answer.json["version"]}"' for answer in answers]
    assert len({answer.json["version"] for answer in answers}) == len(answers)


def test_the_export_names_each_change_so_a_deletion_can_be_restored_later(client):
    """A client that lost a DELETE's Revision-Id header finds the deletion in the session's change log
    (the export) and restores the deal with it."""
    sid = new_session(client)
    base = f"/api/v1/sessions/{sid}"
    deal = call(client, "POST", f"{base}/deals", {"values": RAMSCH}).json["deals"][0]
    assert call(client, "DELETE", f"{base}/deals/{deal['id']}").status_code == 204
    revisions = call(client, "GET", f"{base}/export").json["sessions"][0]["revisions"]
    deletion = next(revision for revision in revisions if revision["action"] == "delete")
    assert [revision["action"] for revision in revisions] == ["add", "delete"]
    restored = call(client, "POST", f"{base}/revisions/{deletion['id']}/restore")
    assert restored.status_code == 201 and restored.json["deals"][0]["points"] == deal["points"]


def test_the_sataat_example_deal_is_what_its_summary_says(client):
    """rules/sataat.md "Who is parent next deal": the parent's team won normally, the same parent again.
    The example's summary says the parent's team (Ben & Dora: Ben sits left of the dealer Anna) takes 7;
    it gave the 7 tricks to Anna & Carl."""
    examples = {kind: SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
                for kind, path in (("session", "/sessions"), ("deal", "/sessions/{session_id}/deals"))}
    sid = call(client, "POST", "/api/v1/sessions", examples["session"]["sataat"]["value"]).json["id"]
    before = call(client, "GET", f"/api/v1/sessions/{sid}").json
    after = call(client, "POST", f"/api/v1/sessions/{sid}/deals", examples["deal"]["sataat"]["value"]).json
    assert "parent's team (Ben & Dora" in examples["deal"]["sataat"]["summary"]
    assert before["standings"]["leader"] == after["standings"]["leader"] == 1
    assert after["deals"][0]["points"][1] > 0 and after["deals"][0]["points"][0] <= 0


def test_an_option_not_asked_with_the_others_chosen_keeps_its_default(client):
    """A tester's client sent Skat {"games": 10} without `series: number`: the list had 36 games, but the
    session echoed games 10 (and its export carried it). An option's show_if says when it is asked; an
    option not asked holds its default, as the new-game page never sends it."""
    def options(sent):
        answer = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["A", "B", "C"],
                                                            "options": sent})
        assert answer.status_code == 201
        return answer.json["options"]["games"], answer.json["standings"]["deals_left"]

    assert options({"games": 10}) == (36, 36)
    assert options({"series": "number", "games": 10}) == (10, 10)


def test_ending_and_continuing_honour_if_match(client):
    """A retester: close and reopen took any If-Match, so a client that missed a deal ended the game on an
    old board. A stale one is answered 409 (nothing changes); asked again once so, as it is."""
    sid = new_session(client)
    base = f"/api/v1/sessions/{sid}"
    seen = call(client, "POST", f"{base}/deals", {"values": RAMSCH}).headers["ETag"]
    call(client, "POST", f"{base}/deals", {"values": RAMSCH})  # another client's deal meanwhile
    stale = call(client, "POST", f"{base}/close", headers={"If-Match": seen})
    assert stale.status_code == 409 and call(client, "GET", base).json["closed_at"] is None
    closed = call(client, "POST", f"{base}/close", headers={"If-Match": stale.headers["ETag"]})
    assert closed.status_code == 200 and closed.json["closed_at"]
    again = call(client, "POST", f"{base}/close", headers={"If-Match": stale.headers["ETag"]})  # a retry
    assert again.status_code == 200 and again.json["version"] == closed.json["version"]
    assert call(client, "POST", f"{base}/reopen", headers={"If-Match": seen}).status_code == 409
    assert call(client, "POST", f"{base}/reopen", headers={"If-Match": closed.headers["ETag"]}).status_code == 200
    assert call(client, "POST", f"{base}/close").status_code == 200  # without one, as always


def test_stendhal_custom_limit_is_asked_only_with_a_custom_limit(client):
    """rules/stendhal.md: the limit is 66, 100, 150 or custom; a retester's {"custom_limit": 50} alone
    was echoed while the game played to minus 100."""
    stendhal = call(client, "GET", "/api/v1/games/stendhal").json
    spec = next(option for option in stendhal["options"] if option["name"] == "custom_limit")
    assert spec["show_if"] == {"option": "limit", "values": ["custom"]}
    body = {"game": "stendhal", "players": ["A", "B", "C", "D", "E"], "options": {"custom_limit": 50}}
    assert call(client, "POST", "/api/v1/sessions", body).json["options"]["custom_limit"] == 200
    body["options"]["limit"] = "custom"
    assert call(client, "POST", "/api/v1/sessions", body).json["options"]["custom_limit"] == 50
