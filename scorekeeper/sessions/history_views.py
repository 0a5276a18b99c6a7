"""The history of every session (filtered by game, player and dates) and the players' pages, a
page at a time (the queries are in history.py); a player's name corrected there (names.py)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import current_app, redirect, render_template, request, url_for
from flask_babel import get_timezone, gettext
from sqlalchemy import Row, select

from .. import access, history, names, summaries
from ..board import table_of
from ..dbsafety import column_int
from ..extensions import db
from ..filter_forms import HistoryFilterForm, StatsFilterForm
from ..games import GAMES
from ..games.base import RuleError
from ..i18n import translate
from ..models import GameSession, Player, Seat
from ..names import sort_key
from .blueprint import bp
from .chart import places_chart, totals_chart
from .forms import PlayerNameForm
from .template_helpers import winner_line


@bp.app_template_global()
def session_title(session: GameSession) -> str:
    """The session's game as its lists name it ("Free score pad: Rummy"); a game no longer here by its slug."""
    game = GAMES.get(session.game)
    return translate(game.title(session.options)) if game else session.game


@bp.app_template_global()
def session_winner_line(session: GameSession, winners: Sequence[int]) -> str:
    """Who won the session, in words, as its board says it: the teams the table named by their names."""
    game, table = GAMES.get(session.game), table_of(session)
    return winner_line(winners, table.names, table, game.teams(table) if game else ())


def _page() -> int:
    return max(request.args.get("page", 1, type=column_int) or 1, 1)


def _players() -> Sequence[Row]:
    """Every player (id, name), for the filters' choices."""
    return sorted(db.session.execute(db.select(Player.id, Player.name)).all(), key=lambda row: sort_key(row.name))


def history_filters() -> tuple[HistoryFilterForm, bool, history.Filters]:
    """The history's filters as the request gives them (its page, or the export of what it lists):
    the form, whether it is valid, and what it narrows to."""
    args = request.args
    name = (args.get("player") or "").strip()
    if not args.get("player_id") and name:  # a typed name or an old link: the dropdown sends ids
        args = args.copy()
        args["player_id"] = str(history.player_id_by_name(name))
    form = HistoryFilterForm(args, _players())
    valid = form.validate()
    return form, valid, form.filters(get_timezone())


@bp.get("/history", endpoint="history")
def history_page():
    """Every session, newest first, narrowed by the filters (a game, a player, a period whose days are
    those of the zone the pages show times in). A filter that is not one is said beside its field."""
    form, valid, filters = history_filters()
    if not valid:  # the filters checked so far would list what nobody asked for
        return render_template("history.html", rows=[], pagination=None, form=form, filtered=True, valid=False,
                               query={}, games=GAMES), 422
    pagination = db.paginate(history.sessions_query(filters), page=_page(),
                             per_page=current_app.config["HISTORY_PAGE_SIZE"], error_out=False)
    query = _query(request.args, ("game", "player_id", "player", "from", "to"))
    if not pagination.items and pagination.pages and pagination.page > pagination.pages:  # an old link
        last: dict[str, Any] = {"page": pagination.pages, **query}
        return redirect(url_for("sessions.history", **last))
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id]) for session in pagination.items]
    page = render_template("history.html", rows=rows, pagination=pagination, form=form, filtered=bool(filters),
                           valid=valid, query=query, games=GAMES)
    return page, 200 if valid else 422


@bp.get("/players")
def players():
    return render_template("players/index.html", counts=history.players_with_sessions())


@bp.get("/players/<int:player_id>")
def show_player(player_id: int):
    """The player's record per game, what the games counted, wins and places over time, head to head
    with another player and their sessions a page at a time: all narrowed by the filters (a game, a
    period, other players at the table). A filter that is not one is said beside its field."""
    return _player_page(db.get_or_404(Player, player_id), PlayerNameForm(formdata=None))


@bp.post("/players/<int:player_id>/name")
def rename_player(player_id: int):
    """A typo in a player's name fixed: in every session of theirs; a name another player has joins
    the two (names.rename_player). Refused, with the reason beside the box, while one of their tables
    has a PIN this device has not entered. Joining into a player of PIN tables is not: it changes none
    of those tables, and anyone may already seat a player of that name at a new table."""
    player = db.get_or_404(Player, player_id)
    form = PlayerNameForm()
    if form.validate():
        locked = _locked(select(Seat.session_id).where(Seat.player_id == player.id))
        if locked is not None:
            form.name.errors = [_pin_text(locked)]
            return _player_page(player, form, 403)
        was = player.id
        try:
            named = names.rename_player(player, form.name.data or "")
        except RuleError as refused:
            db.session.rollback()
            form.name.errors = [translate(error.text) for error in refused.errors]
        else:
            if named.id == was:
                return redirect(url_for(".show_player", player_id=named.id, renamed=1))
            return redirect(url_for(".show_player", player_id=named.id, joined=was))
    return _player_page(player, form, 422)


@bp.post("/players/<int:player_id>/separate")
def separate_player(player_id: int):
    """Undo a join (names.separate): the player joined into this one, numbered by the form's `was`,
    gets their sessions back. Their PIN tables must be unlocked on this device, as for the join.
    A refusal is said on the line the Undo was on, not under the name's box."""
    player = db.get_or_404(Player, player_id)
    was = request.form.get("was", type=column_int)
    found = names.joined(player, was) if was is not None else None
    locked = _locked(found[1]) if found else None
    if locked is not None:
        return _player_page(player, PlayerNameForm(formdata=None), 403, undo_refused=_pin_text(locked))
    try:
        separated = names.separate(player, was if was is not None else 0, found)
    except RuleError as refused:
        db.session.rollback()
        said = " ".join(translate(error.text) for error in refused.errors)
        return _player_page(player, PlayerNameForm(formdata=None), 422, undo_refused=said)
    return redirect(url_for(".show_player", player_id=separated.id, separated=player.id))


def _locked(sessions: Any) -> GameSession | None:
    """The first of these sessions (ids, or a select of them) with a PIN this device has not entered."""
    return next((session for session in db.session.scalars(select(GameSession).where(
        GameSession.id.in_(sessions), GameSession.pin_hash.is_not(None))) if access.locked(session)), None)


def _pin_text(session: GameSession) -> str:
    return gettext("Session %(id)d is protected by a PIN: enter it at that table first.", id=session.id)


def _player_page(player: Player, name_form: PlayerNameForm, status: int = 200, undo_refused: str | None = None):
    """The player's page (show_player), with the rename form as given."""
    players = _players()
    form = StatsFilterForm(request.args, players, player.id)
    # the line after a rename: the name changed, or two players joined
    renamed = next((said for said in ("renamed", "joined", "separated") if request.args.get(said)), None) \
        if status == 200 else None
    if not form.validate():  # the filters checked so far would count what nobody asked for
        return render_template("players/show.html", player=player, form=form, valid=False, name_form=name_form,
                               query=_query(request.args, ("game", "since", "until", "with", "vs"))), 422
    filters = form.filters(get_timezone())
    played = history.seats_of(player.id, filters)
    pagination = db.paginate(history.player_sessions_query(player.id, filters), page=_page(),
                             per_page=current_app.config["HISTORY_PAGE_SIZE"], error_out=False, count=False)
    pagination.total = played  # counted once, off the seat index (filtered: the seat summaries')
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id], next(s.position for s in session.seats if s.player_id == player.id))
            for session in pagination.items]
    other = next((row for row in players if row.id == form.other_id), None)
    months = history.player_over_time(player.id, filters)
    records = history.player_tallies(player.id, filters)
    chart = totals_chart([(m.finished_so_far, m.won_so_far) for m in months], (gettext("Finished"), gettext("Won")))
    placed = [(m.month, m.average_place) for m in months if m.average_place is not None]
    places = places_chart(placed, max((m.most_sides for m in months), default=0), gettext("Average place by month"))
    return render_template("players/show.html", player=player, rows=rows, games=GAMES, pagination=pagination,
                           records=records, figures=history.player_figures(player.id, filters),
                           average_place=history.overall_place(records), form=form, filtered=bool(filters),
                           months=months, chart=chart, places=places, other=other,
                           together=history.head_to_head(player.id, other.id, filters) if other else [],
                           query=_query(request.args, ("game", "since", "until", "with", "vs")), valid=True,
                           name_form=name_form, renamed=renamed, undo_join=_undoable_join(player),
                           undo_refused=undo_refused), status


def _undoable_join(player: Player) -> int | None:
    """The number of the player just joined into `player` (?joined=), while the join can be undone."""
    was = request.args.get("joined", type=column_int)
    if was is None or db.session.get(Player, was) is not None:
        return None
    return was if names.joined(player, was) else None


def _query(args, names: tuple[str, ...]) -> dict[str, list[str]]:
    """The filters as the page was asked them, for its links to other pages of sessions."""
    return {name: args.getlist(name) for name in names if args.get(name)}
