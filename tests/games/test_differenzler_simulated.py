"""Differenzler played card by card: a shuffled 36-card deck dealt to 3 or 4 players, every trick played
out, what the table would enter computed from the cards (announcements, card points, "took a trick?",
Weis and Stöck under ``extras``), whole sessions fed to the engine and checked against
``shared/rules/differenzler.md`` (cited by section in each test).

The simulator knows the rules only from the notes (``differenzler.md``, and ``schieber.md`` for card
points and the swiss Weis): it uses nothing of the engine but its entry format (``deal_fields``).
- "A deal": all 36 cards dealt in packets of three counter-clockwise from the dealer's right, 9 each with
  four players, 12 with three; the dealer's bottom card (the last one dealt) gives trump.
- Play is legal enough: the leader plays any card, the others follow suit when they can (or trump); the
  trick goes to the best card, to a random player, to one player throughout (157 for a sweep), or, to
  reach "a trick of blanks" (``zero_bonus=with_trick``), the blank tricks of a blank-heavy play to one
  player. Every card goes to one trick, every trick to one player.
- Announcements are free choices, so the simulator may pick them knowing the outcome: exact (difference
  0, also 0 for 0), near, random, 0, or as far off as possible; and, at the end of the agreed deals,
  chosen so that two or more totals tie (the lowest, when it can), to reach ``tie``'s two ways.
- Under ``extras`` a player shows some of the Weis of the hand (``schieber.md``: swiss values; the best
  single Weis by points, a sequence before a four, the higher top card, trump, then the player nearer the
  dealer's right) and the holder of trump K and Q may say Stöck.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import accumulate
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, note, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError

from . import jass_oracle as jass
from . import sim_replay
from .helpers import counted_figures, make_table
from .jass_oracle import (
    DECK,
    LAST_TRICK,
    PILE_COUNTS,
    RANKS,
    STOECK,
    SUITS,
    TOTAL,
    meld_points,
    meld_rank,
    rank_of,
    stacked,
    suit_of,
    value,
)
from .jass_oracle import SWISS_FOURS as FOURS
from .jass_oracle import SWISS_SEQUENCE as SEQUENCE

GAME = get_game("differenzler")
replay_each = partial(sim_replay.replay_each, GAME)  # the harness: sim_replay.py
refused_at = partial(sim_replay.refused_at, GAME)
NAMES = ("Ann", "Bob", "Cat", "Dan")
# the deck, card points, trick power and the swiss Weis (schieber.md): jass_oracle.py
HAND = {3: 12, 4: 9}  # differenzler.md "A deal"
# No shrinking: a session is up to 20 drawn deals; each test notes the session to replay a failure.
SIM = settings(max_examples=60, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FAST = settings(SIM, max_examples=25)
TAKEN = frozenset(n for n in range(TOTAL + 1) if n in PILE_COUNTS or n - LAST_TRICK in PILE_COUNTS)


# --- Weis (schieber.md, swiss values) ------------------------------------------------------------

def declared(cards: Sequence[str], trump: str) -> tuple[tuple[int, ...], int] | None:
    """The shown cards as the player declares them (the reading with the strongest Weis, then the most
    points): (the strongest Weis's rank, the points of all); None when nothing is shown."""
    return jass.declared(cards, lambda meld: meld_rank(meld, trump), meld_points)


def choose_weis(hand: Sequence[str], rng: random.Random) -> list[str]:
    """Some disjoint Weis of the hand (often all of the strongest, sometimes none)."""
    if rng.random() < 0.15:
        return []
    melds = sorted(jass.melds_in(hand), key=lambda m: (-meld_points(m), -len(m)))
    if rng.random() < 0.4:
        rng.shuffle(melds)
    shown: list[str] = []
    for meld in melds:
        if not set(meld) & set(shown) and rng.random() < 0.8:
            shown += meld
    return shown


# --- one deal --------------------------------------------------------------------------------------

def turn(dealer: int, size: int) -> list[int]:
    """differenzler.md: deal and play counter-clockwise, from the dealer's right; the dealer last."""
    return [(dealer - 1 - k) % size for k in range(size)]


def dealt(deck: Sequence[str], dealer: int, size: int) -> list[list[str]]:
    """All 36 cards in packets of three from the dealer's right; the dealer gets the last (bottom) card."""
    hands: list[list[str]] = [[] for _ in range(size)]
    for packet in range(len(deck) // 3):
        hands[turn(dealer, size)[packet % size]] += deck[3 * packet:3 * packet + 3]
    return hands


def play_out(hands: list[list[str]], trump: str, dealer: int, rng: random.Random, mode: str,
             favourite: int) -> list[tuple[int, list[str]]]:
    """Every trick (winner, cards) from the dealer's right's lead; the winner leads the next. `mode`:
    "real" the best card wins; "random" anyone; "sweep" the favourite takes all; "blanks" low cards are
    played and the favourite takes some tricks of blanks (and no other trick)."""
    size = len(hands)
    held = [list(hand) for hand in hands]
    leader, tricks = (dealer - 1) % size, []
    low = mode == "blanks"
    for number in range(HAND[size]):
        order = [(leader - k) % size for k in range(size)]
        cards: list[str] = []
        for seat in order:
            legal = jass.legal(held[seat], suit_of(cards[0]) if cards else None, trump)
            card = min(legal, key=lambda c: (value(c, trump), rng.random())) if low else rng.choice(legal)
            held[seat].remove(card)
            cards.append(card)
        if mode == "real":
            winner = order[jass.trick_winner(cards, trump)]
        elif mode == "sweep":
            winner = favourite
        elif mode == "blanks":
            blank = not sum(value(c, trump) for c in cards) and number < HAND[size] - 1
            others = [s for s in range(size) if s != favourite]
            winner = favourite if blank and rng.random() < 0.7 else rng.choice(others)
        else:
            winner = rng.randrange(size)
        tricks.append((winner, cards))
        leader = winner
    return tricks


def penalty_of(announced: int, counted: int, took: bool, opts: dict[str, Any]) -> int:
    """differenzler.md "Scoring a deal": |prediction - points|; an exact hit -exact_bonus; an announced 0
    made: 0 ("none"), the bonus with a trick taken ("with_trick"), the bonus ("always")."""
    off = abs(announced - counted)
    if off:
        return off
    if announced == 0 and not (opts["zero_bonus"] == "always" or opts["zero_bonus"] == "with_trick" and took):
        return 0
    return -opts["exact_bonus"]


@dataclass
class Deal:
    entry: dict[str, Any]
    dealer: int
    trump: str
    hands: list[list[str]]
    tricks: list[tuple[int, list[str]]]
    card_points: list[int]
    counted: list[int]  # card points + Stöck + the best Weis (under extras)
    weis_points: list[int]
    stoeck: list[bool]
    took: list[bool]
    penalties: tuple[int, ...] = ()
    weis_tied: bool = False
    facts: set[str] = field(default_factory=set)


@dataclass
class Session(sim_replay.DealtSession):
    game, names = GAME, NAMES  # table and entries: sim_replay.DealtSession
    options: dict[str, Any]
    size: int
    first_dealer: int
    agreed: int
    deals: list[Deal]
    running: list[tuple[int, ...]]
    over: bool
    facts: set[str]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.running[-1] if self.running else (0,) * self.size


def weis_of(shown: list[list[str]], trump: str, dealer: int) -> tuple[list[int], bool]:
    """differenzler.md extras: all Weis of the player with the best single Weis (a tie: the one nearer the
    dealer's right); and whether the two best were equal in every way but the seat."""
    size = len(shown)
    said = {seat: declared(cards, trump) for seat, cards in enumerate(shown) if cards}
    points = [0] * size
    if not said:
        return points, False
    ranked = sorted(said, key=lambda seat: (said[seat][0], -turn(dealer, size).index(seat)), reverse=True)
    points[ranked[0]] = said[ranked[0]][1]
    return points, len(ranked) > 1 and said[ranked[0]][0] == said[ranked[1]][0]


def one_deal(rng: random.Random, opts: dict[str, Any], size: int, dealer: int, mode: str, stack: str) -> Deal:
    """Shuffle, deal, play out and count one deal (announcements still to choose)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = dealt(deck, dealer, size)
    trump = suit_of(hands[dealer][-1])  # the dealer's bottom card is shown: its suit is trump
    seat = rng.randrange(size)
    if stack == "stoeck":
        hands = stacked(hands, seat, ["K" + trump, "Q" + trump])
    elif stack == "run":
        length = rng.randint(3, 9)
        start = rng.randint(0, 9 - length)
        hands = stacked(hands, seat, [r + rng.choice(SUITS) for r in RANKS[start:start + length]][:HAND[size]])
    elif stack == "fours":
        hands = stacked(hands, seat, [rank_ + s for rank_ in rng.sample(sorted(FOURS), 2) for s in SUITS][:HAND[size]])
    elif stack == "twins":  # equal sequences in two hands: trump decides, else the seat
        other = (seat + rng.randrange(1, size)) % size
        a, b = rng.sample([s for s in SUITS if s != trump] + [trump] * rng.randint(0, 1), 2)
        length = rng.randint(3, 4)
        start = rng.randint(0, 9 - length)
        hands = stacked(hands, seat, [r + a for r in RANKS[start:start + length]])
        hands = stacked(hands, other, [r + b for r in RANKS[start:start + length]])
    elif stack == "contest":  # four A, K or Q (100) against a 5-sequence (100): the sequence wins
        other = (seat + rng.randrange(1, size)) % size
        four = rng.choice(["A", "K", "Q"])
        start = rng.randint(RANKS.index(four) + 1, 4)
        hands = stacked(hands, seat, [four + s for s in SUITS])
        suit = rng.choice(SUITS)
        hands = stacked(hands, other, [r + suit for r in RANKS[start:start + 5]])
    favourite = rng.randrange(size)
    tricks = play_out(hands, trump, dealer, rng, mode, favourite)
    card_points = [0] * size
    for winner, cards in tricks:
        card_points[winner] += sum(value(c, trump) for c in cards)
    card_points[tricks[-1][0]] += LAST_TRICK
    took = [any(winner == s for winner, _ in tricks) for s in range(size)]
    entry: dict[str, Any] = {"points": card_points, "trump": trump if opts["extras"] or rng.random() < 0.5 else None}
    weis, stoeck, tied = [0] * size, [False] * size, False
    if opts["extras"]:
        shown = [choose_weis(hand, rng) for hand in hands]
        holder = next((s for s in range(size) if {"K" + trump, "Q" + trump} <= set(hands[s])), None)
        stoeck = [s == holder and rng.random() < 0.85 for s in range(size)]
        weis, tied = weis_of(shown, trump, dealer)
        entry |= {"weis": shown, "stoeck": stoeck}
    if opts["zero_bonus"] == "with_trick":  # asked only for a player with 0 card points (the form: False)
        entry["took_trick"] = [took[s] and not card_points[s] for s in range(size)]
    counted = [card_points[s] + weis[s] + STOECK * stoeck[s] for s in range(size)]
    facts = {f"played: {mode}", f"{size} players"}
    facts |= {"a player took 157 (every trick)"} if TOTAL in card_points else set()
    if any(took[s] and not card_points[s] for s in range(size)):
        facts.add("0 card points with a trick of blanks")
    facts |= {"Weis counted"} if any(weis) else set()
    facts |= {f"stacked: {stack}"} if stack != "none" else set()
    said = [declared(cards, trump) for cards in entry.get("weis", [])]
    ranks = sorted((weis_said[0] for weis_said in said if weis_said), reverse=True)
    if len(ranks) > 1 and ranks[0][0] == ranks[1][0] and ranks[0][1] != ranks[1][1]:
        facts.add("Weis of equal points: the sequence beats the four")
    if len(ranks) > 1 and ranks[0][:3] == ranks[1][:3] and ranks[0][3] != ranks[1][3]:
        facts.add("equal sequences: the trump one wins")
    facts |= {"Weis tied: the dealer's right wins"} if tied else set()
    facts |= {"Stöck"} if any(stoeck) else set()
    return Deal(entry, dealer, trump, hands, tricks, card_points, counted, weis, stoeck, took, weis_tied=tied,
                facts=facts)


def outcomes(counted: int, took: bool, opts: dict[str, Any]) -> dict[int, int]:
    """Each penalty an announcement 0..157 can give this count, and one announcement giving it."""
    found: dict[int, int] = {}
    for announced in range(TOTAL + 1):
        found.setdefault(penalty_of(announced, counted, took, opts), announced)
    return found


def announce(rng: random.Random, deal: Deal, opts: dict[str, Any], totals: list[int],
             group: Sequence[int] = ()) -> list[int]:
    """Each player's announcement 0..157: exact, near, random, 0 or far. With a `group` (two or more
    players) the table steers to a tie: their totals brought level (the lowest level they can all reach)
    or, when no level is in reach this deal, as close to the group's highest total as they can; the
    others as far off as they can be, to stay above."""
    size = len(totals)
    said = []
    for s in range(size):
        style = rng.choice(["exact", "exact", "near", "random", "zero", "far"])
        c = deal.counted[s]
        said.append(min(TOTAL, c) if style == "exact" else min(TOTAL, max(0, c + rng.randint(-6, 6)))
                    if style == "near" else rng.randint(0, TOTAL) if style == "random" else 0
                    if style == "zero" else (0 if c > 78 else TOTAL))
    if group:
        options = [outcomes(deal.counted[s], deal.took[s], opts) for s in range(size)]
        common = set.intersection(*({totals[s] + p for p in options[s]} for s in group))
        level = min(common) if common else max(totals[s] for s in group)
        for s in range(size):
            if s in group:
                said[s] = options[s][min(options[s], key=lambda p: (abs(totals[s] + p - level), p))]
            else:
                said[s] = options[s][max(options[s])]
        deal.facts.add(f"tie sought among {len(group)}" if common else "steering to a tie")
    return said


OPTIONS = st.fixed_dictionaries({
    "deals": st.sampled_from([0, 0, 0, 1, 2, 3, 4, 12]),
    "exact_bonus": st.sampled_from([10, 10, 0, 25]),
    "zero_bonus": st.sampled_from(["none", "with_trick", "with_trick", "always"]),
    "extras": st.booleans(),
    "tie": st.sampled_from(["shared", "extra_deal", "extra_deal"]),
    "announcement": st.sampled_from(["open", "hidden"]),
})
EXTRA_DEALS = 6  # extra deals simulated at most while the lowest stay tied


@st.composite
def sessions(draw: st.DrawFn, **fixed: Any) -> Session:
    """A whole session at a table of 3 or 4: the agreed deals, then (tie=extra_deal) one more while the
    lowest totals are tied."""
    size = draw(st.sampled_from([3, 4]))
    opts = draw(OPTIONS) | fixed
    agreed = opts["deals"] or 4 * size
    first = draw(st.integers(0, size - 1))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    tie_at_end = draw(st.sampled_from([False, True, True]))
    rng = random.Random(seed)
    group = rng.sample(range(size), rng.randint(2, size)) if tie_at_end else []
    totals, deals, running, facts = [0] * size, [], [], set()
    dealer = first
    while True:
        played = len(deals)
        lowest_tied = totals.count(min(totals)) > 1
        if played >= agreed and not (opts["tie"] == "extra_deal" and lowest_tied):
            over = True
            break
        if played >= agreed + EXTRA_DEALS:
            over = False
            facts.add("still tied after the extra deals simulated")
            break
        mode = rng.choice(["real", "real", "random", "sweep", "blanks", "blanks"])
        stack = rng.choice(["none", "stoeck", "run", "fours", "twins", "contest"]) if opts["extras"] else "none"
        deal = one_deal(rng, opts, size, dealer, mode, stack)
        steer = played >= agreed - 4 and (played < agreed or rng.random() < 0.5)
        deal.entry["prediction"] = said = announce(rng, deal, opts, totals, group if steer else ())
        deal.penalties = tuple(penalty_of(said[s], deal.counted[s], deal.took[s], opts) for s in range(size))
        deal.facts |= {"an exact hit"} if 0 in [abs(a - c) for a, c in zip(said, deal.counted)] else set()
        for a, c, took in zip(said, deal.counted, deal.took):
            if not a and not c:
                deal.facts.add("an announced 0 made " + ("with a trick of blanks" if took else "without a trick"))
        deal.facts |= {"a miss of 100 or more"} if max(abs(a - c) for a, c in zip(said, deal.counted)) >= 100 else set()
        if played >= agreed:
            deal.facts.add("an extra deal after a tie")
        deals.append(deal)
        facts |= deal.facts
        totals = [t + p for t, p in zip(totals, deal.penalties)]
        running.append(tuple(totals))
        dealer = (dealer - 1) % size  # differenzler.md: the next dealer is the player to the dealer's right
    if over and totals.count(min(totals)) > 1:
        facts.add("tied for the lowest at the end: shared win")
    if over and len(set(totals)) < size:
        facts.add("a tie in the ranking at the end")
    facts.add(f"options: deals={opts['deals']}, size={size}")
    facts |= {f"{key}={opts[key]}" for key in ("zero_bonus", "extras", "tie", "announcement", "exact_bonus")}
    session = Session(opts, size, first, agreed, deals, running, over, facts)
    note(f"options={opts} size={size} first_dealer={first} deals={session.entries}")
    return session


# --- the invariants ---------------------------------------------------------------------------------

@SIM
@given(sessions())
def test_every_simulated_deal_is_accepted_and_scored_as_the_note_says(session):
    """differenzler.md "A deal", "Scoring a deal": every deal that can happen at the table is accepted,
    and each player's penalty is |prediction - card points| (Stöck and the best Weis added under extras),
    an exact hit -exact_bonus, an announced 0 made as zero_bonus says."""
    for fact in sorted(session.facts):
        event(fact)
    table, state = session.table, GAME.start(session.table)
    for index, deal in enumerate(session.deals):
        assert GAME.phases(table, state) == ("bid", "play")
        locked = GAME.parse_phase(table, state, {"prediction": deal.entry["prediction"]}, "bid")
        assert locked["prediction"] == deal.entry["prediction"]
        result, state = GAME.play(table, state, deal.entry)
        assert result.points == deal.penalties, (index, deal.entry, deal.counted, [str(x) for x in result.breakdown])


@FAST
@given(sessions())
def test_card_points_add_up_to_the_deck_with_the_extras(session):
    """differenzler.md "Invariants": card points of all players sum to 157 (plus the extras under extras);
    "A deal": no Weis, no Stöck, a player who takes every trick has 157; every card is in one trick."""
    table, state = session.table, GAME.start(session.table)
    for deal in session.deals:
        cards = sorted(card for _, trick in deal.tricks for card in trick)
        assert cards == sorted(DECK) and all(len(trick) == session.size for _, trick in deal.tricks)
        assert sum(deal.card_points) == TOTAL
        assert all(count in TAKEN for count in deal.card_points)
        assert sum(deal.counted) == TOTAL + sum(deal.weis_points) + STOECK * sum(deal.stoeck)
        if len({winner for winner, _ in deal.tricks}) == 1:
            assert deal.card_points[deal.tricks[0][0]] == TOTAL
        parsed = GAME.parse(table, state, deal.entry)
        assert parsed["points"] == deal.card_points and parsed["prediction"] == deal.entry["prediction"]
        _, state = GAME.play(table, state, deal.entry)


@FAST
@given(sessions())
def test_penalties_cover_the_gap_between_announcements_and_the_points(session):
    """differenzler.md "Invariants": a penalty is >= 0 except the bonus; for every deal the sum of the
    penalties (a bonus counted as 0) is at least |sum of predictions - 157| (157 plus the extras)."""
    bonus = session.options["exact_bonus"]
    for (result, _), deal in zip(replay_each(session), session.deals):
        assert all(p >= 0 or p == -bonus for p in result.points)
        in_play = sum(deal.counted)
        assert sum(max(p, 0) for p in result.points) >= abs(sum(deal.entry["prediction"]) - in_play)


@FAST
@given(sessions())
def test_totals_are_the_running_sum_of_the_deals(session):
    """differenzler.md "Scoring a deal": a deal's penalties are added to each player's running total."""
    standing = GAME.replay(session.table, session.entries)
    sums = list(accumulate((r.points for r in standing.results), lambda a, b: tuple(x + y for x, y in zip(a, b))))
    assert list(standing.running) == sums == session.running
    assert standing.totals == session.totals


@SIM
@given(sessions())
def test_the_game_ends_after_the_agreed_deals_and_the_lowest_wins(session):
    """differenzler.md "End": after the agreed deals (`deals`, default 4 x players) the lowest total wins;
    equal lowest totals share the win (tie=shared) or play one more deal among all, as often as needed
    (tie=extra_deal); not a deal sooner, and no deal after."""
    table, state = session.table, GAME.start(session.table)
    assert GAME.deals_left(table, state) == session.agreed
    for index, entry in enumerate(session.entries):
        assert not GAME.is_over(table, state), index
        if index < session.agreed:
            assert GAME.deals_left(table, state) == session.agreed - index
        else:  # the lowest are tied after the agreed deals: one more deal, and the board says so
            assert GAME.deals_left(table, state) == 1
            assert "Equal lowest totals: one more deal decides." in [str(n) for n in GAME.notes(table, state)]
        _, state = GAME.play(table, state, entry)
    standing = GAME.replay(table, session.entries)
    assert standing.over == session.over
    lowest = min(session.totals)
    if session.over:
        assert standing.winners == tuple(s for s in range(session.size) if session.totals[s] == lowest)
        assert len(standing.winners) == 1 or session.options["tie"] == "shared"
        assert standing.deals_left == 0
        # equal totals share a place, the next is skipped (1, 1, 3)
        assert GAME.places(table, standing.state) == tuple(
            1 + sum(other < mine for other in session.totals) for mine in session.totals)
        with pytest.raises(DealError, match="over"):
            GAME.replay(table, [*session.entries, session.entries[-1]])
    else:
        assert session.totals.count(lowest) > 1 and standing.deals_left == 1


@FAST
@given(sessions())
def test_the_deal_passes_to_the_dealers_right_who_announces_first(session):
    """differenzler.md: deal and play counter-clockwise; the next dealer is the player to the dealer's
    right; "A deal": starting at the dealer's right each player predicts, the dealer last."""
    standing = GAME.replay(session.table, session.entries)
    assert list(standing.dealers) == [deal.dealer for deal in session.deals]
    assert list(standing.dealers) == [(session.first_dealer - n) % session.size for n in range(len(session.deals))]
    table, state = session.table, GAME.start(session.table)
    hand = {3: 12, 4: 9}[session.size]
    for entry in [*session.entries, None]:
        assert state.leader == (state.dealer - 1) % session.size
        assert str(GAME.notes(table, state)[0]).startswith(f"{NAMES[state.dealer]} deals {hand} cards each")
        if entry is None or GAME.is_over(table, state):
            break
        _, state = GAME.play(table, state, entry)
    if not standing.over:
        first = (standing.dealer - 1) % session.size
        assert f"{NAMES[first]}, on the dealer's right, announces first" in str(standing.notes[1])


@FAST
@given(sessions())
def test_statistics_count_exact_hits_differences_weis_and_stoeck(session):
    """differenzler.md "Scoring a deal": the difference |prediction - points| (extras added); an exact hit
    is a difference of 0 with or without the bonus; under extras the best Weis and Stöck counted."""
    figures = counted_figures(GAME, session.table, session.entries)
    seats = range(session.size)
    off = [[abs(d.entry["prediction"][s] - d.counted[s]) for s in seats] for d in session.deals]
    assert figures["deals_played"] == [len(session.deals)] * session.size
    assert figures["difference"] == [sum(row[s] for row in off) for s in seats]
    assert figures["exact"] == [sum(not row[s] for row in off) for s in seats]
    assert figures["stoeck"] == [sum(d.stoeck[s] for d in session.deals) for s in seats]
    assert figures["weis_points"] == [sum(d.weis_points[s] for d in session.deals) for s in seats]


@FAST
@given(sessions(announcement="hidden"))
def test_hidden_announcements_score_as_open_ones(session):
    """differenzler.md option announcement: "hidden" changes only what the app shows before the deal."""
    hidden = GAME.replay(session.table, session.entries)
    said = GAME.replay(make_table(GAME, NAMES[:session.size], session.first_dealer,
                                  **(session.options | {"announcement": "open"})), session.entries)
    assert hidden.results == said.results and hidden.winners == said.winners and hidden.over == said.over
    table, state = session.table, GAME.start(session.table)
    for entry in session.entries:  # locked and hidden until the deal is saved
        early = {"prediction": entry["prediction"]}
        assert not GAME.locked_shown(table) and GAME.pending_notes(table, state, early)
        _, state = GAME.play(table, state, entry)


# --- impossible variations of a simulated deal are refused --------------------------------------------

@FAST
@given(sessions(), st.integers(0, 99), st.integers(0, 3))
def test_a_count_no_pile_can_hold_is_refused(session, pick, which):
    """differenzler.md "A deal" (card points as schieber.md, no card counts 1, last trick +5): nobody takes
    1 or 156; "Invariants": the card points sum to 157, one point more is refused; predictions 0 to 157."""
    index = pick % len(session.deals)
    deal, size = session.deals[index], session.size
    seat, other = which % size, (which + 1) % size
    points = list(deal.card_points)
    moved = points[seat] - 1  # seat keeps 1, `other` takes the rest: still 157 in all
    if points[other] + moved in TAKEN:
        wrong = [1 if s == seat else points[s] + moved if s == other else points[s] for s in range(size)]
        assert refused_at(session, index, deal.entry | {"points": wrong}).field == f"points-{seat}"
    more = [p + (s == seat) for s, p in enumerate(points)]
    assert refused_at(session, index, deal.entry | {"points": more}).field in ("points", *(
        f"points-{s}" for s in range(size)))
    said = [TOTAL + 1 if s == seat else p for s, p in enumerate(deal.entry["prediction"])]
    assert refused_at(session, index, deal.entry | {"prediction": said}).field == f"prediction-{seat}"


@FAST
@given(sessions(extras=True), st.integers(0, 99), st.integers(0, 3), st.integers(0, 35))
def test_a_card_too_many_in_a_weis_or_a_second_stoeck_is_refused(session, pick, which, card_pick):
    """differenzler.md option extras (Weis as schieber.md): a shown card belongs to a Weis of the hand; a card
    may not serve in two players' Weis; one hand holds trump K and Q; a hand of 9 (12) cards shows no more."""
    index = pick % len(session.deals)
    deal, size = session.deals[index], session.size
    seat = which % size
    entry = deal.entry
    shown = [list(cards) for cards in entry["weis"]]
    everyone = {card for cards in shown for card in cards}

    def loose(card: str) -> bool:  # no neighbour of its suit and no four it could complete
        at = RANKS.index(rank_of(card))
        near = {RANKS[i] + suit_of(card) for i in (at - 1, at + 1) if 0 <= i < 9}
        four = rank_of(card) in FOURS and all(rank_of(card) + s in shown[seat] for s in SUITS if s != suit_of(card))
        return card not in everyone and not near & set(shown[seat]) and not four

    extra = next(c for c in DECK[card_pick:] + DECK[:card_pick] if loose(c))
    assert refused_at(session, index, entry | {"weis": [
        cards + [extra] if s == seat else cards for s, cards in enumerate(shown)]}).field == f"weis-{seat}"
    others = [s for s in range(size) if s != seat and shown[s]]
    if others:
        twice = [cards + [shown[others[0]][0]] if s == seat else cards for s, cards in enumerate(shown)]
        assert refused_at(session, index, entry | {"weis": twice}).field in (f"weis-{seat}", f"weis-{others[0]}")
    if any(entry["stoeck"]):
        holder = entry["stoeck"].index(True)
        second = [s in (holder, (holder + 1) % size) for s in range(size)]
        assert refused_at(session, index, entry | {"stoeck": second}).field.startswith("stoeck-")
    # four 8s (7s, 6s) are no Weis (schieber.md: four A, K, Q, 10 count 100, four 9s 150, four J 200)
    low = [("8", "7", "6")[card_pick % 3] + s for s in SUITS]
    assert refused_at(session, index, entry | {"weis": [
        low if s == seat else [] for s in range(size)], "stoeck": [False] * size}).field == f"weis-{seat}"
    if any(shown) or any(entry["stoeck"]):  # extras need trump: it ranks the Weis and makes Stöck
        assert refused_at(session, index, entry | {"trump": None}).field == "trump"
    # a Weis of more cards than a hand holds: four aces, four kings and a run of 3 (11 cards) and more
    big = ["A" + s for s in SUITS] + ["K" + s for s in SUITS] + ["Q" + s for s in SUITS]
    if size == 3:
        big += ["10C", "9C", "8C"]  # 15 cards for a hand of 12
    alone = [big if s == seat else [] for s in range(size)]
    assert refused_at(session, index, entry | {"weis": alone, "stoeck": [False] * size}).field == f"weis-{seat}"


@FAST
@given(sessions(extras=True), st.integers(0, 99))
def test_stoeck_with_a_card_in_another_players_weis_is_refused(session, pick):
    """differenzler.md option extras: Stöck is trump K and Q in one hand, so a player whose trump K or Q
    another player showed in a Weis cannot have Stöck."""
    index = pick % len(session.deals)
    deal, size = session.deals[index], session.size
    king = "K" + deal.trump
    shower = next(s for s in range(size) if king in deal.hands[s])
    run = [king, "Q" + deal.trump, "J" + deal.trump]
    weis = [run if s == shower else [] for s in range(size)]
    other = (shower + 1) % size
    entry = deal.entry | {"weis": weis, "stoeck": [s == other for s in range(size)]}
    assert refused_at(session, index, entry).field == f"stoeck-{other}"
    own = entry | {"stoeck": [s == shower for s in range(size)]}  # K and Q in the holder's own Weis: fine
    result = GAME.replay(session.table, [*session.entries[:index], own]).results[-1]
    counted = deal.card_points[shower] + SEQUENCE[3] + STOECK
    assert result.points[shower] == penalty_of(entry["prediction"][shower], counted, True, session.options)


def test_the_simulator_reads_the_worked_examples():
    """differenzler.md worked examples 1 and 3 through the simulator's own scoring (a self-check)."""
    opts = {"exact_bonus": 10, "zero_bonus": "none"}
    assert [penalty_of(a, c, True, opts) for a, c in zip([40, 30, 50, 37], [45, 30, 60, 22])] == [5, -10, 10, 15]
    assert [penalty_of(a, c, True, opts) for a, c in zip([70, 50, 37], [80, 40, 37])] == [10, 10, -10]
    assert [penalty_of(a, c, True, opts) for a, c in zip([0, 60, 47, 50], [0, 55, 47, 55])] == [0, 5, -10, 5]
    assert penalty_of(0, 0, True, opts | {"zero_bonus": "with_trick"}) == -10
    assert penalty_of(0, 0, False, opts | {"zero_bonus": "with_trick"}) == 0
