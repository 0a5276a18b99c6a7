"""JSON endpoints: the same board.py and writes.py calls as the pages. Bodies and answers are described
in openapi.json beside this file."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from flask import abort, current_app, make_response, request, send_from_directory
from flask_babel import gettext
from sqlalchemy import select
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from .. import history
from ..board import Board, board
from ..dbsafety import UnreadableJson, read_json
from ..errors import error_response
from ..extensions import db
from ..filter_forms import StatsFilterForm
from ..games import GAMES
from ..games.base import Game, Table, resolve_options
from ..i18n import translate
from ..models import GameSession, Player
from ..stats import figure_rows, session_stats
from ..what_if import what_if
from .blueprint import bp


def json_body() -> dict[str, Any]:
    if not request.is_json:
        raise UnsupportedMediaType(gettext("Send the body as JSON (Content-Type: application/json)."))
    try:  # over MAX_CONTENT_LENGTH: 413
        body = read_json(request.get_data(cache=True), current_app.config["MAX_JSON_DEPTH"])
    except UnreadableJson as refused:
        raise BadRequest(translate(refused.args[0])) from None
    if not isinstance(body, dict):
        raise BadRequest(gettext("The body must be a JSON object."))
    return body


def api_session(session_id: int) -> GameSession:
    return db.get_or_404(GameSession, session_id, description=gettext("There is no such session."))


def game_json(game: Game) -> dict[str, Any]:
    by_count = {}
    for n in game.players:
        options = resolve_options(game.option_specs(n), {})
        table = Table(tuple(f"Player {i + 1}" for i in range(n)), options)
        by_count[str(n)] = [spec.as_json() for spec in game.deal_fields(table, game.start(table))]
    return {
        "slug": game.slug,
        "name": translate(game.name),
        "players": list(game.players),
        "lower_is_better": game.lower_is_better,
        "first_seat_label": translate(game.first_seat_label),
        "options": [spec.as_json() for spec in game.option_specs(min(game.players))],
        "deal_fields": by_count,
    }


def session_json(session: GameSession, current: Board | None = None) -> dict[str, Any]:
    """`current`: the board a write just built; None reads it."""
    current = current or board(session)
    standing = current.standing
    deals = []
    for number, (deal, result) in enumerate(zip(current.deals, standing.results), start=1):
        deals.append({
            "id": deal.id,
            "number": number,
            "values": deal.payload,
            "engine_version": deal.engine_version,
            "dealer": standing.dealers[number - 1],
            "points": list(result.points),
            "totals": list(standing.running[number - 1]),
            "summary": translate(result.summary),
            "breakdown": [translate(line) for line in result.breakdown],
        })
    pending, early = current.pending, current.pending.payload if current.pending is not None else None
    facts = None if standing.over else current.game.facts(current.table, current.state, early)
    shown = early if current.game.locked_shown(current.table) else {}  # Differenzler's hidden: held back
    return {
        "id": session.id,
        "version": current.version,
        "game": session.game,
        "players": list(current.table.names),
        "player_ids": [seat.player_id for seat in session.seats],
        "first_dealer": session.first_dealer,
        "options": current.table.options,
        "created_at": session.created_at.isoformat() + "Z",
        "closed_at": session.closed_at and session.closed_at.isoformat() + "Z",
        "standings": {
            "totals": list(standing.totals),
            "dealer": standing.dealer,
            "leader": standing.leader,
            "over": standing.over,
            "winners": list(standing.winners),
            "losers": list(standing.losers),
            "deals_left": standing.deals_left,
            "active": list(standing.active),
            "notes": [translate(note) for note in standing.notes],
            "winner_rule": translate(current.winner_rule),
            "teams": [{"seats": list(side), "name": current.table.side(side), "total": total}
                      for side, total in standing.team_totals],
            "other_totals": [{"name": translate(name), "totals": list(totals)}
                             for name, totals in current.game.other_totals(current.table, standing.state)],
        },
        "deals": deals,
        "next": facts,
        "pending": None if pending is None else {"id": pending.id, "phase": pending.phase, "values": shown},
        "next_phase": None if standing.over else current.phase,
        "next_deal_fields": [] if standing.over else [
            spec.as_json() for spec in current.game.deal_fields(current.table, current.state)
        ],
    }


def session_answer(session: GameSession, current: Board | None = None, status: int = 200,
                   headers: dict[str, str] | None = None):
    """The session as JSON, tagged with its version: a write's answer carries the ETag a GET would."""
    answer = session_json(session, current)
    response = make_response(answer, status, headers or {})
    response.set_etag(str(answer["version"]))
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/games")
def list_games():
    return {"games": [game_json(game) for game in GAMES.values()]}


@bp.get("/games/<slug>")
def show_game(slug: str):
    if slug not in GAMES:
        abort(404, gettext("There is no such game."))
    return game_json(GAMES[slug])


@bp.get("/sessions/<int:session_id>")
def show_session(session_id: int):
    """The session, tagged with its version (the ETag a write's If-Match names); 304 to a client that
    holds this version (If-None-Match). The texts follow Accept-Language or the lang cookie."""
    session = api_session(session_id)
    tag = str(session.version)
    if not request.if_none_match.contains_weak(tag):  # If-None-Match compares weakly (RFC 9110)
        return session_answer(session)
    response = make_response("", 304)
    response.set_etag(tag)
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.post("/sessions/<int:session_id>/what-if")
def what_if_session(session_id: int):
    """The session scored under other options of its game; nothing is stored."""
    session = api_session(session_id)
    result = what_if(session, json_body().get("options", {}))
    return {**session_json(session, result.board), "uncounted_deals": result.uncounted}


@bp.get("/sessions/<int:session_id>/stats")
def session_statistics(session_id: int):
    """Each player's statistics in the session, and the figures the game's engine counts."""
    current = board(api_session(session_id))
    return {
        "players": list(current.table.names),
        "seats": [dataclasses.asdict(row) for row in session_stats(current)],
        "figures": [{"name": figure.name, "label": translate(figure.label), "values": counts}
                    for figure, counts in figure_rows(current)],
    }


@bp.get("/players/<int:player_id>/stats")
def player_statistics(player_id: int):
    """A player's record per game, with the figures, the average place and the months; narrowed by the
    player page's form (filter_forms.py; a bad filter answers 422 naming it), `vs=` adds head to head. Its
    `since=` and `until=` are UTC days, as v1 documented them (the page's: its timezone's)."""
    player = db.get_or_404(Player, player_id, description=gettext("There is no such player."))
    players = db.session.execute(select(Player.id, Player.name)).all()
    form = StatsFilterForm(request.args, players, player.id)
    if not form.validate():
        problems = form.first_errors
        return error_response(422, next(iter(problems.values())), problems)
    filters = form.filters()
    figures = history.player_figures(player.id, filters)
    tallies = history.player_tallies(player.id, filters)
    answer: dict[str, Any] = {
        "player": {"id": player.id, "name": player.name},
        "filters": {"game": filters.game, "since": filters.since and filters.since.isoformat(),
                    "until": filters.until and filters.until.isoformat(), "with": list(filters.with_ids)},
        "games": [
            {**_tally(tally), "figures": [{"name": figure.name, "label": translate(figure.label), "value": value}
                                          for figure, value in figures.get(tally.game, [])]}
            | ({"names": [{"name": kind.name, **_tally(kind)} for kind in tally.kinds or (tally,)]}
               if tally.game == "free_pad" else {})
            for tally in tallies],
        "average_place": history.overall_place(tallies),
        "months": [{"month": month.month, "finished": month.finished, "won": month.won,
                    "average_place": month.average_place} for month in history.player_over_time(player.id, filters)],
    }
    if form.other_id is not None:
        other = next(row for row in players if row.id == form.other_id)
        answer["head_to_head"] = {"player": {"id": other.id, "name": other.name}, "games": [
            dataclasses.asdict(row) for row in history.head_to_head(player.id, form.other_id, filters)]}
    return answer


def _tally(tally: history.GameTally) -> dict[str, Any]:
    """A player's record of one game (or of one free pad's game, by its name)."""
    return {"game": tally.game, "sessions": tally.played, "finished": tally.finished, "won": tally.won,
            "lost": tally.lost, "average_total": tally.average_total, "average_place": tally.average_place}


@bp.get("/openapi.json")
def openapi_document():
    """The document beside this module, sent as a file: ETag and Last-Modified, so a client revalidates."""
    return send_from_directory(Path(__file__).parent, "openapi.json", max_age=3600)
