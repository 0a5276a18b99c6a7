"""Handjass and Berner Handjass (2-4 players, 36 cards): played to find the loser.

Rules: ``shared/rules/handjass.md``; ``research-notes.md`` 1.x and O1, O2, O3, O13.
The totals are **strokes** (+1 bars, -1 potatoes): a player whose net reaches the
target leaves the game, safe; the last player left is the loser. Deal and play go
counter-clockwise (to the dealer's right). Card points and Weis: `handjass_weis`.

Decisions and named options:

- ``variant`` "standard" | "berner": Berner multiplies every stroke of the deal
  (+1, -1, +2, the potato bonus) by the trump suit: ``berner_hearts`` 4,
  ``berner_diamonds`` 3, ``berner_clubs`` 2, ``berner_spades`` 1 (O3: which red
  suit is x4 is unverified; the table is editable). The threshold is checked
  on unmultiplied counts.
- ``target`` 7 (9, 5 or any number), ``threshold`` 26 (21 in other books, O13),
  ``weis_values`` "handjass" (5+ sequences 100) or "swiss" (O1),
  ``potato_bonus`` off, ``bessern`` off, ``twelve_cards`` off
  (the last two only change the deal: notes and the 157 check; not both).
- Strokes: below the threshold -1; the two highest counts at or above it +1 each;
  when exactly one participant reaches it, +2.
- Three and two players (issue 9 audit; O2 is settled by the seed): both sections
  end "それ以外は4人プレイと同じです" (otherwise the same as with four), so the
  four-player strokes are the default for them too:
  ``three_player_two_winners`` now on (it was off): the two highest at or above
  the threshold +1 each; off: only the top one. ``two_player_rule`` "as_four"
  (default): one at or above the threshold while the other is a potato +2, both
  at or above it +1 each; "higher" (common Swiss practice): the higher count
  scores ``two_player_winner_strokes`` (1 or 2), with no +2. Sessions frozen
  before this change lack ``two_player_rule`` and keep the "higher" reading.
- One participant: +2 without play. Two participants may take +1 each without
  play (``agreed``): "2人だけゲームに参加し、お互い推定上26点以上とれそうな場合は、
  2人のプレイヤーはともに+1点を獲得します" (if only two take part and both can
  presumably reach 26, both get +1). Now also when only two players are left
  (it was refused there). Nobody playing is not a deal: the table deals again.
- Since the last two can now both gain in one deal, everyone left may reach the
  target at once (O2: undefined). Then the higher total goes out and the rest
  stay (with two left: the other loses); on equal totals nobody goes out and the
  game goes on until one is ahead ("1人だけ残るまでゲームを続けます", play
  until only one remains).
- Entry asks only what matters: in plain Handjass trump only for a deal played
  out (hidden when the two agree and when one plays alone; a trump sent where it
  is not asked must be a suit and is not read, issue 22). Berner asks it for
  every deal, also without play: the trump is turned up at the deal, so one
  alone scores +2 x trump and two who agree +1 each x trump (rules note,
  decided 2026-11-26). Card points, Weis and Stöck are asked only of the
  players who play (``seats_from``); when all 36 cards are played the counts
  are a fixed sum of 157, which the form fills in. A deal not played out (one
  alone, two agreed) has no card points, Weis, Stöck, last trick or draw: the
  page hides them then (``page_show_if``), but they are still read, so one
  sent anyway is refused, naming its box (a page without JavaScript). Who took the last trick is
  optional: when left empty each count must be possible with or without the
  last trick's 5.
- Ties for a stroke are settled by a card draw: the field ``draw`` takes the
  players who won it; ``bonus_draw`` who takes the potato bonus when the top is tied.
- Weis are entered as the shown cards; only the best player's Weis count
  (strongest, more cards, higher top card, trump suit, nearer the dealer's right).
- ``count_from`` "points" (default) | "cards": each deal may type the card points
  or tap every participant's captured cards (``captured.py``): the points are
  counted with the deal's trump (J 20, 9 14) plus 5 for the last trick; when all
  36 cards are in play, ``rest`` (default the last active player) gets every card
  nobody else was given. The payload keeps the tapped cards; replay counts again.
  Tapping only the counting cards (no 6, 7, 8 or plain 9) skips the checks of
  whole tricks, of the number of cards played and of a card in the last trick's
  taker's pile (``captured.py``): the last trick may hold no counting card.
- A player who goes out is named in the deal's breakdown and in the line that
  confirms the save (``DealResult.news``).
- ``winners`` are everyone who went out (safe); ``losers`` the last one left. A game
  the table ends before that ("End the game here": the totals so far decide) is lost
  by the lowest total of those still in (equal lowest: each of them); the others win.
- Statistics (``figures``), per player: deals played (in ``playing``), the Weis
  points that counted and the deals with the best Weis, Stöck, strokes gained (the
  bars drawn) and potatoes. Left out, because a deal does not store the fact they
  need: deals sat out (a deal stores who played, not who was still in the game);
  the best Weis when two players' strongest Weis are equal in every way (the
  player nearer the dealer's right wins it, and a deal does not store the dealer:
  such a deal counts no Weis for anyone); who went out first and who lost (a
  session's outcome, not a deal's: the session record counts its winners and
  losers).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import captured
from .base import DealResult, Figure, Game, State, Table, narrow, next_active
from .cards import label, no_pile_holds
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, SEATS, FieldSpec, Legacy, OptionSpec, memoized
from .handjass_weis import DECK, FOURS_SAID, LAST_TRICK, POSSIBLE, TOTAL, Meld, loose_cards, split_weis
from .text import N_, P, RuleError, T, Text, joined

SUITS = (("C", N_("♣ clubs")), ("S", N_("♠ spades")), ("H", N_("♥ hearts")), ("D", N_("♦ diamonds")))
BERNER = {"H": ("berner_hearts", 4), "D": ("berner_diamonds", 3), "C": ("berner_clubs", 2),
          "S": ("berner_spades", 1)}
BERNER_LABELS = {"H": N_("Berner: hearts trump x"), "D": N_("Berner: diamonds trump x"),
                 "C": N_("Berner: clubs trump x"), "S": N_("Berner: spades trump x")}
BERNER_HELP = N_("Berner Handjass only. The source lost the red suits: hearts x4, diamonds x3 is a guess.")
STOECK = 20
REASONS = (N_("a stronger Weis"), N_("more cards"), N_("a higher top card"), N_("the trump suit"),
           N_("nearer the dealer's right"))


#: what only a deal played out has: card points (typed or tapped), Weis, Stöck, the last trick, a draw
PLAYED_OUT = ("count", "points", "last_trick", "rest", "cards", "weis", "stoeck", "draw", "bonus_draw")


@memoized
def played_out_only(spec: FieldSpec) -> FieldSpec:
    """The page hides what only a deal played out has while one plays alone or two agree, as it hides the
    boxes of a player who sits out. Unlike those, the engine still reads them and refuses a value there
    (`Handjass._check_entered`), naming the box: a page without JavaScript shows them."""
    if spec.name not in PLAYED_OUT:
        return spec
    return dataclasses.replace(spec, page_show_if=("agreed", (False,)), page_show_if_count=("playing", 2))


PLAY_ON = T("Everyone left reached the target in the same deal with equal strokes: they play on until one is "
            "ahead.")
PLAY_ON_NEWS = T("all reached the target with equal strokes: play on until one is ahead")  # a part of the save's line

@dataclass(frozen=True)
class HandjassState(State):
    potatoes: tuple[int, ...] = ()
    out_after: tuple[int | None, ...] = ()  # the deal number after which a seat went out


class Handjass(Game):
    slug = "handjass"
    name = N_("Handjass")
    players = (2, 3, 4)
    tally = True  # strokes are good: reaching the target makes a player safe
    unit = N_("strokes")

    options = (
        OptionSpec("variant", N_("Variant"), CHOICE, "standard",
                   choices=(("standard", N_("Handjass")), ("berner", N_("Berner Handjass (x trump suit)")))),
        *(OptionSpec(key, BERNER_LABELS[suit], INT, factor, minimum=1, maximum=10, show_if=("variant", ("berner",)),
                     help=BERNER_HELP if suit == "H" else "")  # said once, under the first
          for suit, (key, factor) in BERNER.items()),
        OptionSpec("target", N_("Out (safe) at"), INT, 7, minimum=1, maximum=99, help=N_("7; some play 9 or 5.")),
        OptionSpec("threshold", N_("Potato below"), INT, 26, minimum=1, maximum=TOTAL,
                   help=N_("26; some books say 21.")),
        OptionSpec("weis_values", N_("Weis values"), CHOICE, "handjass",
                   choices=(("handjass", N_("Handjass: any sequence of 5 or more 100")),
                            ("swiss", N_("Swiss: 6 in a row 150 ... 9 in a row 300, four 9s 150")))),
        OptionSpec("potato_bonus", N_("Top scorer +1 for each potato"), BOOL, False),
        OptionSpec("three_player_two_winners", N_("Three players: the top two score +1"), BOOL, True,
                   help=N_("On: as with four players, as the original rules say; off: only the top count scores.")),
        OptionSpec("two_player_rule", N_("Two players"), CHOICE, "as_four",
                   choices=(("as_four", N_("as with four: +2 when the other is a potato, +1 each when both reach it")),
                            ("higher", N_("only the higher count scores")))),
        OptionSpec("two_player_winner_strokes", N_("Two players: strokes for the winner"), INT, 1,
                   minimum=1, maximum=2, show_if=("two_player_rule", ("higher",))),
        OptionSpec("bessern", N_("Bessern with three or two players"), BOOL, False, entry_only=True),
        OptionSpec("twelve_cards", N_("Twelve-card hands with three or two players"), BOOL, False, entry_only=True),
        captured.count_option(N_("Typed: the points each player counted. Tapped: each player's captured cards are "
                                 "counted for you (trump J 20, trump 9 14, the last trick's 5 added); when all 36 "
                                 "cards are played, one player's pile is what nobody else was given. Each deal "
                                 "can switch.")),
    )

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        if table.options.get("bessern") and table.options.get("twelve_cards"):
            raise RuleError(T("Bessern needs a stock and twelve-card hands leave none: choose one."), "twelve_cards")

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        active = tuple(seat for seat in range(table.size) if state.active[seat])
        fields = [FieldSpec("playing", N_("Who plays"), SEATS, seats=active, default=list(active),
                            help=N_("The others sit out this deal. One alone takes +2 without playing: "
                                    "no cards to count."))]
        if len(active) >= 2:
            fields.append(FieldSpec("agreed", N_("Only two play: both take +1 without playing"), BOOL))
        berner = table.options.get("variant") == "berner"
        # asked only for a deal played out (two or more play, not agreed); Berner asks it always: its
        # trump multiplies the strokes of a deal without play too
        fields.append(FieldSpec("trump", N_("Trump"), CHOICE, choices=SUITS, required=False,
                                show_if=None if berner or len(active) < 2 else ("agreed", (False,)),
                                show_if_count=None if berner else ("playing", 2)))
        # when everyone still in plays with a full hand all 36 cards are played: the counts add up to 157,
        # so the form fills the last one in (as Schieberamsch's 120); a player who sits out has no boxes
        whole_deck = len(active) * self.hand_size(table, state) == len(DECK)
        fields += [
            FieldSpec("points", N_("Card points (last trick's 5 included)"), INT, per_seat=True, required=False,
                      minimum=0, maximum=TOTAL, seats=active, seats_from="playing",
                      total=TOTAL if whole_deck else None),
            FieldSpec("last_trick", N_("Took the last trick"), SEAT, required=False, seats=active,
                      help=N_("Typed counts: optional, each is then checked against its 5. Tapped cards: "
                              "needed, its 5 is added to that player.")),
            FieldSpec("weis", N_("Weis shown (tap its cards)"), MULTI, per_seat=True, seats=active,
                      seats_from="playing", choices=tuple((card, label(card)) for card in DECK)),
            FieldSpec("stoeck", N_("Stöck (trump K and Q)"), BOOL, per_seat=True, seats=active, seats_from="playing"),
            FieldSpec("draw", N_("Won the card draw (only after a tie for a stroke)"), SEATS, required=False,
                      seats=active, on_demand=True),
        ]
        if table.options.get("potato_bonus"):
            fields.append(FieldSpec("bonus_draw", N_("Won the draw for the potato bonus (tie for the top)"),
                                    SEAT, required=False, seats=active, on_demand=True))
        # captured cards instead of typed card points: the count choice before the points, the piles after
        # the last trick (the rest defaults to the last active player while every card can be in play)
        piles = captured.pile_fields(DECK, "jass", active[-1] if whole_deck else None, active, N_("Captured cards"),
                                     ("last_trick", LAST_TRICK))
        count = captured.count_field(table.options.get("count_from", captured.POINTS))
        asked = captured.with_cards(tuple(fields), ("points",), "last_trick", piles, count, "trump")
        return tuple(played_out_only(spec) if len(active) >= 2 else spec for spec in asked)

    # -- captured cards instead of typed card points ------------------------------
    def hand_size(self, table: Table, state: State) -> int:
        return 12 if table.options.get("twelve_cards") and sum(state.active) <= 3 else 9

    def card_piles(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[list[list[str]], int | None]:
        """Each player's captured cards, and who got the rest (only when all 36 cards were played)."""
        in_play = len(deal["playing"]) * self.hand_size(table, state)
        rest = deal["rest"] if in_play == len(DECK) and deal["rest"] in deal["playing"] else None
        return captured.piles(deal["cards"], rest, DECK), rest

    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """Counting by cards: each participant's card points from their pile, plus 5 for the last trick."""
        if deal.get("count") != captured.CARDS:
            return
        playing, played = deal["playing"], self.played(deal)
        captured.check_given_once(table.names, deal["cards"])
        self._check_untapped(table, deal, played)
        if not played:
            return
        if deal["last_trick"] is None:  # the cards alone lack its 5: all 36 make 152, not 157
            raise RuleError(T("Who took the last trick? Counted by cards, its 5 points are added to that "
                              "player's cards."), "last_trick")
        piles, rest = self.card_piles(table, state, deal)
        every_card = not captured.counting_only(deal["cards"], "jass", deal["trump"])
        if every_card:
            self._check_piles(table, state, playing, piles)
        last = deal["last_trick"]
        if every_card and last in playing and not piles[last]:
            raise RuleError(T("%(player)s took the last trick but has no cards.", player=table.name(last)),
                            "last_trick")
        deal["points"] = [captured.pile_points(piles[seat], "jass", deal["trump"])
                          + (LAST_TRICK if seat == last else 0) if seat in playing else None
                          for seat in range(table.size)]

    def _check_untapped(self, table: Table, deal: Mapping[str, Any], played: bool) -> None:
        """Only the participants of a deal played out have captured cards."""
        playing = deal["playing"]
        for seat, pile in enumerate(deal["cards"]):
            if pile and not (played and seat in playing):
                raise RuleError(T("%(player)s sits out this deal: leave their cards untapped.",
                                  player=table.name(seat)) if seat not in playing else
                                T("This deal was not played out: leave the cards untapped."), f"cards-{seat}")

    def _check_piles(self, table: Table, state: State, playing: list[int], piles: list[list[str]]) -> None:
        """The piles hold every card played (a hand per participant), each pile whole tricks."""
        n, hand = len(playing), self.hand_size(table, state)
        given = sum(len(piles[seat]) for seat in playing)
        if given != n * hand:
            message = (N_("%(n)d players x %(hand)d cards = %(cards)d cards were played, but %(given)d are tapped. "
                          "Not all 36 cards were in play, so nobody's pile can be inferred: tap every player's "
                          "cards.") if n * hand < len(DECK) else
                       N_("%(n)d players x %(hand)d cards = %(cards)d cards were played, but %(given)d are tapped."))
            raise RuleError(T(message, n=n, hand=hand, cards=n * hand, given=given), "cards")
        for seat in playing:
            if len(piles[seat]) % n:
                raise RuleError(T("%(player)s has %(count)d cards, which cannot be: a pile is whole tricks of "
                                  "%(n)d cards.", player=table.name(seat), count=len(piles[seat]), n=n),
                                f"cards-{seat}")

    def _card_lines(self, table: Table, state: State, deal: Mapping[str, Any]) -> list[Text]:
        if deal.get("count") != captured.CARDS or not self.played(deal):
            return []
        piles, rest = self.card_piles(table, state, deal)
        lines = [captured.pile_line(table.name(seat), piles[seat], "jass", deal["trump"], seat == rest)
                 for seat in deal["playing"]]
        if deal["last_trick"] is not None:
            lines.append(T("%(player)s took the last trick: +%(points)d.", player=table.name(deal["last_trick"]),
                           points=LAST_TRICK))
        return lines

    # -- checks --------------------------------------------------------------
    def parse(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Refuse entries for players already out, which the generic parser would drop silently."""
        checked = isinstance(raw, Mapping) and not self.is_over(table, state)
        for spec in self.deal_fields(table, state) if checked else ():
            values = raw.get(spec.name)
            if spec.per_seat and isinstance(values, (list, tuple)) and len(values) == table.size:
                for seat, value in enumerate(values):
                    if not state.active[seat] and value not in (None, "", [], False, 0, "0"):
                        raise RuleError(T("%(player)s is out of the game and plays no more deals.",
                                          player=table.name(seat)), f"{spec.name}-{seat}")
        return super().parse(table, state, raw)

    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """Trump, asked for every deal until it was asked only for a deal played out (or under Berner):
        where it is not asked any suit changes nothing. A player who sits out is not asked for card
        points, Weis or Stöck: sent anyway, they must be empty (typed points aside while cards are tapped)."""
        n = table.size
        return (Legacy("trump"),
                Legacy("points", lambda deal: None if deal.get("count") == captured.CARDS else [0] * n),
                Legacy("weis", lambda deal: [[]] * n), Legacy("stoeck", lambda deal: [False] * n))

    def played(self, deal: Mapping[str, Any]) -> bool:
        return len(deal["playing"]) >= 2 and not deal.get("agreed")

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        self._check_still_in(table, state, deal)
        self._check_who_plays(table, state, deal)
        played = self.played(deal)
        self._check_trump(table, deal, played)
        self._check_entered(table, deal, played)
        if played:
            self._check_points(table, state, deal)
            self._check_weis(table, state, deal)
        elif deal["last_trick"] is not None:
            raise RuleError(T("This deal was not played out: nobody took the last trick."), "last_trick")
        self._settle(table, state, deal)

    def _check_still_in(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Who plays, who won a draw and who took the last trick are players still in the game."""
        for name in ("playing", "draw", "last_trick", "bonus_draw"):
            chosen = deal.get(name)
            for seat in chosen if isinstance(chosen, list) else [chosen]:
                if seat is not None and not state.active[seat]:
                    raise RuleError(T("%(player)s is out of the game.", player=table.name(seat)), name)

    def _check_who_plays(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Somebody plays; with two left the dealer never plays alone; only two may agree on +1 each."""
        playing, n_active = deal["playing"], sum(state.active)
        if not playing:
            raise RuleError(T("Tick who plays. If everybody passed, nothing is scored: deal again."), "playing")
        if n_active == 2 and playing == [state.dealer]:
            raise RuleError(T("With two players the dealer cannot play alone: the dealer follows the other "
                              "player unless that player took the blind (and so plays)."), "playing")
        if deal.get("agreed") and len(playing) != 2:
            raise RuleError(T("Taking +1 without playing is only for a deal in which exactly two play."), "agreed")

    def _check_trump(self, table: Table, deal: Mapping[str, Any], played: bool) -> None:
        """Trump is needed for a deal played out, and always under Berner (it sets the multiplier)."""
        if deal["trump"] is None and (played or table.options.get("variant") == "berner"):
            raise RuleError(T("Choose trump.") if played else
                            T("Choose trump: Berner Handjass multiplies the strokes by the trump suit."), "trump")

    def _check_entered(self, table: Table, deal: Mapping[str, Any], played: bool) -> None:
        """Card points, Weis and Stöck only for a deal played out; the participants' card points entered."""
        playing = deal["playing"]
        for seat in range(table.size):
            plays = seat in playing and played
            for name in ("points", "weis", "stoeck"):  # a player who sits out is not asked (seats_from)
                if not plays and deal[name][seat] not in (None, 0, [], False):
                    raise RuleError(T("This deal was not played out: it has no card points, Weis or Stöck."),
                                    f"{name}-{seat}")
        RuleError.every([RuleError(T("Enter %(player)s's card points.", player=table.name(seat)), f"points-{seat}")
                         for seat in range(table.size) if seat in playing and played and deal["points"][seat] is None])

    def _check_points(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """The last trick went to a participant, each count can be taken, the counts fit the deck."""
        playing, last = deal["playing"], deal["last_trick"]
        if last is not None and last not in playing:
            raise RuleError(T("Who took the last trick? Choose a player who played."), "last_trick")
        for seat in playing:
            self._check_count(table, deal, seat)
        self._check_points_total(table, state, deal)

    def _check_count(self, table: Table, deal: Mapping[str, Any], seat: int) -> None:
        """One player's card points are a sum of cards, plus the last trick's 5 for whoever took it."""
        points, last = deal["points"], deal["last_trick"]
        own = points[seat] - (LAST_TRICK if seat == last else 0)
        if last is None and own not in POSSIBLE and own - LAST_TRICK in POSSIBLE:
            return  # not entered: this count holds the last trick's 5
        if own not in POSSIBLE and seat != last:
            raise no_pile_holds(points[seat], f"points-{seat}")
        if own not in POSSIBLE:
            raise RuleError(T("%(player)s took the last trick: the count includes its 5 and cannot be %(points)d.",
                              player=table.name(seat), points=points[seat]), f"points-{seat}")

    def _check_points_total(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """The counts add up to 157 when every card was played, and never to more."""
        playing, points = deal["playing"], deal["points"]
        total, n_active = sum(points[seat] for seat in playing), sum(state.active)
        all_cards = len(playing) == n_active and (n_active == 4 or table.options.get("twelve_cards") and n_active == 3)
        if all_cards and total != TOTAL:
            raise RuleError(T("All 36 cards were played: the card points add up to %(total)d (last trick "
                              "included), not %(sum)d.", total=TOTAL, sum=total), "points")
        if total > TOTAL:
            raise RuleError(T("The card points add up to at most %(total)d (last trick included); these add up "
                              "to %(sum)d.", total=TOTAL, sum=total), "points")

    def _check_weis(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Every participant's shown cards read as Weis from one hand, no card shown twice; Stöck fits."""
        owner: dict[str, int] = {}
        for seat in deal["playing"]:
            self._check_player_weis(table, state, deal, seat, owner)
        self._check_stoeck(table, deal, owner)

    def _check_player_weis(self, table: Table, state: State, deal: Mapping[str, Any], seat: int,
                           owner: dict[str, int]) -> None:
        """One player's shown cards: shown by nobody before (`owner` notes them), no more than a hand,
        every card in some Weis, and all of them read at once."""
        cards, player, where = deal["weis"][seat], table.name(seat), f"weis-{seat}"
        hand = self.hand_size(table, state)
        for card in cards:
            if card in owner:
                raise RuleError(T("%(card)s is in both %(first)s's and %(player)s's Weis.", card=label(card),
                                  first=table.name(owner[card]), player=player), where)
            owner[card] = seat
        if len(cards) > hand:
            raise RuleError(T("%(player)s holds %(n)d cards: a Weis of %(shown)d cards is impossible.",
                              player=player, n=hand, shown=len(cards)), where)
        schedule = table.options.get("weis_values", "handjass")
        loose = loose_cards(cards, schedule)
        if loose:
            raise RuleError(T("%(cards)s in %(player)s's Weis belong to no Weis (three or more in a row of one "
                              "suit, or four of a kind: %(ranks)s).", player=player, ranks=FOURS_SAID[schedule],
                              cards=" ".join(label(card) for card in loose)), where)
        if cards:
            self._melds(table, deal, seat)

    def _melds(self, table: Table, deal: Mapping[str, Any], seat: int) -> tuple[Meld, ...]:
        """A player's shown cards read as Weis, strongest first; refused when no reading uses each card once."""
        melds = split_weis(deal["weis"][seat], table.options.get("weis_values", "handjass"), deal["trump"])
        if melds is None:
            raise RuleError(T("%(player)s's Weis cannot be read without using a card twice.",
                              player=table.name(seat)), f"weis-{seat}")
        return melds

    def _check_stoeck(self, table: Table, deal: Mapping[str, Any], owner: Mapping[str, int]) -> None:
        """One player at most has Stöck, and nobody else showed the trump K or Q in a Weis."""
        trump = deal["trump"]
        holders = [seat for seat in deal["playing"] if deal["stoeck"][seat]]
        if len(holders) > 1:
            raise RuleError(T("Only one player holds the trump K and Q."), f"stoeck-{holders[1]}")
        for seat in holders:
            for card in ("K" + trump, "Q" + trump):
                if owner.get(card, seat) != seat:
                    raise RuleError(T("%(player)s cannot have Stöck: %(card)s is in %(other)s's Weis.",
                                      player=table.name(seat), card=label(card), other=table.name(owner[card])),
                                    f"stoeck-{seat}")

    # -- scoring -------------------------------------------------------------
    figures = (
        Figure("deals_played", N_("Deals played")), Figure("weis_points", N_("Weis points that counted")),
        Figure("best_weis", N_("Deals with the best Weis")), Figure("stoeck", N_("Stöck")),
        Figure("strokes", N_("Strokes gained (bars)")), Figure("potatoes", N_("Potatoes")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The best Weis as `_best_weis` finds it, unless an exact tie needs the dealer (see the docstring)."""
        schedule, weis = table.options.get("weis_values", "handjass"), [0] * table.size
        melds = {seat: self._melds(table, deal, seat) for seat in deal["playing"]
                 if self.played(deal) and deal["weis"][seat]}
        strength = {seat: melds[seat][0].strength(schedule, deal["trump"]) for seat in melds}
        best = [seat for seat in melds if strength[seat] == max(strength.values())]
        if len(best) == 1:
            weis[best[0]] = sum(meld.points(schedule) for meld in melds[best[0]])
        return {"deals_played": [int(seat in deal["playing"]) for seat in range(table.size)],
                "weis_points": weis, "best_weis": [int(points > 0) for points in weis],
                "stoeck": [int(bool(held)) for held in deal["stoeck"]],
                "strokes": [max(points, 0) for points in result.points],
                "potatoes": [int(points < 0) for points in result.points]}

    def turn(self, table: Table, state: State, seat: int) -> int:
        """Place in the turn: 0 for the dealer's right, the dealer last."""
        return (state.dealer - seat - 1) % table.size

    def counts(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[dict[int, int], list[Text]]:
        """Each participant's count: card points + Weis (only the best player's) + Stöck."""
        weis, lines = self._best_weis(table, state, deal)
        counts = {}
        for seat in deal["playing"]:
            card_points, stoeck = deal["points"][seat], STOECK * deal["stoeck"][seat]
            counts[seat] = card_points + weis.get(seat, 0) + stoeck
            lines.append(T("%(player)s: %(points)d card points + Weis %(weis)d + Stöck %(stoeck)d = %(count)d.",
                           player=table.name(seat), points=card_points, weis=weis.get(seat, 0), stoeck=stoeck,
                           count=counts[seat]) if counts[seat] != card_points else
                         T("%(player)s: %(points)d card points.", player=table.name(seat), points=card_points))
        return counts, lines

    def _best_weis(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[dict[int, int], list[Text]]:
        """Only the player with the best Weis scores Weis, all of theirs: the strongest single Weis wins,
        a tie goes to the player nearer the dealer's right. {seat: Weis points} and the lines."""
        schedule, trump = table.options.get("weis_values", "handjass"), deal["trump"]
        melds = {seat: self._melds(table, deal, seat) for seat in deal["playing"] if deal["weis"][seat]}
        ranked = sorted(melds, key=lambda seat: (melds[seat][0].strength(schedule, trump),
                                                 -self.turn(table, state, seat)), reverse=True)
        if not ranked:
            return {}, []
        lines = []
        best = ranked[0]
        if len(ranked) > 1:
            other = ranked[1]
            mine, theirs = melds[best][0].strength(schedule, trump), melds[other][0].strength(schedule, trump)
            why = next((i for i in range(4) if mine[i] != theirs[i]), 4)
            lines.append(T("Weis: %(player)s's %(meld)s beats %(other)s's %(other_meld)s (%(reason)s); "
                           "only %(player)s's Weis count.", player=table.name(best), meld=melds[best][0].text(),
                           other=table.name(other), other_meld=melds[other][0].text(), reason=Text(REASONS[why])))
        lines += [T("Weis of %(player)s: %(meld)s %(points)d.", player=table.name(best), meld=meld.text(),
                    points=meld.points(schedule)) for meld in melds[best]]
        return {best: sum(meld.points(schedule) for meld in melds[best])}, lines

    def _top(self, table: Table, counts: dict[int, int], qualified: list[int], slots: int,
             deal: Mapping[str, Any], lines: list[Text]) -> tuple[list[int], bool]:
        """The `slots` highest counts; a tie across the cut is settled by the recorded card draw."""
        if len(qualified) <= slots or counts[qualified[slots]] < counts[qualified[slots - 1]]:
            return qualified[:slots], False
        cut = counts[qualified[slots - 1]]
        above = [seat for seat in qualified if counts[seat] > cut]
        tied = [seat for seat in qualified if counts[seat] == cut]
        need, drawn = slots - len(above), deal["draw"]
        if len(drawn) != need or any(seat not in tied for seat in drawn):
            raise RuleError(P("%(players)s tied at %(count)d: tick the player who won the card draw.",
                              "%(players)s tied at %(count)d: tick the %(n)d who won the card draw.",
                              need, players=table.names_of(tied), count=cut), "draw")
        lines.append(T("%(players)s tied at %(count)d; the card draw went to %(winners)s.",
                       players=table.names_of(tied), count=cut, winners=table.names_of(drawn)))
        return above + sorted(drawn, key=qualified.index), True

    def _settle(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[list[int], list[Text]]:
        """Each seat's strokes in this deal and the lines that explain them."""
        playing = sorted(deal["playing"], key=lambda seat: self.turn(table, state, seat))
        strokes, drew = [0] * table.size, False
        if len(playing) == 1 or deal.get("agreed"):
            lines = self._without_play(table, playing, strokes)
        else:
            lines, drew = self._played_out(table, state, deal, playing, strokes)
        if deal["draw"] and not drew:
            raise RuleError(T("No tie needed a card draw in this deal: leave the draw empty."), "draw")
        if table.options.get("variant") == "berner":
            strokes = self._berner(table, deal, strokes, lines)
        return strokes, lines

    def _without_play(self, table: Table, playing: list[int], strokes: list[int]) -> list[Text]:
        """A player alone takes +2 without play; two who agree take +1 each."""
        if len(playing) == 1:
            strokes[playing[0]] = 2
            return [T("Only %(player)s plays: +2 without play.", player=table.name(playing[0]))]
        for seat in playing:
            strokes[seat] = 1
        return [T("Only %(players)s play and both take +1 without playing.", players=table.names_of(playing))]

    def _played_out(self, table: Table, state: State, deal: Mapping[str, Any], playing: list[int],
                    strokes: list[int]) -> tuple[list[Text], bool]:
        """The counts decide: potatoes -1, the best at or above the threshold gain, the potato bonus.
        Fills in `strokes`; the lines, and whether a card draw settled a tie."""
        counts, lines = self.counts(table, state, deal)
        threshold = table.options.get("threshold", 26)
        potatoes = [seat for seat in playing if counts[seat] < threshold]
        qualified = sorted((seat for seat in playing if counts[seat] >= threshold), key=lambda s: -counts[s])
        self._potatoes(table, potatoes, threshold, strokes, lines)
        try:
            winners, drew = self._reward(table, state, deal, counts, playing, qualified, strokes, lines)
        except RuleError as draw:  # a tie needs the card draw; a tie for the top its bonus draw too: both at once
            also = self._bonus_draw_also(table, deal, counts, potatoes, qualified)
            raise RuleError(draw.text, draw.field, also) from None
        if table.options.get("potato_bonus") and potatoes and winners:
            self._potato_bonus(table, deal, counts, potatoes, winners, qualified, strokes, lines)
        elif deal.get("bonus_draw") is not None:
            raise RuleError(T("No potato bonus in this deal: leave its draw empty."), "bonus_draw")
        return lines, drew

    def _potatoes(self, table: Table, potatoes: list[int], threshold: int, strokes: list[int],
                  lines: list[Text]) -> None:
        """Below the threshold is a potato: -1."""
        for seat in potatoes:
            strokes[seat] = -1
        if potatoes:
            lines.append(T("Below %(threshold)d, a potato, -1: %(players)s.", threshold=threshold,
                           players=table.names_of(potatoes)))

    def _reward(self, table: Table, state: State, deal: Mapping[str, Any], counts: dict[int, int],
                playing: list[int], qualified: list[int], strokes: list[int],
                lines: list[Text]) -> tuple[list[int], bool]:
        """The strokes for the counts at or above the threshold (`qualified`, highest first): a lone one
        +2, else the top two +1 each (as options say for three and two players). The winners, and
        whether a card draw settled a tie."""
        opts, n_active = table.options, sum(state.active)
        threshold = opts.get("threshold", 26)
        if n_active == 2 and qualified and opts.get("two_player_rule", "higher") == "higher":
            winners, drew = self._top(table, counts, qualified, 1, deal, lines)
            strokes[winners[0]] = opts.get("two_player_winner_strokes", 1)
            lines.append(T("Two players: the higher count, %(player)s, %(strokes)+d.",
                           player=table.name(winners[0]), strokes=strokes[winners[0]]))
            return winners, drew
        # the rule that scores fewer players than four, said where the rules notes read otherwise
        # (testers read the note and disputed the board)
        as_four = (T("Two players score as four do, as the original rules say (option).") if n_active == 2 else
                   T("Three players score as four do, as the original rules say (option).")
                   if n_active == 3 and len(playing) == 3 and opts.get("three_player_two_winners", True) else None)
        if len(qualified) == 1:
            strokes[qualified[0]] = 2
            lines.append(T("Only %(player)s reaches %(threshold)d: +2.", player=table.name(qualified[0]),
                           threshold=threshold))
            if as_four and n_active == 2:
                lines.append(as_four)
            return qualified, False
        if not qualified:
            return [], False
        one = n_active == 3 and len(playing) == 3 and not opts.get("three_player_two_winners", True)
        winners, drew = self._top(table, counts, qualified, 1 if one else 2, deal, lines)
        for seat in winners:
            strokes[seat] = 1
        lines.append(T("Highest at or above %(threshold)d, +1: %(players)s.", threshold=threshold,
                       players=table.names_of(winners)))
        if as_four and len(winners) == 2:
            lines.append(as_four)
        return winners, drew

    def _potato_bonus(self, table: Table, deal: Mapping[str, Any], counts: dict[int, int], potatoes: list[int],
                      winners: list[int], qualified: list[int], strokes: list[int], lines: list[Text]) -> None:
        """Option potato_bonus: the top count +1 for each potato; a tie for the top is drawn for."""
        top = [seat for seat in winners if counts[seat] == counts[qualified[0]]]
        if len(top) > 1 and deal.get("bonus_draw") not in top:
            raise self._bonus_draw_missing(table, top)
        taker = top[0] if len(top) == 1 else deal["bonus_draw"]
        if len(top) == 1 and deal.get("bonus_draw") is not None:
            raise RuleError(T("Nobody tied for the top: leave the potato-bonus draw empty."), "bonus_draw")
        strokes[taker] += len(potatoes)
        lines.append(T("Potato bonus: %(player)s +%(n)d.", player=table.name(taker), n=len(potatoes)))

    def _bonus_draw_also(self, table: Table, deal: Mapping[str, Any], counts: dict[int, int], potatoes: list[int],
                         qualified: list[int]) -> tuple[RuleError, ...]:
        """The potato bonus's draw, asked with a missing card draw when the top is tied too."""
        top = [seat for seat in qualified if counts[seat] == counts[qualified[0]]]
        if table.options.get("potato_bonus") and potatoes and len(top) > 1 and deal.get("bonus_draw") not in top:
            return (self._bonus_draw_missing(table, top),)
        return ()

    def _bonus_draw_missing(self, table: Table, top: list[int]) -> RuleError:
        return RuleError(T("%(players)s tied for the top: choose who won the draw for the potato bonus.",
                           players=table.names_of(top)), "bonus_draw")

    def _berner(self, table: Table, deal: Mapping[str, Any], strokes: list[int], lines: list[Text]) -> list[int]:
        """Berner Handjass: every stroke of the deal times the trump suit's factor."""
        key, default = BERNER[deal["trump"]]
        factor = table.options.get(key, default)
        lines.append(T("Berner Handjass, %(suit)s trump: every stroke x%(factor)d.",
                       suit=Text(dict(SUITS)[deal["trump"]]), factor=factor))
        return [value * factor for value in strokes]

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        strokes, lines = self._settle(table, state, deal)
        totals = tuple(t + p for t, p in zip(state.totals, strokes))
        out = self._going_out(table, state, totals)
        # said where the table looks (the save's line, the breakdown), not only in the board's notes
        target = table.options.get("target", 7)
        play_on = not out and all(total >= target for total, on in zip(totals, state.active) if on)
        news = [T("%(player)s is out", player=table.name(seat)) for seat in out] + [PLAY_ON_NEWS] * play_on
        lines = (self._card_lines(table, state, deal) + lines
                 + [self._out_line(table, seat, totals[seat]) for seat in out] + [PLAY_ON] * play_on)
        gains = [f"{table.name(seat)} {value:+d}" for seat, value in enumerate(strokes) if value]
        summary = T("Strokes: %(results)s", results=joined(T(", "), gains) if gains else "0")
        return DealResult(tuple(strokes), tuple(lines), summary, tuple(news))

    def _out_line(self, table: Table, seat: int, total: int) -> Text:
        return T("%(player)s has %(total)d strokes (out at %(target)d): out, safe.", player=table.name(seat),
                 total=total, target=table.options.get("target", 7))

    # -- the session -----------------------------------------------------------
    def start(self, table: Table) -> HandjassState:
        n = table.size
        return HandjassState(0, table.first_dealer, (0,) * n, (True,) * n, None, (0,) * n, (None,) * n)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        """Add the strokes, count potatoes, let players at the target go out, pass the deal to the right."""
        own = narrow(state, HandjassState)
        totals = tuple(t + p for t, p in zip(own.totals, result.points))
        out = self._going_out(table, own, totals)
        active = tuple(on and seat not in out for seat, on in enumerate(own.active))
        return dataclasses.replace(
            own, deals_played=own.deals_played + 1, totals=totals, active=active,
            potatoes=tuple(n + (p < 0) for n, p in zip(own.potatoes, result.points)),
            out_after=tuple(own.deals_played + 1 if seat in out else when
                            for seat, when in enumerate(own.out_after)),
            dealer=next_active(own.dealer, active, -1),
        )

    def _going_out(self, table: Table, state: State, totals: tuple[int, ...]) -> list[int]:
        """The players still in whose new total reaches the target: they go out, safe. When that is
        everyone left, only the higher totals go out, and on equal totals nobody."""
        target = table.options.get("target", 7)
        out = [seat for seat in range(table.size) if state.active[seat] and totals[seat] >= target]
        if out and len(out) == sum(state.active):
            best = max(totals[seat] for seat in out)
            leaders = [seat for seat in out if totals[seat] == best]
            out = leaders if len(leaders) < len(out) else []
        return out

    def is_over(self, table: Table, state: State) -> bool:
        return sum(state.active) <= 1

    def losers(self, table: Table, state: State) -> tuple[int, ...]:
        """The last player left (should all remaining go out at once: the lowest of them). When the
        table ends the game before that, the lowest total of those still in loses (equal: each)."""
        left = [seat for seat in range(table.size) if state.active[seat]]
        if len(left) > 1:
            left = [seat for seat in left if state.totals[seat] == min(state.totals[s] for s in left)]
        if not left:
            out_after = narrow(state, HandjassState).out_after
            last = [seat for seat in range(table.size) if out_after[seat] == state.deals_played]
            left = [seat for seat in last if state.totals[seat] == min(state.totals[s] for s in last)]
        return tuple(left)

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        return tuple(seat for seat in range(table.size) if seat not in self.losers(table, state))

    def winner_rule(self, table: Table) -> Text:
        return P("Everyone out (safe) at %(n)d stroke wins; the last player left loses.",
                 "Everyone out (safe) at %(n)d strokes wins; the last player left loses.",
                 table.options.get("target", 7))

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        own = narrow(state, HandjassState)
        return tuple(
            T("out, safe after deal %(deal)d; %(potatoes)s", deal=own.out_after[seat],
              potatoes=P("%(n)d potato", "%(n)d potatoes", own.potatoes[seat])) if not own.active[seat] else
            T("%(strokes)s, %(potatoes)s", strokes=P("%(n)d stroke", "%(n)d strokes", own.totals[seat]),
              potatoes=P("%(n)d potato", "%(n)d potatoes", own.potatoes[seat]))
            for seat in range(table.size))

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        opts, n_active = table.options, sum(state.active)
        first = next_active(state.dealer, state.active, -1)
        notes = [T("%(dealer)s deals; %(first)s, on the dealer's right, speaks and leads first. Play goes "
                   "counter-clockwise.", dealer=table.name(state.dealer), first=table.name(first))]
        out_after = narrow(state, HandjassState).out_after
        notes += [self._out_line(table, seat, state.totals[seat]) for seat in range(table.size)
                  if state.deals_played and out_after[seat] == state.deals_played]  # out in the deal just saved
        if n_active == 4:
            notes.append(T("Nine cards each; the dealer's last card is turned for trump and stays with the dealer."))
        elif opts.get("twelve_cards"):
            notes.append(T("Twelve cards each, no blind or stock."))
        elif opts.get("bessern"):
            notes.append(T("Bessern: each may exchange three cards with the stock, and may still pass."))
        elif n_active == 3:
            notes.append(T("Nine each, nine to the blind (its top card is trump): play, pass, or take the blind "
                           "(one player only). The trump 6 may be exchanged for the turned card."))
        else:
            notes.append(T("Nine each, nine to the blind, nine to the store (its top card is trump). The dealer "
                           "follows the other player's choice unless that player takes the blind."))
        notes.append(T("Below %(threshold)d is a potato; at %(target)d strokes a player is out and safe.",
                       threshold=opts.get("threshold", 26), target=opts.get("target", 7)))
        if min(total for total, on in zip(state.totals, state.active) if on) >= opts.get("target", 7):
            notes.append(PLAY_ON)
        if opts.get("variant") == "berner":
            notes.append(T("Berner: strokes x%(h)d hearts, x%(d)d diamonds, x%(c)d clubs, x%(s)d spades.",
                           **{suit.lower(): opts.get(key, factor) for suit, (key, factor) in BERNER.items()}))
        return tuple(notes)


GAME = Handjass()
