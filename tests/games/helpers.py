"""Builders and Hypothesis strategies the engine tests share: tables, a seat, a total shared out
among players, cards shared out among players, a shuffled deck dealt out in piles."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from scorekeeper.games.base import Game, Table, resolve_options
from scorekeeper.games.cards import FRENCH_SUITS

#: a suit of the French deck (C, S, H, D), e.g. a trump
french_suits = st.sampled_from(FRENCH_SUITS)


def make_table(game: Game, names: Sequence[str], first_dealer: int = 0, **options: Any) -> Table:
    """`names` around the table (clockwise), the game's options resolved from `options`."""
    return Table(tuple(names), resolve_options(game.option_specs(len(names)), options), first_dealer=first_dealer)


def player_names(n: int) -> tuple[str, ...]:
    """P0, P1, ...: names for a table where the names do not matter."""
    return tuple(f"P{i}" for i in range(n))


def any_seat(n: int) -> st.SearchStrategy[int]:
    """One seat at a table of `n`."""
    return st.integers(0, n - 1)


def split_at(cuts: Sequence[int], total: int) -> list[int]:
    """`total` cut at the cut points (0 to `total`, in any order): len(cuts) + 1 parts that add up to it.

    >>> split_at([7, 3], 10)
    [3, 4, 3]
    """
    marks = sorted(cuts)
    return [b - a for a, b in zip([0, *marks], [*marks, total])]


@st.composite
def splits(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    """`parts` whole numbers from 0 up that add up to `total`: tricks, card points or cards shared out.
    Each part is drawn from what the ones before it left; the last takes the rest."""
    drawn: list[int] = []
    for _ in range(parts - 1):
        drawn.append(draw(st.integers(0, total - sum(drawn))))
    return [*drawn, total - sum(drawn)]


@st.composite
def shared_out(draw: st.DrawFn, cards: Sequence[str], players: int, nobody: bool = False) -> list[list[str]]:
    """Each card to one of `players` piles (with `nobody`, also to none): the piles, each in the
    order of `cards`."""
    owner = st.sampled_from([None, *range(players)]) if nobody else any_seat(players)
    owners = [draw(owner) for _ in cards]
    return [[card for card, o in zip(cards, owners) if o == pile] for pile in range(players)]


def deal_out(deck: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Piles of the given sizes taken one after the other from the top of `deck`.

    >>> deal_out(["7C", "8C", "9C", "10C"], [1, 0, 2])
    [['7C'], [], ['8C', '9C']]
    """
    piles, start = [], 0
    for size in sizes:
        piles.append(list(deck[start:start + size]))
        start += size
    return piles


def counted_figures(game: Game, table: Table, deals: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """A session replayed deal by deal and each figure the engine declares summed per seat, as the
    statistics store it (`Game.seat_figures` over the parsed deals and their results)."""
    state, parsed, results = game.start(table), [], []
    for raw in deals:
        parsed.append(game.parse(table, state, raw))
        result, state = game.play(table, state, raw)
        results.append(result)
    counted = game.seat_figures(table, parsed, results)
    return {figure.name: [seat.get(figure.name, 0) for seat in counted] for figure in game.figures}


@st.composite
def jass_counts(draw: st.DrawFn, parts: int) -> list[int]:
    """157 Jass card points shared out among `parts` teams or players as a deal can leave them: no card
    counts 1 (nor does the last trick's 5), so no pile holds 1 card point, and none 156."""
    return draw(splits(157, parts).filter(lambda counts: not {1, 156} & set(counts)))
