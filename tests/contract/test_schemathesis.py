"""Contract tests: Schemathesis reads the OpenAPI document the app serves and sends requests made
from it, valid and invalid, to the app (WSGI, on a throw-away database). Every answer must be one the
document lists for the operation, with the documented body and headers; no 500. Then a stateful run
follows the document's links: create a session, add deals, correct one, delete it, restore it,
export and import. Every operation must have accepted (2xx) at least one request."""
from __future__ import annotations

import os
from collections import defaultdict

import hypothesis
import schemathesis
from schemathesis.config import SchemathesisConfig
from sqlalchemy import text

from scorekeeper.extensions import db

from ..web.openapi_check import SPEC, SPEC_PATH

# Rules of a game that JSON Schema cannot state (card points adding up to 120) are refused with
# 422: a request the schema allows may still break one.
CONFIG = {
    "generation": {"max-examples": 25, "deterministic": bool(os.environ.get("CI"))},
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "422", "429"]}},
    # the coverage phase (every boundary of every schema) would take minutes of the test run
    "phases": {"coverage": {"enabled": False}, "stateful": {"generation": {"mode": "positive"}}},
    "headers": {"Accept-Encoding": "identity"},  # the WSGI client does not undo Flask-Compress
}
STATEFUL_EXAMPLES = 20  # sequences of up to 10 calls
OPERATIONS = {f"{method.upper()} {path}" for path, item in SPEC["paths"].items() for method in item
              if method in ("get", "post", "put", "delete")}
DEAL_EXAMPLES = {slug: example["value"] for slug, example in SPEC["paths"]["/sessions/{session_id}/deals"]["post"]
                 ["requestBody"]["content"]["application/json"]["examples"].items()}
NEW_SESSIONS = {slug: example["value"] for slug, example in SPEC["paths"]["/sessions"]["post"]["requestBody"]
                ["content"]["application/json"]["examples"].items()}


def empty(app) -> None:
    """Every table emptied and its ids restarted, and the replays the app remembers forgotten."""
    with app.app_context():
        tables = db.metadata.sorted_tables
        if db.engine.dialect.name == "postgresql":
            db.session.execute(text(f"TRUNCATE {', '.join(t.name for t in tables)} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(tables):
                db.session.execute(table.delete())
            db.session.execute(text("DELETE FROM sqlite_sequence"))  # the AUTOINCREMENT counters
        db.session.commit()
    app.extensions.pop("scorekeeper.replays", None)


def load(app=None):
    """The document as the app serves it (the file, test_api.py checks); requests go to `app`."""
    if app is None:
        return schemathesis.openapi.from_path(SPEC_PATH, config=SchemathesisConfig.from_dict(CONFIG))
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=SchemathesisConfig.from_dict(CONFIG))


schema = load()


@schema.parametrize()
# one database per operation, shared by its examples
@hypothesis.settings(suppress_health_check=[hypothesis.HealthCheck.function_scoped_fixture])
def test_every_operation_answers_as_documented(case, app):
    case.call_and_validate(app=app)


def test_links_walked_for_every_game_reach_every_operation(app):
    """Along the document's links, with its examples, each answer checked as above: start a session
    of each game, add its example deal, correct it, delete it, restore it, read it, score it under its
own rules (what if), end it early and continue it, export and import it."""
    schema, accepted = load(app), set()

    def call(operation_id, **kwargs):
        case = schema.find_operation_by_id(operation_id).Case(headers=CONFIG["headers"], **kwargs)
        response = case.call_and_validate(app=app)
        if 200 <= response.status_code < 300:
            accepted.add(case.operation.label)
        return response

    for slug, values in DEAL_EXAMPLES.items():
        session = call("createSession", body=NEW_SESSIONS[slug])
        sid = {"session_id": session.json()["id"]}
        deal = call("addDeal", path_parameters=sid, body=values).json()["deals"][0]
        ids = {**sid, "deal_id": deal["id"]}
        assert call("replaceDeal", path_parameters=ids, body={"values": deal["values"]}).status_code == 200
        deleted = call("deleteDeal", path_parameters=ids)
        revision = deleted.headers["revision-id"][0]  # headers by lower-case name, each a list
        call("restoreDeal", path_parameters={**sid, "revision_id": int(revision)})
        assert call("showSession", path_parameters=sid).json()["deals"][0]["values"] == deal["values"]
        assert call("whatIf", path_parameters=sid, body={"options": {}}).json()["uncounted_deals"] == 0
        assert len(call("sessionStats", path_parameters=sid).json()["players"]) == len(NEW_SESSIONS[slug]["players"])
        ended = call("closeSession", path_parameters=sid).json()
        assert ended["closed_at"] and ended["standings"]["over"]
        assert call("reopenSession", path_parameters=sid).json()["closed_at"] is None
        call("scoreboardCsv", path_parameters=sid)
        exported = call("exportSession", path_parameters=sid).json()
        assert call("importSessions", body=exported).json()["already_here"] == [sid["session_id"]]
    games = call("listGames").json()["games"]
    assert [game["slug"] for game in games] == SPEC["components"]["schemas"]["GameSlug"]["enum"]
    call("showGame", path_parameters={"slug": games[0]["slug"]})
    call("exportEverything")
    call("playerStats", path_parameters={"player_id": 1})
    call("openapi")
    assert accepted == OPERATIONS


def test_stateful_sequences_follow_the_links(app):
    """Schemathesis's state machine: sequences of calls chained by the links, each answer checked."""
    games, answered = {}, defaultdict(set)

    class Workflow(load(app).as_state_machine()):
        def setup(self):
            """Each sequence starts on an empty database with ids from 1: the same steps meet the same
            answers (Hypothesis replays a sequence and requires that)."""
            empty(app)
            games.clear()

        def before_call(self, case):
            """Deals the session's game accepts: generated values rarely fit its rules (those are
            tested above). A new deal is the game's documented example; a correction enters the
            linked deal's values again."""
            if case.operation.label == "POST /sessions/{session_id}/deals":
                game = games.get(case.path_parameters.get("session_id"))
                if game is not None:
                    case.body = DEAL_EXAMPLES[game]
            elif case.operation.label == "PUT /sessions/{session_id}/deals/{deal_id}" and isinstance(case.body, dict):
                case.body = {"values": case.body.get("values")}

        def after_call(self, response, case):
            answered[case.operation.label].add(response.status_code)
            if case.operation.label == "POST /sessions" and response.status_code == 201:
                games[response.json()["id"]] = response.json()["game"]

    Workflow.run(settings=hypothesis.settings(max_examples=STATEFUL_EXAMPLES, stateful_step_count=10, deadline=None,
                                              phases=[hypothesis.Phase.generate], database=None,
                                              derandomize=bool(os.environ.get("CI")),
                                              suppress_health_check=list(hypothesis.HealthCheck)))
    assert 201 in answered["POST /sessions"], dict(answered)
