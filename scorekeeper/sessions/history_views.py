"""The history of every session (filtered by game, player and dates) and the players' pages, a
page at a time (the queries are in history.py)."""
from __future__ import annotations

from datetime import date

from flask import abort, current_app, render_template, request
from flask_babel import gettext

from .. import history, summaries
from ..extensions import db
from ..games import GAMES
from ..i18n import translate
from ..models import GameSession, Player
from .blueprint import bp
from .chart import totals_chart


@bp.app_template_global()
def session_title(session: GameSession) -> str:
    """The session's game as its lists name it ("Free score pad: Rummy"); a game no longer here by its slug."""
    game = GAMES.get(session.game)
    return translate(game.title(session.options)) if game else session.game


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _page() -> int:
    return max(request.args.get("page", 1, type=int) or 1, 1)


@bp.get("/history", endpoint="history")
def history_page():
    game = request.args.get("game") or None
    player_id = request.args.get("player_id", type=int)
    name = (request.args.get("player") or "").strip()
    if player_id is None and name:  # a typed name or an old link: the dropdown sends ids
        player_id = history.player_id_by_name(name)
    since, until = _day(request.args.get("from")), _day(request.args.get("to"))
    pagination = db.paginate(history.sessions_query(game, player_id, since, until), page=_page(),
                             per_page=current_app.config["HISTORY_PAGE_SIZE"], error_out=False)
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id]) for session in pagination.items]
    players = db.session.execute(db.select(Player.id, Player.name).order_by(Player.name)).all()
    return render_template("history.html", rows=rows, pagination=pagination, games=GAMES, players=players,
                           filters={"game": game or "", "player_id": player_id or "",
                                    "from": since.isoformat() if since else "",
                                    "to": until.isoformat() if until else ""})


@bp.get("/players")
def players():
    return render_template("players/index.html", counts=history.players_with_sessions())


@bp.get("/players/<int:player_id>")
def show_player(player_id: int):
    """The player's record per game over all their sessions, and their sessions a page at a time."""
    player = db.session.get(Player, player_id) or abort(404)
    played = history.seats_of(player.id)
    pagination = db.paginate(history.player_sessions_query(player.id), page=_page(),
                             per_page=current_app.config["HISTORY_PAGE_SIZE"], error_out=False, count=False)
    pagination.total = played  # counted once, off the seat index
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id], next(s.position for s in session.seats if s.player_id == player.id))
            for session in pagination.items]
    game = request.args.get("game") if request.args.get("game") in GAMES else None
    vs = request.args.get("vs", type=int)
    other = db.session.get(Player, vs) if vs else None
    months = history.player_over_time(player.id, game)
    chart = totals_chart([(m.finished_so_far, m.won_so_far) for m in months], (gettext("Finished"), gettext("Won")))
    others = db.session.execute(db.select(Player.id, Player.name).where(Player.id != player.id)
                                .order_by(Player.name)).all()
    return render_template("players/show.html", player=player, rows=rows, games=GAMES, pagination=pagination,
                           records=history.player_tallies(player.id), figures=history.player_figures(player.id),
                           game=game, months=months, chart=chart, others=others, other=other,
                           together=history.head_to_head(player.id, other.id) if other else [])
