"""The filters over the sessions, read from the query string by WTForms forms that say what is wrong
per field: the history's (a game, a player, a period) and a player's statistics' (a game, a period,
the other players at the table, and the player to compare with). The player's form serves their page
and the API (`GET /api/v1/players/<id>/stats`) alike."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import DateField, Field, SelectField, SelectMultipleField
from wtforms.validators import Optional, ValidationError

from .games import GAMES
from .history import Filters
from .i18n import translate

NO_SUCH_PLAYER = _l("There is no such player.")
NOT_A_DAY = _l("Enter a day as year-month-day, such as 2026-11-27.")


def day_field(label: Any, **kwargs: Any) -> DateField:
    return DateField(label, validators=[Optional()], invalid_value_message=NOT_A_DAY,  # type: ignore[call-arg]
                     **kwargs)  # invalid_value_message: WTForms 3.3; stubs: 3.2


class FilterForm(FlaskForm):
    """A game and a period, every one may be left out. A game or date that is not one is an error of
    its field; so is an end before the start. A field with an error filters nothing."""

    class Meta:
        csrf = False  # a GET form that changes nothing

    game = SelectField(_l("Game"), validate_choice=False)
    since = day_field(_l("From"))
    until = day_field(_l("To"))

    def __init__(self, formdata: Any, players: Sequence[tuple[int, str]]):
        """`players`: every player (id, name), for the choices and to know an id when one is sent."""
        super().__init__(formdata=formdata)
        self.known = {str(id_) for id_, _ in players}
        # in the order of their names in the page's language (Japanese ones read shuffled in English order)
        self.game.choices = [("", gettext("All games"))] + sorted(
            ((slug, translate(game.name)) for slug, game in GAMES.items()), key=lambda choice: choice[1].casefold())

    def validate_game(self, field: SelectField) -> None:
        if field.data and field.data not in GAMES:
            raise ValidationError(gettext("There is no game called %(slug)s.", slug=field.data))

    def validate_until(self, field: DateField) -> None:
        if field.data and self.since.data and field.data < self.since.data:
            raise ValidationError(gettext("The end of the period is before its start."))

    def check_players(self, ids: Sequence[str]) -> None:
        """Every id sent is a player's."""
        if any(id_ not in self.known for id_ in ids):
            raise ValidationError(NO_SUCH_PLAYER)

    @staticmethod
    def checked(field: Field) -> Any:
        return field.data if not field.errors else None

    def filters(self, zone: Any = None) -> Filters:
        """The filters as checked, the days in `zone` (history.day_bounds; None: UTC)."""
        return Filters(game=self.checked(self.game) or None, since=self.checked(self.since),
                       until=self.checked(self.until), zone=zone)

    @property
    def first_errors(self) -> dict[str, str]:
        """Each field's first error, by the name in the query string."""
        return {field.name: str(field.errors[0]) for field in self if field.errors}


class HistoryFilterForm(FilterForm):
    """`/history?game=skat&player_id=3&from=2026-01-01&to=2026-06-30`."""

    player_id = SelectField(_l("Player"), validate_choice=False)
    since = day_field(_l("From"), name="from")
    until = day_field(_l("To"), name="to")

    def __init__(self, formdata: Any, players: Sequence[tuple[int, str]]):
        super().__init__(formdata, players)
        self.player_id.choices = [("", gettext("All players"))] + [(str(id_), name) for id_, name in players]

    def validate_player_id(self, field: SelectField) -> None:
        self.check_players([field.data] if field.data else [])

    def filters(self, zone: Any = None) -> Filters:
        player = self.checked(self.player_id)
        return dataclasses.replace(super().filters(zone), with_ids=(int(player),) if player else ())


class StatsFilterForm(FilterForm):
    """`?game=skat&since=2026-01-01&until=2026-06-30&with=3&with=5&vs=3`: a player's statistics,
    narrowed also to the sessions where others sat too, and compared with one of them."""

    with_players = SelectMultipleField(_l("Only sessions with"), name="with", validate_choice=False)
    vs = SelectField(_l("Head to head with"), validate_choice=False)

    def __init__(self, formdata: Any, players: Sequence[tuple[int, str]], player_id: int):
        super().__init__(formdata, players)
        others = [(str(id_), name) for id_, name in players if id_ != player_id]
        self.with_players.choices = others
        self.vs.choices = [("", "—")] + others

    def validate_with_players(self, field: SelectMultipleField) -> None:
        self.check_players(field.data or [])

    def validate_vs(self, field: SelectField) -> None:
        self.check_players([field.data] if field.data else [])

    def filters(self, zone: Any = None) -> Filters:
        return dataclasses.replace(super().filters(zone), with_ids=tuple(
            sorted({int(value) for value in self.checked(self.with_players) or ()})))

    @property
    def other_id(self) -> int | None:
        """The player to compare with, head to head."""
        return int(self.vs.data) if self.vs.data and not self.vs.errors else None
