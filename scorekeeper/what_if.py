"""What if: a session's stored deals scored again under other options of its game, nothing stored.

The deals are replayed by the engine under the other options exactly as a new session's would be,
so each deal is checked again: a rule that needs an entry the deals do not have (Berner Handjass
asks the trump of every deal) refuses the other options, naming the first deal that lacks it. When
the game would have ended earlier under the other options (a lower target), the deals after that
end are not counted and the answer says how many. An option the session was stored without stays
absent unless it is asked for, as the engine reads an absent option as the rule of its time.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .board import Board, build, complete_deals, table_of
from .games import get_game
from .games.base import DealError, RuleError, T, Table, resolve_options
from .models import GameSession


@dataclass(frozen=True)
class WhatIf:
    """The session's board under other options, and how many played deals they leave uncounted."""

    board: Board
    uncounted: int


def what_if(session: GameSession, changes: Any) -> WhatIf:
    if not isinstance(changes, Mapping):
        raise RuleError(T("Options must be a set of named values."), "options")
    game, table = get_game(session.game), table_of(session)
    specs = game.option_specs(table.size)
    known = {spec.name for spec in specs}
    retired = {name: value for name, value in table.options.items() if name not in known}  # read as stored
    merged = {**{name: value for name, value in table.options.items() if name in known}, **changes}
    resolved = resolve_options(specs, merged)  # an unknown option asked for is refused here
    options = {**retired, **{name: value for name, value in resolved.items() if name in merged}}
    other = Table(table.names, options, table.first_dealer)
    game.check_table(other)
    deals = complete_deals(session)
    payloads = [deal.payload for deal in deals]
    try:
        standing = game.replay(other, payloads)
    except DealError as error:
        standing = game.replay(other, payloads[:error.index])
        if not standing.over:
            raise RuleError(T("Under these rules deal %(number)d cannot be scored: %(reason)s",
                              number=error.index + 1, reason=error.text), "options") from None
    counted = len(standing.results)
    return WhatIf(build(session, game, other, standing, deals[:counted], None), len(deals) - counted)
