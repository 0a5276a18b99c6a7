"""One form class per user action. The deal form is built from the engine's FieldSpecs:
WTForms converts what was typed (numbers, ticks, choices) and keeps it for re-display;
every rule is checked once, by the engine.

A new deal is read from the posted fields as those form fields read them (`posted_deal`) and
handed to the engine; its WTForms form is built only when the deal is refused and the form shown
again with the reason. Most saves are accepted, and a form of 18 fields was a sixth of a save's
work. The CSRF token is checked for every POST by Flask-WTF's CSRFProtect, form or not."""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from flask import current_app
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    widgets,
)
from wtforms.validators import Length, Optional, Regexp

from ..csrf_tokens import csrf_token as signed_csrf_token
from ..games.base import BOOL, CHOICE, INT, MULTI, SEAT, SEATS, FieldSpec, Game, OptionSpec, Table
from ..games.entry import memoized
from ..i18n import translate

try:  # WTForms 3.3 names its choices; older versions take (value, label) pairs
    from wtforms.fields.choices import SelectChoice
except ImportError:  # pragma: no cover
    SelectChoice = None


def choices(pairs) -> list:
    pairs = tuple((str(value), label) for value, label in pairs)
    return list(_choices(pairs))


@functools.lru_cache(maxsize=512)
def _choices(pairs: tuple[tuple[str, str], ...]) -> tuple:
    """WTForms' choice objects for these pairs, made once (a deck of cards is 32-36 of them per player)."""
    return tuple(SelectChoice(value, label) for value, label in pairs) if SelectChoice else pairs


NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off"}


class MultiCheckboxField(SelectMultipleField):
    """Toggle buttons: any number of the choices (cards, melds, players)."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class EmptyForm(FlaskForm):
    """Button-only POSTs (delete a deal, choose a language): just the CSRF token."""


def seat_field_name(spec: FieldSpec, seat: int) -> str:
    return f"{spec.name}-{seat}"


def _wtforms_field(spec: FieldSpec, label: str, size: int) -> Field:
    offered = range(size) if spec.per_seat or spec.seats is None else spec.seats
    # a seat's choice is labelled by its index: the template names the player (`choice_text`),
    # so that one form class serves every table of this size
    seat_choices = choices((seat, str(seat)) for seat in offered)
    if spec.kind == INT:
        return IntegerField(label, validators=[Optional()], render_kw=dict(NUMERIC))
    if spec.kind == BOOL:
        return BooleanField(label, false_values=FALSE_VALUES)
    if spec.kind == CHOICE:
        return RadioField(label, choices=choices(spec.choices), validate_choice=False)
    if spec.kind == SEAT:
        return RadioField(label, choices=seat_choices, validate_choice=False)
    if spec.kind == MULTI:
        return MultiCheckboxField(label, choices=choices(spec.choices), validate_choice=False)
    if spec.kind == SEATS:
        return MultiCheckboxField(label, choices=seat_choices, validate_choice=False)
    raise ValueError(f"no form field for kind {spec.kind!r}")


def deal_form(fields: Sequence[FieldSpec], table: Table, *, formdata: Any = None,
              payload: Mapping[str, Any] | None = None) -> FlaskForm:
    """A form for these deal fields; `payload` (a stored deal) fills it for editing."""
    DealForm = _deal_form_class(tuple(fields), table.size)
    data = flatten(fields, payload, table.size) if payload is not None else None
    if formdata is not None:
        return DealForm(formdata=formdata)
    return DealForm(formdata=None, data=data or defaults(fields, table.size))


@memoized
def _deal_form_class(fields: tuple[FieldSpec, ...], size: int) -> type[FlaskForm]:
    """The form class for these fields and table size, built once (its fields are unbound: every
    form made from it has its own), so a save does not build the same class twice and a board not
    anew. Not per player names: a club's hundreds of tables share a few classes."""

    class DealForm(FlaskForm):
        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.group_errors: dict[str, list[str]] = {}
            self.pristine: tuple | None = None  # a form built here is never kept (a fresh one is a FreshForm)

    for spec in fields:
        if spec.per_seat:
            for seat in range(size):
                setattr(DealForm, seat_field_name(spec, seat), _wtforms_field(spec, spec.label, size))
        else:
            setattr(DealForm, spec.name, _wtforms_field(spec, spec.label, size))
    return DealForm


def choice_text(subfield: Any, spec: FieldSpec, table: Table) -> str:
    """What a choice of a deal field says: the player's name for a seat, else its translated label."""
    if spec.kind in (SEAT, SEATS):
        return table.names[int(subfield.data)]
    return translate(subfield.label.text)


class FreshForm:
    """A deal's entry form before anything is typed into it. Its HTML is kept once per fields and
    table size (rendered.kept_fragment renders it from `pristine` with stand-in names), so no
    WTForms form is built for it on every board and every save; only its CSRF field is per device."""

    form_errors: tuple = ()
    group_errors: dict = {}

    def __init__(self, pristine: tuple[FieldSpec, ...]):
        self.pristine = pristine

    @property
    def csrf_token(self) -> Markup:
        """The hidden field FlaskForm would render (none when CSRF is off)."""
        if not current_app.config.get("WTF_CSRF_ENABLED", True):
            return Markup("")
        field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        return Markup(f'<input id="{field}" name="{field}" type="hidden" value="{escape(signed_csrf_token())}">')


def defaults(fields: Sequence[FieldSpec], size: int) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields:
        if spec.default is None:
            continue
        if spec.per_seat:
            data.update({seat_field_name(spec, seat): _form_value(spec, spec.default) for seat in range(size)})
        else:
            data[spec.name] = _form_value(spec, spec.default)
    return data


def flatten(fields: Sequence[FieldSpec], payload: Mapping[str, Any], size: int) -> dict[str, Any]:
    """A stored deal as form data: per-seat lists become one value per seat field."""
    data: dict[str, Any] = {}
    for spec in fields:
        value = payload.get(spec.name)
        if spec.per_seat:
            for seat in range(size):
                data[seat_field_name(spec, seat)] = _form_value(spec, value[seat] if value else None)
        else:
            data[spec.name] = _form_value(spec, value)
    return data


def _form_value(spec: FieldSpec, value: Any) -> Any:
    if spec.kind == SEAT and value is not None:
        return str(value)
    if spec.kind == SEATS and value:
        return [str(seat) for seat in value]
    return value


def raw_deal(form: FlaskForm, fields: Sequence[FieldSpec], size: int) -> dict[str, Any]:
    """What the form holds, as the engine's raw deal (per-seat fields as lists)."""
    raw: dict[str, Any] = {}
    for spec in fields:
        if spec.per_seat:
            raw[spec.name] = [form[seat_field_name(spec, seat)].data for seat in range(size)]
        else:
            raw[spec.name] = form[spec.name].data
    return raw


#: the deal form's BooleanField counts these as unticked (a missing checkbox too)
FALSE_VALUES = ("false", "", "0", "n", "no", "off")


def posted_deal(formdata: Any, fields: Sequence[FieldSpec], size: int) -> dict[str, Any]:
    """The engine's raw deal from what was posted, without building the deal form: the same values
    `raw_deal` reads from the form once it validates (tests/web/test_posted_deal.py checks that on
    generated posts). A number WTForms would refuse is passed on as typed: the engine refuses it
    too (or ignores it, the field being hidden), and the view then shows the form with WTForms'
    own message."""
    raw: dict[str, Any] = {}
    for spec in fields:
        if spec.per_seat:
            raw[spec.name] = [_posted(spec, formdata, seat_field_name(spec, seat)) for seat in range(size)]
        else:
            raw[spec.name] = _posted(spec, formdata, spec.name)
    return raw


def _posted(spec: FieldSpec, formdata: Any, name: str) -> Any:
    if spec.kind in (MULTI, SEATS):  # MultiCheckboxField: every ticked value, as posted
        return formdata.getlist(name)
    value = formdata.get(name)
    if spec.kind == BOOL:
        return value is not None and value not in FALSE_VALUES
    if spec.kind != INT or value is None:  # RadioField: the first value, as posted
        return value
    if not value.strip():  # IntegerField with Optional(): nothing typed
        return None
    try:
        return int(value)  # as IntegerField converts it
    except ValueError:
        return value


def new_session_form(game: Game, *, formdata: Any = None) -> FlaskForm:
    """Names in clockwise order, the first dealer, and the game's options."""
    most = max(game.players)

    class NewSessionForm(FlaskForm):
        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.group_errors: dict[str, list[str]] = {}

        players = FieldList(
            StringField(_l("Player"), validators=[Optional(), Length(max=60)],
                        render_kw={"autocomplete": "off", "list": "known-players"}),
            min_entries=most, max_entries=most,
        )
        first_dealer = SelectField(
            _l(game.first_seat_label), coerce=int, default=0,  # the game's word: first dealer or parent
            choices=choices((seat, _l("Player %(n)d", n=seat + 1)) for seat in range(most)),
        )
        # access.py: a PIN protects the session's writes; empty: anyone at the table may write
        pin = PasswordField(
            _l("Table PIN (optional)"), widget=widgets.PasswordInput(hide_value=False),
            validators=[Optional(), Regexp(r"^[0-9]{4,12}$", message=_l("A PIN is 4 to 12 digits."))],
            render_kw={"inputmode": "numeric", "autocomplete": "off"},
        )

    option_specs = game.option_specs(min(game.players))
    for spec in option_specs:
        setattr(NewSessionForm, f"option_{spec.name}", _option_field(spec))
    return NewSessionForm(formdata=formdata)


def _option_field(spec: OptionSpec) -> Field:
    from flask_babel import gettext

    label = gettext(spec.label)
    if spec.kind == BOOL:
        return BooleanField(label, default=spec.default)
    if spec.kind == INT:
        return IntegerField(label, default=spec.default, validators=[Optional()], render_kw=dict(NUMERIC))
    translated = choices((value, gettext(text)) for value, text in spec.choices)
    return SelectField(label, default=spec.default, choices=translated, validate_choice=False)


def option_values(form: FlaskForm, game: Game, n_players: int) -> dict[str, Any]:
    values = {}
    for spec in game.option_specs(n_players):
        field = getattr(form, f"option_{spec.name}", None)
        if field is not None and field.data is not None:
            values[spec.name] = field.data
    return values
