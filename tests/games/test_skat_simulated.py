"""Skat played card by card: a shuffled 32-card deck dealt 3-skat-4-3 to the three active players (at four
the dealer sits out), the declarer's cards stacked for a chosen number of matadors with or against, the skat
taken and two cards put away (or the hand game played), ten tricks played out, and what the table would enter
computed from the cards (game, jacks with the skat and the run, card points with the skat, every trick or no
trick, the bid, the null result, a Ramsch's card points); whole lists fed to the engine and checked against
shared/rules/skat.md ("the note").

The oracle restates the note here instead of calling the engine's helpers: card points, the trump order, the
matadors, the levels of the multiplier, won and lost, the overbid rule (ISkO 5.4.2), the Seeger-Fabian tally
and the Ramsch. Play is legal enough: the leader plays any card, the others follow the led suit (the trumps
are one suit) when they can; the winner of a trick is the real best card, or the declarer with a chosen
chance (else a random opponent), or one side takes all tricks but a trick of blanks. To reach the edges of
the rules (30/31, 60/61, 89/90 card points, a Ramsch with two players tied at the most) a deal is played again
from the same cards until it hits them (at most 200 times; a miss is still a real deal). Every card goes to
exactly one trick or the skat, every trick to one player.

A failing example is noted as the engine gets it (names, first dealer, options, deals): GAME.replay(table,
deals) replays it. Shrinking is off, as in the other simulators: a list is dozens of drawn deals.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

import pytest
from hypothesis import HealthCheck, Phase, event, given, note, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from . import skat_oracle
from .helpers import counted_figures, make_table
from .skat_oracle import CONTRA, DECK, JACKS, POINTS, SUIT_GAMES, TOTAL, TRUMPS, led_suit, power, rank_of, worth

GAME = get_game("skat")
NAMES = ("Anna", "Ben", "Cleo", "Dan")

# --- the note, restated -----------------------------------------------------------------------------
# (the cards, card points, trumps, trick power and matadors: skat_oracle.py)

#: "Value of a suit or grand game": base values
BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
#: "Null games": by (hand, ouvert)
NULL = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
#: the most levels: with 11 (grand 4), game, hand, schneider, announced, schwarz, announced, ouvert
MOST = {**dict.fromkeys(SUIT_GAMES, 18), "grand": 11}
#: "Invariants": a value is base x multiplier (>= 2) or 23/35/46/59; a bid is a value (ISkO 3.3)
BIDS = sorted({BASE[g] * m for g in BASE for m in range(2, MOST[g] + 1)} | set(NULL.values()))
#: two cards of the skat: what a declarer without a trick can hold
SKAT_ONLY = frozenset(POINTS[a[:-1]] + POINTS[b[:-1]] for a, b in combinations(DECK, 2))
#: "The tally": a lost game's bonus to each other player, at three and at four
OTHERS = {3: 40, 4: 30}
#: the option `games` (the series): 36 at three, 48 at four
SERIES = {3: 36, 4: 48}

SIM = settings(max_examples=60, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def trump_order(game: str) -> tuple[str, ...]:
    """The trumps, highest first: the jacks, then the suit's A 10 K Q 9 8 7; the jacks only in a grand and
    a Ramsch; none in a null game."""
    return TRUMPS[game]


def matadors(cards, game: str) -> tuple[str, int]:
    """"Matadors": ("with" | "against", n) in the declarer's ten cards plus the skat."""
    return skat_oracle.matadors(cards, trump_order(game))


# --- dealing and playing out ------------------------------------------------------------------------

def active_seats(size: int, dealer: int) -> list[int]:
    """Forehand (the dealer's left), middlehand, rearhand: the dealer is rearhand at three, sits out at four."""
    return [(dealer + 1 + k) % size for k in range(3)]


def dealt(deck: list[str], seats: list[int]) -> tuple[dict[int, list[str]], list[str]]:
    """The dealer deals 3 each from forehand, 2 to the skat, 4 each, 3 each: 10 each and a skat of 2."""
    hands: dict[int, list[str]] = {seat: [] for seat in seats}
    cards = iter(deck)
    for packet in (3, "skat", 4, 3):
        if packet == "skat":
            skat = [next(cards), next(cards)]
            continue
        for seat in seats:
            hands[seat] += [next(cards) for _ in range(packet)]
    return hands, skat


def stacked(hands: dict[int, list[str]], skat: list[str], declarer: int, need: list[str], avoid: list[str]) -> None:
    """Cards swapped (in place) so that the declarer's ten cards plus the skat hold every card of `need`
    and none of `avoid`: still a real deal of 10, 10, 10 and 2."""
    mine = [(hands[declarer], i) for i in range(10)] + [(skat, i) for i in range(2)]
    others = [(hands[seat], i) for seat in hands if seat != declarer for i in range(10)]
    fixed = set(need) | set(avoid)

    def place(card: str) -> tuple[list[str], int]:
        return next((pile, i) for pile, i in mine + others if pile[i] == card)

    for card in need:
        pile, i = place(card)
        if any(p is pile and j == i for p, j in mine):
            continue
        spare_pile, j = next((p, k) for p, k in mine if p[k] not in need)
        pile[i], spare_pile[j] = spare_pile[j], pile[i]
    for card in avoid:
        pile, i = place(card)
        if not any(p is pile and j == i for p, j in mine):
            continue
        spare_pile, j = next((p, k) for p, k in others if p[k] not in fixed)
        pile[i], spare_pile[j] = spare_pile[j], pile[i]


def play_out(hands: dict[int, list[str]], game: str, seats: list[int], rng: random.Random, how,
             side: int | None) -> list[tuple[int, tuple[str, ...]]]:
    """Ten tricks, each (winner, cards in play order clockwise from the leader); forehand leads the first,
    the winner the next. `how`: "real" (the best card wins), a float (the declarer `side` wins each trick
    with that chance, else a random other player), ("blank", True/False) (the declarer takes one trick of
    blanks and no other / every trick but one of blanks), ("few", k) (a Ramsch: only the first k players
    in a shuffled order take tricks)."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    leader = seats[0]
    blank_at = rng.randrange(10) if isinstance(how, tuple) and how[0] == "blank" else None
    takers = rng.sample(seats, how[1]) if isinstance(how, tuple) and how[0] == "few" else seats
    tricks = []
    for number in range(10):
        start = seats.index(leader)
        order = [seats[(start + k) % 3] for k in range(3)]
        cards: dict[int, str] = {}
        for seat in order:
            pool = hands[seat]
            if seat != leader:
                pool = [c for c in pool if led_suit(c, game) == led_suit(cards[leader], game)] or pool
            if number == blank_at:
                pool = [c for c in pool if POINTS[rank_of(c)] == 0] or pool
            cards[seat] = rng.choice(pool)
            hands[seat].remove(cards[seat])
        led = led_suit(cards[leader], game)
        others = [s for s in order if s != side]
        if how == "real":
            winner = max(order, key=lambda s: power(cards[s], game, led))
        elif isinstance(how, float):
            winner = side if rng.random() < how else rng.choice(others)
        elif how[0] == "blank":
            declarer_wins = (number == blank_at) != how[1]
            winner = side if declarer_wins else rng.choice(others)
        else:
            winner = rng.choice(takers)
        tricks.append((winner, tuple(cards[s] for s in order)))
        leader = winner
    assert not any(hands.values()), "every card is played"
    return tricks


# --- a deal and a session ---------------------------------------------------------------------------

@dataclass
class Deal:
    dealer: int
    seats: list[int]
    game: str  # a suit, grand, null, or passed
    raw: dict
    declarer: int | None = None
    hand: bool = False
    ouvert: bool = False
    announced: str = "none"
    held: list[str] = field(default_factory=list)  # the declarer's ten cards plus the skat
    skat: list[str] = field(default_factory=list)  # the skat counted for the declarer (put away, or the hand's)
    tricks: list = field(default_factory=list)
    points: int = 0  # the declarer's card points with the skat
    took: str = "some"
    matadors: tuple[str, int] = ("with", 0)
    reached: int = 0  # the value reached (before the overbid rule)
    value: int = 0  # the value the game counts at
    bid: int = 0
    won: bool = False
    overbid: bool = False
    score: int = 0  # the list score
    plain: tuple[int, ...] = ()
    seeger: tuple[int, ...] = ()
    ramsch: list[int | None] | None = None


@dataclass
class Session:
    size: int
    first_dealer: int
    options: dict
    games: int | None  # the series' length, None when open
    deals: list[Deal]

    def __repr__(self) -> str:  # the deals are noted (see `table_of`); the cards would make a huge repr
        return f"Session({self.size} players, {len(self.deals)} deals, {self.options!r})"

    @property
    def column(self) -> str:
        return "plain" if self.options.get("ranking") == "plain" else "seeger"

    def totals(self, column: str | None = None) -> tuple[int, ...]:
        column = column or self.column
        return tuple(sum(getattr(d, column)[s] for d in self.deals) for s in range(self.size))


def trump_levels(deal: Deal) -> int:
    """"Value of a suit or grand game": the multiplier, every level an announcement implies counted."""
    announced = "schwarz" if deal.ouvert else deal.announced
    levels = deal.matadors[1] + 1 + deal.hand
    levels += deal.points >= 90 or deal.points <= 30 or announced != "none"  # schneider, both ways
    levels += announced != "none"
    levels += deal.took != "some" or announced == "schwarz"  # schwarz, both ways
    levels += announced == "schwarz"
    levels += deal.ouvert
    return levels


def score(deal: Deal, size: int, options: dict) -> None:
    """"Won, lost, overbid" and "The tally": the list score and both columns."""
    if deal.game == "null":
        deal.reached = deal.value = NULL[deal.hand, deal.ouvert]
        deal.won = deal.took == "none"
    else:
        base = BASE[deal.game]
        deal.reached = base * trump_levels(deal)
        announced = "schwarz" if deal.ouvert else deal.announced
        made = {"none": deal.points >= 61, "schneider": deal.points >= 90, "schwarz": deal.took == "all"}[announced]
        deal.overbid = deal.reached < deal.bid
        deal.value = max(deal.reached, -(-deal.bid // base) * base) if deal.overbid else deal.reached
        deal.won = made and not deal.overbid
    single = deal.hand and options.get("lost_hand_single")
    factor = CONTRA[deal.raw.get("contra", "none")]
    deal.score = (deal.value if deal.won else -deal.value * (1 if single else 2)) * factor
    deal.plain = tuple(deal.score if s == deal.declarer else 0 for s in range(size))
    deal.seeger = tuple(deal.score + (50 if deal.won else -50) if s == deal.declarer else
                        0 if deal.won else OTHERS[size] for s in range(size))


def ramsch_scores(points: dict[int, int], took: dict[int, bool], size: int) -> tuple[int, ...]:
    """"Other options", passed_deal=ramsch: the most card points score minus them (ties each), doubled when
    another player took no trick; every trick: +120."""
    takers = [s for s in took if took[s]]
    if len(takers) == 1:
        return tuple(120 if s == takers[0] else 0 for s in range(size))
    most = max(points.values())
    factor = 2 if len(takers) < 3 else 1
    return tuple(-most * factor if points.get(s) == most else 0 for s in range(size))


def declarer_points(deal: Deal) -> int:
    """The declarer's card points: the tricks taken and the skat (put away, or left in a hand game)."""
    return worth(c for winner, cards in deal.tricks if winner == deal.declarer for c in cards) + worth(deal.skat)


#: the declarer's card points at the edges of the rules: schneider against (30, 31), lost or won (60, 61),
#: schneider for the declarer (89, 90)
EDGES = (30, 31, 60, 61, 89, 90)
PLAYS = ("real", 0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, ("blank", True), ("blank", False))


def play_deal(draw, size: int, dealer: int, options: dict) -> Deal:
    """One deal: who declares what (or all pass), the cards dealt, stacked and played, the entry."""
    seats = active_seats(size, dealer)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands, skat = dealt(rng.sample(DECK, 32), seats)
    game = draw(st.sampled_from((*SUIT_GAMES, "grand", "null", "null", "passed")))
    if game == "passed":
        raw: dict = {"game": "passed"}
        deal = Deal(dealer, seats, game, raw, plain=(0,) * size, seeger=(0,) * size)
        if options.get("passed_deal") == "ramsch":
            takers = draw(st.sampled_from((1, 2, 3, 3, "tie")))  # tie: replayed until two share the most
            for _ in range(200):
                tricks = play_out(hands, "ramsch", seats, rng, ("few", 3 if takers == "tie" else takers), None)
                points = {s: worth(c for w, t in tricks if w == s for c in t) for s in seats}
                points[tricks[-1][0]] += worth(skat)  # the skat to the last trick
                if takers != "tie" or sorted(points.values())[-2] == max(points.values()):
                    break
            took = {s: any(w == s for w, _ in tricks) for s in seats}
            deal.tricks, deal.skat = tricks, skat
            deal.ramsch = [points.get(s) for s in range(size)]
            raw["ramsch_points"] = deal.ramsch
            raw["took_trick"] = [took.get(s, False) for s in range(size)]
            deal.plain = deal.seeger = ramsch_scores(points, took, size)
        return deal
    declarer = draw(st.sampled_from(seats))
    deal = Deal(dealer, seats, game, {}, declarer=declarer)
    if game != "null":
        order = trump_order(game)
        direction, n = draw(st.sampled_from(("with", "against"))), draw(st.integers(1, len(order)))
        first = order[:n]
        if direction == "with":
            stacked(hands, skat, declarer, list(first), list(order[n:n + 1]))
        else:
            stacked(hands, skat, declarer, list(order[n:n + 1]), list(first))
    deal.held = hands[declarer] + skat
    deal.hand = draw(st.booleans())
    if game == "null":
        deal.ouvert = draw(st.booleans())
    elif deal.hand:  # a hand game: ouvert, or an announcement, or nothing
        deal.announced = draw(st.sampled_from(("none", "schneider", "schwarz", "ouvert")))
        deal.ouvert = deal.announced == "ouvert"
        deal.announced = "schwarz" if deal.ouvert else deal.announced
    if deal.hand:
        deal.skat = list(skat)
    else:  # the declarer takes the skat and puts two cards away
        deal.skat = rng.sample(deal.held, 2)
        hands[declarer] = [c for c in deal.held if c not in deal.skat]
    strong = deal.announced != "none" and draw(st.booleans())  # an announcement is made with strong cards
    how = draw(st.sampled_from((0.9, 1.0, ("blank", False)) if strong else (*PLAYS, "aim", "aim")))
    if how == "aim" and game != "null":  # the edges of "won", "schneider": replayed until the count is hit
        aim = draw(st.sampled_from(EDGES))
        chance = min(1.0, max(0.0, (aim - worth(deal.skat)) / (TOTAL - worth(deal.skat))))
        for _ in range(200):
            deal.tricks = play_out(hands, game, seats, rng, chance, declarer)
            if declarer_points(deal) == aim:
                event(f"card points aimed at {aim} and hit")
                break
    else:
        deal.tricks = play_out(hands, game, seats, rng, 0.5 if how == "aim" else how, declarer)
    won_tricks = [cards for winner, cards in deal.tricks if winner == declarer]
    deal.points = declarer_points(deal)
    deal.took = "all" if len(won_tricks) == 10 else "none" if not won_tricks else "some"
    raw = deal.raw
    raw.update(game=game, declarer=declarer, hand=deal.hand, ouvert=deal.ouvert)
    if game == "null":
        raw["result"] = "won" if deal.took == "none" else "lost"
        bid = draw(st.sampled_from([b for b in BIDS if b <= NULL[deal.hand, deal.ouvert]]))
    else:
        deal.matadors = matadors(deal.held, game)
        jacks = [j for j in JACKS if j in deal.held]
        run = deal.matadors[1] - 4 if game in SUIT_GAMES and len(jacks) in (0, 4) else 0
        # ouvert is schwarz announced ("Value"): the announced box may say so or be left at nothing
        announced = draw(st.sampled_from(("schwarz", "none"))) if deal.ouvert else deal.announced
        raw.update(announced=announced, jacks=jacks, run=run, tricks=deal.took)
        if draw(st.integers(0, 3)) == 0:
            raw.update(counted="opponents", opponents_points=TOTAL - deal.points)
        else:
            raw.update(counted="declarer", points=deal.points)
        reached = BASE[game] * trump_levels(deal)
        above = [b for b in BIDS if reached < b <= BASE[game] * MOST[game]]
        if above and draw(st.integers(0, 4)) == 0:
            bid = draw(st.sampled_from(above))
        else:
            bid = draw(st.sampled_from([b for b in BIDS if b <= reached]))
    deal.bid = raw["bid"] = bid
    if options.get("kontra"):
        raw["contra"] = draw(st.sampled_from(("none", "none", "contra", "recontra")))
    score(deal, size, options)
    return deal


@st.composite
def sessions(draw, series: str | None = None) -> Session:
    """A whole list: three or four players, the options, and every deal played card by card until the
    series ends (36 or 48 games, an agreed number, or an open list stopped after some games)."""
    size = draw(st.sampled_from((3, 4)))
    first = draw(st.integers(0, size - 1))
    series = series or draw(st.sampled_from(("number", "number", "open")))  # by_players: its own test
    options: dict = {"series": series, "ranking": draw(st.sampled_from(("seeger_fabian", "plain"))),
                     "passed_deal": draw(st.sampled_from(("row", "ramsch"))),
                     "lost_hand_single": draw(st.integers(0, 4)) == 0, "kontra": draw(st.integers(0, 3)) == 0}
    if series == "number":
        options["games"] = games = draw(st.integers(1, 12))
        count = games
    elif series == "open":
        games, count = None, draw(st.integers(1, 12))
    else:
        games = count = SERIES[size]
    deals = [play_deal(draw, size, (first + k) % size, options) for k in range(count)]
    return Session(size, first, options, games, deals)


def table_of(session: Session):
    """The session's table; the session noted for a failure's report: GAME.replay(table, deals) replays it."""
    names = NAMES[:session.size]
    note(f"names={names} first_dealer={session.first_dealer} options={session.options!r} "
         f"deals={[d.raw for d in session.deals]!r}")
    return make_table(GAME, names, session.first_dealer, **session.options)


def tally(session: Session) -> None:
    """Hypothesis statistics (pytest --hypothesis-show-statistics): which deep states a run reached."""
    event(f"{session.size} players, series {session.options['series']}")
    for name in ("kontra", "lost_hand_single"):
        if session.options[name]:
            event(f"option {name}")
    for deal in session.deals:
        if deal.game == "passed":
            event("passed: " + ("Ramsch" if deal.ramsch else "row"))
            if deal.ramsch and 120 in deal.plain:
                event("Ramsch: one player took every trick")
            elif deal.ramsch and min(deal.plain) < 0 and (deal.plain.count(min(deal.plain)) > 1):
                event("Ramsch: tied most card points")
            continue
        kind = deal.game if deal.game != "null" else "null" + " hand" * deal.hand + " ouvert" * deal.ouvert
        event(f"game {kind}")
        if deal.game != "null":
            event(f"matadors {deal.matadors[0]} {deal.matadors[1]}")
            if deal.hand:
                event("hand " + ("ouvert" if deal.ouvert else f"announced {deal.announced}"))
            if deal.announced != "none" and not deal.overbid:
                what = "ouvert" if deal.ouvert else deal.announced + " announced"
                event(f"{what} {'made' if deal.won else 'failed'}")
            if deal.points >= 90 or deal.points <= 30:
                event("schneider " + ("for" if deal.points >= 90 else "against") + " the declarer")
            if deal.took != "some":
                event(f"schwarz: declarer took {deal.took}")
            if deal.took == "none" and deal.points:
                event("declarer without a trick has the skat's points")
            if deal.points == 120 and deal.took == "some":
                event("120 card points without schwarz")
            if deal.overbid:
                event("overbid" + (" with 61 or more" if deal.points >= 61 else ""))
        event("won" if deal.won else "lost")


# --- invariants ------------------------------------------------------------------------------------

def check_cards(deal: Deal) -> None:
    """The simulator itself, "Cards, card points, who plays" and "Invariants": 32 cards, 10 tricks of
    three and a skat of two, each card once; card points add up to 120; every trick means 120, no trick
    at most the skat's 22; declarer + opponents = 120."""
    if not deal.tricks:
        return
    played = [c for _, cards in deal.tricks for c in cards]
    assert len(deal.tricks) == 10 and all(len(cards) == 3 for _, cards in deal.tricks)
    assert sorted(played + deal.skat) == sorted(DECK)
    assert worth(played) + worth(deal.skat) == TOTAL
    if deal.ramsch:
        assert sum(p for p in deal.ramsch if p is not None) == TOTAL
        return
    opponents = sum(worth(cards) for winner, cards in deal.tricks if winner != deal.declarer)
    assert deal.points + opponents == TOTAL
    if deal.took == "all":
        assert deal.points == TOTAL
    if deal.took == "none":
        assert deal.points == worth(deal.skat) <= 22 and deal.points in SKAT_ONLY


@SIM
@given(sessions())
def test_every_simulated_list_is_accepted_and_scored_as_the_note_says(session):
    """The note's "Entry at the table" (the app shows the value and the overbid), "Value of a suit or grand
    game" (matadors with the skat, levels both ways, announcements
    counting every level they imply), "Null games", "Won, lost, overbid" (ISkO 5.3, 5.4.2), "The tally" and
    "Other options" (lost_hand_single, kontra, Ramsch): every simulated real deal is accepted (never refused);
    each deal's points are the ranking column's; both columns equal the sums of the deal results."""
    tally(session)
    t = table_of(session)
    for deal in session.deals:
        check_cards(deal)
    standing = GAME.replay(t, [d.raw for d in session.deals])
    column = session.column
    assert [r.points for r in standing.results] == [getattr(d, column) for d in session.deals]
    running = [0] * session.size
    for deal, after in zip(session.deals, standing.running):
        running = [r + p for r, p in zip(running, getattr(deal, column))]
        assert after == tuple(running)
    for deal, result in zip(session.deals, standing.results):  # "Entry at the table": the value, the overbid
        text = " ".join(str(line) for line in result.breakdown)
        if deal.game in BASE:
            assert f"= {BASE[deal.game]} x {trump_levels(deal)} = {deal.reached}." in text, text
            assert ("Overbid" in text) == deal.overbid
        elif deal.game == "null":
            name = {(False, False): "Null", (True, False): "Null Hand", (False, True): "Null Ouvert",
                    (True, True): "Null Ouvert Hand"}[deal.hand, deal.ouvert]
            assert f"{name}: {deal.value}" in text
        if deal.game != "passed":
            assert ("Won: " in text) == deal.won
    assert standing.state.plain == session.totals("plain")
    assert standing.state.seeger_fabian == session.totals("seeger")
    assert standing.totals == session.totals()


@SIM
@given(sessions())
def test_values_won_games_and_the_seeger_fabian_invariant(session):
    """The note's "Invariants": a value is base x multiplier (>= 2) or 23/35/46/59; a won game's value
    reaches the bid, a lost overbid one counts at the lowest multiple of the base reaching it (ISkO 5.4.2);
    Seeger-Fabian total = plain total + 50 x (games won - games lost as declarer) + 40 (30 at four) x
    games the others lost while this player sat against them or dealt; passed deals score nothing but a
    Ramsch's plain points, in both columns."""
    t = table_of(session)
    standing = GAME.replay(t, [d.raw for d in session.deals])
    for deal in session.deals:
        if deal.game in BASE:
            assert deal.value % BASE[deal.game] == 0 and deal.value >= 2 * BASE[deal.game]
            assert deal.value <= BASE[deal.game] * MOST[deal.game]
        elif deal.game == "null":
            assert deal.value in NULL.values()
        if deal.won:
            assert deal.value >= deal.bid and deal.score > 0
        elif deal.overbid:
            assert deal.value - BASE[deal.game] < deal.bid <= deal.value
    plain, seeger = standing.state.plain, standing.state.seeger_fabian
    for seat in range(session.size):
        expected = plain[seat]
        for deal in session.deals:
            if deal.game == "passed":
                continue
            if deal.declarer == seat:
                expected += 50 if deal.won else -50
            elif not deal.won:
                expected += OTHERS[session.size]
        assert seeger[seat] == expected


@SIM
@given(sessions())
def test_dealer_rotates_clockwise_and_sits_out_at_four(session):
    """The note's "Cards, card points, who plays": forehand is the dealer's left; the dealer rotates
    clockwise; at four the dealer sits out (cannot declare) and the lost game's 30 reaches the dealer too."""
    t = table_of(session)
    raws = [d.raw for d in session.deals]
    standing = GAME.replay(t, raws)
    assert standing.dealers == tuple((session.first_dealer + k) % session.size for k in range(len(raws)))
    for cut in {0, len(raws) // 2, len(raws) - 1}:
        before = GAME.replay(t, raws[:cut])
        dealer = (session.first_dealer + cut) % session.size
        assert before.dealer == dealer
        text = " ".join(str(n) for n in before.notes)
        assert f"{NAMES[dealer]} deals" in text and f"{NAMES[(dealer + 1) % session.size]} is forehand" in text
        if session.size == 4:
            assert "sits out" in text
            bad = session.deals[cut]
            if bad.game != "passed":
                with pytest.raises(RuleError) as error:
                    GAME.parse(t, before.state, {**bad.raw, "declarer": dealer})
                assert error.value.field == "declarer"
    if session.size == 4:
        for deal in session.deals:
            if deal.game != "passed" and not deal.won:
                assert deal.seeger[deal.dealer] == 30


def check_series(session: Session) -> None:
    t = table_of(session)
    raws = [d.raw for d in session.deals]
    if len(raws) > 1:
        early = GAME.replay(t, raws[:-1])
        assert not early.over and not early.winners
        assert early.deals_left == (None if session.games is None else session.games - len(raws) + 1)
    standing = GAME.replay(t, raws)
    if session.games is None:
        assert not standing.over and standing.deals_left is None
        return
    assert standing.over and standing.deals_left == 0 and len(raws) == session.games
    other = "seeger_fabian" if session.column == "plain" else "plain"
    flipped = GAME.replay(make_table(GAME, NAMES[:session.size], session.first_dealer,
                                     **{**session.options, "ranking": other}), raws)
    for result, totals in ((standing, session.totals()),
                           (flipped, session.totals("plain" if other == "plain" else "seeger"))):
        assert result.totals == totals
        assert set(result.winners) == {s for s in range(session.size) if totals[s] == max(totals)}
        places = GAME.places(t, result.state)
        assert places == tuple(1 + sum(o > totals[seat] for o in totals) for seat in range(session.size))
    with pytest.raises(DealError) as error:
        GAME.replay(t, [*raws, raws[0]])
    assert error.value.index == len(raws)


SERIES_RULE = """The note's "Cards, card points, who plays" (option games: 36 at three, 48 at four, any number, or
    open; a passed-in deal counts as a game) and "The tally" (option ranking, Seeger-Fabian or the plain list,
    decides the order; equal totals share the place): the list is over after exactly that many games, not
    before; the winners and places follow the ranking column (the other column with the other ranking); no
    game after the end."""


@SIM
@given(sessions())
def test_the_series_ends_exactly_and_the_ranking_column_names_the_winners(session):
    check_series(session)


@settings(SIM, max_examples=6)
@given(sessions(series="by_players"))
def test_a_whole_dskv_series_of_36_or_48_games(session):
    tally(session)
    check_series(session)
    for deal in session.deals:
        check_cards(deal)


test_the_series_ends_exactly_and_the_ranking_column_names_the_winners.__doc__ = SERIES_RULE
test_a_whole_dskv_series_of_36_or_48_games.__doc__ = SERIES_RULE + " A whole DSkV series, card by card."


@SIM
@given(sessions())
def test_figures_count_the_declarers_games(session):
    """The note's "Won, lost, overbid" and the engine's statistics (game values as counted, overbid
    included, before doubling): declared, won, lost, game values, grand, null, hand, ouvert, won schneider
    (90 or more), won schwarz (every trick), lost overbid, Kontra and Re; a passed deal counts for nobody."""
    t = table_of(session)
    expected = {name: [0] * session.size for name in (
        "declared", "won", "lost", "game_values", "grand", "null", "hand", "ouvert", "schneider", "schwarz",
        "overbid", "kontra", "re")}
    for deal in session.deals:
        if deal.game == "passed":
            continue
        s = deal.declarer
        contra = deal.raw.get("contra", "none")
        trumps = deal.game in BASE
        for name, count in (("declared", 1), ("won", deal.won), ("lost", not deal.won), ("game_values", deal.value),
                            ("grand", deal.game == "grand"), ("null", deal.game == "null"), ("hand", deal.hand),
                            ("ouvert", deal.ouvert), ("schneider", deal.won and trumps and deal.points >= 90),
                            ("schwarz", deal.won and trumps and deal.took == "all"), ("overbid", deal.overbid),
                            ("kontra", contra != "none"), ("re", contra == "recontra")):
            expected[name][s] += int(count)
    assert counted_figures(GAME, t, [d.raw for d in session.deals]) == expected


def variations(deal: Deal, size: int) -> list[tuple[dict, str]]:
    """Impossible versions of a real deal and the box each is refused at."""
    raw, out = deal.raw, []
    if deal.game == "passed":
        if deal.ramsch:  # "Cards, card points": no pile holds 1 card point; one card too many
            playing = [s for s, p in enumerate(deal.ramsch) if p is not None]
            seat = max(playing, key=lambda s: deal.ramsch[s])
            rest = [s for s in playing if s != seat]
            ones = list(deal.ramsch)
            ones[seat], ones[rest[0]] = 1, ones[rest[0]] + ones[seat] - 1  # still 120 in all
            if ones[rest[0]] == 119:  # the others each a count a pile can hold
                ones[rest[0]], ones[rest[1]] = 100, ones[rest[1]] + 19
            out.append(({**raw, "ramsch_points": ones}, f"ramsch_points-{seat}"))
            more = list(deal.ramsch)
            more[seat] += 11
            out.append(({**raw, "ramsch_points": more}, "ramsch_points*"))
        return out
    # "Won, lost, overbid": a bid is a value; a null game below the bid cannot be announced
    if deal.bid + 1 not in BIDS and deal.bid < 264:
        out.append(({**raw, "bid": deal.bid + 1}, "bid"))
    if deal.game == "null":
        out.append(({**raw, "bid": min(b for b in BIDS if b > NULL[deal.hand, deal.ouvert])}, "bid"))
        return out
    where = "opponents_points" if raw["counted"] == "opponents" else "points"

    def counting(points: int) -> dict:
        return {**raw, where: TOTAL - points if where == "opponents_points" else points}

    # "Cards, card points" (no pile holds 1 nor 119) and "Invariants" (every trick 120, no trick the skat)
    out += [(counting(1), where), (counting(119), where)]
    if deal.points != TOTAL:
        out.append(({**counting(deal.points), "tricks": "all"}, where))
    if deal.points > 22:
        out.append(({**counting(deal.points), "tricks": "none"}, where))
    if where == "points" and deal.points + 11 > TOTAL:  # an ace counted twice
        out.append(({**raw, "points": deal.points + 11}, "points"))
    if deal.took == "none":  # a third card in the skat: refused when no two cards hold the count
        three = sorted({deal.points + POINTS[rank_of(card)] for card in DECK if card not in deal.skat} - SKAT_ONLY)
        if three:  # the counts two cards cannot hold but three can (9, 16-19) first, then those over 22
            out.append(({**counting(min(three, key=lambda p: (p > 22, p))), "tricks": "none"}, where))
    # "Value": announcements and ouvert only in hand games; the run only in a suit game after 4 or 0 jacks
    if not deal.hand:
        out.append(({**raw, "announced": "schneider"}, "announced"))
        out.append(({**raw, "ouvert": True}, "hand"))
    if deal.game == "grand" or len(raw["jacks"]) not in (0, 4):
        out.append(({**raw, "run": 1}, "run"))
    return out


@SIM
@given(sessions())
def test_an_impossible_variation_of_a_simulated_deal_is_refused_at_its_box(session):
    """The note's "Cards, card points" (no pile holds 1 or 119 card points; 120 in all), "Invariants"
    (every trick means 120, no trick means the skat's two cards, at most 22; a bid is a value), "Value"
    (announcements and ouvert only in hand games; the run only with four jacks or none in a suit game),
    "Null games" (a null below the bid cannot be announced): each impossible variation of a real deal is
    refused at its box, in the state the real deal was entered in."""
    t = table_of(session)
    state = GAME.start(t)
    for deal in session.deals:
        for bad, where in variations(deal, session.size):
            with pytest.raises(RuleError) as error:
                GAME.parse(t, state, bad)
            got = error.value.field or ""
            assert got.startswith(where[:-1]) if where.endswith("*") else got == where, (bad, str(error.value))
        _, state = GAME.play(t, state, deal.raw)
