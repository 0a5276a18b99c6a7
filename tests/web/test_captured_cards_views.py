"""Captured cards through the HTML pages: a deal posted as tapped cards, stored as cards, scored from them;
a card given twice is refused beside the pile with both names, and every tap is kept."""
from __future__ import annotations

import re

from scorekeeper.models import Deal

from .helpers import alerts, new_schieberamsch, totals


def cards_form(piles, rest=2, pushed=0, deal_type="ramsch", **extra):
    """The form a browser posts: one checkbox per tapped card, per player."""
    data = {"type": deal_type, "count": "cards", "pushed": str(pushed), "contra": "none", "rest": str(rest), **extra}
    for seat, pile in enumerate(piles):
        if pile:
            data[f"cards-{seat}"] = list(pile)
    return data


def test_the_deal_form_draws_piles_of_cards(client):
    sid = new_schieberamsch(client, count_from="cards")
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert 'class="field piles" data-field="cards" data-rest-field="rest"' in html
    assert html.count('class="cards deck-french"') == 1, "the soloist's jacks drawn as cards"
    assert html.count('class="cards cards-later"') == 3, "three piles drawn once they are shown"
    html = client.get(f"/sessions/{sid}?cards=1").get_data(as_text=True)  # a page without JavaScript
    assert html.count('class="cards deck-french"') == 3 + 1, "three piles and the soloist's jacks drawn as cards"
    assert '<label class="card red"><input type="checkbox" name="cards-0"' in html
    assert 'value="cards" checked' in html, "the session's option makes cards the default"
    assert 'data-hide-if="count" data-hide-values="cards"' in html


def test_the_way_of_entering_carries_over_from_the_last_deal(client, ctx):
    """README: the table's way of entering carries over (r53c: a session that taps cards, one deal
    typed, and the next form was back on cards)."""
    from .helpers import ramsch_form
    sid = new_schieberamsch(client, count_from="cards")
    assert client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "count": "points"}).status_code \
        in (200, 302, 303)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert 'value="points" checked' in html and 'value="cards" checked' not in html
    assert client.post(f"/sessions/{sid}/deals", data=cards_form([[], ["KS", "QS", "7S"], []])).status_code \
        in (200, 302, 303)
    assert 'value="cards" checked' in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_post_a_ramsch_by_cards_stores_the_cards_and_scores_them(client, ctx):
    """Seed example 1 by cards: Anna no trick, Ben ♠K ♠Q ♠7 (7), Carl the rest (113), x4 -> 90."""
    sid = new_schieberamsch(client)
    response = client.post(f"/sessions/{sid}/deals", data=cards_form([[], ["KS", "QS", "7S"], []], pushed=2))
    assert response.status_code in (200, 302, 303), alerts(response.get_data(as_text=True))
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert totals(html) == [0, 0, 90]
    deal = Deal.query.one()
    html = client.get(f"/sessions/{sid}/deals/{deal.id}/breakdown").get_data(as_text=True)  # loaded on tap
    assert "Ben&#39;s cards (3): ♠Q 3 + ♠K 4 = 7." in html or "Ben's cards (3): ♠Q 3 + ♠K 4 = 7." in html
    payload = Deal.query.one().payload
    assert payload["count"] == "cards" and payload["cards"] == [[], ["7S", "QS", "KS"], []] and payload["rest"] == 2
    assert payload["points"] == [0, 7, 113]


def test_a_card_given_twice_is_refused_beside_the_pile_keeping_every_tap(client, ctx):
    sid = new_schieberamsch(client)
    response = client.post(f"/sessions/{sid}/deals",
                           data=cards_form([["AS", "KS", "7S"], ["AS", "QS", "8S"], []]))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "♠A is given to both Anna and Ben: each card goes to one player." in alerts(html)
    assert 'name="cards-1" id="cards-1-' in html and 'value="QS" checked' in html
    assert Deal.query.count() == 0


def test_the_edit_form_shows_the_tapped_cards_again(client, ctx):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=cards_form([[], ["KS", "QS", "7S"], []], pushed=2))
    deal = Deal.query.one()
    html = client.get(f"/sessions/{sid}/deals/{deal.id}/edit").get_data(as_text=True)
    assert 'name="cards-1" id="cards-1-' in html and 'value="KS" checked' in html
    assert 'value="cards" checked' in html
    response = client.post(f"/sessions/{sid}/deals/{deal.id}/edit",
                           data=cards_form([["AS", "10S", "KS"], [], []], rest=1, pushed=0))
    assert response.status_code in (200, 302, 303), alerts(response.get_data(as_text=True))
    # Anna 25, Ben the rest 95, Carl no trick: only two took tricks, 2 x 95 = 190 -> 19
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 19, 0]


def test_the_api_takes_a_deal_as_cards_and_lists_the_card_fields(client):
    from .test_api import call, new_session

    sid = new_session(client)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                    {"values": {"type": "ramsch", "count": "cards", "pushed": 2,
                                "cards": [[], ["KS", "QS", "7S"], []], "rest": 2}})
    assert response.status_code == 201
    assert response.json["standings"]["totals"] == [0, 0, 90]
    fields = {field["name"]: field for field in call(client, "GET", "/api/v1/games").json["games"][
        [game["slug"] for game in call(client, "GET", "/api/v1/games").json["games"]].index("schieberamsch")
    ]["deal_fields"]["3"]}
    assert fields["cards"]["rest_field"] == "rest" and fields["cards"]["deck"] == "french"
    assert fields["points"]["hide_if"] == {"field": "count", "values": ["cards"]}


# --- counting cards only (issue 23; the decision in scorekeeper/games/captured.py) -------------------

def test_the_piles_say_which_way_they_count(client):
    """The line beside the piles, with both wordings for app.js to switch between as cards are tapped."""
    sid = new_schieberamsch(client, count_from="cards")
    html = client.get(f"/sessions/{sid}?cards=1").get_data(as_text=True)
    counting = "Counting cards only: 7, 8, 9 not needed"
    assert (f'<p class="pile-way" aria-live="polite" data-counting="{counting}" '
            f'data-every="Every card: whole tricks are checked">{counting}</p>') in html
    response = client.post("/sessions/new/handjass", data={
        "players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "players-3": "Dora", "first_dealer": "0",
        "option_count_from": "cards"})
    html = client.get(response.headers["Location"] + "?cards=1").get_data(as_text=True)
    assert ">Counting cards only: 6, 7, 8 and plain 9s not needed</p>" in html


def test_post_a_ramsch_by_counting_cards_only(client, ctx):
    """schieberamsch.md 'Ramsch deal', x2: Anna ♥A ♥10 ♥K (25), Ben ♠A ♠10 ♠K ♠Q (28, four cards: not
    whole tricks), Carl the rest (67): all took a trick, Carl 67 x 2 = 134, /10 -> 13."""
    sid = new_schieberamsch(client)
    response = client.post(f"/sessions/{sid}/deals",
                           data=cards_form([["AH", "10H", "KH"], ["AS", "10S", "KS", "QS"], []], pushed=1))
    assert response.status_code in (200, 302, 303), alerts(response.get_data(as_text=True))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 0, 13]
    assert Deal.query.one().payload["points"] == [25, 28, 67]


def test_a_trick_of_7_8_9_ticked_for_an_empty_pile_is_kept_and_scored(client, ctx):
    """schieberamsch.md seed example 1 (x4; Ben ♥K ♥Q 7, Carl the rest 113): Anna, with no counting card,
    ticked as having taken a trick of 7, 8 and 9 only: all three took one, Carl 113 x 4 -> 45 (not 90).
    The form asks it seat by seat beside the piles (app.js shows it for an empty pile)."""
    sid = new_schieberamsch(client, count_from="cards")
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert '<tr data-field="blank_trick" data-show-if="count" data-show-values="cards"' in html
    assert '<div data-if-pile-blank="cards" data-seat="0">' in html
    response = client.post(f"/sessions/{sid}/deals",
                           data=cards_form([[], ["KH", "QH"], []], pushed=2, **{"blank_trick-0": "y"}))
    assert response.status_code in (200, 302, 303), alerts(response.get_data(as_text=True))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 0, 45]
    assert Deal.query.one().payload["took_trick"] == [True, True, True]


def test_a_trick_of_7_8_9_unticked_in_a_correction_is_scored_again(client, ctx):
    """r57a: ticked, corrected, then unticked: the correction's form still held the "took a trick" it had
    derived (hidden while cards are tapped) and was refused unseen. schieberamsch.md seed example 1 with
    Ben ♥K ♥Q: Anna ticked, Carl 113 x 4 -> 45; unticked, two took tricks, 113 x 2 x 4 -> 90."""
    sid = new_schieberamsch(client, count_from="cards")
    assert client.post(f"/sessions/{sid}/deals", data=cards_form([[], ["KH", "QH"], []], pushed=2,
                                                                 **{"blank_trick-0": "y"})).status_code == 302
    deal = Deal.query.one()
    page = client.get(f"/sessions/{sid}/deals/{deal.id}/edit").get_data(as_text=True)
    assert re.search(r'name="took_trick-0" id="took_trick-0" value="y" checked', page)  # held, hidden
    form = {**cards_form([[], ["KH", "QH"], []], pushed=2), "took_trick-0": "y", "took_trick-1": "y",
            "took_trick-2": "y", "points-0": "0", "points-1": "7", "points-2": "113"}  # what the page sends
    response = client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data=form)
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 0, 90]


def test_a_zero_card_tapped_brings_back_the_whole_trick_check_keeping_every_tap(client, ctx):
    """Ben's ♠7 makes every card count: his four cards are not whole tricks (schieberamsch.md: 3 a trick)."""
    sid = new_schieberamsch(client)
    response = client.post(f"/sessions/{sid}/deals",
                           data=cards_form([["AH", "10H", "KH"], ["AS", "10S", "KS", "7S"], []], pushed=1))
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and Deal.query.count() == 0
    assert any("whole tricks of three cards" in message for message in alerts(html))
    assert 'value="7S" checked' in html and 'value="KS" checked' in html


def test_the_api_takes_a_ramsch_by_counting_cards_only(client):
    from .test_api import call, new_session

    sid = new_session(client)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                    {"values": {"type": "ramsch", "count": "cards", "pushed": 1,
                                "cards": [["AH", "10H", "KH"], ["AS", "10S", "KS", "QS"], []], "rest": 2}})
    assert response.status_code == 201, response.json
    assert response.json["standings"]["totals"] == [0, 0, 13]
