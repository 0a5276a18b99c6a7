"""Stored standings always equal a replay of the stored deals, after any sequence of
add / edit / delete (Hypothesis RuleBasedStateMachine over writes.py and the database);
so does the stored session summary the history and player pages read."""
from __future__ import annotations

import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper import board, create_app, writes
from scorekeeper.extensions import db
from scorekeeper.games import get_game
from scorekeeper.games.base import RuleError, Table, resolve_options
from scorekeeper.games.cards import SKAT_POSSIBLE
from scorekeeper.models import GameSession
from scorekeeper.summaries import SessionSummary

from ..games.helpers import splits


@st.composite
def deals(draw):
    if draw(st.booleans()):
        points = draw(splits(120, 3).filter(lambda points: all(p in SKAT_POSSIBLE for p in points)))
        return {"type": "ramsch", "pushed": draw(st.integers(0, 3)), "points": points,
                "took_trick": [p > 0 or draw(st.booleans()) for p in points]}
    points = draw(st.sampled_from(sorted(SKAT_POSSIBLE)))
    return {"type": "grand_hand", "soloist": draw(st.integers(0, 2)), "soloist_points": points,
            "jacks": draw(st.lists(st.sampled_from(["JC", "JS", "JH", "JD"]), unique=True)),
            "all_tricks": points == 120 and draw(st.booleans()), "no_tricks": False,
            "contra": draw(st.sampled_from(["none", "contra", "recontra"]))}


class SessionMachine(RuleBasedStateMachine):
    """The model is a plain list of deals; the system is the database through writes.py."""

    @initialize(deals_limit=st.integers(3, 8), first_dealer=st.integers(0, 2))
    def start(self, deals_limit, first_dealer):
        self.folder = tempfile.TemporaryDirectory()
        self.app = create_app({"TESTING": True, "SECRET_KEY": "x",
                               "SQLALCHEMY_DATABASE_URI": f"sqlite:///{self.folder.name}/m.sqlite"})
        self.context = self.app.app_context()
        self.context.push()
        self.session = writes.create_session("schieberamsch", ["A", "B", "C"], first_dealer, {"deals": deals_limit})
        self.model: list[dict] = []
        self.table = Table(("A", "B", "C"), resolve_options(get_game("schieberamsch").option_specs(3),
                                                                 {"deals": deals_limit}), first_dealer)

    def teardown(self):
        if hasattr(self, "context"):
            db.session.remove()
            db.engine.dispose()
            self.context.pop()
            self.folder.cleanup()

    def _fresh(self) -> GameSession:
        db.session.expire_all()
        return db.session.get(GameSession, self.session.id)

    @rule(deal=deals())
    def add(self, deal):
        session = self._fresh()
        try:
            writes.enter(session, deal)
        except RuleError:
            db.session.rollback()
            assert len(self.model) >= self.table.options["deals"]
        else:
            self.model.append(get_game("schieberamsch").parse(self.table, get_game("schieberamsch").replay(
                self.table, self.model).state, deal))

    @precondition(lambda self: self.model)
    @rule(index=st.integers(0, 50), deal=deals())
    def edit(self, index, deal):
        session = self._fresh()
        index %= len(self.model)
        writes.replace_deal(session, board.complete_deals(session)[index], deal)
        self.model[index] = get_game("schieberamsch").parse(
            self.table, get_game("schieberamsch").replay(self.table, self.model[:index]).state, deal)

    @precondition(lambda self: self.model)
    @rule(index=st.integers(0, 50))
    def delete(self, index):
        session = self._fresh()
        index %= len(self.model)
        writes.delete_deal(session, board.complete_deals(session)[index])
        del self.model[index]

    @invariant()
    def standings_equal_the_replay(self):
        if not hasattr(self, "session"):
            return
        current = board.board(self._fresh())
        expected = get_game("schieberamsch").replay(self.table, self.model)
        assert current.standing.totals == expected.totals
        assert current.standing.dealer == expected.dealer
        assert current.standing.over == expected.over
        assert [d.payload for d in current.deals] == self.model
        assert current.standing.totals == tuple(
            sum(result.points[seat] for result in current.standing.results) for seat in range(3))
        # the stored summary was refreshed by the write itself, and says what the replay says
        summary = db.session.get(SessionSummary, self.session.id)
        assert summary is not None
        assert (summary.deals, summary.totals, summary.over) == (len(self.model), list(expected.totals), expected.over)
        assert (summary.winners, summary.losers) == (list(expected.winners), list(expected.losers))
        seats = sorted(summary.seats, key=lambda s: s.position)
        assert [(seat.total, seat.won, seat.lost, seat.over) for seat in seats] == [
            (expected.totals[i], i in expected.winners, i in expected.losers, expected.over) for i in range(3)]
        assert summary.session_version == self._fresh().version  # fresh: a page will not replay it


SessionMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=12, deadline=None)
TestSessionMachine = SessionMachine.TestCase
