"""Schieber and Coiffeur played card by card: a shuffled 36-card deck dealt 9 each, nine tricks played out,
and what the table would enter computed from the cards (card points, match, Weis, Stöck, who thanked
first), whole sessions fed to the engines and checked against the rules notes.

The simulator knows the rules only from ``shared/rules/schieber.md`` and ``coiffeur.md``: it uses nothing of
the engines but their entry format (``deal_fields``). Play is legal enough: the leader plays any card, the
others follow suit when they can, and a deal's winner of each trick is the real best card, a random player, or
(to reach matches) one team throughout; every card goes to exactly one trick, every trick to one player. A
deck may be stacked (cards swapped between hands before play: still a real deal) so that a hand holds the
trump K and Q or a long run, which makes Stöck and Weis decide the race to the target often.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, Phase, event, given, note, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from . import jass_oracle as jass
from .helpers import counted_figures, make_table
from .jass_oracle import (
    DECK,
    LAST_TRICK,
    RANKS,
    STOECK,
    SUITS,
    TOTAL,
    meld_points,
    meld_rank,
    stacked,
    suit_of,
    value,
)

SCHIEBER, COIFFEUR = get_game("schieber"), get_game("coiffeur")
NAMES = ("Anna", "Ben", "Cleo", "Dan")  # Anna & Cleo are team A (seats 0, 2), Ben & Dan team B (1, 3)
# the deck, card points per trump kind, trick power and the Weis (swiss values): jass_oracle.py
KINDS = ("H", "D", "S", "C", "obenabe", "undenufe")
# schieber.md "Factors per trump kind"
PRESETS = {"swisslos": dict(zip(KINDS, (1, 1, 2, 2, 3, 3))), "none": dict.fromkeys(KINDS, 1),
           "pagat": dict(zip(KINDS, (1, 1, 2, 2, 3, 4)))}
# schieber.md "Start, presets and the end": the three presets of the start form
START_PRESETS = ((2500, "swisslos"), (1000, "none"), (3000, "pagat"))
# No shrinking: a session is dozens of drawn deals and shrinking one takes minutes (past the 180 s timeout);
# each test notes the session as the engine gets it (options, first dealer, deals), to replay a failure.
SIM = settings(max_examples=150, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def team_of(seat: int) -> int:
    return seat % 2


# --- Weis: what each player shows, and which team scores ------------------------------------------

def shown(hand: list[str], kind: str) -> tuple[tuple[str, ...], ...]:
    """The Weis a player declares: no card in two Weis ("A card may not serve in two Weis"), the way with
    the strongest single Weis, then the most points."""
    melds = jass.melds_in(hand)
    best: tuple[tuple, tuple[tuple[str, ...], ...]] = (((),), ())

    def choose(start: int, used: frozenset[str], chosen: tuple[tuple[str, ...], ...]) -> None:
        nonlocal best
        key = (max((meld_rank(m, kind) for m in chosen), default=()), sum(map(meld_points, chosen)))
        if key > best[0]:
            best = (key, chosen)
        for index in range(start, len(melds)):
            if not used & set(melds[index]):
                choose(index + 1, used | set(melds[index]), (*chosen, melds[index]))

    choose(0, frozenset(), ())
    return best[1]


def team_weis(hands: list[list[str]], kind: str, forehand: int) -> tuple[int, int]:
    """schieber.md: only the team holding the best single Weis scores, all Weis of both its players; at
    equal rank the player nearer forehand (play goes counter-clockwise)."""
    declared = [shown(hand, kind) for hand in hands]
    ranked = [(meld_rank(meld, kind), -((forehand - seat) % 4), seat)
              for seat in range(4) for meld in declared[seat]]
    if not ranked:
        return 0, 0
    best = team_of(max(ranked)[2])
    points = sum(meld_points(meld) for seat in (best, best + 2) for meld in declared[seat])
    return (points, 0) if best == 0 else (0, points)


# --- dealing and playing out --------------------------------------------------------------------

def dealt(deck: list[str], dealer: int) -> list[list[str]]:
    """The dealer deals all 36 cards, 9 each, in packets of three, counter-clockwise from forehand."""
    hands: list[list[str]] = [[] for _ in range(4)]
    for packet in range(12):
        hands[(dealer - 1 - packet) % 4] += deck[3 * packet:3 * packet + 3]
    return hands


@st.composite
def stacks(draw: st.DrawFn, kind: str) -> tuple[int, list[str]]:
    """Cards one hand may be given: trump K and Q (Stöck), a run, four jacks and a run, or nothing."""
    seat = draw(st.integers(0, 3))
    how = draw(st.sampled_from(["none", "none", "none", "stoeck", "run", "run", "fours"]))
    suit = kind if kind in SUITS else draw(st.sampled_from(SUITS))
    if how == "stoeck":
        return seat, ["K" + suit, "Q" + suit]
    if how == "run":
        length = draw(st.integers(3, 9))
        start = draw(st.integers(0, 9 - length))
        return seat, [rank + suit for rank in RANKS[start:start + length]]
    if how == "fours":
        return seat, ["J" + s for s in SUITS] + [rank + suit for rank in ("10", "9", "8", "7", "6")]
    return seat, []


def play_out(hands: list[list[str]], kind: str, leader: int, rng: random.Random,
             how: tuple[str, int]) -> list[tuple[int, tuple[str, ...]]]:
    """Nine tricks, each (winner, cards in play order, counter-clockwise from the leader); the winner
    leads the next. `how`: ("real", _) the best card wins, ("random", _) any player, ("sweep", team) the
    team takes every trick, ("blank", team) the team takes all but one trick of blanks before the last."""
    hands = [list(hand) for hand in hands]
    blank_at = rng.randrange(8) if how[0] == "blank" else None
    tricks = []
    for number in range(9):
        order = [(leader - k) % 4 for k in range(4)]
        cards: dict[int, str] = {}
        for seat in order:
            pool = hands[seat]
            if number == blank_at:
                pool = [card for card in pool if value(card, kind) == 0] or pool
            elif seat != leader:
                pool = [card for card in pool if suit_of(card) == suit_of(cards[leader])] or pool
            cards[seat] = rng.choice(pool)
            hands[seat].remove(cards[seat])
        if how[0] == "real":
            winner = order[jass.trick_winner([cards[s] for s in order], kind)]
        elif how[0] == "random":
            winner = rng.choice(order)
        else:
            team = 1 - how[1] if number == blank_at else how[1]
            winner = rng.choice((team, team + 2))
        tricks.append((winner, tuple(cards[s] for s in order)))
        leader = winner
    assert all(not hand for hand in hands)
    return tricks


def card_points(tricks: list[tuple[int, tuple[str, ...]]], kind: str) -> tuple[int, int]:
    """Each team's card points: its tricks' cards, and 5 for the last trick."""
    points = [0, 0]
    for number, (winner, cards) in enumerate(tricks):
        points[team_of(winner)] += sum(value(card, kind) for card in cards) + LAST_TRICK * (number == 8)
    return points[0], points[1]


# --- a Schieber session -------------------------------------------------------------------------

@dataclass
class Deal:
    dealer: int
    chooser: int
    pushed: bool
    kind: str
    tricks: list[tuple[int, tuple[str, ...]]]
    points: tuple[int, int]
    match: tuple[bool, bool]
    weis: tuple[int, int]
    stoeck: tuple[bool, bool]
    scores: tuple[int, int]
    steps: list[tuple[str, int, int, int]]  # the deal counted Stöck - Weis - Stich: (how, team, seat, points)
    raw: dict
    decided: str | None = None  # the game ends in this deal: "stoeck", "weis", "cards" or "asked"


@dataclass
class Session:
    options: dict
    first_dealer: int
    deals: list[Deal]
    target: int | None
    winner: int | None = None
    berg: int | None = None
    berg_clear: bool = True  # False: both passed half the target in one deal only with card points


def race(before: list[int], steps: list[tuple[str, int, int, int]], target: float):
    """Counting in the order of the Ausmachregel (schieber.md "Start, presets and the end": Stöck - Weis -
    Stich), the card points trick by trick as taken: (first team to `target`, how, the seat whose trick
    got it there, whether both teams pass it in this deal); None when neither does."""
    running, first = list(before), None
    for how, team, seat, points in steps:
        running[team] += points
        if first is None and running[team] >= target:
            first = (team, how, seat)
    if first is None:
        return None
    return (*first, all(total >= target for total in running))


def play_deal(draw: st.DrawFn, options: dict, factor: dict[str, int], dealer: int) -> Deal:
    """One deal: forehand (the dealer's right) chooses or pushes to the partner, the dealer deals a shuffled
    deck 9 each, forehand leads, nine tricks; what the table enters and what the deal scores."""
    forehand = (dealer - 1) % 4
    pushed = draw(st.booleans())
    chooser = (forehand + 2) % 4 if pushed else forehand
    kind = draw(st.sampled_from(KINDS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands = stacked(dealt(rng.sample(DECK, 36), dealer), *draw(stacks(kind)))
    how = draw(st.sampled_from([("real", 0), ("real", 0), ("random", 0), ("sweep", 0), ("sweep", 1),
                                ("blank", 0), ("blank", 1)]))
    tricks = play_out(hands, kind, forehand, rng, how)
    points = card_points(tricks, kind)
    takers = {team_of(winner) for winner, _ in tricks}
    match = (takers == {0}, takers == {1})
    weis, stoeck = (0, 0), (False, False)
    if options["weis_and_stoeck"]:
        weis = team_weis(hands, kind, forehand)
        if kind in SUITS:
            stoeck = tuple(any({"K" + kind, "Q" + kind} <= set(hands[s]) for s in (t, t + 2)) for t in (0, 1))
    f, bonus = factor[kind], options["match_bonus"]
    x = f if options["factor_on_extras"] else 1
    scores = tuple(f * (points[t] + bonus * match[t]) + x * (weis[t] + STOECK * stoeck[t]) for t in (0, 1))
    steps = [("stoeck", t, t, x * STOECK) for t in (0, 1) if stoeck[t]]
    steps += [("weis", t, t, x * weis[t]) for t in (0, 1) if weis[t]]
    for number, (winner, cards) in enumerate(tricks):
        taken = sum(value(card, kind) for card in cards) + LAST_TRICK * (number == 8)
        steps.append(("cards", team_of(winner), winner, f * taken))
    steps += [("cards", t, t, f * bonus) for t in (0, 1) if match[t]]
    raw = {"trump": kind, "pushed": pushed, "points": [*points, None, None], "match": [*match, False, False]}
    if options["weis_and_stoeck"]:
        raw |= {"weis": [*weis, 0, 0], "stoeck": [*stoeck, False, False]}
    return Deal(dealer, chooser, pushed, kind, tricks, points, match, weis, stoeck, scores, steps, raw)


def aimed(deals: list[Deal], want: str) -> tuple[list[tuple[str, int, int]], bool]:
    """The targets (100 to 10000) that nobody reaches before the last deal and a team reaches in it, as
    ranges (how, lowest, highest), those reached in the way `want`ed (by Stöck, Weis, card points, both
    teams by card points) if there are any, and whether there are."""
    before = [sum(d.scores[t] for d in deals[:-1]) for t in (0, 1)]
    final = [before[t] + deals[-1].scores[t] for t in (0, 1)]
    running, ranges = list(before), []
    for how, team, _, points in deals[-1].steps:
        low = max(running) + 1
        running[team] += points
        high = min(running[team], final[1 - team]) if want == "asked" else running[team]
        if min(high, 10000) >= max(low, 100):
            ranges.append((how, max(low, 100), min(high, 10000)))
    kept = [r for r in ranges if r[0] == {"asked": "cards"}.get(want, want)]
    return kept or ranges, bool(kept)


@st.composite
def schieber_sessions(draw: st.DrawFn, end: str = "target") -> Session:
    """A whole session played card by card until the rules end it (a team reaches the target, or the number
    of deals is played): the options, every deal as the table would enter it, and what the rules say. Half
    the sessions play to a preset or common target; the others get a target that the last of some deals
    reaches in the way wanted (by Stöck, by Weis, by card points, both teams by card points): "the target may
    be any number" (schieber.md), so that the deep states of the race come often."""
    preset = draw(st.sampled_from([*START_PRESETS, None]))
    if preset is None:
        factors = draw(st.sampled_from(["swisslos", "none", "pagat", "custom"]))
        target = draw(st.sampled_from([100, 300, 500, 700, 1000, 1500, 2000]))
    else:
        target, factors = preset
    options = {"factors": factors, "end": end}
    factor = dict(PRESETS.get(factors, {}))
    if factors == "custom":
        for kind in KINDS:
            factor[kind] = options[f"factor_{kind}"] = draw(st.integers(1, 9))
    options["factor_on_extras"] = draw(st.sampled_from([True, True, False]))
    options["weis_and_stoeck"] = draw(st.sampled_from([True, True, True, False]))
    options["match_bonus"] = draw(st.sampled_from([100, 100, 100, 0, 250]))
    first = draw(st.integers(0, 3))
    deals: list[Deal] = []

    def more() -> Deal:
        deals.append(play_deal(draw, options, factor, (first - len(deals)) % 4))  # next dealer: seat - 1
        return deals[-1]

    if end == "deals":
        options["deals"] = draw(st.integers(1, 12))
        for _ in range(options["deals"]):
            more()
        return Session(options, first, deals, None)
    want = draw(st.sampled_from(["no", "no", "stoeck", "stoeck", "weis", "cards", "asked", "asked"]))
    if want != "no":
        for _ in range(draw(st.integers(0, 7))):
            more()
        ranges, wanted = [], False
        while not wanted and len(deals) < 12:
            more()
            ranges, wanted = aimed(deals, want)
        if ranges:
            _, low, high = draw(st.sampled_from(ranges))
            target = draw(st.integers(low, high))
        else:
            deals.clear()
    options["target"] = target
    session = Session(options, first, [], target)
    totals = [0, 0]
    for index in range(60):  # to 3000 a session ends within 39 deals (157 a deal at least)
        deal = deals[index] if index < len(deals) else more()
        session.deals.append(deal)
        if session.berg is None:
            half = race(totals, deal.steps, target / 2)
            if half is not None:
                session.berg = half[0]
                session.berg_clear = not (half[1] == "cards" and half[3])
        won = race(totals, deal.steps, target)
        totals = [totals[t] + deal.scores[t] for t in (0, 1)]
        if won is not None:
            team, how_won, seat, both = won
            deal.decided = "asked" if how_won == "cards" and both else how_won
            deal.raw.pop("thanked_first", None)
            if deal.decided == "asked":
                deal.raw["thanked_first"] = seat  # the player whose trick brought the team there thanks
            session.winner = team
            assert index + 1 >= len(deals), "an aimed target is reached in the last deal, not before"
            return session
    raise AssertionError("no team reached the target")


def tally(session: Session) -> None:
    """Hypothesis statistics (pytest --hypothesis-show-statistics): which deep states a run reached."""
    for deal in session.deals:
        event(f"trump {deal.kind}")
        if any(deal.match):
            event("match" if deal.match[team_of(deal.chooser)] else "Kontermatsch")
        if TOTAL in deal.points and not any(deal.match):
            event("157 card points without a match (a trick of blanks)")
        if any(deal.weis):
            event("Weis of team " + "AB"[deal.weis[1] > 0])
        if any(deal.stoeck):
            event("Stöck")
        if any(deal.stoeck) and any(deal.match) and deal.match[deal.stoeck.index(True)] is False:
            event("Stöck against the other team's match")
        if deal.decided:
            event(f"game decided by {deal.decided}")
    event(f"factors {session.options['factors']}")
    if session.target and session.winner is not None:
        finals = [sum(d.scores[t] for d in session.deals) for t in (0, 1)]
        if min(finals) >= session.target:
            event("both teams passed the target")
        if finals[session.winner] < finals[1 - session.winner]:
            event("the winner has the lower total")
    if not session.berg_clear:
        event("Berg: both teams passed half the target by card points in one deal")


def table_of(session: Session):
    """The session's table; the session noted for a failure's report: GAME.replay(table, deals) replays it."""
    note(f"options={session.options!r} first_dealer={session.first_dealer} deals={[d.raw for d in session.deals]!r}")
    return make_table(SCHIEBER, NAMES, session.first_dealer, **session.options)


# --- Schieber invariants -------------------------------------------------------------------------

@SIM
@given(schieber_sessions())
def test_a_simulated_session_to_the_target_is_accepted_and_scored_as_the_rules_say(session):
    """schieber.md "Card points (157 a deal)", "Scoring a deal", "Factors per trump kind", "Invariants": every
    real deal is accepted; the cards count 157 with the last trick (257 with a match); each deal scores
    factor x (card points + match bonus + Weis + Stöck) (factor_on_extras off: Weis and Stöck once);
    totals are the sums of the deal results."""
    tally(session)
    t = table_of(session)
    for deal in session.deals:
        assert sum(deal.points) == TOTAL, "the simulator's cards count 157 a deal"
        assert sum(len(cards) for _, cards in deal.tricks) == 36
    standing = SCHIEBER.replay(t, [deal.raw for deal in session.deals])
    assert [r.points for r in standing.results] == [(*d.scores, *d.scores) for d in session.deals]
    running = [0, 0]
    for deal, after in zip(session.deals, standing.running):
        running = [running[t] + deal.scores[t] for t in (0, 1)]
        assert after == (*running, *running)
    assert standing.totals == (*running, *running)


@SIM
@given(schieber_sessions())
def test_the_game_ends_exactly_when_a_team_reaches_the_target_and_the_ausmachregel_names_the_winner(session):
    """schieber.md "Start, presets and the end", end target: the first team to reach the target wins, also
    with the lower final total; both in one deal: Stöck - Weis - Stich, then who thanked first (asked only
    then, no default); no deal after the end. Berg (option berg) marks the first team to half the target;
    Schneider the losing team below half of it; both shown at the end."""
    t = table_of(session)
    state = SCHIEBER.start(t)
    for index, deal in enumerate(session.deals):
        assert not SCHIEBER.is_over(t, state)
        if deal.decided == "asked":
            without = {k: v for k, v in deal.raw.items() if k != "thanked_first"}
            with pytest.raises(RuleError) as error:
                SCHIEBER.parse(t, state, without)
            assert error.value.field == "thanked_first"
        else:
            with pytest.raises(RuleError) as error:
                SCHIEBER.parse(t, state, deal.raw | {"thanked_first": deal.chooser})
            assert error.value.field == "thanked_first"
        _, state = SCHIEBER.play(t, state, deal.raw)
        assert SCHIEBER.is_over(t, state) == (index == len(session.deals) - 1)
    team = session.winner
    assert SCHIEBER.winners(t, state) == (team, team + 2)
    with pytest.raises(RuleError):
        SCHIEBER.parse(t, state, session.deals[0].raw)
    if session.berg_clear:  # both past half by card points in one deal: the app cannot know whose trick came first
        assert state.berg == session.berg
    loser_below = state.totals[1 - team] < session.target / 2
    notes = [str(n) if n else None for n in SCHIEBER.final_seat_notes(t, state)]
    assert notes == ["Berg" if team_of(s) == state.berg else
                     "Schneider" if team_of(s) != team and loser_below else None for s in range(4)]


@SIM
@given(schieber_sessions(end="deals"))
def test_a_session_of_a_number_of_deals_ends_after_them_and_the_higher_total_wins(session):
    """schieber.md "Start, presets and the end", end deals: after that many deals the higher total wins,
    equal totals share the win; no Berg or Schneider without a target."""
    t = table_of(session)
    raws = [deal.raw for deal in session.deals]
    assert not SCHIEBER.replay(t, raws[:-1]).over
    standing = SCHIEBER.replay(t, raws)
    a, b = (sum(d.scores[team] for d in session.deals) for team in (0, 1))
    assert standing.over and standing.totals == (a, b, a, b)
    assert set(standing.winners) == ({0, 2} if a > b else {1, 3} if b > a else {0, 1, 2, 3})
    assert standing.seat_notes == (None,) * 4
    with pytest.raises(DealError):
        SCHIEBER.replay(t, [*raws, raws[0]])


@SIM
@given(schieber_sessions())
def test_dealer_forehand_and_chooser_rotate_counter_clockwise(session):
    """schieber.md "A deal": forehand (the dealer's right, seat - 1) chooses or pushes to the partner, leads,
    and deals next. Statistics (figures): who chose, who pushed, matches and Kontermatsch, Weis, Stöck and card
    points per team, from the deals as played."""
    t = table_of(session)
    raws = [deal.raw for deal in session.deals]
    for cut in {1, len(raws) - 1} - {0}:
        standing = SCHIEBER.replay(t, raws[:cut])
        if not standing.over:
            dealer = (session.first_dealer - cut) % 4
            assert (standing.dealer, standing.leader) == (dealer, (dealer - 1) % 4)
            assert str(standing.seat_notes[(dealer - 1) % 4]) == "forehand: chooses trump or pushes"
    standing = SCHIEBER.replay(t, raws)
    assert standing.dealers == tuple(deal.dealer for deal in session.deals)
    assert all(d.dealer == (session.first_dealer - i) % 4 for i, d in enumerate(session.deals))
    for deal, result in zip(session.deals, standing.results):
        assert f"chosen by {NAMES[deal.chooser]}." in str(result.breakdown[0])
    expected = {name: [0] * 4 for name in ("deals_played", "chose", "pushed", "matches", "kontermatsch", "weis",
                                           "stoeck", "card_points")}
    for deal in session.deals:
        expected["chose"][deal.chooser] += 1
        if deal.pushed:
            expected["pushed"][(deal.dealer - 1) % 4] += 1
        for seat in range(4):
            team = team_of(seat)
            expected["deals_played"][seat] += 1
            own = team == team_of(deal.chooser)
            expected["matches"][seat] += deal.match[team] and own
            expected["kontermatsch"][seat] += deal.match[team] and not own
            expected["weis"][seat] += deal.weis[team]
            expected["stoeck"][seat] += deal.stoeck[team]
            expected["card_points"][seat] += deal.points[team]
    assert counted_figures(SCHIEBER, t, raws) == expected


def variations(deal: Deal) -> list[tuple[dict, str]]:
    """Impossible versions of a real deal and the box each is refused at (schieber.md "Invariants")."""
    raw = deal.raw
    a, b = deal.points
    card = max((c for _, cards in deal.tricks for c in cards), key=lambda c: value(c, deal.kind))
    extra = value(card, deal.kind)  # one card counted twice: the piles hold more than the deck
    out = [(raw | {"points": [a + extra, b, None, None]}, "points-0" if a + extra > TOTAL else "points"),
           (raw | {"points": [1, 156, None, None], "match": [False] * 4}, "points-0")]
    for team in (0, 1):
        if deal.points[team] != TOTAL:  # all nine tricks hold all 157
            out.append((raw | {"match": [team == 0, team == 1, False, False]}, f"points-{team}"))
    if "weis" in raw:
        if any(deal.weis):
            both = [w or 20 for w in deal.weis]
            out.append((raw | {"weis": [*both, 0, 0]}, "weis"))  # Weis for one team only
            team = deal.weis.index(max(deal.weis))
            odd = list(raw["weis"])
            odd[team] += 5
            out.append((raw | {"weis": odd}, f"weis-{team}"))  # no Weis adds up to it
        out.append((raw | {"stoeck": [True, True, False, False]}, "stoeck"))
        if deal.kind not in SUITS:
            out.append((raw | {"stoeck": [True, False, False, False]}, "stoeck"))  # no trump
    return out


@SIM
@given(schieber_sessions())
def test_an_impossible_variation_of_a_real_deal_is_refused(session):
    """schieber.md "Invariants" and "Scoring a deal": card points add up to 157 (a card counted twice does not),
    no pile holds 1 (no card counts 1), a match is all nine tricks and so 157, Weis for one team only and a sum
    of Weis, Stöck for one team and only with a trump suit."""
    t = table_of(session)
    deal = session.deals[0]
    raw = {k: v for k, v in deal.raw.items() if k != "thanked_first"}
    first = Deal(**{**deal.__dict__, "raw": raw})
    for bad, field in variations(first):
        with pytest.raises(RuleError) as error:
            SCHIEBER.parse(t, SCHIEBER.start(t), bad)
        assert error.value.field == field, (bad, str(error.value))


# --- Coiffeur ------------------------------------------------------------------------------------

# coiffeur.md "Rows": the default eight, the ten of Swisslos, and which kind each row is played in
EIGHT = {"eicheln": 1, "rosen": 2, "schilten": 3, "schellen": 4, "obenabe": 5, "undenufe": 6, "joker1": 7,
         "joker2": 8}
TEN = {"eicheln": 1, "rosen": 2, "schilten": 3, "schellen": 4, "obenabe": 5, "undenufe": 6, "slalom": 7,
       "guschti": 8, "joker1": 9, "joker2": 10}
ROW_KIND = {"eicheln": "S", "rosen": "C", "schilten": "D", "schellen": "H", "obenabe": "obenabe",
            "undenufe": "undenufe", "slalom": "obenabe", "guschti": "obenabe", "misere": None}
JOKER_KIND = {"eicheln": "S", "rosen": "C", "schilten": "D", "schellen": "H", "obenabe": "obenabe",
              "undenufe": "undenufe"}


@dataclass
class CoiffeurSession:
    options: dict
    first_dealer: int
    rows: dict[str, int]
    deals: list[dict]
    announcers: list[int]
    eligible: list[tuple[int, ...]]  # per deal: who could name a row, forehand first
    cells: list[dict[str, int]]  # per team: row -> cell written


@st.composite
def coiffeur_sessions(draw: st.DrawFn) -> CoiffeurSession:
    """A whole Coiffeur played card by card: each deal forehand names a row open for their team or pushes
    to the next player counter-clockwise (a player whose team has no open row pushes automatically; if all
    push, forehand chooses); the chooser leads; the announcing team writes. Slalom and Guschti switch
    between Obenabe and Undenufe by tricks; the simulator counts their cards as Obenabe (157)."""
    preset = draw(st.sampled_from(["eight", "eight", "ten", "custom"]))
    options: dict = {"rows": preset}
    if preset == "custom":
        rows = {row: draw(st.integers(0, 4)) for row in (*TEN, "misere")}
        rows["misere"] = rows["misere"] or 3
        options |= {f"factor_{row}": factor for row, factor in rows.items()}
        rows = {row: factor for row, factor in rows.items() if factor}
    else:
        rows = dict(TEN if preset == "ten" else EIGHT)
    options["match_bonus"] = bonus = draw(st.sampled_from([100, 100, 0, 150]))
    options["weis_and_stoeck"] = weis_on = draw(st.booleans())
    first = draw(st.integers(0, 3))
    session = CoiffeurSession(options, first, rows, [], [], [], [{}, {}])
    for number in range(2 * len(rows)):
        dealer = (first - number) % 4
        eligible = tuple(s for s in ((dealer - k) % 4 for k in (1, 2, 3, 4))
                         if len(session.cells[team_of(s)]) < len(rows))
        pushes = draw(st.integers(0, len(eligible)))
        announcer = eligible[pushes] if pushes < len(eligible) else eligible[0]  # all pushed: forehand chooses
        team = team_of(announcer)
        row = draw(st.sampled_from([r for r in rows if r not in session.cells[team]]))
        kind = ROW_KIND.get(row) or draw(st.sampled_from(sorted(JOKER_KIND.values())))
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        hands = stacked(dealt(rng.sample(DECK, 36), dealer), *draw(stacks(kind)))
        how = draw(st.sampled_from([("real", 0), ("random", 0), ("sweep", 0), ("sweep", 1), ("blank", 0)]))
        tricks = play_out(hands, kind, announcer, rng, how)
        points = card_points(tricks, kind)
        takers = {team_of(winner) for winner, _ in tricks}
        counted = 1 - team if row == "misere" else team  # misère: the opponents' card points
        match = takers == {counted}
        cell = TOTAL + bonus if match else points[counted]
        raw = {"announcer": announcer, f"row_{'ab'[team]}": row, "points": [*points, None, None], "match": match}
        if row.startswith("joker"):
            raw[f"joker_{'ab'[team]}"] = next(r for r, k in JOKER_KIND.items() if k == kind)
        if weis_on and not row.startswith("joker"):
            weis = team_weis(hands, kind, (dealer - 1) % 4)[team]
            stoeck = kind in SUITS and row not in ("slalom", "guschti") and any(
                {"K" + kind, "Q" + kind} <= set(hands[s]) for s in (team, team + 2))
            raw |= {"weis": weis, "stoeck": stoeck}
            cell += weis + STOECK * stoeck
        session.deals.append(raw)
        session.announcers.append(announcer)
        session.eligible.append(eligible)
        session.cells[team][row] = cell
    return session


@settings(SIM, max_examples=80)
@given(coiffeur_sessions())
def test_a_simulated_coiffeur_fills_every_row_and_is_scored_as_the_rules_say(session):
    """coiffeur.md "Rows", "A deal", "Scoring a deal", "End", "Invariants": every real deal is accepted; only
    the announcing team writes (its card points, 257 with all nine tricks, 0 after a Kontermatsch, the
    opponents' in misère, Weis and Stöck added when counted, never in a joker row); each team fills each row
    once; the game ends after 2 x rows deals, the higher total wins (equal: a draw); totals = sum of cell x
    factor; next dealer to the right; only a player whose team has an open row names it, forehand first."""
    note(f"options={session.options!r} first_dealer={session.first_dealer} deals={session.deals!r}")
    t = make_table(COIFFEUR, NAMES, session.first_dealer, **session.options)
    event(f"rows {session.options['rows']}")
    state = COIFFEUR.start(t)
    for number, raw in enumerate(session.deals):
        assert not COIFFEUR.is_over(t, state)
        assert state.dealer == (session.first_dealer - number) % 4
        fields = {spec.name: spec for spec in COIFFEUR.deal_fields(t, state)}
        assert tuple(sorted(fields["announcer"].seats)) == tuple(sorted(session.eligible[number]))
        assert COIFFEUR.forehand(t, state) == session.eligible[number][0]
        key = "row_" + "ab"[team_of(raw["announcer"])]
        assert raw[key] in dict(fields[key].choices)
        result, state = COIFFEUR.play(t, state, raw)
        team = team_of(raw["announcer"])
        value_written = session.cells[team][raw[key]] * session.rows[raw[key]]
        assert result.points == tuple(value_written if team_of(s) == team else 0 for s in range(4))
        if raw["match"]:
            event("Coiffeur: all nine tricks")
        if raw[key] in ("misere", "joker1", "joker2", "slalom", "guschti"):
            event(f"Coiffeur: row {raw[key]}")
        if session.cells[team][raw[key]] == 0:
            event("Coiffeur: 0 written (Kontermatsch)")
        if raw.get("weis") or raw.get("stoeck"):
            event("Coiffeur: Weis or Stöck in the cell")
    assert COIFFEUR.is_over(t, state)
    for team in (0, 1):
        assert state.cells[team] == tuple(session.cells[team][row] for row in session.rows)
        expected = sum(cell * session.rows[row] for row, cell in session.cells[team].items())
        assert state.totals[team] == state.totals[team + 2] == expected
    a, b = state.totals[:2]
    assert set(COIFFEUR.winners(t, state)) == ({0, 2} if a > b else {1, 3} if b > a else {0, 1, 2, 3})
    with pytest.raises(RuleError):
        COIFFEUR.parse(t, state, session.deals[0])
    counted = counted_figures(COIFFEUR, t, session.deals)
    assert counted["announced"] == [session.announcers.count(s) for s in range(4)]
    assert counted["rows"] == [len(session.rows)] * 4
    # an impossible variation: a row the team has filled, and a card counted twice
    again = session.deals[0]
    with pytest.raises(DealError) as error:
        COIFFEUR.replay(t, [*session.deals[:1], again])
    assert error.value.index == 1 and error.value.field == "row_" + "ab"[team_of(again["announcer"])]
    a0, b0 = again["points"][:2]
    with pytest.raises(DealError) as error:
        COIFFEUR.replay(t, [again | {"points": [a0 + 11, b0, None, None]}])
    assert error.value.field.startswith("points")
