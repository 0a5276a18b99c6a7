"""Captured cards instead of typed card points (Schieberamsch, Handjass): the worked examples of
shared/rules/schieberamsch.md and handjass.md entered as tapped piles, the refusals, and the
invariant that any partition of the deck into piles counts the deck's total."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import captured, get_game
from scorekeeper.games.base import RuleError
from scorekeeper.games.cards import SKAT_DECK
from scorekeeper.games.entry import parse_deal
from scorekeeper.games.handjass_weis import DECK as JASS_DECK

from .helpers import any_seat, deal_out, french_suits, make_table, shared_out, splits

RAMSCH = get_game("schieberamsch")
JASS = get_game("handjass")


def plain(text) -> str:
    return text.render(lambda msgid, **kw: msgid % kw if kw else msgid, None)


def skat_table(**options):
    return make_table(RAMSCH, ("A", "B", "C"), **options)


def jass_table(n=4, **options):
    return make_table(JASS, ("A", "B", "C", "D")[:n], **options)


def ramsch_cards(cards, rest=2, pushed=0, **extra):
    return {"type": "ramsch", "count": "cards", "pushed": pushed, "cards": cards, "rest": rest, **extra}


def jass_cards(cards, trump="C", playing=(0, 1, 2, 3), last=0, rest=3, n=4):
    return {"trump": trump, "playing": list(playing), "count": "cards", "cards": cards, "rest": rest,
            "last_trick": last, "weis": [[] for _ in range(n)], "stoeck": [False] * n, "draw": []}


def replay(game, table, deal):
    return game.replay(table, [deal]).results[0]


# --- Schieberamsch golden tests ------------------------------------------------

def test_schieberamsch_seed_example_1_by_cards():
    """schieberamsch.md 'Seed examples' 1: x4, A 0 (no trick), B 7, C 113 (the rest): 904 -> 90.
    Two piles tapped (A none, B three cards), C's 29 cards inferred, skat included."""
    deal = ramsch_cards([[], ["KS", "QS", "7S"], []], pushed=2)
    parsed = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert parsed["points"] == [0, 7, 113] and parsed["took_trick"] == [False, True, True]
    assert parsed["cards"] == [[], ["7S", "QS", "KS"], []], "the payload keeps what was tapped, not the inferred pile"
    result = replay(RAMSCH, skat_table(), deal)
    assert result.points == (0, 0, 90)
    lines = [plain(line) for line in result.breakdown]
    assert lines[0] == "B's cards (3): ♠Q 3 + ♠K 4 = 7."
    assert lines[1].startswith("C's cards (29, the ones nobody else was given): ♣10 10 + ♣J 2") and \
        lines[1].endswith("= 113.")


def test_schieberamsch_seed_example_2_durchmarsch_by_cards():
    """schieberamsch.md 'Seed examples' 2: x4, A took every trick: nothing tapped, A gets the rest -> -48."""
    assert replay(RAMSCH, skat_table(), ramsch_cards([[], [], []], rest=0, pushed=2)).points == (-48, 0, 0)


def test_schieberamsch_grand_hand_example_by_cards():
    """schieberamsch.md Grand Hand example: with 2, 95 points (schneider), contra -> -24 for the soloist.
    The defenders' 25 points are tapped (♣A ♣10 ♣K); the soloist B gets the rest, skat included."""
    deal = {"type": "grand_hand", "count": "cards", "soloist": 1, "jacks": ["JC", "JS"], "contra": "contra",
            "cards": [["AC", "10C", "KC"], [], []], "rest": 1}
    parsed = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert (parsed["soloist_points"], parsed["all_tricks"], parsed["no_tricks"]) == (95, False, False)
    assert replay(RAMSCH, skat_table(), deal).points == (0, -24, 0)


def test_schieberamsch_card_given_twice_names_both_players():
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), ramsch_cards([["AS", "KS", "7S"], ["AS"], []]))
    assert plain(error.value.text) == "♠A is given to both A and B: each card goes to one player."
    assert error.value.field == "cards-1"


@pytest.mark.parametrize("cards, where", [  # each with a zero-point card: every card tapped
    ([["AS", "7S"], [], []], "cards-0"),                      # 2 cards: the skat without a trick
    ([["AS", "KS", "QS", "7S"], [], []], "cards-0"),          # 4 cards: not whole tricks
    ([["AS", "KS", "QS", "JS", "10S"], ["7S", "8S", "9S", "7H", "8H"], []], "cards-2"),  # two with a skat
])
def test_schieberamsch_impossible_pile_sizes_are_refused(cards, where):
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), ramsch_cards(cards))
    assert error.value.field == where
    assert "whole tricks of three cards" in plain(error.value.text)


def test_schieberamsch_grand_hand_soloist_pile_must_hold_the_skat():
    deal = {"type": "grand_hand", "count": "cards", "soloist": 0, "jacks": [], "contra": "none",
            "cards": [["AC", "10C", "7C"], [], []], "rest": 1}
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert error.value.field == "cards-0" and "the soloist" in plain(error.value.text)


@pytest.mark.parametrize("jacks, cards, rest, where, said", [  # B plays; counting cards tapped
    # with 4: every jack is the soloist's and none can be beaten, so none is in A's pile
    (["JC", "JS", "JH", "JD"], [["JC", "AS"], [], []], 1, "cards-0",
     "♣J was the soloist's and no higher jack was against it: it cannot be in A's cards."),
    # with 1: ♣J is B's; ♠J is a defender's, beaten only by ♣J; ♥J (a defender's too) may be taken by ♣J
    (["JC"], [["AS"], [], ["JS", "KS"]], 1, None, None),
    (["JC"], [["AS"], ["JH", "JC"], []], 2, None, None),
    # against 2: ♣J and ♠J were the defenders' and the soloist has no higher jack: not in B's pile
    (["JH", "JD"], [["AS"], ["JS"], []], 2, "cards-1",
     "♠J was a defender's (it is not ticked among the soloist's jacks) and no higher jack of the soloist's could "
     "take it: it cannot be in B's cards."),
    # ... nor, when left untapped, in the rest the soloist is given
    (["JH", "JD"], [["AS"], [], []], 1, "cards-1", None),
])
def test_schieberamsch_grand_hand_jacks_stay_with_the_side_no_higher_jack_could_beat(jacks, cards, rest, where, said):
    """schieberamsch.md 'Cards and card points': in a Grand Hand only the jacks are trumps, ♣J highest.
    A jack the other side held no higher jack against wins its trick: the soloist's (the skat is
    theirs) is in the soloist's pile, a defender's in a defender's (r53a: all four jacks ticked and
    ♣J tapped for a defender was stored)."""
    deal = {"type": "grand_hand", "count": "cards", "soloist": 1, "jacks": jacks, "contra": "none",
            "cards": cards, "rest": rest}
    if where is None:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
        return
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert error.value.field == where
    assert said is None or plain(error.value.text) == said


def test_schieberamsch_points_entry_is_unchanged_by_default():
    fields = {spec.name: spec for spec in RAMSCH.deal_fields(skat_table(), RAMSCH.start(skat_table()))}
    assert fields["count"].default == "points"
    assert fields["points"].hide_if == ("count", ("cards",)) and fields["points"].show_if == ("type", ("ramsch",))
    assert fields["cards"].deck == "french" and fields["cards"].rest_field == "rest" and fields["rest"].default == 2
    assert RAMSCH.deal_fields(skat_table(count_from="cards"), RAMSCH.start(skat_table()))[1].default == "cards"


# --- Handjass golden tests -------------------------------------------------------

EXAMPLE_1 = [["JC", "9C", "AC", "10C"],                               # 55 + last trick 5 = 60
             ["AS", "10S", "AH", "10H", "QC", "6S", "7S", "8S"],       # 45
             ["AD", "10D", "KS", "QS", "JS", "9S", "6H", "7H"],        # 30
             []]                                                       # D: the 16 others, 22


def test_handjass_worked_example_1_by_cards():
    """handjass.md 'Worked examples' 1: four play, trump clubs, counts 60, 45, 30, 22 -> +1 +1 0 -1;
    D's 16 cards are inferred. Berner, clubs x2: +2 +2 0 -2."""
    table = jass_table()
    parsed = JASS.parse(table, JASS.start(table), jass_cards(EXAMPLE_1))
    assert parsed["points"] == [60, 45, 30, 22]
    result = replay(JASS, table, jass_cards(EXAMPLE_1))
    assert result.points == (1, 1, 0, -1)
    lines = [plain(line) for line in result.breakdown]
    assert lines[0] == "A's cards (4): ♣A 11 + ♣J 20 + ♣10 10 + ♣9 14 = 55."
    assert lines[3].startswith("D's cards (16, the ones nobody else was given):") and lines[3].endswith("= 22.")
    assert lines[4] == "A took the last trick: +5."
    assert replay(JASS, jass_table(variant="berner"), jass_cards(EXAMPLE_1)).points == (2, 2, 0, -2)


def test_handjass_trump_changes_the_count():
    """The same piles with hearts trump: A's ♣J and ♣9 are plain (2 + 0), the ♥J 20 and ♥9 14 count for D."""
    table = jass_table()
    parsed = JASS.parse(table, JASS.start(table), jass_cards(EXAMPLE_1, trump="H"))
    assert parsed["points"][0] == 2 + 0 + 11 + 10 + 5
    assert sum(parsed["points"]) == 157


def test_handjass_card_given_twice_names_both_players():
    cards = [list(pile) for pile in EXAMPLE_1]
    cards[2] = cards[2] + ["JC"]
    table = jass_table()
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), jass_cards(cards))
    assert plain(error.value.text) == "♣J is given to both A and C: each card goes to one player."


def test_handjass_wrong_count_of_cards_is_refused():
    """Three of four play: 27 cards, nobody's pile can be inferred, so 12 tapped cards are refused."""
    table = jass_table()
    deal = jass_cards([["JC", "9C", "AC"], ["AS", "10S", "AH"], ["AD", "10D", "KS", "QS", "JS", "9S"], []],
                      playing=(0, 1, 2))
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), deal)
    assert plain(error.value.text).startswith("3 players x 9 cards = 27 cards were played, but 12 are tapped.")
    assert error.value.field == "cards"


def test_handjass_pile_must_be_whole_tricks():
    cards = [["JC", "9C", "AC"], *EXAMPLE_1[1:]]
    table = jass_table()
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), jass_cards(cards))
    assert plain(error.value.text) == "A has 3 cards, which cannot be: a pile is whole tricks of 4 cards."


@pytest.mark.parametrize("playing", [(0, 1, 2, 3), (0, 1, 2)])
def test_handjass_by_cards_asks_who_took_the_last_trick(playing):
    """handjass.md 'Card points': the last trick is worth 5 (152 + 5 = 157). Counted by cards it can
    only be added when the table says who took it; nothing tapped and no last trick was refused as
    "157 ..., not 152" (a tester), and with a player out the 5 went missing unsaid."""
    table = jass_table()
    deal = jass_cards([[], [], [], []] if len(playing) == 4 else [["AS", "10S"], ["AH"], [], []],
                      playing=playing, last=None, rest=3 if len(playing) == 4 else None)
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), deal)
    assert error.value.field == "last_trick"
    assert plain(error.value.text) == ("Who took the last trick? Counted by cards, its 5 points are added to "
                                       "that player's cards.")


def test_handjass_player_sitting_out_has_no_cards():
    table = jass_table()
    deal = jass_cards([["JC", "9C", "AC"], ["AS"], [], ["7D"]], playing=(0, 1, 2), rest=None)
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), deal)
    assert plain(error.value.text) == "D sits out this deal: leave their cards untapped."


def test_handjass_three_players_tap_every_pile():
    """Three players: 27 of 36 cards in play; the rest field has no effect, all three piles are tapped."""
    table = jass_table(3)
    piles = [["JC", "9C", "AC", "10C", "KC", "QC"], ["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S", "6S"],
             ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "AD", "10D", "KD"]]
    parsed = JASS.parse(table, JASS.start(table), jass_cards(piles, playing=(0, 1, 2), last=1, rest=2, n=3))
    assert parsed["points"] == [62, 30 + 5, 30 + 25]


# --- invariants --------------------------------------------------------------------

@given(shared_out(SKAT_DECK, 3))
def test_any_partition_of_the_skat_deck_counts_120(piles):
    assert sum(captured.pile_points(pile, "skat") for pile in piles) == 120


@given(shared_out(JASS_DECK, 4), french_suits)
def test_any_partition_of_the_jass_deck_counts_152(piles, trump):
    assert sum(captured.pile_points(pile, "jass", trump) for pile in piles) == 152


@given(st.permutations(SKAT_DECK), splits(10, 3), any_seat(3), any_seat(3), st.integers(0, 3))
def test_schieberamsch_any_valid_piles_sum_to_120_and_replay(deck, tricks, skat_seat, rest, pushed):
    """Ten tricks of three cards shared out, the skat's 2 with one player; any pile left to inference."""
    sizes = [3 * n for n in tricks]
    sizes[skat_seat] += 2
    piles = deal_out(deck, sizes)
    tapped = [[] if seat == rest else pile for seat, pile in enumerate(piles)]
    if sizes[skat_seat] == 2 and not captured.counting_only(tapped, "skat"):  # the skat without a trick
        with pytest.raises(RuleError):
            RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), ramsch_cards(tapped, rest=rest, pushed=pushed))
        return
    deal = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), ramsch_cards(tapped, rest=rest, pushed=pushed))
    assert sum(deal["points"]) == 120
    assert deal["points"] == [captured.pile_points(pile, "skat") for pile in piles]
    assert RAMSCH.replay(skat_table(), [deal]).results[0].points == replay(
        RAMSCH, skat_table(), {**deal, "count": "points"}).points, "cards and typed points score alike"


@given(st.permutations(JASS_DECK), splits(9, 4), french_suits, any_seat(4), any_seat(4))
def test_handjass_any_valid_piles_sum_to_157(deck, counts, trump, last, rest):
    """Nine tricks of four cards shared among four players (any pile inferred): 152 + 5 = 157."""
    if counts[last] == 0:
        last = counts.index(max(counts))
    piles = deal_out(deck, [4 * n for n in counts])
    tapped = [[] if seat == rest else pile for seat, pile in enumerate(piles)]
    table, state = jass_table(), JASS.start(jass_table())
    deal = parse_deal(JASS.deal_fields(table, state), jass_cards(tapped, trump=trump, last=last, rest=rest), 4)
    JASS.complete(table, state, deal)  # the counts only: a tie would also ask for the card draw
    assert sum(deal["points"]) == 157
    assert deal["points"][last] == captured.pile_points(piles[last], "jass", trump) + 5


# --- counting cards only (issue 23): the whole-trick check only when every card was tapped ---------
# The decision is in captured.py's docstring; the card points are those of the rules notes:
# schieberamsch.md "Cards and card points" (A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0; 120 in total) and
# handjass.md "Card points" (trump J 20, trump 9 14, last trick +5; total 157).

def test_schieberamsch_ramsch_by_counting_cards_only():
    """x2; A ♥A ♥10 ♥K (25), B ♠A ♠10 ♠K ♦Q (28: four cards, not whole tricks), C the rest (67):
    all took a trick, C scores 67 x 2 = 134 -> 13 (schieberamsch.md "Ramsch deal")."""
    deal = ramsch_cards([["AH", "10H", "KH"], ["AS", "10S", "KS", "QS"], []], pushed=1)
    parsed = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert parsed["points"] == [25, 28, 67] and sum(parsed["points"]) == 120
    assert parsed["took_trick"] == [True, True, True]
    assert replay(RAMSCH, skat_table(), deal).points == (0, 0, 13)


def test_schieberamsch_one_zero_card_tapped_makes_every_card_count():
    """The same B pile with the ♠7 added is taken as every card: five cards are refused for A's three
    and B's five (two skat takers), as the whole-trick check says."""
    deal = ramsch_cards([["AH", "10H", "KH", "QH"], ["AS", "10S", "KS", "QS", "7S"], []])
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert error.value.field == "cards-0" and "whole tricks of three cards" in plain(error.value.text)
    assert RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()),
                        ramsch_cards([["AH", "10H", "KH", "QH"], ["AS", "10S", "KS", "QS"], []]))["points"][0] == 28


def test_schieberamsch_counting_cards_still_refuse_a_card_twice():
    with pytest.raises(RuleError) as error:
        RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), ramsch_cards([["AS", "KS"], ["AS"], []]))
    assert plain(error.value.text) == "♠A is given to both A and B: each card goes to one player."


def test_schieberamsch_grand_hand_by_counting_cards():
    """schieberamsch.md Grand Hand: the defenders' ♣A ♣10 ♣K ♣Q (28) tapped as one pile of four; the
    soloist B (the rest) has 92: won with schneider, with 2: 24 x 5 = 120, /10 -> -12."""
    deal = {"type": "grand_hand", "count": "cards", "soloist": 1, "jacks": ["JC", "JS"], "contra": "none",
            "cards": [["AC", "10C", "KC", "QC"], [], []], "rest": 1}
    parsed = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert (parsed["soloist_points"], parsed["all_tricks"]) == (92, False)
    assert replay(RAMSCH, skat_table(), deal).points == (0, -12, 0)


@given(st.permutations(SKAT_DECK), splits(10, 3), any_seat(3), any_seat(3))
def test_schieberamsch_counting_cards_of_any_deal_count_as_every_card(deck, tricks, skat_seat, rest):
    """Any Ramsch deal, tapped once with every card and once with the counting cards only (the rest
    inferred both ways): the same points, 120 in all, and the same score."""
    sizes = [3 * n for n in tricks]
    sizes[skat_seat] += 2
    if sizes[skat_seat] == 2:
        return
    if not tricks[rest]:  # the rest player took a trick: the 7s, 8s and 9s nobody was given are theirs
        rest = skat_seat
    piles = deal_out(deck, sizes)
    every = [[] if seat == rest else pile for seat, pile in enumerate(piles)]
    counting = [[card for card in pile if captured.pile_points([card], "skat")] for pile in every]
    # a player who took tricks of 7, 8 and 9 only is ticked, as the form asks for a pile without a counting
    # card (the rest's too)
    blank = [sizes[seat] > 0 and not captured.pile_points(pile, "skat") for seat, pile in enumerate(piles)]
    start = RAMSCH.start(skat_table())
    by_every = RAMSCH.parse(skat_table(), start, ramsch_cards(every, rest=rest))
    by_counting = RAMSCH.parse(skat_table(), start, ramsch_cards(counting, rest=rest, blank_trick=blank))
    assert by_counting["points"] == by_every["points"] and sum(by_counting["points"]) == 120
    assert by_counting["took_trick"] == by_every["took_trick"] == [n > 0 for n in sizes]
    assert replay(RAMSCH, skat_table(), by_counting).points == replay(RAMSCH, skat_table(), by_every).points


def test_schieberamsch_counting_cards_ask_who_took_a_trick_of_7_8_9():
    """schieberamsch.md seed example 1 (x4; A 0, B 7, C 113) with B's ♥K ♥Q and C the rest: A took no
    trick, two took tricks, C scores 113 x 2 x 4 -> 90. A ticked as having taken a trick of 7, 8 and
    9 only: all three took one, so C scores 113 x 4 = 452 -> 45 ("Ramsch deal", who scores)."""
    deal = ramsch_cards([[], ["KH", "QH"], []], pushed=2)
    table = skat_table()
    assert replay(RAMSCH, table, deal).points == (0, 0, 90)
    ticked = {**deal, "blank_trick": [True, False, False]}
    assert RAMSCH.parse(table, RAMSCH.start(table), ticked)["took_trick"] == [True, True, True]
    assert replay(RAMSCH, table, ticked).points == (0, 0, 45)


def test_schieberamsch_a_rest_without_a_counting_card_took_a_trick_only_if_ticked():
    """schieberamsch.md "Ramsch deal": B took every trick (Durchmarsch, -120 -> -12). Tapped by counting
    cards, B has all 20 and C, the rest, the 7s, 8s and 9s, which may be nobody's: C took no trick
    unless ticked (then only two took tricks: B 2 x 120 = 240 -> 24)."""
    every_counting = [card for card in SKAT_DECK if captured.pile_points([card], "skat")]
    deal = ramsch_cards([[], every_counting, []])
    table = skat_table()
    assert RAMSCH.parse(table, RAMSCH.start(table), deal)["took_trick"] == [False, True, False]
    assert replay(RAMSCH, table, deal).points == (0, -12, 0)
    assert replay(RAMSCH, table, {**deal, "blank_trick": [False, False, True]}).points == (0, 24, 0)


def test_schieberamsch_grand_hand_soloist_with_every_counting_card_and_a_blank_rest_is_schwarz():
    """schieberamsch.md Grand Hand: A with all four jacks (with 4) and all 120, C the rest with no counting
    card: schwarz unless C is ticked, 24 x (4 + 2 + 1 + 1) = 192 -> -19; ticked, 24 x 7 = 168 -> -16."""
    every_counting = [card for card in SKAT_DECK if captured.pile_points([card], "skat")]
    deal = {"type": "grand_hand", "count": "cards", "soloist": 0, "jacks": ["JC", "JS", "JH", "JD"],
            "contra": "none", "cards": [every_counting, [], []], "rest": 2}
    table = skat_table()
    assert replay(RAMSCH, table, deal).points == (-19, 0, 0)
    assert replay(RAMSCH, table, {**deal, "blank_trick": [False, False, True]}).points == (-16, 0, 0)


def test_schieberamsch_trick_of_7_8_9_is_not_read_when_every_card_is_tapped():
    """With a 7, 8 or 9 tapped every card counts (captured.py): an empty pile took no trick, ticked or not."""
    deal = ramsch_cards([[], ["KH", "QH", "7H"], []], pushed=2, blank_trick=[True, False, False])
    parsed = RAMSCH.parse(skat_table(), RAMSCH.start(skat_table()), deal)
    assert parsed["took_trick"] == [False, True, True]
    assert replay(RAMSCH, skat_table(), deal).points == (0, 0, 90)


def test_schieberamsch_grand_hand_defender_with_a_trick_of_7_8_9_is_no_schwarz():
    """schieberamsch.md Grand Hand: schwarz (+1) only when the soloist takes every trick. B (with 2) is
    the rest with every counting card: 24 x (2 + 2 + 1 + 1) = 144 -> -14; a defender ticked as having
    taken a trick of 7, 8 and 9 only: no schwarz, 24 x 5 = 120 -> -12."""
    deal = {"type": "grand_hand", "count": "cards", "soloist": 1, "jacks": ["JC", "JS"], "contra": "none",
            "cards": [[], [], []], "rest": 1}
    table = skat_table()
    assert RAMSCH.parse(table, RAMSCH.start(table), deal)["all_tricks"] is True
    assert replay(RAMSCH, table, deal).points == (0, -14, 0)
    ticked = {**deal, "blank_trick": [False, False, True]}
    assert RAMSCH.parse(table, RAMSCH.start(table), ticked)["all_tricks"] is False
    assert replay(RAMSCH, table, ticked).points == (0, -12, 0)


def test_handjass_worked_example_1_by_counting_cards():
    """handjass.md 'Worked examples' 1 with only the counting cards tapped (trump clubs: the ♣9 counts,
    the 6s, 7s, 8s and plain 9s are left out): 60, 45, 30, 22 -> +1 +1 0 -1; D's pile is the rest."""
    counting = [["JC", "9C", "AC", "10C"], ["AS", "10S", "AH", "10H", "QC"], ["AD", "10D", "KS", "QS", "JS"], []]
    table = jass_table()
    parsed = JASS.parse(table, JASS.start(table), jass_cards(counting))
    assert parsed["points"] == [60, 45, 30, 22]
    assert replay(JASS, table, jass_cards(counting)).points == (1, 1, 0, -1)


def test_handjass_a_plain_nine_tapped_makes_every_card_count():
    """A plain 9 is worth 0 (handjass.md 'Card points'): with the ♠9 tapped A's five cards are refused."""
    table = jass_table()
    deal = jass_cards([["JC", "9C", "AC", "10C", "9S"], [], [], []])
    with pytest.raises(RuleError) as error:
        JASS.parse(table, JASS.start(table), deal)
    assert plain(error.value.text) == "A has 5 cards, which cannot be: a pile is whole tricks of 4 cards."
    assert JASS.parse(table, JASS.start(table), jass_cards([["JC", "9C", "AC", "10C", "KC"], [], [], []])
                      )["points"][0] == 20 + 14 + 11 + 10 + 4 + 5


def test_handjass_three_players_by_counting_cards():
    """Three players: 27 cards in play, no pile inferred; each player's counting cards are tapped and
    the number of cards is not checked. The last trick (+5) may hold no counting card: C took it."""
    table = jass_table(3)
    piles = [["JC", "9C", "AC", "10C", "KC", "QC"], ["AS", "10S", "KS"], []]
    parsed = JASS.parse(table, JASS.start(table), jass_cards(piles, playing=(0, 1, 2), last=2, rest=2, n=3))
    assert parsed["points"] == [62, 25, 5]
    with pytest.raises(RuleError) as error:  # with a 6 tapped every card counts: C's empty pile took no trick
        JASS.parse(table, JASS.start(table),
                   jass_cards([*piles[:2], ["6H"]], playing=(0, 1, 2), last=2, rest=2, n=3))
    assert error.value.field == "cards"
