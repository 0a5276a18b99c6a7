"""A new deal is read from the post without building its WTForms form (forms.posted_deal); the form is
built only to show a refused deal again. These tests hold the two readings together: for any post, the
values `posted_deal` hands the engine are the values `raw_deal` reads from the validated deal form,
and a post WTForms refuses is one the engine is never given as a number."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper.games import GAMES
from scorekeeper.games.base import BOOL, INT, MULTI, SEAT, SEATS, Table
from scorekeeper.games.entry import resolve_options
from scorekeeper.sessions.forms import deal_form, posted_deal, raw_deal, seat_field_name


def _tables():
    """Every game at every table size its default options allow, with the first deal's fields."""
    for slug in sorted(GAMES):
        game = GAMES[slug]
        for n in game.players:
            table = Table(tuple(f"P{i}" for i in range(n)), resolve_options(game.option_specs(n), {}))
            try:
                game.check_table(table)
            except Exception:
                continue
            yield pytest.param(table, tuple(game.deal_fields(table, game.start(table))), id=f"{slug}-{n}")


TABLES = list(_tables())

# what a tablet (or anything else) may post in one field: numbers as typed, blanks, words, ticks
TYPED = st.one_of(
    st.integers(-200, 400).map(str),
    st.sampled_from(["", " ", " 7 ", "+3", "-0", "1_000", "٣", "abc", "1.5", "y", "on", "off", "no", "false",
                     "0", "1", "2", "3", "4", "5", "6"]),
    st.text(max_size=4),
)


def _names(fields, size):
    for spec in fields:
        if spec.per_seat:
            yield from ((spec, seat_field_name(spec, seat)) for seat in range(size))
        else:
            yield spec, spec.name


@st.composite
def posts(draw, fields, size):
    """A post: each field absent, or one value, or (for ticks and multiple choices) several, drawn
    from the field's own choices and from anything typed."""
    data = MultiDict()
    for spec, name in _names(fields, size):
        offered = [value for value, _ in spec.choices] or [str(seat) for seat in range(size)]
        pick = st.one_of(st.sampled_from(offered), TYPED) if spec.kind != INT else TYPED
        how_many = draw(st.integers(0, 3 if spec.kind in (MULTI, SEATS) else 1))
        for _ in range(how_many):
            data.add(name, draw(pick))
    return data


@pytest.mark.parametrize(("table", "fields"), TABLES)
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_posted_deal_reads_what_the_validated_form_reads(app, table, fields, data):
    post = data.draw(posts(fields, table.size))
    with app.test_request_context(method="POST", data=post):
        form = deal_form(fields, table, formdata=post)
        posted = posted_deal(post, fields, table.size)
        if form.validate():
            assert posted == raw_deal(form, fields, table.size)
        else:  # only a number WTForms cannot read; posted_deal passes it on as typed, never as a number
            wrong = {name: field.errors for name, field in form._fields.items() if field.errors}
            specs = dict((name, spec) for spec, name in _names(fields, table.size))
            assert wrong and all(specs[name].kind == INT for name in wrong)
            for name in wrong:
                spec = specs[name]
                value = posted[spec.name][int(name.rsplit("-", 1)[1])] if spec.per_seat else posted[spec.name]
                assert isinstance(value, str) and value == post.get(name)


def test_kinds_are_read_as_their_form_fields_read_them():
    """The cases one by one (WTForms 3: IntegerField + Optional, BooleanField's false values,
    RadioField's first value, a multiple choice's every value)."""
    from scorekeeper.games.entry import FieldSpec

    fields = (FieldSpec("n", "N", INT), FieldSpec("b", "B", BOOL), FieldSpec("s", "S", SEAT),
              FieldSpec("m", "M", SEATS), FieldSpec("p", "P", INT, per_seat=True))
    post = MultiDict([("n", " 12 "), ("b", "off"), ("s", "2"), ("s", "1"), ("m", "0"), ("m", "2"),
                      ("p-0", ""), ("p-1", "x"), ("p-2", "-4")])
    assert posted_deal(post, fields, 3) == {"n": 12, "b": False, "s": "2", "m": ["0", "2"], "p": [None, "x", -4]}
    assert posted_deal(MultiDict([("b", "y")]), fields, 3) == {"n": None, "b": True, "s": None, "m": [],
                                                               "p": [None, None, None]}
