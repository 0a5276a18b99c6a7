"""Yacht played card by card: a simulator shuffles the 52 cards, turns a trump from the middle of
the pack, deals as shared/rules/yacht.md ("the note") says, plays every trick out and enters what
the table would enter (the bids, then the tricks each player took). Whole sessions go to the
engine until the note's end; each invariant cites the section of the note it checks.

The simulator knows the note, not the engine (research-notes.md section 4 fills in what the note
takes for granted: the cards are dealt one at a time, players must follow suit):
- "Deal": trump is the suit of the card turned from the middle of the shuffled pack. Pagat's way,
  3 players lose one non-trump three (17 each), 5 players two (10 each), 4 players get 13 each;
  option ``seed_dealing`` deals 17/13/10 and sets the leftovers aside. The holder of the club 2
  (the diamond 2 when clubs are trump) leads first; under ``seed_dealing``, when that two was set
  aside, the dealer's left leads (some shuffles leave that two at the bottom of the pack, so the
  seed's fallback is reached often). Nobody leads a trump before trumps are broken (unless holding
  nothing else); everyone follows suit when able. A trick goes to the highest trump or else the
  highest card of the led suit, or (to reach lopsided deals) to a random player, to one player
  only, or never to some "shy" players, who then make their T.U.
- "Bids": a start and a goal number (0..hand size), T.U. or L.T.U.; ``simple_bids``: a number of
  tricks. The bids are written before play and the engine never sees the cards, so to reach every
  row of the table some bidders are "prophets": their bid is chosen to land a given distance from
  the goal (0, 1, ... 4, 5 or more), or a T.U. / L.T.U. made or failed. Others bid blindly.
- "Score per deal" (the house table, every number an editable option) and "End" are restated here
  (`expected_points`, `oracle_over`), not taken from the engine.
"""
from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from .helpers import counted_figures, make_table

GAME = get_game("yacht")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")

# --- the note, restated ---------------------------------------------------------------------------

SUITS = ("C", "S", "H", "D")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # weakest first
DECK = tuple(r + s for s in SUITS for r in RANKS)
#: "Deal": cards per player and (Pagat's way) non-trump threes removed
HAND = {3: 17, 4: 13, 5: 10}
THREES_OUT = {3: 1, 4: 0, 5: 2}
#: "Score per deal": the house table's defaults (a failed T.U. / L.T.U. loses the number)
HOUSE = {"points_off_0": 50, "points_off_1": 40, "points_off_2": 30, "points_off_3": 20, "points_off_4": 10,
         "points_off_more": 0, "tu_made": 100, "tu_failed": 100, "ltu_made": 200, "ltu_failed": 200}
GOAL, TU, LTU = "goal", "tu", "ltu"
STYLES = ("blind", "blind", "aim", "aim", "aim", "under", "dare")


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def leading_two(trump: str) -> str:
    """"Deal": the club 2 leads, the diamond 2 when clubs are trump."""
    return "2D" if trump == "C" else "2C"


def trick_winner(trick: list[str], trump: str) -> int:
    """The index in `trick` (play order) of the highest trump, else of the highest card of the led suit."""
    wanted = trump if any(suit_of(c) == trump for c in trick) else suit_of(trick[0])
    return max((i for i, c in enumerate(trick) if suit_of(c) == wanted), key=lambda i: RANKS.index(rank_of(trick[i])))


def final_number(start: int, tricks: int, n: int) -> int:
    """"Bids": start + t - (n - t)."""
    return start + tricks - (n - tricks)


@dataclasses.dataclass(frozen=True)
class Bid:
    kind: str
    start: int | None = None
    goal: int | None = None
    number: int | None = None  # simple_bids: the tricks bid

    def distance(self, tricks: int, n: int) -> int | None:
        """How far from the goal (None for T.U. / L.T.U.)."""
        if self.kind != GOAL:
            return None
        if self.number is not None:
            return abs(tricks - self.number)
        return abs(final_number(self.start, tricks, n) - self.goal)


def expected_points(bid: Bid, tricks: int, n: int, house: dict[str, int]) -> int:
    """"Score per deal" (house table): distance 0..4 and 5 or more; T.U. / L.T.U. made with no
    trick, failed (a loss) with any."""
    if bid.kind in (TU, LTU):
        return house[f"{bid.kind}_made"] if tricks == 0 else -house[f"{bid.kind}_failed"]
    away = bid.distance(tricks, n)
    return house[f"points_off_{away}"] if away < 5 else house["points_off_more"]


def oracle_over(totals: list[int], played: int, target: int, deals: int) -> bool:
    """"End": after a deal in which someone reaches the target (or the agreed deals are played)."""
    return max(totals) >= target or (deals > 0 and played >= deals)


# --- the simulator ---------------------------------------------------------------------------------

@dataclasses.dataclass
class SimDeal:
    players: int
    dealer: int
    seed_dealing: bool
    trump: str
    turned: str
    removed: list[str]  # Pagat's way: the non-trump threes taken out
    aside: list[str]  # seed dealing: the leftovers
    hands: list[list[str]]  # as dealt
    leader: int
    played: list[tuple[int, list[str], int]]  # (leader, cards in play order, winner) per trick
    tricks: list[int]  # per seat

    @property
    def n(self) -> int:
        return HAND[self.players]


def simulate(rnd: random.Random, players: int, dealer: int, seed_dealing: bool, referee: str = "rules",
             shy: frozenset[int] = frozenset(), hog: int | None = None, two_last: bool = False) -> SimDeal:
    """One deal card by card. `referee`: "rules" (highest trump or card of the led suit), "random"
    (any player but the `shy` ones) or "hog" (every trick to `hog`). `two_last`: the shuffle left the
    leading two at the bottom of the pack (under seed dealing with 3 or 5 players: set aside)."""
    deck = list(DECK)
    rnd.shuffle(deck)
    turned = deck[rnd.randint(13, 38)]  # "a card turned from the middle of the shuffled pack"
    trump = suit_of(turned)
    if two_last:
        deck.remove(leading_two(trump))
        deck.append(leading_two(trump))
    n = HAND[players]
    removed: list[str] = []
    if not seed_dealing:
        threes = [c for c in deck if rank_of(c) == "3" and suit_of(c) != trump]
        removed = rnd.sample(threes, THREES_OUT[players])
        deck = [c for c in deck if c not in removed]
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(n * players):  # one at a time, clockwise from the dealer's left
        hands[(dealer + 1 + i) % players].append(deck[i])
    aside = deck[n * players:]
    dealt = [list(h) for h in hands]
    two = leading_two(trump)
    holder = [seat for seat in range(players) if two in hands[seat]]
    leader = holder[0] if holder else (dealer + 1) % players
    played, tricks, broken = [], [0] * players, False
    lead = leader
    for _ in range(n):
        seats = [(lead + k) % players for k in range(players)]
        trick: list[str] = []
        for seat in seats:
            hand = hands[seat]
            if trick:  # follow suit when able
                legal = [c for c in hand if suit_of(c) == suit_of(trick[0])] or hand
            else:  # no trump led before trumps are broken, unless the hand holds nothing else
                legal = [c for c in hand if broken or suit_of(c) != trump] or hand
            card = rnd.choice(legal)
            hand.remove(card)
            trick.append(card)
        broken = broken or any(suit_of(c) == trump for c in trick)
        if referee == "rules":
            winner = seats[trick_winner(trick, trump)]
        elif referee == "hog" and hog is not None:
            winner = hog
        else:
            winner = rnd.choice([s for s in range(players) if s not in shy] or list(range(players)))
        played.append((lead, trick, winner))
        tricks[winner] += 1
        lead = winner
    assert not any(hands)
    return SimDeal(players, dealer, seed_dealing, trump, turned, removed, aside, dealt, leader, played, tricks)


def prophet_bid(rnd: random.Random, tricks: int, n: int, simple: bool, away: int) -> Bid | None:
    """A bid that lands `away` from its goal with `tricks` taken (5: five or more), if there is one."""
    def fits(d: int) -> bool:
        return d == away if away < 5 else d >= 5
    if simple:
        numbers = [b for b in range(n + 1) if fits(abs(tricks - b))]
        return Bid(GOAL, number=rnd.choice(numbers)) if numbers else None
    pairs = [(s, g) for s in range(n + 1) for g in range(n + 1) if fits(abs(final_number(s, tricks, n) - g))]
    if not pairs:
        return None
    start, goal = rnd.choice(pairs)
    return Bid(GOAL, start, goal)


def blind_bid(rnd: random.Random, n: int, simple: bool) -> Bid:
    kind = rnd.choice((GOAL, GOAL, GOAL, TU, LTU))
    if kind != GOAL:
        return Bid(kind)
    return Bid(GOAL, number=rnd.randint(0, n)) if simple else Bid(GOAL, rnd.randint(0, n), rnd.randint(0, n))


def choose_bid(rnd: random.Random, style: str, tricks: int, n: int, simple: bool, away: int | None = None) -> Bid:
    """"blind": any bid; "aim": a bid `away` (drawn 0..5) from the goal; "under": T.U. / L.T.U. when
    no trick was taken (made), else aiming; "dare": T.U. / L.T.U. whatever happens."""
    if style == "dare" or (style == "under" and tricks == 0):
        return Bid(rnd.choice((TU, LTU)))
    if style in ("aim", "under"):
        bid = prophet_bid(rnd, tricks, n, simple, rnd.randint(0, 5) if away is None else away)
        if bid is not None:
            return bid
    return blind_bid(rnd, n, simple)


def entry(bids: list[Bid], tricks: list[int], simple: bool) -> dict:
    """What the table enters: the bids (kind and numbers, empty for T.U. / L.T.U.), then the tricks."""
    d: dict = {"bid": [b.kind for b in bids]}
    if simple:
        d["bid_tricks"] = [b.number for b in bids]
    else:
        d["start"] = [b.start for b in bids]
        d["goal"] = [b.goal for b in bids]
    d["tricks"] = list(tricks)
    return d


def options_for(simple: bool, seed: bool, house: dict[str, int] | None, **more) -> dict:
    return {"simple_bids": simple, "seed_dealing": seed, **(house or {}), **more}


def table_for(players: int, dealer: int = 0, **options):
    return make_table(GAME, NAMES[:players], dealer, **options)


#: the house table as the session left it, or edited: mostly near the defaults, up to the options' 1000
house_tables = st.one_of(st.none(), st.none(), st.fixed_dictionaries({name: st.integers(0, 250) for name in HOUSE}),
                         st.fixed_dictionaries({name: st.integers(0, 1000) for name in HOUSE}))
REFEREES = ("rules", "rules", "random", "shy", "hog")


@dataclasses.dataclass
class Case:
    sim: SimDeal
    bids: list[Bid]
    simple: bool
    house: dict[str, int] | None
    rnd: random.Random

    @property
    def table_house(self) -> dict[str, int]:
        return {**HOUSE, **(self.house or {})}

    def raw(self) -> dict:
        return entry(self.bids, self.sim.tricks, self.simple)

    def options(self, **more) -> dict:
        return options_for(self.simple, self.sim.seed_dealing, self.house, target=10000, **more)

    def points(self) -> tuple[int, ...]:
        return tuple(expected_points(b, t, self.sim.n, self.table_house) for b, t in zip(self.bids, self.sim.tricks))


def play_one(rnd: random.Random, players: int, dealer: int, seed: bool, simple: bool,
             styles: list[str], referee: str) -> tuple[SimDeal, list[Bid]]:
    shy = frozenset(rnd.sample(range(players), rnd.randint(1, players - 1))) if referee == "shy" else frozenset()
    sim = simulate(rnd, players, dealer, seed, referee, shy, rnd.randrange(players), rnd.random() < 0.15)
    bids = [choose_bid(rnd, style, t, sim.n, simple) for style, t in zip(styles, sim.tricks)]
    return sim, bids


@st.composite
def cases(draw, players=None):
    players = players or draw(st.sampled_from((3, 4, 5)))
    dealer = draw(st.integers(0, players - 1))
    seed, simple = draw(st.booleans()), draw(st.booleans())
    house = draw(house_tables)
    styles = draw(st.lists(st.sampled_from(STYLES), min_size=players, max_size=players))
    referee = draw(st.sampled_from(REFEREES))
    rnd = draw(st.randoms(use_true_random=True))
    sim, bids = play_one(rnd, players, dealer, seed, simple, styles, referee)
    return Case(sim, bids, simple, house, rnd)


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the simulator and the oracle, checked against the note -----------------------------------------

@FAST
@given(cases())
def test_the_simulated_deal_is_a_real_deal(case):
    """"Deal": 17/13/10 cards each; Pagat's way one (3 players) or two (5 players) non-trump threes
    out and nothing left over, the seed's way the leftovers aside; every card once; the holder of the
    club 2 (diamond 2 under club trumps) leads, the dealer's left when it is set aside; no trump led
    before trumps are broken unless the leader holds only trumps; suit followed when possible;
    "Entry": every trick to one player, the tricks add up to the hand size."""
    sim = case.sim
    p, n = sim.players, sim.n
    event(f"{p} players, {'seed' if sim.seed_dealing else 'Pagat'} dealing")
    assert [len(h) for h in sim.hands] == [n] * p
    assert sorted([c for h in sim.hands for c in h] + sim.removed + sim.aside) == sorted(DECK)
    assert sim.turned in DECK and sim.trump == suit_of(sim.turned)
    if sim.seed_dealing:
        assert not sim.removed and len(sim.aside) == 52 - n * p
    else:
        assert not sim.aside and len(sim.removed) == THREES_OUT[p]
        assert all(rank_of(c) == "3" and suit_of(c) != sim.trump for c in sim.removed)
    two = leading_two(sim.trump)
    if any(two in h for h in sim.hands):
        assert two in sim.hands[sim.leader]
    else:
        event("the leading two was set aside: the dealer's left leads")
        assert sim.seed_dealing and sim.leader == (sim.dealer + 1) % p
    held = [set(h) for h in sim.hands]
    broken = False
    lead = sim.leader
    for leader, cards, winner in sim.played:
        assert leader == lead and len(cards) == p
        if suit_of(cards[0]) == sim.trump and not broken:
            assert all(suit_of(c) == sim.trump for c in held[leader])
        for k, card in enumerate(cards):
            seat = (leader + k) % p
            assert card in held[seat]
            if k and suit_of(card) != suit_of(cards[0]):
                assert not any(suit_of(c) == suit_of(cards[0]) for c in held[seat])
            held[seat].discard(card)
        broken = broken or any(suit_of(c) == sim.trump for c in cards)
        lead = winner
    assert not any(held)
    assert sum(sim.tricks) == n == len(sim.played)
    assert Counter(w for _, _, w in sim.played) == Counter({s: t for s, t in enumerate(sim.tricks) if t})


def test_the_oracle_reproduces_the_worked_examples():
    """"Entry" worked examples (house table): n = 13, start 5, goal 9, 8 tricks: final 8, distance 1: 40;
    T.U. with 0 tricks: 100; L.T.U. with 1 trick: -200; simple bids: 50 - 10 x |tricks - bid|."""
    assert final_number(5, 8, 13) == 8
    assert expected_points(Bid(GOAL, 5, 9), 8, 13, HOUSE) == 40
    assert expected_points(Bid(TU), 0, 13, HOUSE) == 100
    assert expected_points(Bid(LTU), 1, 13, HOUSE) == -200
    assert [expected_points(Bid(GOAL, number=4), t, 13, HOUSE) for t in (4, 6, 9, 13)] == [50, 30, 0, 0]


# --- every real deal is accepted and scored as the note says -----------------------------------------

@FAST
@given(cases())
def test_every_simulated_deal_is_accepted_and_scored_by_the_house_table(case):
    """"Score per deal": the engine never refuses a real deal (bids in range, tricks adding up to the
    hand size, "Entry") and scores each player as the house table says, edited or not, with start and
    goal or (``simple_bids``) a number of tricks, typed as numbers or as a form sends them (strings,
    empty boxes for a T.U. / L.T.U.); only T.U. and L.T.U. score below zero."""
    sim = case.sim
    t = table_for(sim.players, sim.dealer, **case.options())
    result = GAME.replay(t, [case.raw()]).results[0]  # never refused
    assert result.points == case.points(), (case.bids, sim.tricks)
    typed = {name: ["" if v is None else str(v) for v in values] for name, values in case.raw().items()}
    assert GAME.replay(t, [typed]).results[0].points == result.points  # as a form sends it
    for bid, points, tricks in zip(case.bids, result.points, sim.tricks):
        if bid.kind == GOAL:
            assert points >= 0
            away = bid.distance(tricks, sim.n)
            if not case.simple and (bid.start + sim.n - bid.goal) % 2:
                event("a goal of the wrong parity (never hit exactly) accepted")
                assert away % 2 == 1
            if not case.simple and final_number(bid.start, tricks, sim.n) < 0:
                event("a final number below zero")
            event(f"distance {min(away, 5)}{' or more' if away >= 5 else ''}")
        else:
            event(f"{bid.kind} {'made' if tricks == 0 else 'failed'}")
    event(f"{sim.players} players, {'simple bids' if case.simple else 'start and goal'}")


@FAST
@given(cases())
def test_the_finals_add_up_to_the_tricks_in_play(case):
    """"Bids": each trick counts +1 for its taker and -1 for every other player, so with every player
    on a start and a goal the final numbers the breakdown shows add up to the starts plus n x (2 -
    players), and each line shows start + 2 x t - n = final; "Score per deal": the deal's points are
    the distance rows of the players on a goal plus the T.U. / L.T.U. made, less those failed."""
    sim = case.sim
    n, p = sim.n, sim.players
    bids = [b if b.kind == GOAL and b.start is not None else prophet_bid(case.rnd, t, n, False, 0)
            for b, t in zip(case.bids, sim.tricks)]
    t = table_for(p, sim.dealer, **options_for(False, sim.seed_dealing, case.house, target=10000))
    result = GAME.replay(t, [entry(bids, sim.tricks, False)]).results[0]
    finals = []
    for seat, line in enumerate(result.breakdown[:p]):
        found = re.search(r"(-?\d+) \+ 2 x (\d+) - (\d+) = (-?\d+), goal (\d+)", str(line))
        assert found, str(line)
        start, tricks, hand, final, goal = map(int, found.groups())
        assert (start, tricks, hand, goal) == (bids[seat].start, sim.tricks[seat], n, bids[seat].goal)
        finals.append(final)
    assert sum(finals) == sum(b.start for b in bids) + n * (2 - p)
    house = case.table_house
    rows = Counter(min(b.distance(tr, n), 5) for b, tr in zip(bids, sim.tricks))
    assert sum(result.points) == sum(house[f"points_off_{d}" if d < 5 else "points_off_more"] * k
                                     for d, k in rows.items())


@FAST
@given(cases())
def test_the_bids_lock_before_play_and_the_statistics_count_them(case):
    """"Entry": bids first (locked once play starts), then the tricks: the bids alone are accepted
    before play, the whole deal after equals it entered at once; the statistics count each T.U. /
    L.T.U. bid and made (no trick), each bid on a goal, the goals hit exactly and the distances."""
    sim = case.sim
    t = table_for(sim.players, sim.dealer, **case.options())
    state = GAME.start(t)
    raw = case.raw()
    locked = GAME.parse_phase(t, state, {k: v for k, v in raw.items() if k != "tricks"}, "bid")
    assert locked["bid"] == [b.kind for b in case.bids]
    whole = GAME.parse_phase(t, state, {**locked, "tricks": raw["tricks"]}, "play")
    assert whole == GAME.parse(t, state, raw)
    counted = counted_figures(GAME, t, [raw])
    away = [b.distance(tr, sim.n) for b, tr in zip(case.bids, sim.tricks)]
    assert counted == {
        "tu_bids": [int(b.kind == TU) for b in case.bids],
        "tu_made": [int(b.kind == TU and tr == 0) for b, tr in zip(case.bids, sim.tricks)],
        "ltu_bids": [int(b.kind == LTU) for b in case.bids],
        "ltu_made": [int(b.kind == LTU and tr == 0) for b, tr in zip(case.bids, sim.tricks)],
        "goal_bids": [int(b.kind == GOAL) for b in case.bids],
        "goals_hit": [int(a == 0) for a in away],
        "distance": [a or 0 for a in away]}


# --- impossible variations are refused ----------------------------------------------------------------

VARIATIONS = ("one trick too many", "one trick too few", "count no pile can hold", "negative tricks",
              "a seat missing", "start beyond the hand", "goal beyond the hand", "goal bid without its number",
              "a bid kind that does not exist", "tricks of another table size")


def vary(case: Case, kind: str) -> tuple[dict, set[str]]:
    """The real deal changed so that no real deal can be entered that way: (raw, the fields that may
    be named; empty: any)."""
    sim, rnd, n, p = case.sim, case.rnd, case.sim.n, case.sim.players
    raw = case.raw()
    tricks = raw["tricks"]
    seat = rnd.randrange(p)
    other = rnd.choice([s for s in range(p) if s != seat])
    if kind == "one trick too many":
        tricks[seat] += 1
        return raw, {"tricks", f"tricks-{seat}"}
    if kind == "one trick too few":
        taker = rnd.choice([s for s in range(p) if tricks[s]])
        tricks[taker] -= 1
        return raw, {"tricks"}
    if kind == "count no pile can hold":
        raw["tricks"] = [0] * p
        raw["tricks"][seat] = n + 1
        return raw, {f"tricks-{seat}"}
    if kind == "negative tricks":
        tricks[seat] -= tricks[seat] + 1
        tricks[other] += sim.tricks[seat] + 1
        return raw, {f"tricks-{seat}"} | ({f"tricks-{other}"} if tricks[other] > n else set())
    if kind == "a seat missing":
        raw["tricks"] = tricks[:-1]
        return raw, {"tricks"}
    if kind == "tricks of another table size":
        other_n = rnd.choice([h for h in HAND.values() if h != n])
        raw["tricks"] = [0] * p
        raw["tricks"][seat] = other_n
        return raw, {"tricks", f"tricks-{seat}"}
    if kind == "a bid kind that does not exist":
        raw["bid"][seat] = "yacht"
        return raw, {f"bid-{seat}"}
    raw["bid"][seat] = GOAL
    names = ("bid_tricks", "bid_tricks") if case.simple else ("start", "goal")
    if not case.simple and (raw["start"][seat] is None or raw["goal"][seat] is None):
        raw["start"][seat], raw["goal"][seat] = rnd.randint(0, n), rnd.randint(0, n)
    if case.simple and raw["bid_tricks"][seat] is None:
        raw["bid_tricks"][seat] = rnd.randint(0, n)
    if kind == "start beyond the hand":
        raw[names[0]][seat] = n + 1
        return raw, {f"{names[0]}-{seat}"}
    if kind == "goal beyond the hand":
        raw[names[1]][seat] = rnd.choice((n + 1, -1))
        return raw, {f"{names[1]}-{seat}"}
    raw[names[0]][seat] = None  # goal bid without its number
    return raw, {f"{names[0]}-{seat}"}


@FAST
@given(cases(), st.sampled_from(VARIATIONS))
def test_an_impossible_variation_of_a_real_deal_is_refused(case, kind):
    """"Bids" (start and goal from 0 to the hand size, or T.U. / L.T.U.) and "Entry" (tricks per
    player, sum = hand size: every card to one trick, every trick to one player): the real deal is
    accepted, the variation refused at the box it is about."""
    event(kind)
    t = table_for(case.sim.players, case.sim.dealer, **case.options())
    assert GAME.replay(t, [case.raw()]).results[0].points == case.points()
    raw, fields = vary(case, kind)
    with pytest.raises(DealError) as caught:
        GAME.replay(t, [raw])
    named = {e.field for e in caught.value.error.errors}
    assert not fields or named & fields, (kind, named, fields)


# --- whole sessions -------------------------------------------------------------------------------------

MAX_DEALS = 40


@dataclasses.dataclass
class Session:
    players: int
    first: int
    options: dict
    target: int
    deals_limit: int
    sims: list[SimDeal]
    bids: list[list[Bid]]
    entries: list[dict]
    points: list[tuple[int, ...]]
    over: list[bool]  # after each deal, by the oracle


@st.composite
def sessions(draw):
    """A session: deals simulated until the oracle ends it (at most MAX_DEALS). Targets 500, 1000 or
    a low custom one; sometimes an agreed number of deals too. "Twins": two players bid so that they
    score the same every deal (both aim at the same distance), so they often tie at the top."""
    players = draw(st.sampled_from((3, 4, 5)))
    first = draw(st.integers(0, players - 1))
    seed, simple = draw(st.booleans()), draw(st.booleans())
    house = draw(house_tables)
    target = {"500": 500, "1000": 1000}.get(draw(st.sampled_from(("custom", "500", "1000"))), 0)
    target = target or draw(st.integers(10, 400))
    deals_limit = draw(st.sampled_from((0, 0, 0, 1))) and draw(st.integers(1, 12))
    styles = draw(st.lists(st.sampled_from(STYLES), min_size=players, max_size=players))
    twins = draw(st.none() | st.lists(st.integers(0, players - 1), min_size=2, max_size=2, unique=True))
    rnd = draw(st.randoms(use_true_random=True))
    options = options_for(simple, seed, house, target=target, deals=deals_limit)
    table_house = {**HOUSE, **(house or {})}
    n = HAND[players]
    sims, all_bids, entries, points, over = [], [], [], [], []
    totals = [0] * players
    for k in range(MAX_DEALS):
        referee = rnd.choice(REFEREES)
        sim, bids = play_one(rnd, players, (first + k) % players, seed, simple, styles, referee)
        if twins:
            away = rnd.choice((0, 0, 1, 2, 3, 4, 5))
            for seat in twins:
                bids[seat] = prophet_bid(rnd, sim.tricks[seat], n, simple, away) or bids[seat]
        deal_points = tuple(expected_points(b, t, n, table_house) for b, t in zip(bids, sim.tricks))
        totals = [a + b for a, b in zip(totals, deal_points)]
        sims.append(sim)
        all_bids.append(bids)
        entries.append(entry(bids, sim.tricks, simple))
        points.append(deal_points)
        over.append(oracle_over(totals, k + 1, target, deals_limit))
        if over[-1]:
            break
    return Session(players, first, options, target, deals_limit, sims, all_bids, entries, points, over)


SESSIONS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SESSIONS
@given(sessions())
def test_a_simulated_session_adds_up_and_ends_as_the_note_says(session):
    """"End": totals are the sums of the deal results; the game is over exactly after the first deal in
    which someone reaches the target (or the agreed number of deals is played), and no deal is taken
    after it; the highest total wins, a tie at the top is a draw (all share the win), no loser named.
    "Deal": the dealer rotates clockwise; the board names the dealer, the hand size and the threes
    removed or the leftovers set aside as the simulated deal had them, and under
    ``seed_dealing`` the dealer's left as the leader when the leading two is set aside, who is the
    player who led the simulated deal whenever that happened."""
    p = session.players
    t = table_for(p, session.first, **session.options)
    state = GAME.start(t)
    totals = [0] * p
    for k, (sim, raw) in enumerate(zip(session.sims, session.entries)):
        assert state.dealer == (session.first + k) % p == sim.dealer, "the dealer rotates clockwise"
        notes = [str(note) for note in GAME.notes(t, state)]
        assert notes[0].startswith(f"{NAMES[sim.dealer]} ") and f" {sim.n} cards each" in notes[0]
        if sim.aside:
            assert f"sets the {len(sim.aside)} left over aside" in notes[0]
        elif sim.removed:
            assert f"removes {('one', 'two')[len(sim.removed) - 1]} non-trump three" in notes[0]
        else:
            assert notes[0] == f"{NAMES[sim.dealer]} deals {sim.n} cards each."
        fallback = [note for note in notes if "dealer's left" in note]
        if sim.seed_dealing and p != 4:
            assert fallback == [f"If that two was set aside, {NAMES[(sim.dealer + 1) % p]} (the dealer's left) leads."]
        else:
            assert not fallback
        if leading_two(sim.trump) in sim.aside:
            assert fallback and NAMES[sim.leader] in fallback[0]
        result, state = GAME.play(t, state, raw)
        assert result.points == session.points[k], (k, session.bids[k], sim.tricks)
        totals = [a + b for a, b in zip(totals, result.points)]
        assert list(state.totals) == totals
        assert GAME.is_over(t, state) == session.over[k], (k, totals, session.target)
    standing = GAME.replay(t, session.entries)
    deals = len(session.entries)
    assert standing.totals == tuple(totals)
    assert standing.running == tuple(tuple(sum(pts[s] for pts in session.points[:k + 1]) for s in range(p))
                                     for k in range(deals))
    assert standing.dealers == tuple((session.first + k) % p for k in range(deals))
    assert standing.over == session.over[-1]
    assert all(max(running) < session.target for running in standing.running[:-1])
    event(f"{p} players, target {session.target if session.target in (500, 1000) else 'custom'}")
    if not standing.over:
        event("not over after the deals simulated")
        assert standing.winners == () and standing.dealer == (session.first + deals) % p
        return
    top = max(totals)
    assert set(standing.winners) == {s for s in range(p) if totals[s] == top}
    assert standing.losers == ()
    places = GAME.places(t, standing.state)
    assert places == tuple(1 + sum(other > mine for other in totals) for mine in totals)
    if len(standing.winners) > 1:
        event("a tie at the top: a draw")
    if top < session.target:
        event("over on the agreed number of deals")
        assert deals == session.deals_limit
    else:
        event("over on the target" + (" reached exactly" if session.target in totals else ""))
        reached = [s for s in range(p) if totals[s] >= session.target]
        if len(reached) > 1:
            event("several players reached the target in the last deal")
    if min(totals) < 0:
        event("a negative total at the end")
    nxt, bids = play_one(random.Random(deals), p, standing.state.dealer, session.options["seed_dealing"],
                         session.options["simple_bids"], ["blind"] * p, "rules")
    after = entry(bids, nxt.tricks, session.options["simple_bids"])
    with pytest.raises(DealError, match="over"):
        GAME.replay(t, [*session.entries, after])
    with pytest.raises(RuleError, match="over"):  # not even the bids of another deal
        GAME.parse_phase(t, state, {k: v for k, v in after.items() if k != "tricks"}, "bid")


@SESSIONS
@given(sessions())
def test_the_session_statistics_add_up_over_the_deals(session):
    """"Bids" and "Score per deal": over a whole session the statistics count, per player, the T.U.
    and L.T.U. bid and made (no trick), the bids on a goal, the goals hit exactly and the distances
    summed."""
    p = session.players
    t = table_for(p, session.first, **session.options)
    counted = counted_figures(GAME, t, session.entries)
    expected = {name: [0] * p for name in ("tu_bids", "tu_made", "ltu_bids", "ltu_made", "goal_bids",
                                             "goals_hit", "distance")}
    for sim, bids in zip(session.sims, session.bids):
        for seat, (bid, tricks) in enumerate(zip(bids, sim.tricks)):
            for kind in (TU, LTU):
                expected[f"{kind}_bids"][seat] += bid.kind == kind
                expected[f"{kind}_made"][seat] += bid.kind == kind and tricks == 0
            if bid.kind == GOAL:
                away = bid.distance(tricks, sim.n)
                expected["goal_bids"][seat] += 1
                expected["goals_hit"][seat] += away == 0
                expected["distance"][seat] += away
    assert counted == expected
    assert sum(map(sum, expected.values())) > 0


@settings(SESSIONS, max_examples=40)
@given(sessions(), st.integers(1, 4))
def test_a_session_with_the_seats_turned_scores_the_same_players(session, turn):
    """"Score per deal" and "End": a player's score depends only on their own bid and tricks, and the
    dealer only moves round: the same session with everyone one or more seats further round (and
    the first dealer with them) gives every player the same deal points, totals, end and result."""
    p = session.players
    r = turn % p

    def turned(values: list) -> list:
        return list(values[r:]) + list(values[:r])

    entries = [{name: turned(values) for name, values in raw.items()} for raw in session.entries]
    t = table_for(p, session.first, **session.options)
    moved = make_table(GAME, turned(list(NAMES[:p])), (session.first - r) % p, **session.options)
    plain, other = GAME.replay(t, session.entries), GAME.replay(moved, entries)
    assert other.totals == tuple(turned(list(plain.totals)))
    assert [tuple(turned(list(res.points))) for res in plain.results] == [res.points for res in other.results]
    assert other.over == plain.over
    assert sorted((s - r) % p for s in plain.winners) == sorted(other.winners)
    assert [(d - r) % p for d in plain.dealers] == list(other.dealers)
    assert [moved.name(d) for d in other.dealers] == [t.name(d) for d in plain.dealers]
