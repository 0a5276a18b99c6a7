"""Stendhal: the worked examples of shared/rules/stendhal.md, the options, the checks, the invariants."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.stendhal import minus_points, minus_suits, tied_suits
from scorekeeper.games.tennos_deck import TENNOS_RANKS, TENNOS_SUIT_CARDS, stendhal_cards

from .helpers import any_seat, deal_out, make_table, shared_out

GAME = get_game("stendhal")
ALL_RANKS = set(TENNOS_RANKS)


def table(n=6, dealer=0, **options):
    """The tests written for the one-picker entry keep it (option ``revealed``); see the
    per-seat tests below for the default ``seats``."""
    options.setdefault("minus_entry", "revealed")
    return make_table(GAME, "ABCDEFG"[:n], dealer, **options)


def deal(revealed, minus, paired, suits=None, first_tied=None):
    """A deal in the default entry (revealed cards, ranks picked per player)."""
    n = len(minus)
    return {"revealed": list(revealed), "first_tied": first_tied, "minus_cards": [list(r) for r in minus],
            "paired_cards": [list(r) for r in paired], "suits": suits or [0] * n}


def rest(suit_ranks_taken, revealed_ranks=()):
    """The ranks of a suit nobody else has taken (the last player's share)."""
    return sorted(ALL_RANKS - set(suit_ranks_taken) - set(revealed_ranks), key=TENNOS_RANKS.index)


# Six players, cross most often revealed (2X 4X), so cross and leaf are minus suits.
REVEALED_CROSS = ["2X", "4X", "5H", "6S", "7C", "8D"]


def cross_deal(suits=None):
    """Player A: crosses 3 5 6 7 8 and the leaf 10; B the other crosses, C the other leaves."""
    a_cross = ["3", "5", "6", "7", "8"]
    minus = [a_cross, rest(a_cross, ["2", "4"]), [], [], [], []]
    paired = [["10"], [], rest(["10"]), [], [], []]
    return deal(REVEALED_CROSS, minus, paired, suits=suits)


def score(d, **kw):
    options = {k: v for k, v in kw.items() if k not in ("n", "dealer")}
    return GAME.replay(table(kw.get("n", 6), kw.get("dealer", 0), **options), [d]).results[0]


# --- golden tests: the seed examples ------------------------------------------------

def test_seed_example_six_players_third_card_decides():
    """Rules 'Seed examples' 1: club 5 J K v heart K J 4 tie on K and J; 5 > 4: club and diamond."""
    cards = ["5C", "JC", "KH", "KC", "4H", "JH"]
    assert tied_suits(cards) == ("C",)
    assert minus_suits(cards) == ("C", "D")


def test_seed_example_seven_players_counter_clockwise_order_decides():
    """Rules 'Seed examples' 2: club, leaf, spade 2 each with A and 9; club is met first
    counter-clockwise from the dealer's right (the middle leaf A comes last): club and diamond."""
    cards = ["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"]
    assert set(tied_suits(cards)) == {"C", "L", "S"}
    assert minus_suits(cards) == ("C", "D")


def test_seed_example_seven_players_entered_as_a_picker_asks_which_came_first():
    """Rules 'Minus suits' 3: the picker loses the order, so a full tie asks for the first tied suit."""
    t = table(7)
    revealed = ["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"]
    with pytest.raises(RuleError) as caught:
        GAME.check_phase(t, GAME.start(t), {"revealed": revealed, "first_tied": None}, "bid")
    assert caught.value.field == "first_tied" and "G" in str(caught.value)  # G sits right of dealer A
    suit, paired, _ = GAME.decide(t, GAME.start(t), {"revealed": revealed, "first_tied": "C"})
    assert (suit, paired) == ("C", "D")


def test_seed_scoring_example_cross_and_leaf_minus_17():
    """Rules 'Scoring' example: 5 crosses lowest 3 -> -(4 + 3) = -7; leaf 10 alone -> -10; -17."""
    result = score(cross_deal())
    assert result.points[0] == -17
    text = " ".join(str(line) for line in result.breakdown)
    assert "-(4 + 3) = -7" in text and "-(0 + 10) = -10" in text
    assert minus_points(5, "3") + minus_points(1, "10") == -17


def test_seed_scoring_example_with_count_and_named_suit_entry():
    """The same example typed as counts and lowest cards, with the minus suit named."""
    d = {"minus_suit": "X", "minus_count": [5, 6, 0, 0, 0, 0], "minus_lowest": ["3", "9", None, None, None, None],
         "paired_count": [1, 0, 12, 0, 0, 0], "paired_lowest": ["10", None, "2", None, None, None],
         "suits": [0, 0, 0, 2, 0, 0]}
    points = score(d, minus_entry="suit", capture_entry="count").points
    assert points == (-17, -(5 + 9), -(11 + 2), 3, 0, 0)


# --- the rules ----------------------------------------------------------------------

@pytest.mark.parametrize("suits, bonus", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_bonus_by_suits_for_players_without_minus_cards(suits, bonus):
    """'took at least one trick but no minus card: 1 suit +1, 2 +3, 3 +6, 4 +10'; no trick 0."""
    assert score(cross_deal(suits=[0, 0, 0, suits, 0, 0])).points[3] == bonus


def test_more_than_four_suits_are_refused_in_the_players_words():
    """'1 suit +1, 2 +3, 3 +6, 4 +10': four suits at most. A tester read "Suits taken by a player without
    minus cards (0: no trick) for Cara cannot be more than 4": the field is called by its short name."""
    with pytest.raises(DealError) as caught:
        score(cross_deal(suits=[0, 0, 0, 5, 0, 0]))
    assert str(caught.value.text) == "Suits taken for D cannot be more than 4."
    assert caught.value.error.field == "suits-3"


def test_suits_ignored_for_players_with_minus_cards():
    """The bonus is only for players without minus cards."""
    assert score(cross_deal(suits=[4, 4, 4, 0, 0, 0])).points[:3] == score(cross_deal()).points[:3]


def test_suits_typed_for_a_player_with_minus_cards_are_said_not_to_count():
    """rules/stendhal.md: the bonus by suits is only for a player who "captured no minus-suit card". A
    tester typed suits for a player he had also given a minus card, and the save said nothing: it
    scores as before (API v1 keeps taking it) and the save's line says the suits do not count, so a
    card given to the wrong player is caught at once."""
    result = score(cross_deal(suits=[2, 0, 0, 3, 0, 0]))
    assert result.points == score(cross_deal(suits=[0, 0, 0, 3, 0, 0])).points
    assert [str(text) for text in result.news] == ["A took minus cards: the suits typed for them do not count"]
    assert score(cross_deal(suits=[0, 0, 0, 3, 0, 0])).news == ()


def test_lowest_card_follows_play_order_ace_high_by_default():
    """Decision lowest_ace=high: A is the strongest card, so with A and 5 the 5 is lowest: -(1 + 5)."""
    minus = [["A", "5"], rest(["A", "5"], ["2", "4"]), [], [], [], []]
    d = deal(REVEALED_CROSS, minus, [[], [], rest([]), [], [], []])
    assert score(d).points[0] == -6
    assert score(d, lowest_ace="low").points[0] == -2  # A counts 1 as the lowest: -(1 + 1)


def test_single_king_costs_thirteen():
    """'J = 11, Q = 12, K = 13': one minus king alone is -13."""
    minus = [["K"], rest(["K"], ["2", "4"]), [], [], [], []]
    d = deal(REVEALED_CROSS, minus, [[], [], rest([]), [], [], []])
    assert score(d).points[0] == -13


def test_seven_players_have_one_middle_card_five_players_three():
    """'5 players: 15 each, 3 left; 6: 13 each, 0 left; 7: 11 each, 1 left'."""
    assert [stendhal_cards(n) for n in (5, 6, 7)] == [(15, 3), (13, 0), (11, 1)]
    t = table(5)
    with pytest.raises(RuleError, match="8 cards, not 5"):
        GAME.check_phase(t, GAME.start(t), {"revealed": ["2X", "4X", "5H", "6S", "7C"], "first_tied": None}, "bid")


# --- checks ---------------------------------------------------------------------------

def test_revealed_card_cannot_be_taken():
    d = cross_deal()
    d["minus_cards"][1] = d["minus_cards"][1] + ["2"]
    with pytest.raises(DealError, match="✚2 was revealed before play; B cannot have taken it") as caught:
        GAME.replay(table(), [d])
    assert caught.value.field == "minus_cards-1"


def test_card_taken_twice_names_both_players():
    d = cross_deal()
    d["paired_cards"][3] = ["10"]
    with pytest.raises(DealError, match="❧10 is entered for both A and D") as caught:
        GAME.replay(table(), [d])
    assert caught.value.field == "paired_cards-3"


def test_every_minus_card_in_play_is_taken_by_somebody_and_a_missing_one_is_named():
    """Invariant (rules/stendhal.md "Invariants", decided 2026-11-26): every suit card is captured by
    exactly one player or revealed; the error names the cards nobody took (issue 23 item 6)."""
    d = cross_deal()
    d["paired_cards"][2] = [rank for rank in d["paired_cards"][2] if rank not in ("2", "J")]
    with pytest.raises(DealError, match="Nobody took ❧J ❧2: every leaf card that was not revealed") as caught:
        GAME.replay(table(), [d])
    assert caught.value.field == "paired_cards"


@pytest.mark.parametrize(
    "change, field",
    [
        ({"minus_lowest": [None, "9", None, None, None, None]}, "minus_lowest-0"),
        ({"paired_lowest": ["10", None, "2", "5", None, None]}, "paired_lowest-3"),
        ({"minus_count": [5, 6, 0, 0, 0, 0], "minus_lowest": ["Q", "9", None, None, None, None]}, "minus_count-0"),
        ({"paired_count": [1, 0, 13, 0, 0, 0]}, "paired_count"),
        ({"minus_lowest": ["9", "9", None, None, None, None]}, "minus_lowest-1"),
    ],
)
def test_count_entry_checks(change, field):
    d = {"minus_suit": "X", "minus_count": [5, 6, 0, 0, 0, 0], "minus_lowest": ["3", "9", None, None, None, None],
         "paired_count": [1, 0, 12, 0, 0, 0], "paired_lowest": ["10", None, "2", None, None, None],
         "suits": [0] * 6, **change}
    with pytest.raises(DealError) as caught:
        GAME.replay(table(minus_entry="suit", capture_entry="count"), [d])
    assert caught.value.field == field and str(caught.value)


def counted_deal(minus_count, minus_lowest):
    """Count entry, REVEALED_CROSS's deal (cross and leaf minus: ✚2 ✚4 revealed, eleven crosses in play);
    the leaves A 10 alone, C the other twelve."""
    return {"revealed": REVEALED_CROSS, "first_tied": None, "minus_count": minus_count,
            "minus_lowest": minus_lowest, "paired_count": [1, 0, 12, 0, 0, 0],
            "paired_lowest": ["10", None, "2", None, None, None], "suits": [0] * 6}


@pytest.mark.parametrize("count, lowest, field, said", [
    # five from ✚5 and six from ✚6 are all eleven, but then nobody took ✚3
    ([5, 6, 0, 0, 0, 0], ["5", "6", None, None, None, None], "minus_lowest-0",
     "Nobody can have taken ✚3: it is below every lowest cross card entered."),
    # A: ✚K ✚A; B two from ✚Q needs ✚K or ✚A, both A's
    ([2, 2, 7, 0, 0, 0], ["K", "Q", "3", None, None, None], "minus_count-1",
     "A, B cannot all have these cross cards: above their lowest cards they took 2 more, but only 1 other "
     "is in play above ✚Q."),
])
def test_count_entry_refuses_counts_no_deal_of_the_cards_can_give(count, lowest, field, said):
    """Rules 'Invariants': every card in play is captured by exactly one player, so the counts and
    lowest cards must be a real share of the crosses in play (r56b stored both of these)."""
    counted = table(capture_entry="count")
    assert GAME.replay(counted, [counted_deal([5, 6, 0, 0, 0, 0], ["3", "9", None, None, None, None])]).results
    with pytest.raises(RuleError) as caught:
        GAME.replay(counted, [counted_deal(count, lowest)])
    assert caught.value.field == field and str(caught.value) == said


def test_count_entry_knows_the_minus_suit_was_revealed_at_least_once():
    """rules/stendhal.md "Minus suits" 1: the minus suit is the suit revealed most often, so with six
    players (six cards out of play) at least one of it is out: 13 taken cannot be; and its pair was
    revealed at most as often, so at most three of the pair are out: 9 taken cannot be."""
    d = {"minus_suit": "X", "minus_count": [5, 6, 0, 0, 0, 0], "minus_lowest": ["3", "9", None, None, None, None],
         "paired_count": [1, 0, 12, 0, 0, 0], "paired_lowest": ["10", None, "2", None, None, None],
         "suits": [0] * 6}
    counted = table(minus_entry="suit", capture_entry="count")
    for change, field, need in (({"minus_count": [7, 6, 0, 0, 0, 0], "minus_lowest": ["2", "9", None, None, None,
                                                                                     None]}, "minus_count", "7-12"),
                                ({"paired_count": [1, 0, 8, 0, 0, 0]}, "paired_count", "10-13")):
        with pytest.raises(DealError) as caught:
            GAME.replay(counted, [{**d, **change}])
        assert caught.value.field == field and f"but {need} are in play" in str(caught.value)
    assert GAME.replay(counted, [{**d, "paired_count": [1, 0, 9, 0, 0, 0]}]).results[0].points[0] == -17


# --- the session ------------------------------------------------------------------------

def test_dealer_rotates_clockwise_and_left_of_dealer_leads():
    t = table()
    standing = GAME.replay(t, [cross_deal(), cross_deal()])
    assert standing.dealers == (0, 1) and standing.dealer == 2
    assert "C deals 13 cards each (0 to the middle); D leads." == str(standing.notes[0])


def test_the_standing_names_the_leader_left_of_the_dealer():
    """rules/stendhal.md "Deck and deal": "The player left of the dealer leads the first trick."
    The board's "leads" line and the API's standings read the standing's leader: it is the one the
    notes and the API's "next" name, from the first deal on, whoever deals first."""
    t = table(dealer=4)
    for n in range(3):
        standing = GAME.replay(t, [cross_deal()] * n)
        assert standing.leader == (standing.dealer + 1) % 6 == GAME.facts(t, standing.state)["leader"]
    assert GAME.replay(t, []).leader == 5 and GAME.replay(t, [cross_deal()]).leader == 0


def test_game_ends_at_minus_limit_highest_wins():
    """'ends after the deal in which some total reaches minus the limit': A loses 17 per deal."""
    t = table(limit="custom", custom_limit=34)
    standing = GAME.replay(t, [cross_deal(suits=[0, 0, 0, 1, 0, 0])] * 2)
    assert standing.over and standing.totals[0] == -34 and standing.winners == (3,)
    with pytest.raises(DealError, match="over"):
        GAME.replay(t, [cross_deal(suits=[0, 0, 0, 1, 0, 0])] * 3)


def test_tied_leaders_play_on_until_the_tie_is_broken():
    """Decision: 'until the tie is broken' is the tie for first place."""
    t = table(limit="custom", custom_limit=17)
    standing = GAME.replay(t, [cross_deal()])  # D, E, F all on 0
    assert not standing.over and "play on" in str(standing.notes[-1])
    standing = GAME.replay(t, [cross_deal(), cross_deal(suits=[0, 0, 0, 0, 2, 0])])
    assert standing.over and standing.winners == (4,)


def test_limit_choices():
    assert GAME.limit(table()) == 100
    assert [GAME.limit(table(limit=v)) for v in ("66", "150")] == [66, 150]


# --- invariants -------------------------------------------------------------------------

@st.composite
def random_deals(draw, n=None):
    n = n or draw(st.sampled_from((5, 6, 7)))
    dealer = draw(any_seat(n))
    cards = draw(st.permutations(TENNOS_SUIT_CARDS))
    hand, middle = stendhal_cards(n)
    hands = deal_out(cards, [hand] * n)
    in_order = [hands[(dealer - k) % n][0] for k in range(1, n + 1)] + list(cards[n * hand:])
    suit, paired = minus_suits(in_order)
    gone = set(in_order)
    picks = {}
    for name, s in (("minus_cards", suit), ("paired_cards", paired)):
        picks[name] = draw(shared_out([rank for rank in TENNOS_RANKS[::-1] if rank + s not in gone], n))
    suits = [draw(st.integers(0, 4)) for _ in range(n)]
    d = {"revealed": in_order, "first_tied": suit, **picks, "suits": suits}
    return n, dealer, d, (suit, paired), in_order


@given(random_deals())
def test_card_counts_and_no_card_counted_twice(case):
    n, dealer, d, (suit, paired), in_order = case
    hand, middle = stendhal_cards(n)
    assert hand * n + middle == 78 and len(in_order) == n + middle
    t = table(n, dealer)
    assert GAME.decide(t, GAME.start(t), d)[:2] == (suit, paired)
    points = GAME.replay(t, [d]).results[0].points
    for seat in range(n):
        count = len(d["minus_cards"][seat]) + len(d["paired_cards"][seat])
        if count:
            assert points[seat] <= -count  # each minus card costs at least 1
        else:
            assert points[seat] in (0, 1, 3, 6, 10)
    revealed_minus = sum(1 for card in in_order if card[-1] in (suit, paired))
    taken = sum(len(r) for r in d["minus_cards"] + d["paired_cards"])
    assert taken + revealed_minus == 26


@given(random_deals(n=6), st.integers(0, 5))
def test_rotating_seats_rotates_results(case, shift):
    n, dealer, d, _, _ = case
    turn = lambda values: values[shift:] + values[:shift]  # noqa: E731
    turned = {**d, **{k: turn(d[k]) for k in ("minus_cards", "paired_cards", "suits")}}
    assert list(score(turned, dealer=dealer).points) == turn(list(score(d, dealer=dealer).points))


@settings(max_examples=30)
@given(st.lists(random_deals(n=5), max_size=4))
def test_totals_equal_sum_of_deals(cases):
    t = table(5, 0, limit="custom", custom_limit=9999)
    standing = GAME.replay(t, [case[2] for case in cases])
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(5))



def test_pending_notes_name_the_minus_suits_once_the_revealed_cards_are_locked():
    """Rules 'minus suits': the table plays knowing them, so they are shown as soon as the reveal is locked."""
    from scorekeeper.games.base import Text
    from scorekeeper.games.stendhal import PAIRED_SUIT
    from scorekeeper.games.tennos_deck import TENNOS_SUIT_NAMES

    game = get_game("stendhal")
    table = make_table(game, ("A", "B", "C", "D", "E"), minus_entry="revealed")
    revealed = ["AS", "9S", "3S", "JD", "AC", "9L", "3H", "5C"]  # three spades: spade is the minus suit
    early = game.parse_phase(table, game.start(table), {"revealed": revealed}, "bid")
    (note,) = game.pending_notes(table, game.start(table), early)
    text = str(note)
    assert text.startswith("Minus suits: " + str(Text(TENNOS_SUIT_NAMES["S"])))
    assert str(Text(TENNOS_SUIT_NAMES[PAIRED_SUIT["S"]])) in text


# --- issue 9, item 3: the limit stays reached; each player's revealed card --------------

def test_play_on_ends_even_when_the_player_at_the_limit_climbs_back():
    """Seed 001: 「マイナス点が規定点数に達したプレイヤーが現れたらゲーム終了です。…同点だった場合は、
    同点が解消されるまでゲームを続けます」 (the game ends when a player's minus reaches the limit;
    on a tie, play on until it is broken). Once reached, the limit stays reached: here A climbs back
    from -17 to -7 in the play-on deal, and the game still ends because E now leads alone."""
    t = table(limit="custom", custom_limit=17)
    first = cross_deal()  # A -17, B -14, C -13; D, E, F tied on 0: play on
    second = deal(REVEALED_CROSS,
                  [[], [], [], ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "3"], [], []],
                  [[], ["2"], ["3"], [], [], ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]],
                  suits=[4, 0, 0, 0, 2, 0])
    standing = GAME.replay(t, [first, second])
    assert standing.totals == (-7, -16, -16, -13, 3, -14)
    assert min(standing.totals) > -17  # nobody is at the limit any more ...
    assert standing.over and standing.winners == (4,)  # ... but it was reached: E wins


def seats_table(n, dealer=0, **options):
    return make_table(GAME, "ABCDEFG"[:n], dealer, **options)


def by_seat(n, dealer, in_order):
    """Per-seat reveal from cards listed counter-clockwise from the dealer's right (middle after)."""
    reveal = [[] for _ in range(n)]
    for k, card in enumerate(in_order[:n]):
        reveal[(dealer - 1 - k) % n] = [card]
    return reveal


def test_default_entry_is_one_revealed_card_per_player_and_the_middle():
    t = seats_table(7)
    assert t.options["minus_entry"] == "seats"
    names = [spec.name for spec in GAME.deal_fields(t, GAME.start(t)) if spec.phase == "bid"]
    assert names == ["reveal", "middle"]
    six = seats_table(6)
    assert [spec.name for spec in GAME.deal_fields(six, GAME.start(six)) if spec.phase == "bid"] == ["reveal"]


def test_seed_example_seven_players_per_seat_the_app_breaks_the_full_tie():
    """Seed 001: 「ディーラーの右隣の人から反時計回りの順に、ダイヤのJ、クラブのA、リーフの9、スペードの9、
    スペードのA、クラブの9、ハートの3、そして中央のカードでリーフのAが出た場合、…クラブが最初に出ているので、
    クラブがマイナススートになります」 (counter-clockwise from the dealer's right: ♦J ♣A ❧9 ♠9 ♠A ♣9 ♥3,
    middle ❧A; club comes first, so club is the minus suit). Entered per seat, nobody has to say so."""
    for dealer in (0, 3):
        t = seats_table(7, dealer)
        in_order = ["JD", "AC", "9L", "9S", "AS", "9C", "3H"]
        early = GAME.parse_phase(t, GAME.start(t), {"reveal": by_seat(7, dealer, in_order), "middle": ["AL"]},
                                 "bid")
        state = GAME.start(t)
        suit, paired, why = GAME.decide(t, state, early)
        assert (suit, paired) == ("C", "D")
        club_player = t.name((dealer - 2) % 7)  # second counter-clockwise from the dealer's right
        assert club_player in str(why)


def test_seed_example_six_players_per_seat():
    """Seed 001: 「クラブの5、クラブのJ、ハートのK、クラブのK、ハートの4、ハートのJ … クラブがマイナススート」."""
    t = seats_table(6)
    cards = ["5C", "JC", "KH", "KC", "4H", "JH"]
    early = GAME.parse_phase(t, GAME.start(t), {"reveal": by_seat(6, 0, cards)}, "bid")
    assert GAME.decide(t, GAME.start(t), early)[:2] == ("C", "D")


@pytest.mark.parametrize("change, field, message", [
    (lambda r, m: (r[:2] + [[]] + r[3:], m), "reveal-2", "C reveals exactly one card, not 0."),
    (lambda r, m: (r[:2] + [["2S", "3S"]] + r[3:], m), "reveal-2", "C reveals exactly one card, not 2."),
    (lambda r, m: (r[:2] + [r[1]] + r[3:], m), "reveal-2", "is entered for both B and C"),
    (lambda r, m: (r, []), "middle", "The middle holds 1 card; enter it."),
    (lambda r, m: (r, m + ["2D"]), "middle", "The middle holds 1 card, not 2."),  # not "enter it" (a tester)
    (lambda r, m: (r, [r[0][0]]), "middle", "is entered for both A and the middle"),
])
def test_one_card_per_player_is_checked(change, field, message):
    """Seed 001: 「手札の中から1枚を選んで自分の前に伏せて出します」 (each player lays one card face down)."""
    t = seats_table(7)
    reveal = [[c] for c in ["JD", "AC", "9L", "9S", "AS", "9C", "3H"]]
    reveal, middle = change(reveal, ["AL"])
    with pytest.raises(RuleError) as caught:
        GAME.parse_phase(t, GAME.start(t), {"reveal": reveal, "middle": middle}, "bid")
    assert caught.value.field == field and message in str(caught.value)


def test_every_player_without_a_revealed_card_is_named_at_once():
    """A tester locked with three players' cards not yet tapped and was told of the first one only:
    each player lays one card (seed 001), so each box without one says so in the same refusal."""
    t = seats_table(6)
    reveal = [["JD"], ["AC"], ["9L"], [], [], []]
    with pytest.raises(RuleError) as caught:
        GAME.parse_phase(t, GAME.start(t), {"reveal": reveal}, "bid")
    assert [(e.field, str(e.text)) for e in caught.value.errors] == [
        (f"reveal-{seat}", f"{t.name(seat)} reveals exactly one card, not 0.") for seat in (3, 4, 5)]


def test_per_seat_reveal_plays_a_whole_deal_and_revealed_cards_cannot_be_taken():
    t = seats_table(6)
    d = cross_deal()
    reveal = [[card] for card in REVEALED_CROSS]
    whole = {k: v for k, v in d.items() if k not in ("revealed", "first_tied")} | {"reveal": reveal}
    assert GAME.replay(t, [whole]).results[0].points == score(d).points
    bad = {**whole, "minus_cards": [["2"] + whole["minus_cards"][0]] + whole["minus_cards"][1:]}
    with pytest.raises(DealError, match="✚2 was revealed before play"):
        GAME.replay(t, [bad])


def test_seats_session_takes_the_revealed_cards_together_and_stores_them():
    """Issue 22: API v1 clients of a ``seats`` session (the default) still send ``revealed`` /
    ``first_tied``: the deal is parsed and stored as they sent it and scores as the same deal entered
    per seat (rules/stendhal.md "Minus suits", decided 2026-11-26)."""
    t = seats_table(6)
    together = cross_deal()
    parsed = GAME.parse(t, GAME.start(t), together)
    assert parsed["revealed"] == sorted(REVEALED_CROSS, key=TENNOS_SUIT_CARDS.index) and "reveal" not in parsed
    per_seat = {k: v for k, v in together.items() if k not in ("revealed", "first_tied")}
    per_seat["reveal"] = [[card] for card in REVEALED_CROSS]
    assert GAME.replay(t, [parsed]).results[0].points == GAME.replay(t, [per_seat]).results[0].points
    # a full tie entered together still needs first_tied, as in a ``revealed`` session
    seven = seats_table(7)
    tie = {"revealed": ["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"]}
    with pytest.raises(RuleError) as caught:
        GAME.parse_phase(seven, GAME.start(seven), tie, "bid")
    assert caught.value.field == "first_tied"
    early = GAME.parse_phase(seven, GAME.start(seven), {**tie, "first_tied": "C"}, "bid")
    assert GAME.decide(seven, GAME.start(seven), early)[:2] == ("C", "D")


def test_play_rows_name_the_minus_suits_and_show_the_revealed_cards_out_of_play():
    """Issue 23 item 6, rules/stendhal.md "Minus suits" and "Invariants" (decided 2026-11-26): once the
    seed's revealed cards are locked (club 5 J K, heart K J 4: club and diamond), the row of club cards
    taken names the suit and shows the whole suit, the three revealed clubs out of play (greyed on the
    page, so the table sees the whole suit); the ten clubs still in play are shared out (total 10);
    diamonds 13."""
    t = seats_table(6)
    early = GAME.parse_phase(t, GAME.start(t), {"reveal": by_seat(6, 0, ["5C", "JC", "KH", "KC", "4H", "JH"])},
                             "bid")
    rows = {spec.name: spec for spec in GAME.play_fields(t, GAME.start(t), early)}
    clubs, diamonds = rows["minus_cards"], rows["paired_cards"]
    assert clubs.label == "♣ club cards taken" and diamonds.label == "♦ diamond cards taken"
    assert [label for _, label in clubs.choices] == ["♣A", "♣K", "♣Q", "♣J", "♣10", "♣9", "♣8", "♣7", "♣6", "♣5",
                                                     "♣4", "♣3", "♣2"]
    assert (clubs.out, clubs.out_label, diamonds.out) == (("K", "J", "5"), "revealed", ())
    assert (clubs.total, diamonds.total) == (10, 13)
    assert "out" not in clubs.as_json()  # the page's, not the API's
    assert [spec.name for spec in GAME.play_fields(t, GAME.start(t), early)] == [
        spec.name for spec in GAME.deal_fields(t, GAME.start(t))]


def test_count_entry_rows_name_the_minus_suits():
    """Count entry (option ``capture_entry=count``): the rows keep their labels and name the suit below;
    the lowest card offered is one still in play (rules/stendhal.md "Entry at the table", decided 2026-11-26)."""
    t = seats_table(6, capture_entry="count")
    early = GAME.parse_phase(t, GAME.start(t), {"reveal": by_seat(6, 0, ["5C", "JC", "KH", "KC", "4H", "JH"])},
                             "bid")
    rows = {spec.name: spec for spec in GAME.play_fields(t, GAME.start(t), early)}
    assert rows["minus_count"].help == "♣ club cards taken" and rows["paired_lowest"].help == "♦ diamond cards taken"
    assert "5" not in dict(rows["minus_lowest"].choices) and dict(rows["minus_lowest"].choices)["Q"] == "♣Q"


# --- statistics (issue 24) -----------------------------------------------------------

def test_figures_count_minus_cards_clean_deals_and_bonus_points():
    """rules/stendhal.md 'Scoring a deal', counted by hand over two deals of cross_deal: A takes 5
    crosses and the leaf 10 (6 minus cards), B the other 6 crosses, C the other 12 leaves, each time;
    D, E, F take no minus card (clean, a deal without a trick too): D 2 then 4 suits (+3, +10), E 1 suit
    then no trick (+1, 0), F no trick then 3 suits (0, +6). A's suits are ignored: no bonus with minus cards."""
    deals = [cross_deal(suits=[4, 0, 0, 2, 1, 0]), cross_deal(suits=[0, 0, 0, 4, 0, 3])]
    standing = GAME.replay(table(), deals)
    assert GAME.seat_figures(table(), deals, standing.results) == [
        {"minus_cards": 12}, {"minus_cards": 12}, {"minus_cards": 24},
        {"clean": 2, "bonus": 13}, {"clean": 2, "bonus": 1}, {"clean": 2, "bonus": 6}]
    # the same counted from counts and lowest cards (the scoring example typed as counts)
    counted = {"minus_suit": "X", "minus_count": [5, 6, 0, 0, 0, 0], "minus_lowest": ["3", "9", None, None, None, None],
               "paired_count": [1, 0, 12, 0, 0, 0], "paired_lowest": ["10", None, "2", None, None, None],
               "suits": [0, 0, 0, 2, 0, 0]}
    by_count = table(minus_entry="suit", capture_entry="count")
    figures = GAME.seat_figures(by_count, [counted], GAME.replay(by_count, [counted]).results)
    assert [seat.get("minus_cards", 0) for seat in figures] == [6, 6, 12, 0, 0, 0]
    assert figures[3] == {"clean": 1, "bonus": 3} and figures[4] == {"clean": 1}


@pytest.mark.parametrize("reveal, middle, also", [
    ("5C 5C 9L 9S AS", "2H 3H", ("reveal-1", "♣5 is entered for both A and B.")),
    ("2X 3X 5H 6S 7C", "8D 2X", ("middle", "✚2 is entered for both A and the middle.")),
])
def test_a_card_twice_and_a_short_middle_are_named_at_once(reveal, middle, also):
    """Seed 001: each player lays one card, the middle holds the rest (5 players: 3). Testers entered ♣5
    for both A and B, or ✚2 for A and in the middle, with 2 middle cards, and heard only of the middle;
    the doubled card came after the next save. Both now come in one refusal, each at its box (the
    middle's stands first on the page)."""
    t = seats_table(5)
    with pytest.raises(RuleError) as caught:
        GAME.parse_phase(t, GAME.start(t), {"reveal": [[card] for card in reveal.split()],
                                            "middle": middle.split()}, "bid")
    assert [(e.field, str(e.text)) for e in caught.value.errors] == [
        ("middle", "The middle holds 3 cards; enter them."), also]
