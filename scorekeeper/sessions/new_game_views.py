"""The home page and the new-game form: a game's options, its presets, the same players again after
a game, and the names the form suggests."""
from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import access, writes
from ..board import board
from ..dbsafety import column_int
from ..extensions import db
from ..games import GAMES
from ..games.base import Game, RuleError
from ..i18n import translate
from ..models import GameSession, Player, Seat
from ..names import sort_key
from .blueprint import bp
from .forms import apply_error, new_session_form, option_values

SUGGESTED_FROM = 100  # the new-game form suggests the players of this many latest sessions


@bp.get("/")
def home():
    recent = db.session.scalars(select(GameSession).options(selectinload(GameSession.seats))
                                .order_by(GameSession.updated_at.desc()).limit(5)).all()
    # listed as the table's language sorts their names (Japanese: in kana order)
    games = dict(sorted(GAMES.items(), key=lambda item: sort_key(translate(item[1].name))))
    return render_template("home.html", games=games, recent=recent)


@bp.route("/sessions/new/<slug>", methods=["GET", "POST"])
def new_session(slug: str):
    game = GAMES.get(slug) or abort(404)
    form = new_session_form(game, formdata=request.form if request.method == "POST" else None,
                            data=_same_again(slug, request.args.get("again", type=column_int))
                            or _preset(game, request.args.get("preset", type=column_int)))
    if request.method == "POST" and form.validate():
        names = [name.strip() for name in form.players.data if name and name.strip()]
        try:
            session = writes.create_session(slug, names, game.dealer_for_first_seat(len(names), form.first_dealer.data),
                                            option_values(form, game, len(names) or 1))
        except RuleError as error:
            db.session.rollback()
            apply_error(form, error)
        else:
            access.set_pin(session, form.pin.data)
            return redirect(url_for(".show_session", session_id=session.id))
    page = render_template("sessions/new.html", game=game, form=form, known=_known_names())
    return page, 422 if request.method == "POST" else 200  # a POST that gets here was refused


def _known_names() -> list[str]:
    """The names the new-game form suggests: the players of the tables' latest sessions, not every
    player a club ever seated (a phone would load them all). Any other name still finds its player."""
    latest = select(GameSession.id).order_by(GameSession.updated_at.desc()).limit(SUGGESTED_FROM)
    names = db.session.scalars(select(Player.name).join(Seat).where(Seat.session_id.in_(latest)).distinct())
    return sorted(names, key=sort_key)


def _same_again(slug: str, session_id: int | None) -> dict[str, Any] | None:
    """The new-game form filled from an earlier session of the game: the same players in the same
    seats, the same options, and the first seat chosen so that the next dealer deals."""
    earlier = db.session.get(GameSession, session_id) if session_id else None
    if earlier is None or earlier.game != slug:
        return None
    game, names = GAMES[slug], [seat.player.name for seat in earlier.seats]
    dealer = board(earlier).standing.state.dealer  # who would deal the next deal
    first = next(seat for seat in range(len(names)) if game.dealer_for_first_seat(len(names), seat) == dealer)
    return {"players": names, "first_dealer": first, **{f"option_{name}": value
                                                       for name, value in earlier.options.items()}}


def _preset(game: Game, index: int | None) -> dict[str, Any] | None:
    """The new-game form set to one of the game's presets (Schieber: "1000 without factors")."""
    if index is None or not 0 <= index < len(game.presets):
        return None
    return {f"option_{name}": value for name, value in game.presets[index][1].items()}
