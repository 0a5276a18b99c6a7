"""What a tablet is shown when another device wrote first: the fresh board with what it typed kept
(and bids it typed beside those locked meanwhile), or saying that the other device stored the very
same values; whether corrections of earlier deals left its form the next deal's (saved then); a
late save as a correction of the game's last deal, a correction of a deal deleted meanwhile; and
the correction page they share with views.py and lost_tokens.py."""
from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from flask import redirect, render_template, request, url_for
from flask_babel import gettext
from sqlalchemy import select

from .. import turns
from ..board import COMPLETE, Board, board, deal_context, session_deal
from ..extensions import db
from ..games.base import DealError, FieldSpec, Game, RuleError, State, Table
from ..games.entry import parse_deal
from ..i18n import translate
from ..models import Deal, GameSession, Revision
from .blueprint import form_version, is_htmx
from .board_view import context, entry_draft, entry_form, phase_fields, pickers, render
from .forms import deal_form, raw_deal, seat_field_name


def stale_board(session: GameSession, stale: turns.StaleBoard):
    """The fresh board, the typed values kept in the form, and a sentence saying why."""
    current = board(session)
    again = typed_again(session, stale)
    if again:  # the same deal typed on two tablets: stored once, and said so
        return render(200, **context(session, current, elsewhere=(stale.number, again)))
    if current.standing.over:  # no form to save again
        if _saved_last(current, stale):  # the game's last deal saved elsewhere: what was typed may be that deal
            return late_save(session, current, stale, translate(stale.late_text))
        # another change ended it (a correction): what was typed was a deal that is no longer played
        return render(409, **context(session, current, stale_message=translate(stale.over_text)))
    # what was typed, if it was typed for this form: bids sent while another device locked them
    # were for the form before it (the play's form then starts as a fresh one does)
    typed = _sent_any(phase_fields(current))
    last = None if typed or not current.deals else _last_deal(session, current)
    if last and _sent_any([spec for spec in last.fields if spec.phase == "play"]):
        # the play of a deal whose bids were locked, which another device saved first: the next
        # form asks for bids, so what was typed comes back as a correction of that deal
        return late_save(session, current, stale, translate(stale.overtaken_text), last, play_only=True)
    form, fields = entry_form(current, formdata=request.form if typed else None)
    unsaved = None if typed else typed_before_the_lock(current)
    replace = _replaceable(session, current, stale) if typed else None
    said = stale.replace_text if replace is not None else stale.text
    return render(409, **context(session, current, form=form, fields=fields, stale_message=translate(said),
                                 unsaved=unsaved, replace=replace))


def corrected_meanwhile(session: GameSession, current: Board, claimed: int) -> tuple[int, ...] | None:
    """The numbers of the deals another device corrected since the board this tablet's form was drawn
    at (`claimed`), when those corrections are the only changes since and leave the form as it was:
    the same inputs, dealer and players in play. Then what was typed is still the next deal, and is
    saved as such (a table saving the next deal had to save twice). A correction taken back by its
    Undo is not named. None otherwise: the fresh board."""
    count = current.version - claimed
    if not 0 < count <= 20 or current.standing.over:
        return None
    changes = db.session.scalars(select(Revision).where(Revision.session_id == session.id)
                                 .order_by(Revision.id.desc()).limit(count)).all()
    index = {deal.id: number for number, deal in enumerate(current.deals)}
    edits = [(index[change.deal_id], change.before, change.after) for change in changes
             if change.action == "edit" and change.deal_id in index and change.before is not None]
    if len(edits) != count:
        return None
    payloads = [deal.payload for deal in current.deals]
    for at, was, became in edits:  # the newest first: back to the deals the tablet's board replayed
        if payloads[at] != became:
            return None
        payloads[at] = was
    try:
        standing = current.game.replay(current.table, payloads)
    except DealError:
        return None
    then, now = replace(current, standing=standing), current.state
    if (standing.over or phase_fields(then) != phase_fields(current)
            or (then.state.dealer, then.state.leader, then.state.active) != (now.dealer, now.leader, now.active)):
        return None
    return tuple(sorted({at + 1 for at, _, _ in edits if payloads[at] != current.deals[at].payload}))


def _replaceable(session: GameSession, current: Board, stale: turns.StaleBoard) -> Deal | None:
    """The deal another device saved while this tablet typed the same deal (the only change since its
    board): what was typed may be that deal too, as a correction of it (`as_correction`), or the next
    one. None when more changed since, or the deal had bids locked first (asked in another form)."""
    if not _saved_last(current, stale) or form_version() != stale.version - 1:
        return None
    last = _last_deal(session, current)
    return last.deal if _play_only(last) else None


def _saved_last(current: Board, stale: turns.StaleBoard) -> bool:
    """Whether the other device's last change saved the board's last deal."""
    latest = stale.latest
    return (latest is not None and latest.action == "add" and bool(current.deals)
            and current.deals[-1].id == latest.deal_id)


def _play_only(last: LastDeal) -> bool:
    """Whether the deal was entered in one form (no bids locked before its play)."""
    return all(spec.phase == "play" for spec in last.fields)


def as_correction(session: GameSession, current: Board):
    """The tablet's answer to a stale board: what it typed is the deal the other device saved (the
    game's last), not the next one: that deal's correction page with these values, to save or cancel.
    If the board moved on again meanwhile, the fresh board as for any stale save."""
    last = _last_deal(session, current) if current.deals else None
    if (last is None or str(last.deal.id) != request.form.get("as_correction") or form_version() != current.version
            or not _play_only(last)):
        return stale_board(session, turns.stale(session))
    if current.game.rounds_are_games:
        said = gettext("What this tablet typed, as a correction of game %(number)d: save it if it is the right "
                       "one, or cancel.", number=len(current.deals))
    else:
        said = gettext("What this tablet typed, as a correction of deal %(number)d: save it if it is the right "
                       "one, or cancel.", number=len(current.deals))
    # the values stay kept on the device for the next deal's form until the correction is saved: a
    # Cancel finds them there again (a retester's were gone)
    return _correction_instead(session, last, deal_form(last.fields, last.before[1], formdata=request.form),
                               said, 200, typed_for=entry_draft(session.id, current))


def _sent_any(fields: list[FieldSpec]) -> bool:
    """Whether the POST holds any of these inputs (a per-seat one as name-<seat>)."""
    names = {spec.name for spec in fields}
    return any(key.rpartition("-")[0] in names or key in names for key in request.form)


def typed_again(session: GameSession, stale: turns.StaleBoard) -> str | None:
    """The other device's change ("add": a deal saved, "bid": values locked) when this POST holds what
    it stored; else None. (A tester saved the same deal on two tablets and, told to check and save
    again, had it twice.)"""
    latest = stale.latest
    if latest is None or latest.action not in ("add", "bid"):
        return None
    deal = session_deal(session, latest.deal_id)
    if deal is None:
        return None
    game, table, _, state = deal_context(session, deal)
    if deal.phase == COMPLETE:
        fields: Sequence[FieldSpec] = game.play_fields(game.as_entered(table, deal.payload), state, deal.payload)
    else:
        fields = [spec for spec in game.deal_fields(table, state) if spec.phase == deal.phase]
    phases = {spec.phase for spec in fields if _sent_any([spec])}
    if not phases:
        return None
    form = deal_form(fields, table, payload=deal.payload)
    _take_sent(form, fields, table, phases)
    raw = raw_deal(form, fields, table.size)
    try:
        typed = game.parse(table, state, raw) if deal.phase == COMPLETE else \
            game.parse_phase(table, state, raw, deal.phase)
    except RuleError:
        return None
    return latest.action if json.dumps(typed, sort_keys=True) == json.dumps(deal.payload, sort_keys=True) else None


def _take_sent(form, fields: Sequence[FieldSpec], table: Table, phases: Collection[str]) -> None:
    """The POST's values into `form` for every input of these phases (a box left unticked included)."""
    for spec in fields:
        if spec.phase in phases:
            for seat in range(table.size) if spec.per_seat else (None,):
                form[spec.name if seat is None else seat_field_name(spec, seat)].process(request.form)


def typed_before_the_lock(current: Board) -> dict[str, Any] | None:
    """The values this tablet sent for what another device locked meanwhile (Pitch's bids): shown
    beside the locked ones, so the table sees whose are right; values the game keeps unseen
    (Differenzler's announcements) are only said to have been typed (payload None: a tester's
    vanished without a word). None when it sent none of them."""
    game, pending = current.game, current.pending
    if pending is None:
        return None
    fields = [spec for spec in game.deal_fields(current.table, current.state) if spec.phase == pending.phase]
    if not _sent_any(fields):
        return None
    if not game.locked_shown(current.table):
        return {"fields": fields, "payload": None}
    raw = raw_deal(deal_form(fields, current.table, formdata=request.form), fields, current.table.size)
    try:  # as the locked ones are shown: parsed (the declarer a seat, not the form's text)
        payload = parse_deal(fields, raw, current.table.size)
    except RuleError:  # a value that is none (a bid left empty): shown as sent
        payload = raw
    return {"fields": fields, "payload": payload}


class LastDeal(NamedTuple):
    """The last deal saved, deal_context's for it, and the inputs its correction asks for."""
    deal: Deal
    before: tuple[Game, Table, int, State]
    fields: tuple[FieldSpec, ...]


def _last_deal(session: GameSession, current: Board) -> LastDeal:
    deal = current.deals[-1]
    before = deal_context(session, deal)
    return LastDeal(deal, before, stored_fields(before, deal))


def late_save(session: GameSession, current: Board, stale: turns.StaleBoard, said: str,
              last: LastDeal | None = None,
              play_only: bool = False):
    """A save after another device saved the deal it was typed for (the game's last one, or the play
    of a deal whose bids were locked): what this tablet typed, as a correction of that deal (its Save
    puts it in place of the other's), `said` above it; `last`: _last_deal's, when already worked out.
    `play_only`: the POST holds the play of a deal whose bids were locked, which the correction shows
    as stored. Otherwise a deal with locked values (bids) is said on the board, the typed values then
    being for a form that no longer exists."""
    deal, before, fields = last or _last_deal(session, current)
    table = before[1]
    if play_only:
        form = deal_form(fields, table, payload=deal.payload)
        _take_sent(form, fields, table, ("play",))
    elif any(spec.phase != "play" for spec in fields):
        return render(409, **context(session, current, stale_message=translate(stale.over_text)))
    else:
        form = deal_form(fields, table, formdata=request.form)
    return _correction_instead(session, LastDeal(deal, before, fields), form, said, 409)


def _correction_instead(session: GameSession, last: LastDeal, form, said: str, status: int, **extra: Any):
    """The correction page of the `last` deal with `form`'s values, `said` above them, in answer to
    a save from the board."""
    page, status = correction_page(session, last.deal, last.before, form, last.fields, status, late=said, **extra)
    # sent by htmx from the board: the correction page takes the whole page's place, at its own
    # address (a reload there fills the values kept on the device back in)
    edit_url = url_for("sessions.edit_deal", session_id=session.id, deal_id=last.deal.id)
    return page, status, {"HX-Retarget": "body", "HX-Reswap": "innerHTML", "HX-Push-Url": edit_url} if is_htmx() else {}


def correction_page(session: GameSession, deal: Deal, before: tuple[Game, Table, int, State], form, fields,
                     status: int, **said: Any):
    """The correction form of `deal` (`before`: deal_context's) with `form`'s values; `said`: why it
    came back (stale, late)."""
    game, table, number, state = before
    return render_template("sessions/edit.html", session=session, deal=deal, number=number, form=form,
                           fields=fields, table=table, state=state, game=game, teams=game.teams(table),
                           pickers=pickers(session, deal.id), **said,
                           page_address=url_for("sessions.edit_deal", session_id=session.id, deal_id=deal.id)), status


def stored_fields(before: tuple[Game, Table, int, State], deal: Deal) -> tuple[FieldSpec, ...]:
    """Every field of a stored deal, told what its early values decided (Stendhal: the minus suits by name)."""
    game, table, _, state = before
    return game.play_fields(game.as_entered(table, deal.payload), state, deal.payload)


def correction_sent(before: tuple[Game, Table, int, State], fields: Sequence[FieldSpec]):
    """The correction form with what the POST sent, and its fields told what the early values sent
    decide (new revealed cards: new minus suits; early values that break a rule decide nothing)."""
    game, table, _, state = before
    raw = raw_deal(deal_form(fields, table, formdata=request.form), fields, table.size)
    entered = game.as_entered(table, raw)
    try:
        early = game.parse_phase(entered, state, raw, game.phases(entered, state)[0])
    except RuleError:
        told = game.deal_fields(entered, state)
    else:
        told = game.play_fields(entered, state, early)
    return deal_form(told, table, formdata=request.form), told


def correction_of_a_deleted_deal(session: GameSession):
    """The deal being corrected was deleted on another device: to the board, which says so (a reload
    or a language switch there must not ask for the correction page of a deal that is gone)."""
    db.session.rollback()
    return redirect(url_for("sessions.show_session", session_id=session.id, gone=1))
