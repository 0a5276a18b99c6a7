"""Statistics of one session, derived from its replayed board."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

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


def player_record(played: Iterable[tuple[str, int, Any]], games: Mapping[str, Any]) -> list[GameRecord]:
    """played: (game, the player's seat, the session's stored summary) for every session they sat in.
    Finished sessions count for won/lost/average; a session that no longer replays, or whose game
    is unknown, is left out."""
    by_game: dict[str, list[tuple[Any, int]]] = {}
    for slug, seat, summary in played:
        if slug in games and summary is not None and not summary.broken:
            by_game.setdefault(slug, []).append((summary, seat))
    records = []
    for slug, sessions in sorted(by_game.items()):
        finished = [(s, seat) for s, seat in sessions if s.over]
        totals = [s.totals[seat] for s, seat in finished]
        records.append(GameRecord(
            game=slug,
            played=len(sessions),
            finished=len(finished),
            won=sum(1 for s, seat in finished if seat in s.winners),
            lost=sum(1 for s, seat in finished if seat in s.losers),
            average_total=round(sum(totals) / len(totals), 1) if totals else None,
        ))
    return records
