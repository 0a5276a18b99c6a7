"""How the simulators feed a simulated session to its engine: not a rule, the harness they share.

Used by the Handjass, Differenzler, Pitch, Schieberamsch and Tennos team simulators: a session there
has ``table`` (the table as the engine gets it) and ``entries`` (its deals or games as entered), from
``DealtSession`` where they are the same. Each binds its GAME once:
``replay_each = partial(sim_replay.replay_each, GAME)``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from scorekeeper.games.base import DealError

from .helpers import make_table


class DealtSession:
    """A simulated session's ``table`` (its first ``size`` names) and ``entries`` (each deal's entry) as
    the engine gets them. The subclass, a dataclass with ``options``, ``size``, ``first_dealer`` and
    ``deals``, names its ``game`` and ``names``."""

    game: ClassVar[Any]
    names: ClassVar[Sequence[str]]

    @property
    def table(self):
        return make_table(self.game, self.names[:self.size], self.first_dealer, **self.options)

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [deal.entry for deal in self.deals]


def replay_each(game: Any, session: Any) -> list[tuple[Any, Any]]:
    """Every deal (game) through game.play from the state before it: (result, state after)."""
    table, state, out = session.table, game.start(session.table), []
    for entry in session.entries:
        result, state = game.play(table, state, entry)
        out.append((result, state))
    return out


def refused_at(game: Any, session: Any, index: int, entry: dict[str, Any]) -> DealError:
    """The session's first `index` entries, then `entry`: the engine refuses `entry`, at that index."""
    with pytest.raises(DealError) as caught:
        game.replay(session.table, [*session.entries[:index], entry])
    assert caught.value.index == index, str(caught.value)
    return caught.value
