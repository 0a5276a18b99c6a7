"""Stendhal played card by card: a simulator deals the 78 suit cards of a shuffled TENNOS deck,
lets every player reveal one card, decides the minus suits, plays the tricks out (following suit,
the note's trick winner or a random one) and enters what the table would enter, in every entry the
engine offers. Whole sessions go to the engine until the limit ends them.

The oracle restates shared/rules/stendhal.md ("the note") here instead of calling the engine's
helpers: suit pairs, rank values, bonuses, the tie-breaks and the end of the game. Each invariant
cites the section of the note it checks.

Note on the note: each player lays one card face down before play, so a deal has hand size - 1
tricks (14, 12 or 10), not "hand size" as "Invariants" says; the simulator plays the cards left.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.tennos_deck import TENNOS_SUIT_CARDS

from .helpers import counted_figures, make_table

GAME = get_game("stendhal")

# --- the note, restated -----------------------------------------------------------------

#: "Deck and deal": cards per hand and to the middle
HAND = {5: (15, 3), 6: (13, 0), 7: (11, 1)}
#: "Deck and deal": A K Q ... 2, here from the weakest up
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "X", "L", "C", "D")
#: "Minus suits" 4
PAIR = {"S": "H", "H": "S", "C": "D", "D": "C", "X": "L", "L": "X"}
#: "Scoring a deal": A = 1, 2-10 face value, J 11, Q 12, K 13
VALUE = {**{r: int(r) for r in RANKS[:9]}, "J": 11, "Q": 12, "K": 13, "A": 1}
#: "Scoring a deal": 1 suit +1, 2 +3, 3 +6, 4 +10
BONUS = (0, 1, 3, 6, 10)
REVEAL_MODES = ("random", "rank", "ranks", "ranks", "suit")
ENTRIES = [(m, c, a) for m in ("seats", "revealed", "suit") for c in ("cards", "count") for a in ("high", "low")]


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def strength(card: str) -> int:
    return RANKS.index(rank_of(card))


def decide_minus(in_order: list[str]) -> tuple[str, tuple[str, ...], str]:
    """"Minus suits" 1-3 from the revealed cards counter-clockwise from the dealer's right, the middle
    last: (minus suit, the suits tied on count, how it was decided: count, ranks or order)."""
    def key(suit: str) -> tuple[int, list[int]]:
        ranks = sorted((strength(c) for c in in_order if suit_of(c) == suit), reverse=True)
        return len(ranks), ranks
    most = max(key(s)[0] for s in SUITS)
    on_count = tuple(s for s in SUITS if key(s)[0] == most)
    best = max(key(s) for s in on_count)
    tied = tuple(s for s in on_count if key(s) == best)
    first = next(suit_of(c) for c in in_order if suit_of(c) in tied)
    how = "count" if len(on_count) == 1 else "ranks" if len(tied) == 1 else "order"
    return first, tied, how


def trick_winner(trick: list[str], n: int) -> int:
    """"Trick winner": the index in `trick` (play order, the leader first) of the card that wins."""
    suits = [suit_of(c) for c in trick]
    if n in (5, 6) and len(set(suits)) == len(trick):
        return 0
    counts = Counter(suits)
    most = max(counts.values())
    tied = [s for s in counts if counts[s] == most]
    last = {s: max(i for i, x in enumerate(suits) if x == s) for s in tied}
    winning = max(tied, key=last.__getitem__)
    return max((i for i, c in enumerate(trick) if suit_of(c) == winning), key=lambda i: strength(trick[i]))


def lowest(cards: list[str], lowest_ace: str) -> str:
    """The lowest card: in play order (A highest) or, option ``lowest_ace=low``, the A lowest."""
    return min(cards, key=lambda c: -1 if lowest_ace == "low" and rank_of(c) == "A" else strength(c))


def expected_points(captured: list[str], minus: tuple[str, str], lowest_ace: str) -> int:
    """"Scoring a deal": per minus suit -(n - 1) - rank of the lowest; no minus card: the bonus by
    the suits taken; no trick: 0."""
    score = 0
    for suit in minus:
        cards = [c for c in captured if suit_of(c) == suit]
        if cards:
            score -= len(cards) - 1 + VALUE[rank_of(lowest(cards, lowest_ace))]
    if any(suit_of(c) in minus for c in captured):
        return score
    return BONUS[len({suit_of(c) for c in captured})]


# --- the simulator ------------------------------------------------------------------------

@dataclasses.dataclass
class SimDeal:
    n: int
    dealer: int
    reveal: list[str]  # per seat
    middle: list[str]
    in_order: list[str]  # counter-clockwise from the dealer's right, the middle last
    minus: tuple[str, str]
    tied: tuple[str, ...]
    how: str
    captured: list[list[str]]  # per seat
    tricks: list[int]  # per seat
    hands: list[list[str]]  # as dealt

    def entry(self, minus_entry: str, capture_entry: str, lowest_ace: str, rnd: random.Random | None = None,
              ignored_suits: bool = False) -> dict:
        """What the table enters for this deal (`rnd`: the revealed cards picked in any order;
        `ignored_suits`: a player with minus cards gets some "suits" anyway, which the note ignores)."""
        d: dict = {}
        if minus_entry == "seats":
            d["reveal"] = [[card] for card in self.reveal]
            if self.middle:
                d["middle"] = list(self.middle)
        elif minus_entry == "revealed":
            cards = list(self.in_order)
            if rnd:
                rnd.shuffle(cards)
            d["revealed"] = cards
            d["first_tied"] = self.minus[0] if len(self.tied) > 1 else None
        else:
            d["minus_suit"] = self.minus[0]
        for pick, suit in zip(("minus", "paired"), self.minus):
            held = [[c for c in cap if suit_of(c) == suit] for cap in self.captured]
            if capture_entry == "cards":
                d[f"{pick}_cards"] = [[rank_of(c) for c in cards] for cards in held]
            else:
                d[f"{pick}_count"] = [len(cards) for cards in held]
                d[f"{pick}_lowest"] = [rank_of(lowest(cards, lowest_ace)) if cards else None for cards in held]
        d["suits"] = []
        for seat, cap in enumerate(self.captured):
            if self.minus_taken(seat):
                d["suits"].append((seat * 7 + len(cap)) % 5 if ignored_suits else 0)
            else:
                d["suits"].append(len({suit_of(c) for c in cap}))
        return d

    def minus_taken(self, seat: int) -> int:
        return sum(1 for c in self.captured[seat] if suit_of(c) in self.minus)

    def points(self, lowest_ace: str) -> tuple[int, ...]:
        return tuple(expected_points(cap, self.minus, lowest_ace) for cap in self.captured)


def simulate(rnd: random.Random, n: int, dealer: int, reveal_mode: str = "random", referee: str = "rules",
             shy: frozenset[int] = frozenset(), roles: tuple[list[int], list[int]] | None = None) -> SimDeal:
    """One deal card by card. `reveal_mode`: each player reveals a random card, or (to reach the
    tie-breaks) one of a chosen rank, of two chosen ranks or of a chosen suit when holding one.
    `referee`: the note's trick winner, a random player (never one of the `shy` seats) or "roles":
    tricks with a minus card to some players, the others to other players, some take none (so a
    player can climb back with bonuses while others stay level); `roles` gives those players
    (takers of minus tricks, takers of the others), else they are drawn."""
    deck = list(TENNOS_SUIT_CARDS)
    rnd.shuffle(deck)
    hand, middle = HAND[n]
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(hand * n):  # one at a time clockwise, from the dealer's left
        hands[(dealer + 1 + i) % n].append(deck[i])
    dealt = [list(h) for h in hands]
    middle_cards = deck[hand * n:]
    ranks, target_suit = {rnd.choice(RANKS), rnd.choice(RANKS)}, rnd.choice(SUITS)
    if reveal_mode == "rank":
        ranks = set(list(ranks)[:1])
    reveal = []
    for seat in range(n):
        prefer = [c for c in hands[seat]
                  if (reveal_mode in ("rank", "ranks") and rank_of(c) in ranks)
                  or (reveal_mode == "suit" and suit_of(c) == target_suit)]
        card = rnd.choice(prefer or hands[seat])
        hands[seat].remove(card)
        reveal.append(card)
    in_order = [reveal[(dealer - k) % n] for k in range(1, n + 1)] + middle_cards
    first, tied, how = decide_minus(in_order)
    order = rnd.sample(range(n), n)
    split = rnd.randint(1, n - 1)
    takers, cleaners = roles or (order[:split], order[split:rnd.randint(split, n)] or order[:split])
    captured: list[list[str]] = [[] for _ in range(n)]
    tricks = [0] * n
    leader = (dealer + 1) % n  # "Deck and deal": left of the dealer leads
    for _ in range(hand - 1):
        seats = [(leader + k) % n for k in range(n)]
        trick: list[str] = []
        for seat in seats:
            follow = [c for c in hands[seat] if trick and suit_of(c) == suit_of(trick[0])]
            card = rnd.choice(follow or hands[seat])  # must follow suit
            hands[seat].remove(card)
            trick.append(card)
        if referee == "rules":
            winner = seats[trick_winner(trick, n)]
        elif referee == "roles":  # tricks with minus cards to some players, the others to others
            winner = rnd.choice(takers if any(suit_of(c) in (first, PAIR[first]) for c in trick) else cleaners)
        else:
            winner = rnd.choice([s for s in range(n) if s not in shy])
        captured[winner] += trick
        tricks[winner] += 1
        leader = winner
    assert not any(hands)
    return SimDeal(n, dealer, reveal, middle_cards, in_order, (first, PAIR[first]), tied, how, captured, tricks,
                   dealt)


@st.composite
def sim_deals(draw, n=None):
    n = n or draw(st.sampled_from((5, 6, 7)))
    dealer = draw(st.integers(0, n - 1))
    reveal_mode = draw(st.sampled_from(REVEAL_MODES))
    referee = draw(st.sampled_from(("rules", "random", "roles")))
    rnd = draw(st.randoms(use_true_random=True))
    return simulate(rnd, n, dealer, reveal_mode, referee), rnd


def oracle_over(reached: bool, totals: list[int]) -> bool:
    """"End of the game": over once a total has reached minus the limit and the top is not shared."""
    return reached and totals.count(max(totals)) == 1


@dataclasses.dataclass
class Session:
    n: int
    first: int
    options: dict
    limit: int
    deals: list[SimDeal]
    entries: list[dict]
    over: list[bool]  # after each deal, per the oracle
    reached: list[bool]


@st.composite
def sessions(draw):
    """A whole session: deals simulated until the oracle says the game is over (at most 40). For
    the first few deals up to three "shy" players take no trick, so they stay level on 0 and the limit
    is often reached with the top shared (the play-on). A "climb" session reaches the play-on and
    climbs back: one player takes every trick of the first deal (the limit is what that costs them,
    the others tie on 0), then takes the tricks without minus cards (a bonus: back above the limit)
    while others take the minus cards and two still take nothing (the top stays shared)."""
    n = draw(st.sampled_from((5, 6, 7)))
    first = draw(st.integers(0, n - 1))
    minus_entry, capture_entry, lowest_ace = draw(st.sampled_from(ENTRIES))
    limit_choice = draw(st.sampled_from(("66", "100", "150", "custom", "custom")))
    custom = draw(st.integers(1, 60))
    shy = frozenset(draw(st.sets(st.integers(0, n - 1), max_size=3)))
    shy_deals = draw(st.integers(0, 8))
    climber = draw(st.none() | st.integers(0, n - 1))
    rnd = draw(st.randoms(use_true_random=True))
    deals = []
    if climber is not None:
        others = [s for s in range(n) if s != climber]
        rnd.shuffle(others)
        deals.append(simulate(rnd, n, first, rnd.choice(REVEAL_MODES), "roles", roles=([climber], [climber])))
        deals.append(simulate(rnd, n, (first + 1) % n, rnd.choice(REVEAL_MODES), "roles",
                              roles=(others[:n - 3], [climber])))
        limit_choice, custom = "custom", -deals[0].points(lowest_ace)[climber]
    options = {"minus_entry": minus_entry, "capture_entry": capture_entry, "lowest_ace": lowest_ace,
               "limit": limit_choice, "custom_limit": custom}
    limit = custom if limit_choice == "custom" else int(limit_choice)
    totals, reached = [0] * n, False
    entries, over, reach = [], [], []
    for k in range(40):
        if k >= len(deals):
            quiet = shy if k < shy_deals else frozenset()
            deals.append(simulate(rnd, n, (first + k) % n, rnd.choice(REVEAL_MODES),
                                  "random" if quiet else rnd.choice(("rules", "random", "roles")), quiet))
        sim = deals[k]
        entries.append(sim.entry(minus_entry, capture_entry, lowest_ace, rnd))
        totals = [t + p for t, p in zip(totals, sim.points(lowest_ace))]
        reached = reached or min(totals) <= -limit
        reach.append(reached)
        over.append(oracle_over(reached, totals))
        if over[-1]:
            break
    return Session(n, first, options, limit, deals[:len(entries)], entries, over, reach)


def table_for(n: int, dealer: int = 0, **options):
    options.setdefault("limit", "custom")
    options.setdefault("custom_limit", 9999)
    return make_table(GAME, "ABCDEFG"[:n], dealer, **options)


FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the simulator itself ------------------------------------------------------------------

@FAST
@given(sim_deals())
def test_the_simulated_deal_uses_every_card_once(case):
    """"Deck and deal" and "Invariants": each hand gets hand-size cards, the middle the rest; every
    suit card is revealed or captured by exactly one player; each trick is n cards."""
    sim, _ = case
    hand, middle = HAND[sim.n]
    event(f"{sim.n} players")
    assert [len(h) for h in sim.hands] == [hand] * sim.n and len(sim.middle) == middle
    everything = sim.in_order + [c for cap in sim.captured for c in cap]
    assert sorted(everything) == sorted(TENNOS_SUIT_CARDS)
    assert sum(sim.tricks) == hand - 1
    assert [len(cap) for cap in sim.captured] == [t * sim.n for t in sim.tricks]


def test_the_oracle_reproduces_the_seed_examples():
    """"Minus suits" seed examples and the "Trick winner" seed example (5 players: ♦10 ✚Q ♠9 ♦5 ♠2:
    diamond and spade 2 each, spade's last card is later: ♠9 wins); "Scoring" example -17."""
    assert decide_minus(["5C", "JC", "KH", "KC", "4H", "JH"])[0] == "C"
    assert decide_minus(["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"])[:2] == ("C", ("S", "L", "C"))
    assert trick_winner(["10D", "QX", "9S", "5D", "2S"], 5) == 2
    assert trick_winner(["2S", "3H", "4X", "5L", "6C"], 5) == 0
    assert expected_points(["3X", "5X", "6X", "7X", "8X", "10L"], ("X", "L"), "high") == -17


# --- every real deal is accepted and scored as the note says --------------------------------

@FAST
@given(sim_deals())
def test_every_simulated_deal_is_accepted_and_scored_by_the_note_in_every_entry(case):
    """"Scoring a deal" and "Entry at the table": the same real deal, entered with each player's
    revealed card, all revealed cards together or the suit named, the cards picked or counted, is
    never refused, gets the minus suits of "Minus suits" 1-4 and scores each player as the note
    says from the cards they captured; "suits" typed for a player with minus cards is ignored."""
    sim, rnd = case
    event(f"minus suit decided by {sim.how}")
    if sim.how == "order" and suit_of(sim.in_order[0]) not in sim.tied:
        event("order: the first tied suit is not the first card revealed")
    event(f"{sim.n} players")
    for minus_entry, capture_entry, lowest_ace in ENTRIES:
        t = table_for(sim.n, sim.dealer, minus_entry=minus_entry, capture_entry=capture_entry,
                      lowest_ace=lowest_ace)
        raw = sim.entry(minus_entry, capture_entry, lowest_ace, rnd, ignored_suits=minus_entry == "suit")
        state = GAME.start(t)
        deal = GAME.parse(t, state, raw)  # never refused
        assert GAME.decide(t, state, deal)[:2] == sim.minus, (minus_entry, sim.in_order)
        points = GAME.replay(t, [raw]).results[0].points
        assert points == sim.points(lowest_ace), (minus_entry, capture_entry, lowest_ace, sim.captured)
    if sim.points("high") != sim.points("low"):
        event("lowest_ace matters")


@FAST
@given(sim_deals())
def test_the_deal_adds_up_to_the_cards_in_play_and_the_bonuses(case):
    """"Invariants" and "Scoring a deal": the minus cards counted per player add up to the 26 cards
    of the two minus suits less those revealed; the deal's points are minus that count, minus each
    holder's (lowest rank - 1) per suit, plus the bonuses of players with tricks and no minus card;
    the statistics count the same (issue 24 figures)."""
    sim, _ = case
    t = table_for(sim.n, sim.dealer, minus_entry="seats")
    raw = sim.entry("seats", "cards", "high")
    figures = counted_figures(GAME, t, [raw])
    revealed_minus = sum(1 for c in sim.in_order if suit_of(c) in sim.minus)
    assert sum(figures["minus_cards"]) == 26 - revealed_minus
    assert figures["minus_cards"] == [sim.minus_taken(s) for s in range(sim.n)]
    lows = sum(VALUE[rank_of(lowest([c for c in cap if suit_of(c) == suit], "high"))] - 1
               for cap in sim.captured for suit in sim.minus if any(suit_of(c) == suit for c in cap))
    bonuses = sum(BONUS[raw["suits"][s]] for s in range(sim.n) if not sim.minus_taken(s))
    result = GAME.replay(t, [raw]).results[0]
    assert sum(result.points) == -(26 - revealed_minus) - lows + bonuses
    assert figures["clean"] == [int(not sim.minus_taken(s)) for s in range(sim.n)]
    assert figures["bonus"] == [max(p, 0) for p in result.points]
    if any(raw["suits"][s] == 4 for s in range(sim.n) if not sim.minus_taken(s)):
        event("a clean player took 4 suits")
    if 0 in sim.tricks:
        event("a player took no trick")


@FAST
@given(sim_deals())
def test_the_locked_revealed_cards_name_the_minus_suits_before_play(case):
    """"Minus suits (decided before play)": once each player's revealed card (and the middle) is
    locked, the engine names the minus suits of the note before any card is played, greys the
    revealed cards of each minus suit and shares out the rest (13 less those revealed)."""
    sim, _ = case
    t = table_for(sim.n, sim.dealer, minus_entry="seats")
    state = GAME.start(t)
    raw = sim.entry("seats", "cards", "high")
    early = GAME.parse_phase(t, state, {k: raw[k] for k in ("reveal", "middle") if k in raw}, "bid")
    assert GAME.facts(t, state, early)["minus_suits"] == list(sim.minus)
    rows = {spec.name: spec for spec in GAME.play_fields(t, state, early)}
    for pick, suit in zip(("minus", "paired"), sim.minus):
        out = {rank_of(c) for c in sim.in_order if suit_of(c) == suit}
        assert set(rows[f"{pick}_cards"].out) == out
        assert rows[f"{pick}_cards"].total == 13 - len(out)
    result, _ = GAME.play(t, state, {**raw, **early})
    assert result.points == sim.points("high")


# --- impossible variations are refused ------------------------------------------------------

VARIATIONS = ("revealed card taken", "card taken twice", "card missing", "count one too many",
              "lowest card revealed", "count no pile can hold", "suits beyond four", "two revealed cards",
              "no revealed card", "middle card missing", "one revealed card fewer")


def vary(sim: SimDeal, kind: str, rnd: random.Random) -> tuple[dict, dict]:
    """(options, raw deal) of `sim` changed so that no real deal can be entered that way."""
    minus, paired = sim.minus
    holders = [s for s in range(sim.n) if any(suit_of(c) == minus for c in sim.captured[s])]
    holder = rnd.choice(holders)  # the minus suit always has cards in play: at most 8 are revealed
    other = rnd.choice([s for s in range(sim.n) if s != holder])
    gone = [rank_of(c) for c in sim.in_order if suit_of(c) == minus]
    if kind in ("revealed card taken", "card taken twice", "card missing"):
        options = {"minus_entry": rnd.choice(("seats", "revealed"))}
        raw = sim.entry(options["minus_entry"], "cards", "high")
        piles = raw["minus_cards"]
        if kind == "revealed card taken":
            piles[other].append(rnd.choice(gone))
        elif kind == "card taken twice":
            piles[other].append(rnd.choice(piles[holder]))
        else:
            piles[holder].remove(rnd.choice(piles[holder]))
        return options, raw
    if kind in ("count one too many", "lowest card revealed"):
        options = {"minus_entry": rnd.choice(("seats", "revealed")), "capture_entry": "count"}
        raw = sim.entry(options["minus_entry"], "count", "high")
        if kind == "count one too many":
            raw["minus_count"][holder] += 1
        else:
            raw["minus_lowest"][holder] = rnd.choice(gone)
        return options, raw
    if kind == "count no pile can hold":
        options = {"minus_entry": "suit", "capture_entry": "count"}
        raw = sim.entry("suit", "count", "high")
        raw["paired_count"][holder] = 14
        raw["paired_lowest"][holder] = "2"
        return options, raw
    if kind == "suits beyond four":
        raw = sim.entry("seats", "cards", "high")
        raw["suits"][other] = 5
        return {"minus_entry": "seats"}, raw
    if kind == "one revealed card fewer":
        raw = sim.entry("revealed", "cards", "high")
        raw["revealed"].remove(rnd.choice(raw["revealed"]))
        return {"minus_entry": "revealed"}, raw
    raw = sim.entry("seats", "cards", "high")
    if kind == "two revealed cards":
        raw["reveal"][other].append(rnd.choice(sim.captured[holder]))
    elif kind == "no revealed card":
        raw["reveal"][other] = []
    elif sim.middle:  # middle card missing
        raw["middle"] = raw["middle"][1:]
    else:  # six players: nothing in the middle, so a middle card is one too many
        raw["middle"] = [sim.captured[holder][0]]
    return {"minus_entry": "seats"}, raw


@FAST
@given(sim_deals(), st.sampled_from(VARIATIONS))
def test_an_impossible_variation_of_a_real_deal_is_refused(case, kind):
    """"Invariants" (every suit card captured by exactly one player or revealed, never more than a
    suit holds), "Minus suits" (each player lays one card, the middle holds the leftovers) and
    "Scoring a deal" (at most four suits): the real deal is accepted, the variation refused."""
    sim, rnd = case
    event(kind)
    options, raw = vary(sim, kind, rnd)
    t = table_for(sim.n, sim.dealer, **options)
    honest = sim.entry(options["minus_entry"], options.get("capture_entry", "cards"), "high")
    assert GAME.replay(t, [honest]).results[0].points == sim.points("high")
    with pytest.raises((DealError, RuleError)):
        GAME.replay(t, [raw])


# --- whole sessions ----------------------------------------------------------------------------

SESSIONS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SESSIONS
@given(sessions())
def test_a_simulated_session_adds_up_and_ends_as_the_note_says(session):
    """"End of the game": totals are the sums of the deals; the game is over exactly after the first
    deal once a total has reached minus the limit with the highest total not shared (a shared top
    plays on, the limit staying reached, and the board says so); the sole highest total wins, no
    loser is named; no deal is taken after that.
    "Deck and deal": the dealer moves one seat to the left each deal, the player on their left leads."""
    n = session.n
    t = make_table(GAME, "ABCDEFG"[:n], session.first, **session.options)
    state = GAME.start(t)
    totals = [0] * n
    for k, (sim, raw) in enumerate(zip(session.deals, session.entries)):
        assert state.dealer == (session.first + k) % n == sim.dealer, "dealer rotates to the left"
        assert state.leader == (state.dealer + 1) % n, "left of the dealer leads"
        result, state = GAME.play(t, state, raw)
        assert result.points == sim.points(session.options["lowest_ace"])
        totals = [a + b for a, b in zip(totals, result.points)]
        assert list(state.totals) == totals
        assert GAME.is_over(t, state) == session.over[k], (k, totals, session.limit)
        assert GAME.facts(t, state)["limit_reached"] == session.reached[k]
        if not session.over[k]:  # the board's notes before the next deal
            play_on = any("play on" in str(note) for note in GAME.notes(t, state))
            assert play_on == session.reached[k], "a shared top plays on"
        if session.reached[k] and not session.over[k]:
            event("play-on: limit reached, top shared")
            if min(totals) > -session.limit:
                event("play-on after the player at the limit climbed back")
    standing = GAME.replay(t, session.entries)
    assert standing.totals == tuple(totals)
    assert standing.running == tuple(tuple(sum(r.points[s] for r in standing.results[:k + 1]) for s in range(n))
                                     for k in range(len(session.entries)))
    assert standing.dealers == tuple((session.first + k) % n for k in range(len(session.entries)))
    assert standing.over == session.over[-1]
    event(f"{n} players, limit {session.options['limit']}")
    if standing.over:
        event(f"over after {len(session.entries)} deals" if len(session.entries) < 5 else "over after 5+ deals")
        if min(totals) > -session.limit:
            event("over with every total back above the limit (it stayed reached)")
        assert standing.winners == (totals.index(max(totals)),) and totals.count(max(totals)) == 1
        assert GAME.places(t, standing.state)[standing.winners[0]] == 1
        assert standing.losers == (), "the note names no loser"
        nxt = simulate(random.Random(len(totals)), n, standing.state.dealer)
        with pytest.raises(DealError, match="over"):
            GAME.replay(t, [*session.entries, nxt.entry(session.options["minus_entry"],
                                                        session.options["capture_entry"], "high")])
    else:
        event("not over after 40 deals")
        assert standing.winners == () and standing.dealer == (session.first + len(session.entries)) % n
        assert standing.leader == (standing.dealer + 1) % n
