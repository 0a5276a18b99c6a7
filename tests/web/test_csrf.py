"""CSRF protection is on for every write of the HTML pages."""
from scorekeeper import create_app


def test_post_without_token_is_refused(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/c.sqlite"})
    client = app.test_client()
    response = client.post("/sessions/new/schieberamsch",
                           data={"players-0": "A", "players-1": "B", "players-2": "C", "first_dealer": "0"})
    assert response.status_code in (400, 422)
    page = client.get("/sessions/new/schieberamsch").get_data(as_text=True)
    assert 'name="csrf_token"' in page


def test_deal_without_token_is_refused_and_not_stored(tmp_path):
    """A new deal posted without the CSRF token (or a forged one) is refused by CSRFProtect and not stored."""
    import re

    from scorekeeper.extensions import db
    from scorekeeper.models import Deal

    from .helpers import ramsch_form

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/c.sqlite"})
    client = app.test_client()
    page = client.get("/sessions/new/schieberamsch").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/sessions/new/schieberamsch", data={
        "csrf_token": token, "players-0": "A", "players-1": "B", "players-2": "C", "first_dealer": "0"})
    assert response.status_code == 302
    board = response.headers["Location"]
    deal = ramsch_form([30, 40, 50])
    # refused; from the app's own page the board comes back with what was typed, a new token and the
    # reason; another site's form gets the error page, not its values typed in for the table to save
    for sent in (deal, {**deal, "csrf_token": "forged"}):
        response = client.post(board + "/deals", data=sent, headers={"Sec-Fetch-Site": "same-origin"})
        assert response.status_code == 409 and "The page was out of date" in response.get_data(as_text=True)
        for elsewhere in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://elsewhere.example"}, {}):
            response = client.post(board + "/deals", data=sent, headers=elsewhere)
            assert response.status_code == 400 and 'name="points-0"' not in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Deal).count() == 0
    assert client.post(board + "/deals", data={**deal, "csrf_token": token}).status_code == 302
    with app.app_context():
        assert db.session.query(Deal).count() == 1


def test_the_cookie_holding_the_token_outlives_a_closed_browser(tmp_path):
    """r53c: a deal saved offline, the browser closed and the board opened again: its queued save was
    refused for its token, as the browser had dropped a cookie that lived only while it was open."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/c.sqlite"})
    client = app.test_client()
    response = client.get("/sessions/new/schieberamsch")
    cookie = next(value for key, value in response.headers.items() if key == "Set-Cookie")
    assert cookie.startswith("session=") and "Expires=" in cookie
