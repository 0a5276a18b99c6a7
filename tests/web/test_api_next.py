"""The API's "next": what the table must know before the next deal as data, not only sentences;
and values that are no input of the entry (unknown, or hidden by show_if) refused naming them.
Every answer is checked against openapi.json."""
from __future__ import annotations

from scorekeeper.models import Deal

from ..games.test_sataat import deal as _sataat_deal
from ..games.test_stendhal import REVEALED_CROSS, cross_deal
from .test_api import call

SIX = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fay"]


def sataat_deal(*args, **kwargs):
    """A plain Sataat deal as the API takes it: trump is asked only in Trup Kasiet."""
    values = _sataat_deal(*args, **kwargs)
    del values["trump"]
    return values


def new(client, game, players, **body):
    response = call(client, "POST", "/api/v1/sessions", {"game": game, "players": players, **body})
    assert response.status_code == 201, response.json
    return response.json


def post(client, sid, values, **body):
    return call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": values, **body})


def stendhal_play():
    d = cross_deal()
    return {k: d[k] for k in ("minus_cards", "paired_cards", "suits")}


def test_stendhal_next_names_the_minus_suits_once_the_reveal_is_locked(client):
    """Seed 001: 「全員が出したカードで決まったスートと、それと対になっているスートの2種類が、獲るとマイナス点に
    なるスートになります」 (the suit the revealed cards decide and its pair are the minus suits): the table
    plays knowing them, so after the reveal "next" carries them as data."""
    session = new(client, "stendhal", SIX)
    assert session["next"] == {"dealer": 0, "leader": 1, "hand": 13, "middle": 0, "limit": 100,
                               "limit_reached": False, "minus_suits": None}
    sid = session["id"]
    response = post(client, sid, {"reveal": [[card] for card in REVEALED_CROSS]}, phase="bid")
    assert response.status_code == 201 and response.json["pending"]["phase"] == "bid"
    assert response.json["next"]["minus_suits"] == ["X", "L"]  # two crosses revealed: cross and leaf
    response = post(client, sid, stendhal_play())
    assert response.status_code == 201, response.json
    assert response.json["next"]["minus_suits"] is None and response.json["next"]["dealer"] == 1
    assert response.json["deals"][0]["points"][0] == -17


def test_null_for_an_input_this_table_size_has_not_is_no_value(client):
    """openapi.json allows `middle: null` in a Stendhal deal (the middle holds cards with 5 and 7 players);
    a TENNOS tester's six-player deal with it was refused as "Unknown input: middle"."""
    sid = new(client, "stendhal", SIX)["id"]
    response = post(client, sid, {"reveal": [[card] for card in REVEALED_CROSS], "middle": None}, phase="bid")
    assert response.status_code == 201, response.json
    response = post(client, sid, stendhal_play() | {"middle": None})
    assert response.status_code == 201 and response.json["deals"][0]["points"][0] == -17
    response = post(client, sid, {"reveal": [[card] for card in REVEALED_CROSS], "middle": []}, phase="bid")
    assert response.status_code == 422 and "middle" in response.json["message"]  # a value is still refused


def test_stendhal_whole_deal_is_stored_whole_never_half(client, ctx):
    sid = new(client, "stendhal", SIX)["id"]
    whole = {"reveal": [[card] for card in REVEALED_CROSS], **stendhal_play()}
    response = post(client, sid, whole)
    assert response.status_code == 201, response.json
    assert response.json["pending"] is None and response.json["deals"][0]["points"][0] == -17
    assert Deal.query.one().phase == "complete"


def test_italian_whist_next_gives_trump_passing_and_leaders(client):
    """Seed 004: 「切り札、「第2の手札」の渡し方は下記表の通りです」 (trump and where the second hands go
    follow the table by deal), 「ディーラーの左隣のプレイヤーが最初のリードプレイヤーになります」 (the dealer's
    left leads) and 「「第2の手札」を手札にした後は、ディーラーの右隣のプレイヤーが最初のリードプレイヤーに
    なります」 (after taking up the second hands, the dealer's right leads)."""
    session = new(client, "italian_whist", ["Ann", "Ben", "Cat"])
    facts = session["next"]
    assert (facts["deal"], facts["trump"], facts["passing"]) == (1, None, "left")
    assert facts["second_hand_holders"] == [1, 2, 0]
    assert (facts["first_half_leader"], facts["second_half_leader"]) == (1, 2)
    response = post(client, session["id"], {"first": [3, 3, 3], "second": [3, 3, 3]})
    facts = response.json["next"]
    assert (facts["deal"], facts["passing"], facts["dealer"], facts["first_half_leader"]) == (2, "right", 1, 2)


def test_sataat_next_says_which_exchange_is_owed(client):
    """Seed 003: 「もし親のチームが「7-0」勝ちした場合は、…負けたチームのプレイヤーは、右隣のプレイヤーに手札から
    1枚の切り札を渡します」 (after the parent's team wins 7-0, each player of the losing team gives one
    trump to the right-hand neighbour). After N-S win 7-0 (first dealer W) E and W owe one card each."""
    session = new(client, "sataat", ["N", "E", "S", "W"], first_dealer=3)
    assert session["next"]["exchange"] == 0
    response = post(client, session["id"], sataat_deal(7, 0, first_seven=True))
    assert response.status_code == 201, response.json
    facts = response.json["next"]
    assert facts["exchange"] == 1 and sorted(facts["givers"]) == [1, 3] and facts["leader"] == 2


def test_sataat_first_parent_is_given_as_the_seed_draws_it(client):
    """Seed 003 decides the first parent by a card draw (the dealer sits on the parent's right): an
    API client names the parent (`first_seat`), as the new-game form asks, and the dealer follows."""
    game = call(client, "GET", "/api/v1/games/sataat").json
    assert game["first_seat_label"].startswith("First parent")
    session = new(client, "sataat", ["N", "E", "S", "W"], first_seat=0)  # N drew the highest card
    assert session["first_dealer"] == 3 and session["next"]["leader"] == 0  # W deals, N leads
    both = call(client, "POST", "/api/v1/sessions", {"game": "sataat", "players": ["N", "E", "S", "W"],
                                                      "first_seat": 0, "first_dealer": 1})
    assert both.status_code == 422 and "first_seat" in both.json["fields"]
    outside = call(client, "POST", "/api/v1/sessions", {"game": "sataat", "players": ["N", "E", "S", "W"],
                                                         "first_seat": 4})
    assert outside.status_code == 422 and "first_seat" in outside.json["fields"]


def test_next_is_null_once_the_session_is_over(client):
    session = new(client, "tennos_team", ["A", "B", "C", "D"], options={"mode": "team", "teams": "fixed", "deals": 1})
    assert session["next"]["wins"] == [0, 0, 0, 0]
    game = {"suit": ["S", "H", "C", "D"], "pictures": [["JS", "QS", "KS", "JH"], [], [], []],
            "jokers": [0, 0, 0, 0], "ace": [True, False, False, False]}
    response = post(client, session["id"], game)
    assert response.json["standings"]["over"] and response.json["next"] is None
    assert response.json["standings"]["winners"] == [0, 2]  # the whole black team (fixed teams)


def test_unknown_fields_are_refused_naming_them(client, ctx):
    sid = new(client, "italian_whist", ["Ann", "Ben", "Cat"])["id"]
    response = post(client, sid, {"first": [3, 3, 3], "second": [3, 3, 3], "bogus": 1, "extra": 2})
    assert response.status_code == 422
    assert set(response.json["fields"]) == {"bogus", "extra"} and "bogus, extra" in response.json["message"]
    # in a game whose bids come first, too (they used to be dropped silently)
    yacht = new(client, "yacht", ["A", "B", "C"])["id"]
    response = post(client, yacht, {"bid": ["tu", "tu", "tu"], "bogus": 1})
    assert response.status_code == 422 and set(response.json["fields"]) == {"bogus"}
    assert Deal.query.count() == 0


def test_values_hidden_by_show_if_are_refused_naming_them(client, ctx):
    """Sataat: 'played on' is asked only after a 7-0 (show_if first_seven); Yacht: a T.U. bid has no
    start or goal."""
    sid = new(client, "sataat", ["N", "E", "S", "W"])["id"]
    response = post(client, sid, {**sataat_deal(7, 4), "played_on": True})
    assert response.status_code == 422 and set(response.json["fields"]) == {"played_on"}
    yacht = new(client, "yacht", ["A", "B", "C"])["id"]
    bids = {"bid": ["tu", "tu", "goal"], "start": [3, None, 5], "goal": [None, None, 9]}
    response = post(client, yacht, bids, phase="bid")
    assert response.status_code == 422 and set(response.json["fields"]) == {"start-0"}
    assert Deal.query.count() == 0
    response = post(client, sid, sataat_deal(7, 4))  # the same deal without it is fine
    assert response.status_code == 201
    deal_id = response.json["deals"][0]["id"]
    response = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}",
                    {"values": {**sataat_deal(7, 4), "played_on": True, "nope": 1}})
    assert response.status_code == 422 and set(response.json["fields"]) == {"nope"}


def test_locked_bids_cannot_be_changed_by_the_play_entry(client, ctx):
    sid = new(client, "yacht", ["A", "B", "C"])["id"]
    bids = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9]}
    assert post(client, sid, bids, phase="bid").status_code == 201
    response = post(client, sid, {"bid": ["ltu", "tu", "goal"], "tricks": [0, 0, 17]})
    assert response.status_code == 422 and set(response.json["fields"]) == {"bid"}
    assert Deal.query.one().phase == "bid" and Deal.query.one().payload["bid"] == ["tu", "tu", "goal"]
    response = post(client, sid, {**bids, "tricks": [0, 0, 17]})  # the same bids again are fine
    assert response.status_code == 201 and response.json["pending"] is None
