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
