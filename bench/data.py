"""Bulk benchmark data: many Schieberamsch sessions written straight into a SQLite file.

The schema comes from the app's migrations; the rows are written with sqlite3's executemany
(the ORM would take an hour for 100,000 sessions). Each session copies one of a few hundred
deal sequences that the engine has checked and replayed once, with its deals, one "add"
revision per deal, its seats (three of `players` players) and its session summary, exactly as
the app would have stored them.
"""
from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import get_game
from scorekeeper.games.base import RuleError, Table, resolve_options
from scorekeeper.names import name_key

GAME = get_game("schieberamsch")
CHUNK = 10_000


def random_deal(rng: random.Random) -> dict:
    """A Ramsch most of the time, sometimes a Grand Hand, as the table would enter it."""
    if rng.random() < 0.8:
        a = rng.randint(0, 120)
        b = rng.randint(0, 120 - a)
        points = [a, b, 120 - a - b]
        return {"type": "ramsch", "pushed": rng.randint(0, 3), "points": points,
                "took_trick": [p > 0 for p in points], "contra": "none"}
    points = rng.randint(0, 120)
    return {"type": "grand_hand", "soloist": rng.randint(0, 2), "soloist_points": points,
            "jacks": rng.sample(["JC", "JS", "JH", "JD"], rng.randint(0, 2)), "contra": "none"}


@dataclass(frozen=True)
class Sequence:
    options: str
    payloads: tuple[str, ...]
    summary: tuple[str, str, str, int]  # totals, winners, losers, over (JSON / 0-1)
    seats: tuple[tuple[int, int, int, int, int | None, int | None], ...]  # per seat: over, won, lost, total,
    # place, sides
    figures: tuple[dict[str, int], ...]  # per seat: what the engine counts (Game.figures)


def sequence(rng: random.Random, length: int, limit: int) -> Sequence:
    """`length` random deals of a session of `limit` deals, parsed and replayed by the engine."""
    options = {**resolve_options(GAME.option_specs(3), {}), "deals": limit}  # may exceed the form's 99
    table = Table(("A", "B", "C"), options)
    state, payloads = GAME.start(table), []
    for _ in range(length):
        parsed = None
        while parsed is None:
            try:
                parsed = GAME.parse(table, state, random_deal(rng))
            except RuleError:  # card points no pile can hold (1, 119, ...): another deal
                continue
        _, state = GAME.play(table, state, parsed)
        payloads.append(parsed)
    standing = GAME.replay(table, payloads)
    places = GAME.places(table, standing.state) if standing.over else (None,) * 3
    sides = len(GAME.sides(table, standing.state)) if standing.over else None
    return Sequence(json.dumps(options), tuple(json.dumps(p) for p in payloads),
                    (json.dumps(list(standing.totals)), json.dumps(list(standing.winners)),
                     json.dumps(list(standing.losers)), int(standing.over)),
                    tuple((int(standing.over), int(seat in standing.winners), int(seat in standing.losers),
                           standing.totals[seat], places[seat], sides) for seat in range(3)),
                    tuple(GAME.seat_figures(table, payloads, standing.results)))


def schema(path: Path) -> None:
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.engine.dispose()


def build(path: Path, sessions: int, players: int = 100, seed: int = 7, lengths: tuple[int, int] | None = None,
          limit: int = 12, templates: int = 300) -> None:
    """Write `sessions` sessions. `lengths`: (fewest, most) deals per session; by default 4 in 5
    sessions are finished (12 deals of 12) and the rest in play."""
    rng = random.Random(seed)
    schema(path)

    def length() -> int:
        if lengths:
            return rng.randint(*lengths)
        return limit if rng.random() < 0.8 else rng.randint(0, limit - 1)

    pool = [sequence(rng, length(), limit) for _ in range(templates)]
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=OFF")
    connection.execute("PRAGMA synchronous=OFF")
    start = datetime(2024, 1, 1)
    stamp = lambda moment: moment.isoformat(sep=" ", timespec="microseconds")
    connection.executemany("INSERT INTO player (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                           [(i, f"Player {i:04d}", name_key(f"Player {i:04d}"), stamp(start))
                            for i in range(1, players + 1)])
    step = timedelta(days=900) / max(sessions, 1)  # spread over two and a half years
    deal_id = revision_id = seat_id = 0
    for first in range(1, sessions + 1, CHUNK):
        rows: dict[str, list[tuple]] = {"session": [], "seat": [], "deal": [], "revision": [], "summary": [],
                                        "seat_summary": [], "seat_figure": []}
        for sid in range(first, min(first + CHUNK, sessions + 1)):
            moment = start + step * sid
            at = stamp(moment)
            chosen = rng.choice(pool)
            rows["session"].append((sid, "schieberamsch", chosen.options, sid % 3, GAME.version, at, at))
            for position, player in enumerate(rng.sample(range(1, players + 1), 3)):
                seat_id += 1
                rows["seat"].append((seat_id, sid, position, player))
                rows["seat_summary"].append((sid, position, player, "schieberamsch", GAME.version,
                                             *chosen.seats[position], at))
                rows["seat_figure"].extend((sid, position, name, player, "schieberamsch", GAME.version, value, at)
                                           for name, value in chosen.figures[position].items())
            for position, payload in enumerate(chosen.payloads, start=1):
                deal_id += 1
                revision_id += 1
                rows["deal"].append((deal_id, sid, position, "complete", payload, GAME.version, at, at))
                rows["revision"].append((revision_id, sid, deal_id, position, "add", payload, at))
            totals, winners, losers, over = chosen.summary
            # stamped with the session's version (0: the rows are written here, not by the app's writes)
            rows["summary"].append((sid, 0, GAME.version, len(chosen.payloads), totals, winners, losers, over, at))
        connection.executemany(
            "INSERT INTO game_session (id, game, options, first_dealer, engine_version, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)", rows["session"])
        connection.executemany("INSERT INTO seat (id, session_id, position, player_id) VALUES (?, ?, ?, ?)",
                               rows["seat"])
        connection.executemany(
            "INSERT INTO deal (id, session_id, position, phase, payload, engine_version, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows["deal"])
        connection.executemany(
            "INSERT INTO revision (id, session_id, deal_id, deal_number, action, \"after\", at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)", rows["revision"])
        connection.executemany(
            "INSERT INTO session_summary (session_id, session_version, engine_version, deals,"
            " totals, winners, losers, \"over\", updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows["summary"])
        connection.executemany(
            "INSERT INTO seat_summary (session_id, position, player_id, game, engine_version, \"over\", won, lost,"
            " total, place, sides, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows["seat_summary"])
        connection.executemany("INSERT INTO seat_figure (session_id, position, name, player_id, game, engine_version,"
                               " value, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows["seat_figure"])
        connection.commit()
    connection.close()
