"""One form class per user action. The deal form is built from the engine's FieldSpecs: WTForms
reads and converts what was posted (numbers, ticks, choices) and keeps it for re-display; every
rule of the game is checked once, by the engine."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
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
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; stubs: 3.2
from wtforms.validators import Length, Optional, Regexp

from ..access import PIN_PATTERN
from ..games.base import BOOL, CHOICE, INT, MULTI, SEAT, SEATS, FieldSpec, Game, OptionSpec, RuleError, Table
from ..games.entry import TEXT
from ..i18n import translate


def choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(str(value), label) for value, label in pairs]


#: the deal form's BooleanField counts these as unticked (a missing checkbox too)
FALSE_VALUES = ("false", "", "0", "n", "no", "off")

NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off"}


class MultiCheckboxField(SelectMultipleField):
    """Toggle buttons: any number of the choices (cards, melds, players)."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class WholeNumberField(IntegerField):
    """A number box that says what to type: "4.5" is refused "Enter a whole number, without decimals."
    (WTForms' own "Not a valid integer value." puzzled a newcomer)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(gettext("Enter a whole number, without decimals.")) from None


class GroupedForm(FlaskForm):
    """A form whose engine errors may name a group of fields (a per-seat row): `group_errors`."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}


def seat_field_name(spec: FieldSpec, seat: int) -> str:
    return f"{spec.name}-{seat}"


def _wtforms_field(spec: FieldSpec, size: int) -> Field:
    offered = range(size) if spec.per_seat or spec.seats is None else spec.seats
    # a seat's choice is labelled by its index: the template names the player (`choice_text`),
    # so that one form class serves every table of this size
    seat_choices = choices((seat, str(seat)) for seat in offered)
    if spec.kind == INT:
        # a box that takes a minus (the free pad's rounds) asks for no digits-only keypad: a phone's has
        # no minus key (r56a)
        negative = spec.minimum is not None and spec.minimum < 0
        keys = {key: value for key, value in NUMERIC.items() if not (negative and key == "inputmode")}
        return WholeNumberField(spec.label, validators=[Optional()], render_kw=keys)
    if spec.kind == BOOL:
        return BooleanField(spec.label, false_values=FALSE_VALUES)
    if spec.kind == CHOICE:
        return RadioField(spec.label, choices=choices(spec.choices), validate_choice=False)
    if spec.kind == SEAT:
        return RadioField(spec.label, choices=seat_choices, validate_choice=False)
    if spec.kind == MULTI:
        return MultiCheckboxField(spec.label, choices=choices(spec.choices), validate_choice=False)
    if spec.kind == SEATS:
        return MultiCheckboxField(spec.label, choices=seat_choices, validate_choice=False)
    raise ValueError(f"no form field for kind {spec.kind!r}")


def deal_form(fields: Sequence[FieldSpec], table: Table, *, formdata: Any = None,
              payload: Mapping[str, Any] | None = None) -> FlaskForm:
    """A form for these deal fields; `payload` (a stored deal) fills it for editing."""
    DealForm = _deal_form_class(fields, table.size)
    if formdata is not None:
        return DealForm(formdata=formdata)
    data = flatten(fields, payload, table.size) if payload is not None else defaults(fields, table.size)
    return DealForm(formdata=None, data=data)


def _deal_form_class(fields: Sequence[FieldSpec], size: int) -> type[FlaskForm]:
    """The form class for these fields and table size (WTForms' dynamic form composition: a subclass
    with a field per input, one per seat for a per-seat input)."""

    class DealForm(GroupedForm):
        pass

    for spec in fields:
        if spec.per_seat:
            for seat in range(size):
                setattr(DealForm, seat_field_name(spec, seat), _wtforms_field(spec, size))
        else:
            setattr(DealForm, spec.name, _wtforms_field(spec, size))
    return DealForm


def choice_text(subfield: Any, spec: FieldSpec, table: Table) -> str:
    """What a choice of a deal field says: the player's name for a seat, else its translated label."""
    if spec.kind in (SEAT, SEATS):
        return table.names[int(subfield.data)]
    return translate(subfield.label.text)


def defaults(fields: Sequence[FieldSpec], size: int) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields:
        if spec.default is None:
            continue
        if spec.per_seat:  # one default for every seat, or one per seat (TENNOS: the suits in seat order)
            each = spec.default if isinstance(spec.default, tuple) else (spec.default,) * size
            data.update({seat_field_name(spec, seat): _form_value(spec, each[seat]) for seat in range(size)})
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


def new_session_form(game: Game, *, formdata: Any = None, data: Mapping[str, Any] | None = None) -> FlaskForm:
    """Names in clockwise order, the first dealer, and the game's options (`data`: filled in)."""
    most = max(game.players)

    class NewSessionForm(GroupedForm):
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
            validators=[Optional(), Regexp(PIN_PATTERN, message=_l("A PIN is 4 to 12 digits."))],
            render_kw={"inputmode": "numeric", "autocomplete": "off"},
        )

    _add_options(NewSessionForm, game.option_specs(min(game.players)))
    return NewSessionForm(formdata=formdata, data=data)


def options_form(specs: Sequence[OptionSpec], *, formdata: Any = None, data: Mapping[str, Any]) -> FlaskForm:
    """A game's options alone, filled with `data` (a what-if: read by GET, so no CSRF token)."""

    class OptionsForm(FlaskForm):
        class Meta:
            csrf = False

    _add_options(OptionsForm, specs)
    return OptionsForm(formdata=formdata, data={f"option_{name}": value for name, value in data.items()})


def _add_options(form_class: type[FlaskForm], specs: Sequence[OptionSpec]) -> None:
    for spec in specs:
        setattr(form_class, f"option_{spec.name}", _option_field(spec))


def _option_field(spec: OptionSpec) -> Field:
    label = gettext(spec.label)
    if spec.kind == BOOL:
        return BooleanField(label, default=spec.default)
    if spec.kind == INT:
        return WholeNumberField(label, default=spec.default, validators=[Optional()], render_kw=dict(NUMERIC))
    if spec.kind == TEXT:  # the engine cleans and checks it; the browser stops at its length
        return StringField(label, default=spec.default, render_kw={"maxlength": spec.maximum, "autocomplete": "off"})
    translated = choices((value, gettext(text)) for value, text in spec.choices)
    return SelectField(label, default=spec.default, choices=translated, validate_choice=False)


def option_values(form: FlaskForm, game: Game, n_players: int) -> dict[str, Any]:
    values = {}
    for spec in game.option_specs(n_players):
        field = getattr(form, f"option_{spec.name}", None)
        if field is not None and field.data is not None:
            values[spec.name] = field.data
    return values


class PlayerNameForm(FlaskForm):
    """A player's new name (names.rename_player checks it: the same words as a new table's)."""

    name = StringField(_l("New name"), validators=[Length(max=240)])


def apply_error(form, refused: RuleError) -> None:
    """Put each of the engine's sentences next to the field it names, beside a per-seat row ("points"
    for a sum), or above the form."""
    for error in refused.errors:
        message = translate(error.text)
        if error.field and error.field in form and isinstance(form[error.field], FieldList):
            form.group_errors.setdefault(error.field, []).append(message)
        elif error.field and (error.field in form or f"option_{error.field}" in form):
            field = form[error.field] if error.field in form else form[f"option_{error.field}"]
            field.errors = [*field.errors, message]
        elif error.field and any(field.name.startswith(error.field + "-") for field in form):
            form.group_errors.setdefault(error.field, []).append(message)
        else:
            form.form_errors.append(message)
