"""Statistics of one session, derived from its replayed board: the same figures for every game,
and the ones the game's engine counts (Game.figures); averages rounded as people round them
(`half_up`, also for a player's averages over sessions)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .board import Board
from .games.base import Figure


@dataclass(frozen=True)
class SeatStats:
    name: str
    total: int
    deals_scored: int  # deals where the seat's points were not 0
    best: int | None
    worst: int | None
    average: float | None
    dealt: int


def session_stats(board: Board) -> list[SeatStats]:
    """Per player: how many deals changed their score, the best and worst deal, the average; over the
    deals the player was still in the game for (Handjass: not those after they went out)."""
    standing = board.standing
    better, worse = (min, max) if board.game.lower_wins(board.table) else (max, min)
    stats = []
    for seat, name in enumerate(board.table.names):
        points = [result.points[seat] for result, seated in zip(standing.results, standing.seated) if seated[seat]]
        stats.append(SeatStats(
            name=name,
            total=standing.totals[seat],
            deals_scored=sum(1 for p in points if p),
            best=better(points) if points else None,
            worst=worse(points) if points else None,
            average=half_up(sum(points), len(points), 1) if points else None,
            dealt=standing.dealers.count(seat),
        ))
    return stats


def figure_rows(board: Board) -> list[tuple[Figure, list[int]]]:
    """The game's own figures, each with each seat's count, in the order the engine declares them."""
    counted = board.seat_figures()
    return [(figure, [seat.get(figure.name, 0) for seat in counted]) for figure in board.game.figures]


def half_up(part: int, whole: int, digits: int) -> float:
    """`part / whole` to `digits` decimals, a half away from zero, as people round (Python's round
    takes a half to the even digit, and 4.25 is 4.2 there).

    >>> half_up(17, 4, 1), half_up(-17, 4, 1), half_up(5, 3, 2), half_up(7, 2, 0)
    (4.3, -4.3, 1.67, 4.0)
    """
    scaled = Fraction(part, whole) * 10 ** digits
    return math.copysign(math.floor(abs(scaled) + Fraction(1, 2)), scaled) / 10 ** digits
