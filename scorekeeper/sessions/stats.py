"""Statistics of one session, derived from its replayed board."""
from __future__ import annotations

from dataclasses import dataclass

from ..scoring import Board


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
    """Per player: how many deals changed their score, the best and worst deal, the average."""
    results = board.standing.results
    better = min if board.game.lower_is_better else max
    worse = max if board.game.lower_is_better else min
    dealers = list(board.standing.dealers)
    stats = []
    for seat, name in enumerate(board.table.names):
        points = [result.points[seat] for result in results]
        stats.append(SeatStats(
            name=name,
            total=board.standing.totals[seat],
            deals_scored=sum(1 for p in points if p),
            best=better(points) if points else None,
            worst=worse(points) if points else None,
            average=round(sum(points) / len(points), 1) if points else None,
            dealt=dealers.count(seat),
        ))
    return stats


@dataclass(frozen=True)
class GameRecord:
    """One player's record in one game, over the sessions they sat in."""

    game: str
    played: int
    finished: int
    won: int
    lost: int
    average_total: float | None


def player_record(rows: list[tuple[object, Board, int]]) -> list[GameRecord]:
    """rows: (session, replayed board, the player's seat). Finished sessions count for won/lost/average."""
    by_game: dict[str, list[tuple[Board, int]]] = {}
    for _, board, seat in rows:
        by_game.setdefault(board.game.slug, []).append((board, seat))
    records = []
    for slug, boards in sorted(by_game.items()):
        finished = [(b, seat) for b, seat in boards if b.standing.over]
        totals = [b.standing.totals[seat] for b, seat in finished]
        records.append(GameRecord(
            game=slug,
            played=len(boards),
            finished=len(finished),
            won=sum(1 for b, seat in finished if seat in b.standing.winners),
            lost=sum(1 for b, seat in finished if seat in b.standing.losers),
            average_total=round(sum(totals) / len(totals), 1) if totals else None,
        ))
    return records
