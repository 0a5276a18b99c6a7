"""Pages for the table. A full page includes its fragments; an htmx request gets the
fragment alone (Vary: HX-Request). Every page also works without JavaScript."""
from __future__ import annotations

import dataclasses
from datetime import date, datetime, time
from typing import Any

from flask import (
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from markupsafe import Markup
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload
from wtforms import FieldList

from .. import access, scoring, summaries
from ..extensions import db
from ..games import GAMES
from ..games.base import DealError, RuleError, Table
from ..i18n import LANGUAGE_COOKIE, stored_deal_message, translate
from ..models import Deal, GameSession, Player, Revision, Seat
from . import bp, is_htmx, rendered
from .forms import EmptyForm, FreshForm, choice_text, deal_form, new_session_form, option_values, posted_deal, raw_deal
from .stats import player_record
from .table import note_change, only_added, saved_flash, session_or_404


def _render(full: str, fragment: str, status: int = 200, **context: Any):
    template = fragment if is_htmx() else full
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def _deal_or_404(session: GameSession, deal_id: int) -> Deal:
    deal = db.session.get(Deal, deal_id)
    if deal is None or deal.session_id != session.id:
        abort(404)
    return deal


def _apply_error(form, error: RuleError) -> None:
    """Put the engine's sentence next to the field it names, beside a per-seat row
    ("points" for a sum), or above the form."""
    message = translate(error.text)
    if error.field and error.field in form and isinstance(form[error.field], FieldList):
        form.group_errors.setdefault(error.field, []).append(message)
    elif error.field and error.field in form:
        form[error.field].errors = [*form[error.field].errors, message]
    elif error.field and any(name.startswith(error.field + "-") for name in form._fields):
        form.group_errors.setdefault(error.field, []).append(message)
    else:
        form.form_errors.append(message)


# a fresh key per rendered entry form: a resubmitted form (a retry) carries the same one
bp.add_app_template_global(rendered.new_idempotency_key, "new_idempotency_key")
bp.add_app_template_global(rendered.kept_fragment, "kept_fragment")
bp.add_app_template_global(rendered.WHO, "WHO")
bp.add_app_template_global(choice_text, "choice_text")
bp.add_app_template_filter(rendered.initial, "initial")


@bp.app_template_global("unnamed")
def unnamed(form, table):
    """A fresh entry form and its table with stand-in names: what a fragment kept for every table
    of this size is rendered from (rendered.kept_fragment fills the real names in)."""
    stand_in = Table(rendered.stand_in_names(table.size), table.options, table.first_dealer)
    return deal_form(form.pristine, stand_in), stand_in


@bp.app_template_filter("seat_names")
def seat_names(seats, names) -> str:
    """Seat indexes as the players' names: (0, 2) -> "Anna, Carl"."""
    return ", ".join(names[seat] for seat in seats)


@bp.app_template_filter("tally")
def tally(strokes: int) -> Markup:
    """Strokes the way they are drawn on a slate: groups of five struck through; a net
    below zero is drawn as that many potatoes (circles)."""
    if strokes < 0:
        return Markup('<span class="potatoes" aria-hidden="true">' + '<i class="potato"></i>' * -strokes + "</span>")
    if strokes == 0:
        return Markup("")
    fives, rest = divmod(strokes, 5)
    groups = ['<span class="five">||||</span>'] * fives + (["|" * rest] if rest else [])
    return Markup('<span class="tally" aria-hidden="true">' + " ".join(groups) + "</span>")


# --- home and new session ---------------------------------------------------------

@bp.get("/")
def home():
    recent = db.session.scalars(
        select(GameSession).options(selectinload(GameSession.seats)).order_by(GameSession.updated_at.desc()).limit(5)
    ).all()
    return render_template("home.html", games=GAMES, recent=recent)


@bp.route("/sessions/new/<slug>", methods=["GET", "POST"])
def new_session(slug: str):
    game = GAMES.get(slug) or abort(404)
    form = new_session_form(game, formdata=request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST" and form.validate():
        names = [name.strip() for name in form.players.data if name and name.strip()]
        try:
            session = scoring.create_session(
                slug, names, game.dealer_for_first_seat(len(names), form.first_dealer.data),
                option_values(form, game, len(names) or 1),
            )
        except RuleError as error:
            db.session.rollback()
            _apply_error(form, error)
            status = 422
        else:
            access.set_pin(session, form.pin.data)
            return redirect(url_for(".show_session", session_id=session.id))
    elif request.method == "POST":
        status = 422
    known = db.session.scalars(select(Player.name).order_by(Player.name)).all()
    return render_template("sessions/new.html", game=game, form=form, known=known), status


# --- the scoreboard and deal entry ----------------------------------------------

def _entry_form(board: scoring.Board, formdata=None):
    """The entry form for the board's next deal: fresh (`pristine`: nothing typed, no error yet;
    its HTML is kept per fields and players) or holding what was posted."""
    fields = _phase_fields(board)
    if formdata is not None:
        return deal_form(fields, board.table, formdata=formdata), fields
    shown = fields
    if board.deals:  # the table's way of entering carries over from the last deal
        last = board.deals[-1].payload
        shown = [dataclasses.replace(spec, default=last[spec.name]) if spec.sticky and spec.name in last else spec
                 for spec in fields]
    return FreshForm(tuple(shown)), fields  # what the fresh form is made of: the key of its kept HTML


def _phase_fields(board: scoring.Board):
    fields = board.game.deal_fields(board.table, board.state)
    phases = board.game.phases(board.table, board.state)
    upto = set(phases[: phases.index(board.phase) + 1])
    locked = set(phases[: phases.index(board.phase)])
    return [spec for spec in fields if spec.phase in upto and spec.phase not in locked]


def _board_context(session: GameSession, form=None, fields=None, board: scoring.Board | None = None,
                   **extra: Any) -> dict[str, Any]:
    """The board's template context; pass `board` when nothing was stored since it was built."""
    board = board or scoring.board(session)
    if form is None and not board.standing.over:
        form, fields = _entry_form(board)
    return dict(session=session, board=board, form=form, fields=fields, **extra)


@bp.get("/sessions/<int:session_id>")
def show_session(session_id: int):
    if not request.args:
        return rendered.kept_board(rendered.state_or_404(session_id), "board", lambda: render_template(
            "sessions/_board.html" if is_htmx() else "sessions/show.html",
            **_board_context(session_or_404(session_id))))
    # ?saved= (the line saying what was saved), ?already=: never kept
    session = session_or_404(session_id)
    board = scoring.board(session)
    flash = saved_flash(board)
    saved = flash if flash and str(flash["deal"].id) == request.args.get("saved") else None
    return _render("sessions/show.html", "sessions/_board.html", **_board_context(session, board=board, saved=saved))


def _form_key() -> str | None:
    return (request.form.get("idempotency_key") or "").strip()[:80] or None


def _form_version() -> int | None:
    value = request.form.get("board_version", "")
    return int(value) if value.isdigit() and len(value) < 18 else None


def _stale_message(stale: scoring.StaleBoard) -> str:
    return translate(stale.text)


def _stale_board(session: GameSession, stale: scoring.StaleBoard):
    """The fresh board, the typed values kept in the form, and a sentence saying why."""
    db.session.rollback()
    board = scoring.board(session)
    form = fields = None
    if not board.standing.over:
        form, fields = _entry_form(board, formdata=request.form)
    return _render("sessions/show.html", "sessions/_board.html", 409,
                   **_board_context(session, form=form, fields=fields, board=board,
                                    stale_message=_stale_message(stale)))


@bp.post("/sessions/<int:session_id>/deals")
def add_deal(session_id: int):
    session = session_or_404(session_id)
    key, claimed = _form_key(), _form_version()
    done = lambda: redirect(url_for(".show_session", session_id=session.id) + "#entry")  # noqa: E731 (not htmx)
    board = scoring.board(session)
    if (claimed is not None and claimed != board.version) or board.standing.over:
        # a retry of a save already stored (its key found) is answered as the first one was; a new key
        # is not looked up (scoring.save: a save that does not go through looks for it)
        earlier = scoring.earlier_save(session, key)
        if earlier is not None:
            if is_htmx():
                return _render("sessions/show.html", "sessions/_board.html", **_board_context(session))
            if earlier.deal is not None:
                return redirect(url_for(".show_session", session_id=session.id, saved=earlier.deal.id) + "#top")
            return done()
        if claimed is not None and claimed != board.version:
            return _stale_board(session, scoring.StaleBoard(board.version, _last_number(session)))
        return _render("sessions/show.html", "sessions/_board.html", 409, **_board_context(session, board=board))
    fields = _phase_fields(board)
    raw = posted_deal(request.form, fields, board.table.size)  # the form is built only to be shown again
    try:
        saved = scoring.save(session, lambda version, current: scoring.enter(session, raw, current,
                                                                             version=version, key=key),
                             version=claimed, key=key, current=board, lazy_key=True)
    except RuleError as error:
        db.session.rollback()
        form = deal_form(fields, board.table, formdata=request.form)
        if form.validate():  # else WTForms' own message (a number it could not read) is shown
            _apply_error(form, error)
    except scoring.StaleBoard as stale:
        return _stale_board(session, stale)
    else:
        note_change(session, saved)
        if is_htmx():
            after = saved.board if saved.board is not None and not saved.replayed else scoring.board(session)
            context = _board_context(session, board=after, saved=saved_flash(after), change=saved.change,
                                     same_notes=board.standing.notes == after.standing.notes)
            partial = only_added(board, after, context["form"])
            response = _render("sessions/show.html", "sessions/_board.html", oob=partial, **context)
            if partial:  # the changed parts by id, the new row appended, the next form in place of this one
                response.headers.update({"HX-Retarget": "#entry", "HX-Reswap": "outerHTML"})
            return response
        if saved.deal is None:
            return done()
        return redirect(url_for(".show_session", session_id=session.id, saved=saved.deal.id) + "#top")
    return _render("sessions/show.html", "sessions/_board.html", 422,
                   **_board_context(session, form=form, fields=fields, board=board))


def _last_number(session: GameSession) -> int:
    """The deal the last stored change was about (for "another device saved deal N")."""
    return db.session.scalar(select(Revision.deal_number).where(Revision.session_id == session.id)
                             .order_by(Revision.id.desc()).limit(1)) or 0


@bp.route("/sessions/<int:session_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit_deal(session_id: int, deal_id: int):
    session = session_or_404(session_id)
    key, claimed = _form_key(), _form_version()
    done = redirect(url_for(".show_session", session_id=session.id) + f"#deal-{deal_id}")
    if request.method == "POST" and scoring.earlier_save(session, key) is not None:
        return done
    deal = _deal_or_404(session, deal_id)
    if deal.phase != "complete":
        return redirect(url_for(".show_session", session_id=session.id))
    game, table, number, state = scoring.deal_context(session, deal)
    fields = game.deal_fields(table, state)
    status = 200
    stale_message = None
    if request.method == "POST":
        form = deal_form(fields, table, formdata=request.form)
        if claimed is not None and claimed != session.version:
            stale_message = _stale_message(scoring.StaleBoard(session.version, _last_number(session)))
            status = 409
        elif form.validate():
            try:
                scoring.save(session, lambda version, current: scoring.replace_deal(
                    session, deal, raw_deal(form, fields, table.size), version=version, key=key),
                    version=claimed, key=key)
            except RuleError as error:
                db.session.rollback()
                _apply_error(form, error)
            except scoring.DealGone:
                abort(404)
            except scoring.StaleBoard as stale:
                db.session.rollback()
                stale_message, status = _stale_message(stale), 409
            else:
                return done
        status = status if stale_message else 422
    else:
        form = deal_form(fields, table, payload=deal.payload)
    return render_template("sessions/edit.html", session=session, deal=deal, number=number, form=form,
                           fields=fields, table=table, state=state, game=game, teams=game.teams(table),
                           stale_message=stale_message), status


@bp.post("/sessions/<int:session_id>/deals/<int:deal_id>/delete")
def delete_deal(session_id: int, deal_id: int):
    session = session_or_404(session_id)
    deal = db.session.get(Deal, deal_id)
    if deal is None or deal.session_id != session.id:  # already gone (another device, or a retry)
        if not is_htmx():
            return redirect(url_for(".show_session", session_id=session.id))
        return _render("sessions/show.html", "sessions/_board.html", **_board_context(session))
    form = EmptyForm()
    error = None
    saved = None
    if form.validate():
        try:
            saved = scoring.save(session, lambda version, current: scoring.delete_deal(session, deal, version=version))
        except RuleError as refused:
            db.session.rollback()
            error = translate(refused.text)
        except scoring.DealGone:
            db.session.rollback()
    else:
        error = gettext("The page was out of date; please try again.")
    if error is None and not is_htmx():
        return redirect(url_for(".show_session", session_id=session.id))
    return _render("sessions/show.html", "sessions/_board.html", 422 if error else 200,
                   **_board_context(session, board_error=error, board=saved.board if saved else None))


@bp.post("/sessions/<int:session_id>/close")
def close_session(session_id: int):
    """The table stops before the game's own end; the totals so far decide."""
    session = session_or_404(session_id)
    if EmptyForm().validate():
        scoring.save(session, lambda version, current: scoring.close_session(session, version=version))
    return redirect(url_for(".show_session", session_id=session.id))


@bp.post("/sessions/<int:session_id>/reopen")
def reopen_session(session_id: int):
    session = session_or_404(session_id)
    if EmptyForm().validate():
        scoring.save(session, lambda version, current: scoring.reopen_session(session, version=version))
    return redirect(url_for(".show_session", session_id=session.id) + "#entry")


# --- history ---------------------------------------------------------------------

def _parse_day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


@bp.get("/history")
def history():
    game = request.args.get("game") or None
    player_id = request.args.get("player_id", type=int)
    name = (request.args.get("player") or "").strip()
    if player_id is None and name:  # a typed name or an old link: the dropdown sends ids
        player_id = db.session.scalar(select(Player.id).where(func.lower(Player.name) == name.lower())) or 0
    since, until = _parse_day(request.args.get("from")), _parse_day(request.args.get("to"))
    query = (select(GameSession).options(selectinload(GameSession.seats))
             .order_by(GameSession.created_at.desc(), GameSession.id.desc()))
    if game in GAMES:
        query = query.where(GameSession.game == game)
    if player_id is not None:
        query = query.where(GameSession.id.in_(select(Seat.session_id).where(Seat.player_id == player_id)))
    if since:
        query = query.where(GameSession.created_at >= datetime.combine(since, time.min))
    if until:
        query = query.where(GameSession.created_at <= datetime.combine(until, time.max))
    page = max(request.args.get("page", 1, type=int), 1)
    pagination = db.paginate(query, page=page, per_page=current_app.config["HISTORY_PAGE_SIZE"],
                             error_out=False)
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id]) for session in pagination.items]
    players = db.session.execute(select(Player.id, Player.name).order_by(Player.name)).all()
    return render_template("history.html", rows=rows, pagination=pagination, games=GAMES, players=players,
                           filters={"game": game or "", "player_id": player_id or "",
                                    "from": since.isoformat() if since else "",
                                    "to": until.isoformat() if until else ""})


@bp.get("/players")
def players():
    # a count per player off the seat index: half the time of grouping a join at 100,000 sessions
    sessions = select(func.count()).where(Seat.player_id == Player.id).correlate(Player).scalar_subquery()
    counts = [(player, count) for player, count in db.session.execute(
        select(Player, sessions).order_by(Player.name)) if count]
    return render_template("players/index.html", counts=counts)


@bp.get("/players/<int:player_id>")
def show_player(player_id: int):
    """The player's record per game over all their sessions (from the stored summaries), and their
    sessions a page at a time."""
    player = db.session.get(Player, player_id) or abort(404)
    played = db.session.scalar(select(func.count()).where(Seat.player_id == player.id))
    # newest first by id (sessions are numbered as they are created): read backwards off the seat index,
    # where sorting by created_at would fetch and sort every session of the player
    query = (select(GameSession).join(Seat).where(Seat.player_id == player.id)
             .options(selectinload(GameSession.seats)).order_by(Seat.session_id.desc()))
    page = max(request.args.get("page", 1, type=int), 1)
    pagination = db.paginate(query, page=page, per_page=current_app.config["HISTORY_PAGE_SIZE"],
                             error_out=False, count=False)
    pagination.total = played  # counted once, off the seat index
    found = summaries.fresh(pagination.items)
    rows = [(session, found[session.id], next(s.position for s in session.seats if s.player_id == player.id))
            for session in pagination.items]
    records = player_record(summaries.player_tallies(player.id, seats=played), GAMES)
    return render_template("players/show.html", player=player, rows=rows, records=records, games=GAMES,
                           pagination=pagination)


# --- language -----------------------------------------------------------------

@bp.post("/language")
def choose_language():
    form = EmptyForm()
    language = request.form.get("language")
    target = request.form.get("next") or url_for(".home")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for(".home")
    response = redirect(target)
    if form.validate() and language in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="Lax")
    return response


@bp.app_errorhandler(404)
def not_found(error):
    if request.path.startswith("/api/"):
        from ..api.errors import error_response
        return error_response(404, gettext("Not found."))
    return render_template("error.html", message=gettext("There is no such page."), status=404), 404


@bp.app_errorhandler(DealError)
def stored_deal_no_longer_fits(error: DealError):
    """A stored deal the engine now refuses (say, after an engine change): say which and why; on a
    session's pages, show the board up to that deal and offer to correct or delete it (repair)."""
    session_id = (request.view_args or {}).get("session_id")
    session = db.session.get(GameSession, session_id) if isinstance(session_id, int) else None
    found = scoring.broken(session) if session is not None else None
    if found is None:
        return render_template("error.html", message=stored_deal_message(error), status=409), 409
    board, refusal = found
    deals = scoring.complete_deals(session)
    return render_template("sessions/repair.html", session=session, board=board, message=stored_deal_message(refusal),
                           broken=deals[refusal.index], later=deals[refusal.index + 1:],
                           number=refusal.index + 1), 409


@bp.app_errorhandler(500)
def server_error(error):
    message = gettext("Something went wrong on our side; what was entered before is safe. Please try again.")
    if request.path.startswith("/api/"):
        from ..api.errors import error_response
        return error_response(500, message)
    return render_template("error.html", message=message, status=500), 500


@bp.app_errorhandler(400)
def bad_request(error):
    if request.path.startswith("/api/"):
        from ..api.errors import error_response
        return error_response(400, gettext("The request could not be read."))
    return render_template("error.html", message=gettext("The page was out of date; please try again."),
                           status=400), 400
