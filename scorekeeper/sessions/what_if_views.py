"""What if: the page that scores a session again under other options of its game (what_if.py),
beside the real totals. Read by GET: nothing is stored, so the options travel in the address."""
from __future__ import annotations

from collections.abc import Sequence

from flask import render_template, request

from ..board import board
from ..extensions import db
from ..games.base import RuleError
from ..i18n import translate
from ..models import GameSession
from ..what_if import what_if
from .blueprint import bp
from .board_view import side_groups
from .forms import option_values, options_form


@bp.get("/sessions/<int:session_id>/what-if")
def what_if_page(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    real = board(session)
    game, table = real.game, real.table
    asked = "score" in request.args
    scoring = [spec for spec in game.option_specs(table.size) if not spec.entry_only]
    form = options_form(scoring, formdata=request.args if asked else None, data=table.options)
    other, problem = None, None
    if asked and form.validate():
        try:
            other = what_if(session, option_values(form, game, table.size))
        except RuleError as refused:  # each sentence beside the option it names, the deals' above them
            problem = " ".join(translate(error.text) for error in refused.errors
                               if not _beside(form, error)) or None
    results = zip(real.standing.results, other.board.standing.results) if other else ()
    changed = [(number, moved(real.standing.teams, mine.points, theirs.points))
               for number, (mine, theirs) in enumerate(results, start=1) if mine.points != theirs.points]
    return render_template("sessions/what_if.html", session=session, real=real, form=form, other=other,
                           problem=problem, changed=changed, names=table.names, specs=scoring)


def moved(teams: Sequence[Sequence[int]], before: Sequence[int],
          after: Sequence[int]) -> list[tuple[tuple[int, ...], int, int]]:
    """The sides whose points a deal's new scoring moved, (seats, before, after), as the save line groups
    them (a Schieber's "Beat & Dora +771 → +257", not each partner)."""
    return [(side, before[side[0]], after[side[0]]) for side in side_groups(teams, before, after)
            if before[side[0]] != after[side[0]]]


def _beside(form, error: RuleError) -> bool:
    """Put `error` next to the option box it names; False when it names none (a deal that cannot be
    scored under the options asked)."""
    name = f"option_{error.field}"
    if name not in form:
        return False
    form[name].errors = [*form[name].errors, translate(error.text)]
    return True
