"""The filters of a player's statistics (one game, a period, the other players at the table) and the
player to compare with: one WTForms form read from the query string, by the player's page and by the
API (`GET /api/v1/players/<id>/stats`), so both check them alike and say what is wrong per field."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import DateField, SelectField, SelectMultipleField
from wtforms.validators import Optional, ValidationError

from .games import GAMES
from .history import Filters
from .i18n import translate

NO_SUCH_PLAYER = _l("There is no such player.")
NOT_A_DAY = _l("Enter a day as year-month-day, such as 2026-11-27.")


class StatsFilterForm(FlaskForm):
    """`?game=skat&since=2026-01-01&until=2026-06-30&with=3&with=5&vs=3`: every one may be left out.
    A game, date or player that is not one is an error of its field; so is an end before the start."""

    class Meta:
        csrf = False  # a GET form that changes nothing

    game = SelectField(_l("Game"), validate_choice=False)
    since = DateField(_l("From"), validators=[Optional()],  # type: ignore[call-arg]  # WTForms 3.3; stubs: 3.2
                      invalid_value_message=NOT_A_DAY)
    until = DateField(_l("To"), validators=[Optional()],  # type: ignore[call-arg]
                      invalid_value_message=NOT_A_DAY)
    with_players = SelectMultipleField(_l("Only sessions with"), name="with", validate_choice=False)
    vs = SelectField(_l("Head to head with"), validate_choice=False)

    def __init__(self, formdata: Any, players: Sequence[tuple[int, str]], player_id: int):
        """`players`: every player (id, name), for the choices and to know an id when one is sent."""
        super().__init__(formdata=formdata)
        self.known = {str(id_) for id_, _ in players}
        others = [(str(id_), name) for id_, name in players if id_ != player_id]
        self.game.choices = [("", gettext("All games"))] + [(slug, translate(game.name))
                                                             for slug, game in GAMES.items()]
        self.with_players.choices = others
        self.vs.choices = [("", "—")] + others

    def validate_game(self, field: SelectField) -> None:
        if field.data and field.data not in GAMES:
            raise ValidationError(gettext("There is no game called %(slug)s.", slug=field.data))

    def validate_until(self, field: DateField) -> None:
        if field.data and self.since.data and field.data < self.since.data:
            raise ValidationError(gettext("The end of the period is before its start."))

    def validate_with_players(self, field: SelectMultipleField) -> None:
        if any(value not in self.known for value in field.data or ()):
            raise ValidationError(NO_SUCH_PLAYER)

    def validate_vs(self, field: SelectField) -> None:
        if field.data and field.data not in self.known:
            raise ValidationError(NO_SUCH_PLAYER)

    def filters(self) -> Filters:
        """The filters as checked: a field with an error filters nothing."""
        def ok(field: Any) -> Any:
            return field.data if not field.errors else None

        return Filters(game=ok(self.game) or None, since=ok(self.since), until=ok(self.until),
                       with_ids=tuple(sorted({int(value) for value in ok(self.with_players) or ()})))

    @property
    def other_id(self) -> int | None:
        """The player to compare with, head to head."""
        return int(self.vs.data) if self.vs.data and not self.vs.errors else None

    @property
    def first_errors(self) -> dict[str, str]:
        """Each field's first error, by the name in the query string."""
        return {field.name: str(field.errors[0]) for field in self if field.errors}
