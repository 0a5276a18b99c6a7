"""Handjass simulated card by card: whole sessions dealt from a shuffled deck, played out trick by
trick, entered as a table would enter them, and the engine's answers checked against
shared/rules/handjass.md (cited by section in each test).

The simulator knows only the rules note, not the engine:
- "Deal and participation": 4 players get 9 cards in threes from the dealer's right, the dealer's
  last card is trump; each says whether they play; one alone takes +2, two may agree on +1 each.
- "Three players": 9 each and a blind of 9 whose top card is trump; the trump 6 may be exchanged
  for it; one player may throw in their hand and take the blind. `bessern`: 3 cards exchanged with a
  stock of 9, trump the dealer's last card. `twelve_cards`: 12 each.
- "Two players": 9 each, a blind and a store whose top card is trump; the non-dealer plays, passes
  (the dealer follows) or takes the blind (the dealer then chooses).
- Play: the first player to the dealer's right leads, counter-clockwise; a card of the led suit
  (or a trump) when possible; the trick goes to the highest trump or the highest card of the led
  suit ("Card points": trump order J 9 A K Q 10 8 7 6), or, to reach lopsided deals, to a player
  drawn at random. Every card goes to one trick and every trick to one player.
- What is entered: each participant's card points (last trick's 5 included), the Weis shown (read
  from the hand, "Weis (melds) and Stöck"), Stöck, who took the last trick (sometimes left out),
  the card draw after a tie (drawn at random among the tied players), or the captured cards.
- Rare states: some deals seek a tie for a stroke, everyone a potato or a tie for the potato bonus
  among up to 40 shuffles, giving the same tricks to other players (any player may win a trick).
The expected strokes, leavers, loser and dealers are the note's, computed here independently.

Where the note and the engine differ or the note is silent, the engine's documented decision is the
reading (scorekeeper/games/handjass.py docstring): the options ``three_player_two_winners`` and
``two_player_rule`` are always set, both ways (the note's defaults, off and "the higher count
scores", are not the engine's, on and "as_four", after the issue 9 audit); when everyone left
reaches the target in one deal, the higher total goes out and equal totals play on (O2).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import accumulate
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError

from . import jass_oracle as jass
from . import sim_replay
from .helpers import counted_figures, make_table
from .jass_oracle import DECK, LAST_TRICK, PILE_COUNTS, STOECK, SUITS, TOTAL
from .jass_oracle import RANKS as NATURAL
from .jass_oracle import rank_of as rank
from .jass_oracle import suit_of as suit
from .jass_oracle import value as points

GAME = get_game("handjass")
replay_each = partial(sim_replay.replay_each, GAME)  # the harness: sim_replay.py
refused_at = partial(sim_replay.refused_at, GAME)
NAMES = ("A", "B", "C", "D")

# --- the rules note, read on its own ("Card points", "Weis (melds) and Stöck", "Berner Handjass") ---
# (the deck, card points, trick power and the Weis found in a hand: jass_oracle.py; Handjass's own
# Weis schedule and ranking by class stay here)
BERNER = {"H": 4, "D": 3, "C": 2, "S": 1}
FOURS = {"handjass": {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100},
         "swiss": {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100, "9": 150}}


def pile_points(pile: Sequence[str], trump: str) -> int:
    return sum(points(card, trump) for card in pile)


@dataclass(frozen=True)
class Weis:
    cards: tuple[str, ...]  # highest first

    @property
    def four(self) -> bool:
        return len({rank(card) for card in self.cards}) == 1

    def value(self, schedule: str) -> int:
        if self.four:
            return FOURS[schedule][rank(self.cards[0])]
        n = len(self.cards)
        return {3: 20, 4: 50}.get(n, 100 if schedule == "handjass" else 100 + 50 * (n - 5))

    def key(self, schedule: str, trump: str) -> tuple[int, ...]:
        """'Comparing Weis': the class (swiss: the points), more cards, the higher top card, trump suit."""
        if schedule == "swiss":
            first = self.value(schedule)
        elif self.four:
            first = 5 if rank(self.cards[0]) == "J" else 3
        else:
            first = {3: 1, 4: 2}.get(len(self.cards), 4)
        top = len(NATURAL) - NATURAL.index(rank(self.cards[0]))
        return (first, len(self.cards), top, int(not self.four and suit(self.cards[0]) == trump))


def all_weis(cards: Sequence[str], schedule: str) -> list[Weis]:
    """Every Weis within `cards`: each run of 3+ in a suit (overlapping ones too) and each four."""
    return [Weis(meld) for meld in jass.melds_in(cards, FOURS[schedule])]


def declared(cards: Sequence[str], schedule: str, trump: str) -> tuple[tuple[int, ...], int] | None:
    """A player's shown cards as the player declares them (their best reading): the strongest Weis's
    key and the points of all of them; None when nothing is shown."""
    return jass.declared(cards, lambda meld: Weis(meld).key(schedule, trump), lambda meld: Weis(meld).value(schedule),
                         FOURS[schedule])


def choose_weis(hand: Sequence[str], schedule: str, rng: random.Random) -> list[str]:
    """The cards a player shows: some disjoint Weis of the hand (often all, sometimes none: 'An
    undeclared Weis scores nothing'); a run cut by a four still shows its pieces of 3 or more."""
    mood = rng.random()
    if mood < 0.15:
        return []
    candidates = sorted(all_weis(hand, schedule), key=lambda w: (-w.key(schedule, "")[0], -len(w.cards)))
    if mood > 0.6:
        rng.shuffle(candidates)
    shown: list[str] = []
    for weis in candidates:
        if not set(weis.cards) & set(shown) and (mood < 0.85 or rng.random() < 0.7):
            shown += weis.cards
    return shown


# --- one deal at the table ------------------------------------------------------------------------

def turn_order(seats: Sequence[int], dealer: int, size: int) -> list[int]:
    """'Deal and play go counter-clockwise': from the dealer's right (seat - 1), the dealer last."""
    return sorted(seats, key=lambda seat: (dealer - seat - 1) % size)


def deal_in_threes(deck: Sequence[str], order: Sequence[int], hand: int) -> dict[int, list[str]]:
    """Hands of `hand` cards given three at a time in turn order; the dealer (last in `order`) gets
    the last card dealt."""
    hands: dict[int, list[str]] = {seat: [] for seat in order}
    at = 0
    for _ in range(hand // 3):
        for seat in order:
            hands[seat] += deck[at:at + 3]
            at += 3
    return hands


@dataclass
class Deal:
    """One deal as it happened and as the table enters it."""

    entry: dict[str, Any]
    strokes: tuple[int, ...]
    playing: list[int]
    trump: str
    played: bool
    hand: int = 9
    piles: dict[int, list[str]] = field(default_factory=dict)
    counts: dict[int, int] = field(default_factory=dict)  # card points + the best Weis + Stöck
    card_points: dict[int, int] = field(default_factory=dict)  # as entered, the last trick's 5 included
    weis_points: dict[int, int] = field(default_factory=dict)  # the Weis that counted (only the best's)
    weis_tied: bool = False  # two strongest Weis equal in every way (the seat decides)
    last: int | None = None
    in_play: int = 0  # cards played
    facts: set[str] = field(default_factory=set)


@dataclass
class Session(sim_replay.DealtSession):
    game, names = GAME, NAMES  # table and entries: sim_replay.DealtSession
    options: dict[str, Any]
    size: int
    first_dealer: int
    deals: list[Deal]
    dealers: list[int]
    seated: list[tuple[bool, ...]]
    running: list[tuple[int, ...]]
    active: tuple[bool, ...]
    facts: set[str]


Choose = Callable[[Sequence[Any]], Any]  # picks one of the options; the first is "everybody plays"


def participation(choose: Choose, rng: random.Random, order: list[int]) -> tuple[list[int], bool]:
    """Who plays (4 players, and 3 without a blind): all, all but one, one alone, two, or each at will;
    and whether two who play agree on +1 each ('Deal and participation')."""
    style = choose(["all", "each", "one", "two", "all but one"])
    if style == "all":
        playing = list(order)
    elif style == "one":
        playing = [rng.choice(order)]
    elif style == "two":
        playing = rng.sample(order, 2)
    elif style == "all but one":
        playing = rng.sample(order, len(order) - 1)
    else:
        playing = [seat for seat in order if rng.random() < 0.6]
    return [seat for seat in order if seat in playing], len(playing) == 2 and choose([False, True])


def sit_down(choose: Choose, rng: random.Random, opts: dict[str, Any], active: list[int], dealer: int,
             size: int, facts: set[str]) -> tuple[str, dict[int, list[str]], list[int], bool, int] | None:
    """Shuffle, deal and say who plays: (trump, the hands played with, who plays, agreed, hand size),
    or None when nobody plays (the table deals again)."""
    deck = list(DECK)
    rng.shuffle(deck)
    order = turn_order(active, dealer, size)
    n = len(order)
    if n == 4 or opts["twelve_cards"]:  # nine (twelve) each in threes, the dealer's last card is trump
        hand = 9 if n == 4 else 12
        hands = deal_in_threes(deck, order, hand)
        trump = suit(hands[dealer][-1])
        if n == 2:  # the non-dealer plays or passes, the dealer does the same
            playing, agreed = (order, choose([False, True])) if choose(["play", "pass"]) == "play" else ([], False)
        else:
            playing, agreed = participation(choose, rng, order)
        facts.add(f"{n} players dealt {hand} each")
        return (trump, hands, playing, agreed, hand) if playing else None
    hands = deal_in_threes(deck, order, 9)
    rest = deck[9 * n:]
    if opts["bessern"]:  # the dealer's last card is trump; each may exchange 3 cards with the stock
        trump = suit(hands[dealer][-1])
        stock = rest[:9] if n == 3 else rest
        for seat in order:
            if rng.random() < 0.5:
                facts.add(f"{n} players bessern exchange")
                given = rng.sample(hands[seat], 3)
                taken, stock = stock[:3], stock[3:] + given
                hands[seat] = [card for card in hands[seat] if card not in given] + taken
        if n == 2:
            playing, agreed = (order, choose([False, True])) if choose(["play", "pass"]) == "play" else ([], False)
        else:
            playing, agreed = participation(choose, rng, order)
        return (trump, hands, playing, agreed, 9) if playing else None
    blind = rest[:9]
    turned = blind[0] if n == 3 else rest[9]  # three: the blind's top card; two: the store's
    trump = suit(turned)
    if n == 3:  # 'The holder of the trump 6 may exchange it for the turned card.'
        six = "6" + trump
        holder = next((seat for seat in order if six in hands[seat]), None)
        if holder is not None and rng.random() < 0.7:
            facts.add("3 players trump 6 exchanged")
            hands[holder] = [turned if card == six else card for card in hands[holder]]
            blind = [six, *blind[1:]]
        if choose(["bid", "blind"]) == "blind":  # one player throws in the hand, takes the blind, must play
            taker = rng.choice(order)
            hands[taker] = list(blind)
            playing = [seat for seat in order if seat == taker or rng.random() < 0.6]
            facts.add("3 players blind taken")
            return trump, hands, playing, len(playing) == 2 and choose([False, True]), 9
        playing, agreed = participation(choose, rng, order)
        return (trump, hands, playing, agreed, 9) if playing else None
    non_dealer = order[0]
    choice = choose(["play", "blind", "pass"])
    if choice == "pass":
        return None
    if choice == "blind":  # the dealer then plays or passes
        facts.add("2 players blind taken")
        hands[non_dealer] = list(blind)
        playing = order if choose([True, False]) else [non_dealer]
    else:
        playing = order
    return trump, hands, playing, len(playing) == 2 and choose([False, True]), 9


def play_out(rng: random.Random, hands: dict[int, list[str]], order: list[int], trump: str,
             mode: str) -> tuple[list[list[str]], list[int]]:
    """Every card of the participants' hands in a trick, each trick to one of them: the tricks and who
    took each. `mode` "real": the trick goes by trump and suit; "random": to anyone; "skewed": mostly
    to one favourite. The winner leads the next trick."""
    held = {seat: list(hands[seat]) for seat in order}
    tricks: list[list[str]] = []
    winners: list[int] = []
    favourite = rng.choice(order)
    leader = order[0]
    for _ in range(len(held[order[0]])):
        start = order.index(leader)
        seats = order[start:] + order[:start]
        trick: list[str] = []
        for seat in seats:
            card = rng.choice(jass.legal(held[seat], suit(trick[0]) if trick else None, trump))
            held[seat].remove(card)
            trick.append(card)
        if mode == "real":
            leader = seats[jass.trick_winner(trick, trump)]
        elif mode == "skewed" and rng.random() < 0.75:
            leader = favourite
        else:
            leader = rng.choice(order)
        tricks.append(trick)
        winners.append(leader)
    return tricks, winners


def counts_of(tricks: list[list[str]], taken_by: list[int], turn: list[int], trump: str,
              bonus: dict[int, int]) -> tuple[dict[int, int], dict[int, int]]:
    """Each participant's card points (the last trick's 5 included) and count (plus Weis and Stöck)."""
    card_points = {seat: LAST_TRICK * (seat == taken_by[-1]) for seat in turn}
    for trick, by in zip(tricks, taken_by):
        card_points[by] += pile_points(trick, trump)
    return card_points, {seat: card_points[seat] + bonus[seat] for seat in turn}


def settle(opts: dict[str, Any], n_active: int, counts: dict[int, int], turn: list[int],
           rng: random.Random, facts: set[str]) -> tuple[dict[int, int], list[int], int | None, set[str]]:
    """'Scoring a deal', 'Three players', 'Two players': the strokes (before Berner) of a deal played
    out, the card draw's winners, the potato-bonus draw's, and `facts` with what happened added."""
    threshold = opts["threshold"]
    strokes = {seat: 0 for seat in counts}
    potatoes = [seat for seat in turn if counts[seat] < threshold]
    qualified = sorted((seat for seat in turn if counts[seat] >= threshold), key=lambda seat: -counts[seat])
    for seat in potatoes:
        strokes[seat] = -1
    if potatoes:
        facts.add("potato")
    if len(potatoes) == len(turn):
        facts.add(f"all potatoes ({len(turn)} play)")
    higher = n_active == 2 and opts["two_player_rule"] == "higher"
    if higher:
        slots = 1
    elif len(qualified) == 1:
        strokes[qualified[0]] = 2
        facts.add("only one reaches the threshold: +2")
        slots = 0
    else:
        slots = 1 if n_active == 3 and len(turn) == 3 and not opts["three_player_two_winners"] else 2
    winners, drawn = qualified[:slots], []
    if slots and len(qualified) > slots and counts[qualified[slots]] == counts[qualified[slots - 1]]:
        cut = counts[qualified[slots - 1]]
        above = [seat for seat in qualified if counts[seat] > cut]
        tied = [seat for seat in qualified if counts[seat] == cut]
        drawn = sorted(rng.sample(tied, slots - len(above)))
        winners = above + drawn
        facts.add("tie settled by the card draw")
    for seat in winners:
        strokes[seat] = opts["two_player_winner_strokes"] if higher else 1
    winners = winners or qualified[:1]  # the lone +2
    bonus_draw = None
    if opts["potato_bonus"] and potatoes and winners:
        top = [seat for seat in winners if counts[seat] == max(counts[s] for s in winners)]
        taker = top[0] if len(top) == 1 else rng.choice(top)
        bonus_draw = None if len(top) == 1 else taker
        strokes[taker] += len(potatoes)
        facts.add("potato bonus" + (" drawn" if bonus_draw is not None else ""))
    return strokes, drawn, bonus_draw, facts


SEEK = {"tie": "tie settled by the card draw", "all potatoes": "all potatoes", "bonus tie": "potato bonus drawn"}


def simulate_deal(draw: st.DrawFn, opts: dict[str, Any], size: int, active: tuple[bool, ...],
                  dealer: int) -> Deal:
    """Deal, bid, play and count one deal; dealt again while nobody plays. To reach what random play
    rarely gives (a tie for a stroke, everyone a potato, a tie for the potato bonus) a deal may be
    one that `seek`s it: the first of up to 60 shuffles and plays that has it (or the last one)."""
    seats = [seat for seat in range(size) if active[seat]]
    seed = draw(st.integers(0, 2 ** 32 - 1))
    seek = draw(st.sampled_from([None, None, None, None, None, "tie", "all potatoes", "bonus tie"]))
    mode = draw(st.sampled_from(["real", "random", "skewed"]))
    again, deal = False, None
    for attempt in range({None: 6, "all potatoes": 40}.get(seek, 12)):
        rng = random.Random(seed + attempt)
        choose: Choose = rng.choice if seek else (lambda options: draw(st.sampled_from(options)))
        tried = one_deal(rng, choose, opts, size, seats, dealer, mode, seek)
        if tried is None:
            again = True
            continue
        deal = tried
        if not seek or f"found {seek}" in deal.facts:
            break
    if deal is None:  # the table agrees that everybody plays
        deal = one_deal(random.Random(seed), lambda options: options[0], opts, size, seats, dealer, mode)
        assert deal is not None
    if again:
        deal.facts.add("nobody plays: dealt again")
    if seek:
        deal.facts.add(f"sought {seek}")
    return deal


def one_deal(rng: random.Random, choose: Choose, opts: dict[str, Any], size: int, seats: list[int], dealer: int,
             mode: str, seek: str | None = None) -> Deal | None:
    """One deal from the shuffle to the entry, or None when nobody plays."""
    n_active, facts = len(seats), set()
    sat = sit_down(choose, rng, opts, seats, dealer, size, facts)
    if sat is None:
        return None
    trump, hands, playing, agreed, hand = sat
    turn = turn_order(playing, dealer, size)
    schedule = opts["weis_values"]
    berner = opts["variant"] == "berner"
    empty: dict[str, Any] = {"weis": [[] for _ in range(size)], "stoeck": [False] * size, "points": [None] * size,
                             "last_trick": None, "draw": []}
    entry: dict[str, Any] = {"playing": sorted(playing), "agreed": agreed, **empty}
    if opts["potato_bonus"]:
        entry["bonus_draw"] = None
    if len(playing) == 1 or agreed:  # 'If only one plays: +2 at once'; two agree: +1 each
        facts.add("one alone: +2" if len(playing) == 1 else "two agree: +1 each")
        entry["trump"] = trump if berner or rng.random() < 0.5 else None
        strokes = {seat: 2 if len(playing) == 1 else 1 for seat in playing}
        deal = Deal(entry, (), playing, trump, False, hand, facts=facts)
    else:
        tricks, taken_by = play_out(rng, hands, turn, trump, mode)
        shown = {seat: choose_weis(hands[seat], schedule, rng) for seat in turn}
        holder = next((seat for seat in turn if {"K" + trump, "Q" + trump} <= set(hands[seat])), None)
        stoeck = holder is not None and rng.random() < 0.85
        declared_by = {seat: declared(shown[seat], schedule, trump) for seat in turn if shown[seat]}
        ranked = sorted(declared_by, key=lambda seat: (declared_by[seat][0], -turn.index(seat)), reverse=True)
        weis = {ranked[0]: declared_by[ranked[0]][1]} if ranked else {}
        tied = len(ranked) > 1 and declared_by[ranked[0]][0] == declared_by[ranked[1]][0]
        bonus = {seat: weis.get(seat, 0) + STOECK * (stoeck and seat == holder) for seat in turn}
        # seeking: the same tricks taken by others (the winner of a trick may be anyone at the table)
        in_play = sum(pile_points(trick, trump) for trick in tricks) + LAST_TRICK + sum(bonus.values())
        hopeless = seek == "all potatoes" and in_play >= len(turn) * opts["threshold"]
        for _ in range(150 if seek and not hopeless else 0):
            if any(fact.startswith(SEEK[seek]) for fact in settle(
                    opts, n_active, counts_of(tricks, taken_by, turn, trump, bonus)[1], turn, rng, set())[3]):
                facts.add(f"found {seek}")
                break
            taken_by = [rng.choice(turn) for _ in tricks]
        piles = {seat: [card for trick, by in zip(tricks, taken_by) if by == seat for card in trick] for seat in turn}
        last = taken_by[-1]
        card_points, counts = counts_of(tricks, taken_by, turn, trump, bonus)
        strokes, drawn, bonus_draw, _ = settle(opts, n_active, counts, turn, rng, facts)
        entry |= {"trump": trump, "draw": drawn, "last_trick": last if rng.random() < 0.75 else None,
                  "points": [card_points.get(seat) for seat in range(size)],
                  "weis": [shown.get(seat, []) for seat in range(size)],
                  "stoeck": [stoeck and seat == holder for seat in range(size)]}
        if opts["potato_bonus"]:
            entry["bonus_draw"] = bonus_draw
        if rng.random() < 0.25:  # the captured cards tapped instead of typed
            facts.add("counted by captured cards")
            whole = len(playing) * hand == len(DECK)
            rest = rng.choice(turn) if whole else None
            entry = {key: value for key, value in entry.items() if key != "points"} | {
                "count": "cards", "last_trick": last, "rest": rest,
                "cards": [[] if seat == rest else list(piles.get(seat, [])) for seat in range(size)]}
        facts |= {f"played: {mode}"} | ({"Weis shown"} if ranked else set()) | (
            {"Weis contest"} if len(ranked) > 1 else set()) | ({"Stöck"} if stoeck else set()) | (
            {"Weis tied: the seat decides"} if tied else set())
        deal = Deal(entry, (), playing, trump, True, hand, piles, counts, card_points, weis, tied, last,
                    len(playing) * hand, facts)
    factor = BERNER[trump] if berner else 1
    deal.strokes = tuple(factor * strokes.get(seat, 0) for seat in range(size))
    facts.add(f"{n_active} in the game, {len(playing)} play")
    return deal


def right_of(seat: int, active: Sequence[bool]) -> int:
    """The next player still in the game counter-clockwise: seat - 1, seat - 2, ..."""
    return next(((seat - k) % len(active) for k in range(1, len(active) + 1) if active[(seat - k) % len(active)]),
                seat)


def going_out(opts: dict[str, Any], active: tuple[bool, ...], totals: Sequence[int]) -> list[int]:
    """'End': whoever reaches the target leaves (several at once too); should that be everyone left,
    the higher totals go out and equal ones play on (the engine's documented reading of O2)."""
    out = [seat for seat, on in enumerate(active) if on and totals[seat] >= opts["target"]]
    if out and len(out) == sum(active):
        best = max(totals[seat] for seat in out)
        leaders = [seat for seat in out if totals[seat] == best]
        out = leaders if len(leaders) < len(out) else []
    return out


OPTIONS = st.fixed_dictionaries({
    "variant": st.sampled_from(["standard", "berner"]),
    "target": st.sampled_from([1, 2, 3, 3, 4, 7]),
    "threshold": st.sampled_from([26, 21]),
    "weis_values": st.sampled_from(["handjass", "swiss"]),
    "potato_bonus": st.booleans(),
    "three_player_two_winners": st.booleans(),
    "two_player_rule": st.sampled_from(["as_four", "higher"]),
    "two_player_winner_strokes": st.sampled_from([1, 2]),
    "hands": st.sampled_from(["blind", "blind", "bessern", "twelve_cards"]),
})


@st.composite
def sessions(draw: st.DrawFn, size: int | None = None, most: int = 30, **fixed: Any) -> Session:
    """A whole session at a table of 2, 3 or 4, deal by deal until one player is left (or `most` deals)."""
    size = size or draw(st.sampled_from([2, 3, 4, 4]))
    opts = draw(OPTIONS) | fixed
    hands = opts.pop("hands")
    opts |= {"bessern": hands == "bessern", "twelve_cards": hands == "twelve_cards"}
    first = draw(st.integers(0, size - 1))
    totals, active, dealer = [0] * size, (True,) * size, first
    deals, dealers, seated, running, facts = [], [], [], [], set()
    while sum(active) > 1 and len(deals) < most:
        deal = simulate_deal(draw, opts, size, active, dealer)
        deals.append(deal)
        dealers.append(dealer)
        seated.append(active)
        facts |= deal.facts
        totals = [t + s for t, s in zip(totals, deal.strokes)]
        running.append(tuple(totals))
        out = going_out(opts, active, totals)
        if out:
            facts.add("players leave" if len(out) > 1 else "a player leaves")
        if sum(active) > 1 and all(totals[s] >= opts["target"] for s in range(size) if active[s]) and not out:
            facts.add("everyone left reached the target with equal totals: play on")
        active = tuple(on and seat not in out for seat, on in enumerate(active))
        dealer = right_of(dealer, active)
    if sum(active) == 1:
        facts.add(f"game over at {size}: one loser")
    return Session(opts, size, first, deals, dealers, seated, running, active, facts)


FAST = settings(max_examples=30, deadline=None)


# --- the invariants ---------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(sessions())
def test_every_simulated_deal_is_accepted_and_scored_as_the_note_says(session):
    """'Deal and participation', 'Scoring a deal', 'Three players', 'Two players', 'Berner Handjass',
    'Weis (melds) and Stöck': every deal that can happen at the table is accepted, and each deal's
    strokes are the note's: -1 below the threshold, the top two (with three players as the option
    says, with two as `two_player_rule` says) +1 after the card draw, a lone one +2, one alone +2, two
    agreed +1 each, the potato bonus, only the best Weis counted, Stöck 20, all times the trump."""
    for fact in sorted(session.facts):
        event(fact)
    for index, ((result, _), deal) in enumerate(zip(replay_each(session), session.deals)):
        assert result.points == deal.strokes, (index, deal.entry, deal.counts, [str(x) for x in result.breakdown])


@FAST
@given(sessions())
def test_totals_are_the_running_sum_of_the_deals(session):
    """'Scoring a deal': 'the running net score counts': every total is the sum of that seat's results."""
    standing = GAME.replay(session.table, session.entries)
    sums = [tuple(column) for column in accumulate(
        (result.points for result in standing.results), lambda a, b: tuple(x + y for x, y in zip(a, b)))]
    assert list(standing.running) == sums == session.running
    assert standing.totals == (sums[-1] if sums else (0,) * session.size)


@FAST
@given(sessions())
def test_players_leave_at_the_target_and_the_last_one_left_loses(session):
    """'End': a player whose net reaches the target leaves as a winner (both, when two reach it in one
    deal); the game goes on with fewer players until one remains, the loser; not a deal sooner."""
    table, state = session.table, GAME.start(session.table)
    for index, (deal, seated) in enumerate(zip(session.entries, session.seated)):
        assert state.active == seated and not GAME.is_over(table, state), index
        _, state = GAME.play(table, state, deal)
    assert state.active == session.active
    standing = GAME.replay(table, session.entries)
    assert standing.over == (sum(session.active) == 1)
    if standing.over:
        loser = session.active.index(True)
        assert standing.losers == (loser,)
        assert standing.winners == tuple(seat for seat in range(session.size) if seat != loser)
        for seat in standing.winners:  # out at the target: safe with the total they left with
            left = next(i for i, seated in enumerate([*session.seated[1:], session.active]) if not seated[seat])
            assert session.running[left][seat] >= session.options["target"]
        with pytest.raises(DealError, match="over"):
            GAME.replay(table, [*session.entries, session.entries[-1]])


@FAST
@given(sessions())
def test_the_deal_passes_counter_clockwise_among_the_players_left(session):
    """'Deal and participation' / the title: deal and play go counter-clockwise, so the deal passes to
    the dealer's right (seat - 1), skipping those who have left; the notes name the first to speak."""
    standing = GAME.replay(session.table, session.entries)
    assert list(standing.dealers) == session.dealers
    assert list(standing.seated) == session.seated
    for before, after, seated in zip(session.dealers, session.dealers[1:], session.seated[1:]):
        assert after == right_of(before, seated)
    if not standing.over:
        first = right_of(standing.dealer, session.active)
        assert f"{NAMES[first]}, on the dealer's right, speaks and leads first" in str(standing.notes[0])


@FAST
@given(sessions())
def test_card_points_account_for_the_cards_played(session):
    """'Card points', 'Invariants': the participants' counts (without Weis and Stöck) are the points of
    the cards they took plus 5 for the last trick: exactly 157 when all 36 cards are played (4 players,
    or 3 with twelve cards), at most 157 otherwise; tapping the captured cards counts the same as typing."""
    table, state = session.table, GAME.start(session.table)
    for deal in session.deals:
        if deal.played:
            taken = sum(deal.card_points.values())
            assert taken == sum(pile_points(pile, deal.trump) for pile in deal.piles.values()) + LAST_TRICK
            assert sorted(card for pile in deal.piles.values() for card in pile) == sorted(
                card for seat in deal.playing for card in deal.piles[seat]) and deal.in_play == sum(
                len(pile) for pile in deal.piles.values())
            assert taken == TOTAL if deal.in_play == len(DECK) else taken <= TOTAL
            parsed = GAME.parse(table, state, deal.entry)
            assert {seat: parsed["points"][seat] for seat in deal.playing} == deal.card_points
        _, state = GAME.play(table, state, deal.entry)


@FAST
@given(sessions(variant="standard"))
def test_berner_is_each_deal_times_the_trump_suit(session):
    """'Berner Handjass': the deal's strokes are multiplied by the trump suit (hearts 4, diamonds 3, clubs
    2, spades 1), also without play; the threshold is checked on the unmultiplied counts."""
    berner = make_table(GAME, NAMES[:session.size], session.first_dealer, **(session.options | {"variant": "berner"}))
    table, state = session.table, GAME.start(session.table)
    for deal in session.deals:
        entry = deal.entry | {"trump": deal.trump}
        plain, after = GAME.play(table, state, entry)
        times, _ = GAME.play(berner, state, entry)
        assert times.points == tuple(BERNER[deal.trump] * p for p in plain.points)
        state = after


@FAST
@given(sessions())
def test_statistics_count_bars_potatoes_stoeck_and_the_best_weis(session):
    """'Scoring a deal' (a +1 is a bar, a -1 a circle) and 'Weis (melds) and Stöck' (only the best Weis
    scores, all of it; Stöck outside the competition): the statistics add up what was played."""
    figures = counted_figures(GAME, session.table, session.entries)
    seats = range(session.size)
    assert figures["deals_played"] == [sum(seat in d.playing for d in session.deals) for seat in seats]
    assert figures["strokes"] == [sum(max(d.strokes[seat], 0) for d in session.deals) for seat in seats]
    assert figures["potatoes"] == [sum(d.strokes[seat] < 0 for d in session.deals) for seat in seats]
    assert figures["stoeck"] == [sum(bool(d.entry["stoeck"][seat]) for d in session.deals) for seat in seats]
    assert figures["weis_points"] == [sum(d.weis_points.get(seat, 0) for d in session.deals if not d.weis_tied)
                                      for seat in seats]


# --- impossible variations of a simulated deal are refused -----------------------------------------------

def typed(deal: Deal) -> dict[str, Any]:
    """The deal's entry with its card points typed (as entered, or as its tapped cards count)."""
    entry = {key: value for key, value in deal.entry.items() if key not in ("count", "cards", "rest")}
    if "count" in deal.entry:
        entry["points"] = [deal.card_points.get(seat) for seat in range(len(deal.entry["weis"]))]
    return entry


def played_deal(session: Session, pick: int) -> int | None:
    played = [i for i, deal in enumerate(session.deals) if deal.played]
    return played[pick % len(played)] if played else None


@settings(max_examples=40, deadline=None)
@given(sessions(most=8), st.integers(0, 99), st.integers(0, 3))
def test_a_count_no_pile_can_hold_is_refused(session, pick, which):
    """'Card points': no card counts 1 and the last trick is worth 5, so no pile holds 1 point and the
    taker of the last trick has at least 5; 'Invariants': with every card played the counts add up to
    157, and never to more."""
    index = played_deal(session, pick)
    if index is None:
        return
    deal = session.deals[index]
    entry = typed(deal) | {"last_trick": deal.last}
    seat = deal.playing[which % len(deal.playing)]
    wrong = 4 if seat == deal.last else 1  # the last trick's taker holds 5 or more; no pile holds 1
    entry["points"] = [wrong if s == seat else p for s, p in enumerate(entry["points"])]
    fields = {f"points-{seat}"}
    if deal.in_play == len(DECK):  # the form's 157 still adds up: another count takes the difference
        other = next((s for s in deal.playing if s != seat and deal.card_points[s] + deal.card_points[seat] - wrong
                      - LAST_TRICK * (s == deal.last) in PILE_COUNTS), None)
        if other is None:  # no other count can take it: the form's sum refuses it first
            fields = {"points"}
        else:
            entry["points"][other] += deal.card_points[seat] - wrong
    assert refused_at(session, index, entry).field in fields
    if deal.in_play == len(DECK):  # one point more somewhere: 158
        grow = next(s for s in deal.playing if deal.card_points[s] <= 100)  # 2 more is still a pile's count
        entry["points"] = [deal.card_points[s] + (2 if s == grow else 0) if s in deal.playing else None
                           for s in range(session.size)]
        assert refused_at(session, index, entry).field == "points"
    else:  # fewer cards played: one count a pile can hold that makes them add up to 158, more than the deck
        for grow in deal.playing:
            count = TOTAL + 1 - sum(deal.card_points[s] for s in deal.playing if s != grow)
            if count <= TOTAL and count - LAST_TRICK * (grow == deal.last) in PILE_COUNTS:
                entry["points"] = [count if s == grow else deal.card_points.get(s) for s in range(session.size)]
                assert refused_at(session, index, entry).field == "points"
                break


@settings(max_examples=40, deadline=None)
@given(sessions(most=8), st.integers(0, 99), st.integers(0, 3), st.integers(0, 35))
def test_one_card_too_many_is_refused(session, pick, which, card_pick):
    """'Weis (melds) and Stöck': a shown card belongs to a Weis (3+ in a row of a suit, or four of a kind),
    one card is in one Weis of one player, one hand holds the trump K and Q; 'Card points': each card
    goes to one trick, so a captured card tapped for a second player is refused."""
    index = played_deal(session, pick)
    if index is None:
        return
    deal, size = session.deals[index], session.size
    seat = deal.playing[which % len(deal.playing)]
    entry = dict(deal.entry)
    shown = set(entry["weis"][seat])
    taken = {card for cards in entry["weis"] for card in cards}
    schedule = session.options["weis_values"]

    def loose(card: str) -> bool:  # no neighbour of its suit shown and no four it completes
        at = NATURAL.index(rank(card))
        near = {NATURAL[i] + suit(card) for i in (at - 1, at + 1) if 0 <= i < len(NATURAL)}
        four = rank(card) in FOURS[schedule] and all(rank(card) + s in shown for s in SUITS if s != suit(card))
        return card not in taken and not near & shown and not four

    extra = next(c for c in DECK[card_pick:] + DECK[:card_pick] if loose(c))
    weis = [list(cards) for cards in entry["weis"]]
    weis[seat].append(extra)
    assert refused_at(session, index, entry | {"weis": weis}).field == f"weis-{seat}"
    others = [s for s in deal.playing if s != seat and entry["weis"][s]]
    if others:  # a card another player showed
        twice = [list(cards) for cards in entry["weis"]]
        twice[seat].append(entry["weis"][others[0]][0])
        assert refused_at(session, index, entry | {"weis": twice}).field in (f"weis-{seat}", f"weis-{others[0]}")
    if any(entry["stoeck"]):  # a second Stöck
        holder = entry["stoeck"].index(True)
        other = next(s for s in deal.playing if s != holder)
        stoeck = [s in (holder, other) for s in range(size)]
        assert refused_at(session, index, entry | {"stoeck": stoeck}).field.startswith("stoeck-")
    piles = [list(deal.piles.get(s, [])) for s in range(size)]
    giver = next((s for s in deal.playing if s != seat and piles[s]), None)
    if giver is not None:
        piles[seat].append(piles[giver][card_pick % len(piles[giver])])
        tapped = {key: value for key, value in entry.items() if key != "points"} | {
            "count": "cards", "cards": piles, "rest": None, "last_trick": deal.last}
        assert refused_at(session, index, tapped).field in (f"cards-{seat}", f"cards-{giver}")


@settings(max_examples=40, deadline=None)
@given(sessions(most=25, target=1), st.integers(0, 99))
def test_a_player_who_left_is_refused(session, pick):
    """'End': a player who reached the target has left and plays no more deals."""
    later = [i for i, seated in enumerate(session.seated) if not all(seated)]
    if not later:
        return
    index = later[pick % len(later)]
    gone = session.seated[index].index(False)
    entry = typed(session.deals[index]) | {"playing": sorted([*session.deals[index].playing, gone])}
    assert refused_at(session, index, entry).field == "playing"


@settings(max_examples=40, deadline=None)
@given(sessions(most=10), st.integers(0, 99))
def test_the_card_draw_is_entered_exactly_after_a_tie(session, pick):
    """'Scoring a deal': a tie that decides who gets a +1 is settled by the card draw, and only then: a
    draw left out after such a tie, or entered without one, is refused."""
    index = played_deal(session, pick)
    if index is None:
        return
    entry = session.deals[index].entry
    if entry["draw"]:
        assert refused_at(session, index, entry | {"draw": []}).field == "draw"
    else:
        assert refused_at(session, index, entry | {"draw": [session.deals[index].playing[0]]}).field == "draw"
