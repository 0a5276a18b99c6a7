"""The TENNOS team game played card by card: a simulator draws the aces, hands out the jokers and
blanks, shuffles each player's own deck and the 18 picture cards, plays the tricks out (hand or deck
top, face up or down, the note's special judgements, rebuilding the deck once) until the picture deck
runs out or enough players run out of cards, and enters what the table would enter. Whole sessions
in the three modes (team, individual, secret team) and every player count go to the engine.

The oracle restates shared/rules/tennos-team.md ("the note") here instead of calling the engine's
helpers: colours, the scoring table, the J-Q-K sets, the same-rank groups, the battalions, each
mode's winner and its tie-breaks, and the session's winner as decided 2026-11-26. Each invariant
cites the section of the note it checks.

How play is read where the note only sums the seed up (seed 000, steps (4)-(10)):
- every player shuffles their own A-10 with the jokers/blanks they hold and draws 3; a trick turns
  the top picture card; the spade player leads the first trick (individual mode without a spade
  player: the player next after the spade seat), the taker of the last picture leads the next;
  play goes round in seat order spade, heart, cross, leaf, club, diamond;
- a card is played from the hand or the deck top; the first card of a trick is face up; face-down
  cards and passes take no part in the judgement; played jokers leave the game (blanks too in the
  individual and secret modes, where they are jokers), other cards go to the player's discards;
- each player may rebuild the deck once per game (discards shuffled back), and must when out of
  cards while it is still possible; the game ends with the trick that takes the last picture, or
  when 3 players (2 with four or fewer) are out of cards with no rebuild left: pictures stay in
  the deck then;
- the trick goes to the note's winner (blank < 2 < ... < A < joker, same two, white punisher,
  battalion; individual: the last joker), or to reach lopsided piles to a random player who played
  face up, or to a favourite whenever they played face up, or to the side behind (close games, ties).

Every simulated game is accepted and scored as the note says. More battalions than picture cards
captured, which the engine accepted before this file, are refused now; an early end with every
player still holding cards (an ace in hand) is taken, as the engine's docstring decides.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from functools import partial
from itertools import accumulate
from typing import Any

import pytest
from hypothesis import Phase, event, given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError

from . import sim_replay
from .helpers import counted_figures, make_table

GAME = get_game("tennos_team")
replay_each = partial(sim_replay.replay_each, GAME)  # the harness: sim_replay.py
refused_at = partial(sim_replay.refused_at, GAME)
NAMES = ("A", "B", "C", "D", "E", "F")

# --- the note, restated -----------------------------------------------------------------------

TEAM, INDIVIDUAL, SECRET = "team", "individual", "secret"
#: "Team mode (4 or 6 players)", "Individual mode (2-6 players)", "Secret-team mode (6 players)"
PLAYERS = {TEAM: (4, 6), INDIVIDUAL: (2, 3, 4, 5, 6), SECRET: (6,)}
#: "Cards": six suits in seat order
SUITS = ("S", "H", "X", "L", "C", "D")
#: "Team mode": 4 players use spade, heart, club, diamond
FOUR_SUITS = ("S", "H", "C", "D")
BLACK, RED, WHITE = "black", "red", "white"
#: "Cards": spade, club and cross black; heart, diamond and leaf red
COLOUR = {"S": BLACK, "H": RED, "X": BLACK, "L": RED, "C": BLACK, "D": RED}
#: the player's own cards, weakest first ("Strength during play": 2 < ... < 10 < A)
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
PICTURE_RANKS = ("J", "Q", "K")
#: "Cards": all 18 picture cards form the central picture deck
PICTURES = tuple(rank + suit for suit in SUITS for rank in PICTURE_RANKS)
#: "Scoring at the end of a game": 4 / 5 / 6 pictures of one rank
SAME_RANK = {4: 2, 5: 5, 6: 8}
BATTALION = 2


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def is_joker(card: str) -> bool:
    return card.startswith("JOKER")


def is_blank(card: str) -> bool:
    return card.startswith("BLANK")


def colour_of_extra(card: str) -> str:
    """A joker's or blank's colour: "JOKER-black-1" -> black."""
    return card.split("-")[1]


def score(suit: str, pictures: list[str], jokers: int, ace: bool) -> int:
    """"Scoring at the end of a game": 3 per own-suit picture, 2 per other, 1 per unused joker, 1 for the
    ace in hand, J-Q-K 2 (suit of the player's colour) or 3 (other colour), 4/5/6 of a rank 2/5/8; the
    set and rank bonuses on top of the card points (the note's decisions)."""
    points = sum(3 if suit_of(card) == suit else 2 for card in pictures)
    for s in SUITS:
        if all(rank + s in pictures for rank in PICTURE_RANKS):
            points += 2 if COLOUR[s] == COLOUR[suit] else 3
    by_rank = Counter(rank_of(card) for card in pictures)
    points += sum(SAME_RANK.get(by_rank[rank], 0) for rank in PICTURE_RANKS)
    return points + jokers + int(ace)


def sets_of(pictures: list[str]) -> int:
    return sum(all(rank + s in pictures for rank in PICTURE_RANKS) for s in SUITS)


def spade_distance(suit: str) -> int:
    """Turn order from the spade player: spade 0, heart 1, ..., diamond 5 (the seating order)."""
    return SUITS.index(suit)


# --- the trick ---------------------------------------------------------------------------------

Played = tuple[int, str, bool]  # seat, card, face up


def strength(card: str, up: list[str]) -> int:
    """"Strength during play" among the face-up cards `up`: blank < 2 < ... < 10 < A < joker; "same two"
    (a 2 beats an A in the same trick, not a joker); "white punisher" (a blank beats a joker)."""
    if is_blank(card):
        return 14 if any(map(is_joker, up)) else 0
    if is_joker(card):
        return 13
    if rank_of(card) == "2" and any(rank_of(c) == "A" for c in up if not is_joker(c) and not is_blank(c)):
        return 12
    return 2 + NUMBERS.index(rank_of(card))


def battalions_in(played: list[Played], team_of: dict[int, str]) -> dict[str, tuple[str, list[int]]]:
    """"Battalion": three face-up cards of the same number from one team: colour -> (number, the seats
    that played it in play order)."""
    formed: dict[str, tuple[str, list[int]]] = {}
    for colour in set(team_of.values()):
        by_number: dict[str, list[int]] = {}
        for seat, card, up in played:
            if up and team_of[seat] == colour and not is_joker(card) and not is_blank(card):
                by_number.setdefault(rank_of(card), []).append(seat)
        for number, seats in by_number.items():
            if len(seats) >= 3:
                formed[colour] = (number, seats)
    return formed


def judge_team(played: list[Played], team_of: dict[int, str]) -> tuple[int, dict[str, tuple[str, list[int]]]]:
    """Team mode: (the seat taking the picture, the battalions formed). A battalion's team's second
    player takes it; both teams: the higher number, then the team that played first. Otherwise the
    strongest face-up card, the first of equal ones."""
    formed = battalions_in(played, team_of)
    if formed:
        best = max(NUMBERS.index(number) for number, _ in formed.values())
        top = [c for c, (number, _) in formed.items() if NUMBERS.index(number) == best]
        colour = top[0] if len(top) == 1 else team_of[played[0][0]]
        return formed[colour][1][1], formed
    up = [card for _, card, face in played if face]
    ranked = [(strength(card, up), -i, seat) for i, (seat, card, face) in enumerate(played) if face]
    return max(ranked)[2], formed


def judge_individual(played: list[Played]) -> int:
    """Individual mode: 2 < ... < A < joker (blanks are jokers), same two; several jokers: the last joker
    played wins; otherwise the strongest face-up card, the first of equal ones."""
    up = [(seat, card) for seat, card, face in played if face]
    jokers = [seat for seat, card in up if is_joker(card) or is_blank(card)]
    if jokers:
        return jokers[-1]
    cards = [card for _, card in up]
    ranked = [(strength(card, cards), -i, seat) for i, (seat, card) in enumerate(up)]
    return max(ranked)[2]


def out_of_cards(n: int) -> int:
    """Seed (10): the game also ends when 3 players (2 with 4 players or fewer) have no cards left."""
    return 3 if n >= 5 else 2


# --- one game at the table -----------------------------------------------------------------------

@dataclasses.dataclass
class Player:
    suit: str
    deck: list[str]
    mood: str
    hand: list[str] = dataclasses.field(default_factory=list)
    discard: list[str] = dataclasses.field(default_factory=list)
    rebuilt: bool = False

    def draw(self) -> None:
        while len(self.hand) < 3 and self.deck:
            self.hand.append(self.deck.pop())

    def out(self) -> bool:
        return not self.hand and not self.deck

    def can_rebuild(self) -> bool:
        return not self.rebuilt and bool(self.discard)

    def rebuild(self, rnd: random.Random) -> None:
        """Seed (9): any number of hand cards to the discards, discards and deck shuffled together."""
        for card in rnd.sample(self.hand, rnd.randint(0, len(self.hand))):
            self.hand.remove(card)
            self.discard.append(card)
        self.deck += self.discard
        self.discard = []
        rnd.shuffle(self.deck)
        self.rebuilt = True
        self.draw()


@dataclasses.dataclass
class SimGame:
    """One game as it happened and what scores from it."""

    mode: str
    suits: list[str]
    joker_colour: list[str] | None  # secret mode: the colour of the joker/blank each player holds
    captured: list[list[str]]
    left: list[str]  # pictures still in the deck
    jokers: list[int]  # unused jokers (team mode: not the blank)
    held_jokers: list[int]  # the jokers each player held (team mode: not the blank)
    ace: list[bool]
    battalions: dict[str, int]
    tricks: int
    first_leader: int
    facts: set[str]

    @property
    def size(self) -> int:
        return len(self.suits)

    def points(self) -> tuple[int, ...]:
        return tuple(score(self.suits[s], self.captured[s], self.jokers[s], self.ace[s]) for s in range(self.size))

    def groups(self) -> dict[str, list[int]]:
        """Team colour -> seats: the ace's colour (team mode), the joker's (secret mode)."""
        key = (lambda s: COLOUR[self.suits[s]]) if self.mode == TEAM else (lambda s: self.joker_colour[s])
        found: dict[str, list[int]] = {}
        for seat in range(self.size):
            found.setdefault(key(seat), []).append(seat)
        return found

    def team_totals(self) -> dict[str, int]:
        points = self.points()
        return {colour: sum(points[s] for s in seats) + BATTALION * self.battalions.get(colour, 0)
                for colour, seats in self.groups().items()}

    def winners(self) -> tuple[int, ...]:
        """The game's winners: "Winner" of each mode."""
        points = self.points()
        if self.mode == INDIVIDUAL:  # highest; fewer pictures; nearest to the spade player
            best = min(range(self.size), key=lambda s: (-points[s], len(self.captured[s]),
                                                        spade_distance(self.suits[s])))
            return (best,)
        groups, totals = self.groups(), self.team_totals()
        top = max(totals.values())
        # team: "differ by at most 1 point"; secret: "Tie"
        close = [c for c in totals if totals[c] >= top - (1 if self.mode == TEAM else 0)]
        if len(close) > 1:
            # the second-highest player (2-player teams: the lower of the two; secret: the lower member)
            second = {c: sorted((points[s] for s in groups[c]), reverse=True)[1] for c in close}
            close = [c for c in close if second[c] == max(second.values())]
            if len(close) > 1:
                self.facts.add("game tie to the spade side")
            else:
                self.facts.add("game decided by the second-best player")
        colour = min(close, key=lambda c: min(spade_distance(self.suits[s]) for s in groups[c]))
        return tuple(sorted(groups[colour]))

    def entry(self, rnd: random.Random, style: str) -> dict[str, Any]:
        """What the table enters: each pile tapped (in any order), or all but one with ``rest`` naming
        the player who took every picture nobody else was given (only when none stayed in the deck)."""
        piles = [rnd.sample(pile, len(pile)) for pile in self.captured]
        rest = None
        if not self.left and style != "tap all":
            rest = rnd.randrange(self.size)
            keep = rnd.randint(0, len(piles[rest])) if style == "rest, some tapped" else 0
            piles[rest] = piles[rest][:keep]
            self.facts.add(f"entered with the rest player ({style})")
        entry: dict[str, Any] = {"suit": list(self.suits), "rest": rest, "pictures": piles,
                                 "jokers": list(self.jokers), "ace": list(self.ace)}
        if self.mode == SECRET:
            entry["joker"] = list(self.joker_colour or ())
        if self.mode == TEAM and self.size == 6:
            entry |= {"battalions_black": self.battalions[BLACK], "battalions_red": self.battalions[RED]}
        return entry


def choose_card(player: Player, rnd: random.Random, lead: bool, chase: str | None) -> tuple[str, bool]:
    """A card from the hand or the deck top (always face up), face down now and then, never the first
    card of a trick; `chase`: a number a partner played face up (a battalion in the making)."""
    if chase and player.mood != "random":
        match = [c for c in player.hand if rank_of(c) == chase]
        if match:
            player.hand.remove(match[0])
            return match[0], True
    keeps = [c for c in player.hand if not is_joker(c) and not is_blank(c) and rank_of(c) != "A"]
    if player.mood == "keeper" and keeps:  # keeps the jokers and the ace for the points
        card = rnd.choice(keeps)
        player.hand.remove(card)
        return card, lead or rnd.random() < 0.85
    if not player.hand or (player.deck and rnd.random() < (0.4 if player.mood == "deck" else 0.1)):
        return player.deck.pop(), True
    hand = player.hand
    card = rnd.choice(hand)
    player.hand.remove(card)
    return card, lead or rnd.random() < 0.85


def play_game(rnd: random.Random, mode: str, suits: list[str], extras: list[list[str]], referee: str,
              favourite: int) -> SimGame:
    """One game card by card (seed 000 steps (4)-(10)); `extras`: the jokers and blanks each player holds."""
    n = len(suits)
    jokers_count = is_joker if mode == TEAM else (lambda c: is_joker(c) or is_blank(c))
    order = sorted(range(n), key=lambda s: spade_distance(suits[s]))
    team_of = {s: COLOUR[suits[s]] for s in range(n)}
    moods = ("random", "keeper", "deck", "chaser")
    players = []
    for seat in range(n):
        deck = [number + suits[seat] for number in NUMBERS] + extras[seat]
        rnd.shuffle(deck)
        players.append(Player(suits[seat], deck, rnd.choice(moods)))
        players[seat].draw()
    pile = list(PICTURES)
    rnd.shuffle(pile)
    captured: list[list[str]] = [[] for _ in range(n)]
    battalions = {BLACK: 0, RED: 0}
    facts: set[str] = set()
    leader = first_leader = order[0]
    gone_out = out_of_cards(n)
    tricks = 0
    while pile:
        if sum(p.out() and not p.can_rebuild() for p in players) >= gone_out:
            facts.add("ended: players out of cards")
            break
        picture = pile.pop()
        at = order.index(leader)
        played: list[Played] = []
        for seat in order[at:] + order[:at]:
            if players[seat].out():
                continue  # a pass
            partners = [c for s, c, up in played
                        if up and team_of[s] == team_of[seat] and not is_joker(c) and not is_blank(c)]
            chase = rank_of(partners[0]) if mode == TEAM and n == 6 and partners else None
            card, up = choose_card(players[seat], rnd, not any(face for _, _, face in played), chase)
            played.append((seat, card, up))
        if mode == TEAM:
            winner, formed = judge_team(played, team_of)
            for colour in formed:
                battalions[colour] += 1
                facts.add("battalion")
            if len(formed) == 2:
                facts.add("battalions of both teams in one trick")
        else:
            winner = judge_individual(played)
        up_seats = [s for s, _, face in played if face]
        if mode == TEAM and formed:
            pass  # a battalion takes the picture, whatever the table's luck: the rules decide this trick
        elif referee == "random":
            winner = rnd.choice(up_seats)
        elif referee == "favourite" and favourite in up_seats:
            winner = favourite
        elif referee == "even":  # the side behind takes it: close games, ties
            side = (lambda s: [s]) if mode == INDIVIDUAL else (
                lambda s: [t for t in range(n) if team_of[t] == team_of[s]] if mode == TEAM
                else [t for t in range(n) if colour_of_extra(extras[t][0]) == colour_of_extra(extras[s][0])])
            winner = min(up_seats, key=lambda s: (sum(score(suits[t], captured[t], 0, False) for t in side(s)),
                                                  rnd.random()))
        captured[winner].append(picture)
        tricks += 1
        for seat, card, _ in played:  # clean-up: jokers leave the game, the other cards go to the discards
            if not jokers_count(card):
                players[seat].discard.append(card)
        for player in players:
            player.draw()
        for player in players:
            if player.can_rebuild() and (player.out() or (not player.deck and rnd.random() < 0.5)
                                         or rnd.random() < 0.03):
                player.rebuild(rnd)
        leader = winner
    else:
        facts.add("ended: the picture deck ran out")
    jokers = [sum(map(jokers_count, p.hand + p.deck + p.discard)) for p in players]
    held = [sum(map(jokers_count, cards)) for cards in extras]
    ace = [("A" + p.suit) in p.hand for p in players]
    joker_colour = [colour_of_extra(cards[0]) if is_joker(cards[0]) else WHITE for cards in extras] \
        if mode == SECRET else None
    return SimGame(mode, list(suits), joker_colour, captured, pile, jokers, held, ace,
                   battalions if mode == TEAM and n == 6 else {}, tricks, first_leader, facts)


# --- a session ----------------------------------------------------------------------------------

@dataclasses.dataclass
class Session:
    mode: str
    size: int
    options: dict[str, Any]
    first_dealer: int
    games: list[SimGame]
    entries: list[dict[str, Any]]
    facts: set[str]

    @property
    def table(self):
        return make_table(GAME, NAMES[:self.size], self.first_dealer, **self.options)

    @property
    def fixed(self) -> bool:
        return self.options["teams"] == "fixed" and self.mode != INDIVIDUAL

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(game.points()[s] for game in self.games) for s in range(self.size))

    def wins(self) -> tuple[int, ...]:
        return tuple(sum(s in game.winners() for game in self.games) for s in range(self.size))

    def team_points(self) -> tuple[int, ...]:
        """Per player, the sum of his team's totals (battalions included); individual: his points."""
        out = [0] * self.size
        for game in self.games:
            if self.mode == INDIVIDUAL:
                totals = game.points()
            else:
                by_colour, totals = game.team_totals(), [0] * self.size
                for colour, seats in game.groups().items():
                    for s in seats:
                        totals[s] = by_colour[colour]
            out = [a + b for a, b in zip(out, totals)]
        return tuple(out)

    def winners(self) -> tuple[int, ...]:
        """Decided 2026-11-26: the highest running total (teams' with fixed teams, players' own otherwise),
        equal totals then more games won (decided since); ``games_won``: games won first. Players level on
        both share the win."""
        keys = self.keys()
        return tuple(s for s in range(self.size) if keys[s] == max(keys))

    def keys(self) -> list[tuple[int, int]]:
        """What ranks each player in the session, first what decides first."""
        totals = self.team_points() if self.fixed else self.totals()
        if self.options["session_winner"] == "games_won":
            return list(zip(self.wins(), totals))
        return list(zip(totals, self.wins()))


def draw_suits(rnd: random.Random, mode: str, n: int) -> list[str]:
    """"(1) The aces drawn": team mode 4 players from spade, heart, club, diamond; else any suits."""
    return rnd.sample(FOUR_SUITS if (mode, n) == (TEAM, 4) else SUITS, n)


def hand_out_extras(rnd: random.Random, mode: str, suits: list[str], bias: bool) -> list[list[str]]:
    """The jokers and blanks: team mode each team's two jokers and blank of its colour shared out freely
    among its players (`bias`: one player takes them all); individual one each (blanks from 5 players);
    secret the six mixed, one each."""
    n = len(suits)
    extras: list[list[str]] = [[] for _ in range(n)]
    if mode == TEAM:
        for colour in (BLACK, RED):
            seats = [s for s in range(n) if COLOUR[suits[s]] == colour]
            lucky = rnd.choice(seats)
            for card in (f"JOKER-{colour}-1", f"JOKER-{colour}-2", f"BLANK-{colour}"):
                extras[lucky if bias else rnd.choice(seats)].append(card)
        return extras
    cards = ["JOKER-black-1", "JOKER-black-2", "JOKER-red-1", "JOKER-red-2", "BLANK-white-1", "BLANK-white-2"]
    cards = cards[:n]
    rnd.shuffle(cards)
    return [[card] for card in cards]


def keep_teams(rnd: random.Random, mode: str, first: SimGame, suits: list[str], extras: list[list[str]]
               ) -> tuple[list[str], list[list[str]]]:
    """Fixed teams ("the draw may be skipped"): team mode keeps each player's colour (the suits may change
    within it, or the two teams swap colours); secret mode keeps the pairs (their colours may change)."""
    n = len(suits)
    if mode == TEAM:
        swap = rnd.random() < 0.3
        black = [s for s in first.suits if COLOUR[s] == (RED if swap else BLACK)]
        red = [s for s in first.suits if COLOUR[s] == (BLACK if swap else RED)]
        rnd.shuffle(black)
        rnd.shuffle(red)
        suits = [(black if COLOUR[first.suits[s]] == BLACK else red).pop() for s in range(n)]
        return suits, hand_out_extras(rnd, mode, suits, False)
    colours = [BLACK, RED, WHITE]
    rnd.shuffle(colours)
    relabel = dict(zip((BLACK, RED, WHITE), colours))
    pairs = [relabel[c] for c in first.joker_colour or ()]
    names = {BLACK: ["JOKER-black-1", "JOKER-black-2"], RED: ["JOKER-red-1", "JOKER-red-2"],
             WHITE: ["BLANK-white-1", "BLANK-white-2"]}
    return suits, [[names[c].pop()] for c in pairs]


TABLES = tuple((mode, n) for mode in (TEAM, INDIVIDUAL, SECRET) for n in PLAYERS[mode])


@st.composite
def sessions(draw, modes=(TEAM, INDIVIDUAL, SECRET), most=5, least=1):
    """A whole session: every game simulated from a shuffle, entered as the table would enter it."""
    mode, n = draw(st.sampled_from([(m, n) for m, n in TABLES if m in modes]))
    count = draw(st.integers(least, most))
    auto = (mode == TEAM) == (n in (4, 6)) and mode != SECRET
    options = {"mode": "auto" if auto and draw(st.booleans()) else mode, "deals": count,
               "teams": draw(st.sampled_from(("drawn", "fixed"))),
               "session_winner": draw(st.sampled_from(("total", "games_won")))}
    return simulate(mode, n, options, draw(st.integers(0, n - 1)), draw(st.integers(0, 2**32)))


def simulate(mode: str, n: int, options: dict[str, Any], first_dealer: int, seed: int) -> Session:
    """The session's games played one after the other from `seed` (the teams kept when fixed)."""
    rnd = random.Random(seed)
    count = options["deals"]
    facts = {f"{mode} {n}", f"teams {options['teams']}", f"session_winner {options['session_winner']}"}
    games: list[SimGame] = []
    entries: list[dict[str, Any]] = []
    for _ in range(count):
        referee = rnd.choice(("rules", "rules", "random", "favourite", "even", "even"))
        suits = draw_suits(rnd, mode, n)
        extras = hand_out_extras(rnd, mode, suits, rnd.random() < 0.3)
        if options["teams"] == "fixed" and games and mode != INDIVIDUAL:
            suits, extras = keep_teams(rnd, mode, games[0], suits, extras)
        game = play_game(rnd, mode, suits, extras, referee, rnd.randrange(n))
        game.facts.add(f"referee {referee}")
        entries.append(game.entry(rnd, rnd.choice(("tap all", "rest", "rest, some tapped"))))
        games.append(game)
    session = Session(mode, n, options, first_dealer, games, entries, facts)
    for game in games:
        game.winners()
        facts |= game.facts
        points = game.points()
        if any(len(pile) == 18 for pile in game.captured):
            facts.add("all 18 pictures to one player")
        if any(sets_of(pile) for pile in game.captured):
            facts.add("a J-Q-K set")
        if any(max(Counter(map(rank_of, pile)).values(), default=0) >= 4 for pile in game.captured):
            facts.add("4+ pictures of one rank")
        if any(game.ace):
            facts.add("an ace in hand")
        if max(game.jokers) > 1:
            facts.add("2 unused jokers by one player")
        if mode == INDIVIDUAL and points.count(max(points)) > 1:
            top = [len(game.captured[p]) for p in range(n) if points[p] == max(points)]
            facts.add("individual tie on points" + (" and pictures" if top.count(min(top)) > 1 else ""))
        if mode != INDIVIDUAL and len(game.winners()) and all(game.suits[s] != "S" for s in game.winners()):
            facts.add("the side without the spade player wins")
    sides = {tuple(g.groups()[c]) for g in games[:1] for c in g.groups()} if session.fixed else set()
    if len(session.winners()) > 1 and not any(set(session.winners()) == set(side) for side in sides):
        facts.add("session won by several sides")
    return session


FAST = settings(max_examples=25, deadline=None)


# --- the invariants -------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(sessions())
def test_every_simulated_game_is_accepted_and_scored_as_the_note_says(session):
    """"Scoring at the end of a game" and each mode's "Winner": every game that can happen at the table
    is accepted (never refused), each player scores the note's points (card points, unused jokers, the
    ace in hand, J-Q-K sets by colour, same-rank groups), and the game goes to the note's winners: the
    team total with battalions and the second-best player within one point, the individual ranking,
    the secret pairs with the lower member."""
    for fact in sorted(session.facts):
        event(fact)
    wins = [0] * session.size
    for index, ((result, state), game) in enumerate(zip(replay_each(session), session.games)):
        shown = " | ".join(str(line) for line in result.breakdown)
        assert result.points == game.points(), (index, session.entries[index], shown)
        for seat in game.winners():
            wins[seat] += 1
        assert state.wins == tuple(wins), (index, session.entries[index], shown)


@FAST
@given(sessions())
def test_totals_are_the_running_sums_of_the_games(session):
    """"a session is a series of games with running totals": every running total is the sum of that
    player's game results; the team figure sums the team totals (battalions included, "Winner")."""
    standing = GAME.replay(session.table, session.entries)
    sums = list(accumulate((r.points for r in standing.results), lambda a, b: tuple(x + y for x, y in zip(a, b))))
    assert list(standing.running) == sums
    assert standing.totals == sums[-1] == session.totals()
    assert standing.state.wins == session.wins()
    assert standing.state.team_points == session.team_points()


@FAST
@given(sessions())
def test_the_session_ends_after_its_games_and_its_winner_follows_the_note(session):
    """Decided 2026-11-26 (session winner): after the agreed games the highest running total wins, the
    players' own with teams drawn anew (and in individual mode), the team's with fixed teams, equal
    totals then more games won; ``games_won`` ranks by games won first; the board names the rule. No
    game after the last."""
    table = session.table
    for played in range(len(session.entries)):
        early = GAME.replay(table, session.entries[:played])
        assert not early.over and early.winners == () and early.deals_left == len(session.entries) - played
    standing = GAME.replay(table, session.entries)
    assert standing.over and standing.deals_left == 0
    assert standing.winners == session.winners(), (session.totals(), session.team_points(), session.wins())
    places = GAME.places(table, standing.state)
    keys = session.keys()
    for s in range(session.size):  # the standings: winners first, then by what decides, level ones level
        assert (places[s] == 1) == (s in standing.winners)
        for t in range(session.size):
            assert (keys[s] > keys[t]) == (places[s] < places[t]), (keys, places)
    if session.fixed:  # a whole team wins; partners share their place
        for seats in session.games[0].groups().values():
            assert len({places[s] for s in seats}) == 1
    rule = str(GAME.winner_rule(table))
    assert ("team total" in rule) == session.fixed
    assert rule.startswith("Most games won") == (session.options["session_winner"] == "games_won")
    assert ("drawn anew" in rule) == (session.mode != INDIVIDUAL and not session.fixed)
    with pytest.raises(DealError, match="over") as caught:
        GAME.replay(table, [*session.entries, session.entries[-1]])
    assert caught.value.index == len(session.entries)


@FAST
@given(sessions())
def test_captured_pictures_account_for_the_picture_deck(session):
    """"Invariants": each of the 18 picture cards is captured by at most one player, some may stay in the
    deck if the game ended early; "Scoring": 3 per own-suit picture and 2 per other, so the piles' card
    points are 2 x captured + own-suit ones, 2 x 18 + own-suit ones when the picture deck ran out; the
    rest player's pile is every picture nobody else was given; unused jokers at most those held, one ace."""
    table, state = session.table, GAME.start(session.table)
    for game, entry in zip(session.games, session.entries):
        taken = [card for pile in game.captured for card in pile]
        assert len(taken) == len(set(taken)) and sorted(taken + game.left) == sorted(PICTURES)
        assert len(taken) == game.tricks and (len(taken) == 18) == (not game.left)
        parsed = GAME.parse(table, state, entry)
        assert [sorted(p) for p in parsed["pictures"]] == [sorted(p) for p in game.captured]
        own = sum(suit_of(card) == game.suits[s] for s in range(game.size) for card in game.captured[s])
        card_points = sum(score(game.suits[s], game.captured[s], 0, False) for s in range(game.size))
        bonuses = sum(
            (2 if COLOUR[x] == COLOUR[game.suits[s]] else 3) * all(r + x in game.captured[s] for r in PICTURE_RANKS)
            for s in range(game.size) for x in SUITS) + sum(
            SAME_RANK.get(Counter(map(rank_of, pile))[r], 0) for pile in game.captured for r in PICTURE_RANKS)
        assert card_points == 2 * len(taken) + own + bonuses
        result, state = GAME.play(table, state, entry)
        assert sum(result.points) == card_points + sum(game.jokers) + sum(game.ace)
        if game.left:  # seed (10): the game ended early as 3 players (2 of 4 or fewer) ran out of cards
            assert sum(not game.ace[s] and not game.jokers[s] for s in range(game.size)) >= out_of_cards(game.size)
        assert all(0 <= used <= held for used, held in zip(game.jokers, game.held_jokers))
        if game.mode == TEAM:
            for seats in game.groups().values():
                assert sum(game.jokers[s] for s in seats) <= 2


@FAST
@given(sessions(), st.integers(0, 5))
def test_the_spade_player_starts_whoever_deals_and_wherever_they_sit(session, shift):
    """Seed (3)/(6), the note's "Winner" tie-breaks: the spade player leads the first trick and ties go
    towards the spade player, whoever the table named to start; players are known by the suit they
    drew, so seating the same players elsewhere moves their results with them."""
    standing = GAME.replay(session.table, session.entries)
    other = dataclasses.replace(session, first_dealer=(session.first_dealer + 1 + shift) % session.size)
    moved = GAME.replay(other.table, session.entries)
    assert [r.points for r in moved.results] == [r.points for r in standing.results]
    assert moved.winners == standing.winners and moved.state.wins == standing.state.wins
    for game in session.games:
        assert spade_distance(game.suits[game.first_leader]) == min(map(spade_distance, game.suits))
    early = GAME.replay(session.table, session.entries[:-1])
    assert "spade player leads the first trick" in str(early.notes[0])
    n = session.size
    k = shift % n

    def turn(values):
        return list(values[k:]) + list(values[:k])

    turned = [{key: turn(value) if isinstance(value, list) else value for key, value in entry.items()}
              for entry in session.entries]
    for entry in turned:
        if entry["rest"] is not None:
            entry["rest"] = (entry["rest"] - k) % n
    rotated = GAME.replay(session.table, turned)
    assert [list(r.points) for r in rotated.results] == [turn(r.points) for r in standing.results]
    assert list(rotated.state.wins) == turn(standing.state.wins)
    assert sorted((s + k) % n for s in rotated.winners) == list(standing.winners)


@FAST
@given(sessions())
def test_statistics_count_each_players_sets_and_the_team_battalions(session):
    """"Scoring": each complete J-Q-K of one suit is a set; each battalion formed by the team is a team
    figure (battalions only with 6 players: three of one team are needed)."""
    figures = counted_figures(GAME, session.table, session.entries)
    seats = range(session.size)
    assert figures["sets"] == [sum(sets_of(g.captured[s]) for g in session.games) for s in seats]
    assert figures["battalions"] == [sum(g.battalions.get(COLOUR[g.suits[s]], 0) for g in session.games)
                                     for s in seats]


# --- impossible variations of a simulated game are refused -------------------------------------------

def tapped(entry: dict[str, Any], game: SimGame) -> dict[str, Any]:
    """The entry with every pile tapped (no rest player)."""
    return entry | {"pictures": [list(p) for p in game.captured], "rest": None}


@FAST
@given(sessions(most=3), st.integers(0, 99), st.integers(0, 17))
def test_one_picture_too_many_is_refused(session, pick, card_pick):
    """"Invariants": each picture card is captured by at most one player: a captured picture tapped for
    a second player is refused, and so is a player's own number card (only picture cards are captured);
    with the rest player named, a picture tapped for another player and for the rest player too."""
    index = pick % len(session.games)
    game, entry = session.games[index], session.entries[index]
    owners = [s for s in range(game.size) if game.captured[s]]
    if owners:
        giver = owners[card_pick % len(owners)]
        card = game.captured[giver][card_pick % len(game.captured[giver])]
        taker = (giver + 1 + card_pick) % game.size
        taker = taker if taker != giver else (giver + 1) % game.size
        twice = tapped(entry, game)
        twice["pictures"][taker] = twice["pictures"][taker] + [card]
        assert refused_at(session, index, twice).field in (f"pictures-{taker}", f"pictures-{giver}")
        if not game.left:  # the rest player (the giver, pile untapped) and the card tapped for the taker
            rest = twice | {"rest": giver, "pictures": [[] if s == giver else p for s, p in
                                                        enumerate(twice["pictures"])]}
            rest["pictures"][giver] = [card]
            assert refused_at(session, index, rest).field in (f"pictures-{taker}", f"pictures-{giver}")
    seat = card_pick % game.size
    number = tapped(entry, game)
    number["pictures"][seat] = number["pictures"][seat] + ["A" + game.suits[seat]]
    assert refused_at(session, index, number).field == f"pictures-{seat}"


@FAST
@given(sessions(most=3), st.integers(0, 99))
def test_more_unused_jokers_than_held_is_refused(session, pick):
    """"Invariants": unused jokers per player at most those the player held: a team's three joker/blank
    cards hold two jokers (blanks are not jokers there); individual and secret modes one per player."""
    index = pick % len(session.games)
    game, entry = session.games[index], session.entries[index]
    jokers = list(game.jokers)
    if game.mode == TEAM:
        seats = game.groups()[BLACK if pick % 2 else RED]
        seat, mate = seats[pick % len(seats)], seats[(pick + 1) % len(seats)]
        alone = jokers[:seat] + [3] + jokers[seat + 1:]  # one player: at most the team's two
        assert refused_at(session, index, entry | {"jokers": alone}).field == f"jokers-{seat}"
        others = sum(jokers[s] for s in seats if s != seat)
        jokers[seat] = min(2, 3 - others)
        jokers[mate] += 3 - sum(jokers[s] for s in seats)  # the team's third: the blank is no joker
        assert sum(jokers[s] for s in seats) == 3 and max(jokers) <= 2
        assert refused_at(session, index, entry | {"jokers": jokers}).field == "jokers"
    else:
        seat = pick % game.size
        jokers[seat] = 2
        assert refused_at(session, index, entry | {"jokers": jokers}).field == f"jokers-{seat}"


@FAST
@given(sessions(most=3), st.integers(0, 99))
def test_a_suit_twice_or_a_joker_colour_thrice_is_refused(session, pick):
    """"Cards"/seed (1): each player draws one ace, so no suit belongs to two players; "Secret-team mode":
    the six jokers/blanks are three colour pairs, so no colour is held by three."""
    index = pick % len(session.games)
    game, entry = session.games[index], session.entries[index]
    seat = pick % game.size
    other = (seat + 1) % game.size
    suits = list(game.suits)
    suits[other] = suits[seat]
    assert refused_at(session, index, entry | {"suit": suits}).field in (f"suit-{seat}", f"suit-{other}")
    if game.mode == SECRET:
        colours = list(game.joker_colour or ())
        odd = next(s for s in range(game.size) if colours[s] != colours[seat])
        colours[odd] = colours[seat]
        assert refused_at(session, index, entry | {"joker": colours}).field == "joker"


@FAST
@given(sessions(modes=(TEAM,)), st.integers(0, 99))
def test_more_battalions_than_the_picture_deck_allows_are_refused(session, pick):
    """"each battalion formed by the team": at most one per team in a trick, 18 tricks at most (one per
    picture card); with 4 players (teams of two) no battalion can form, so none is asked."""
    index = pick % len(session.games)
    game, entry = session.games[index], session.entries[index]
    assert all(count <= game.tricks for count in game.battalions.values())
    colour = BLACK if pick % 2 else RED
    if game.size == 6:
        assert refused_at(session, index, entry | {f"battalions_{colour}": 19}).field == f"battalions_{colour}"
    else:
        assert refused_at(session, index, entry | {f"battalions_{colour}": 1}).field is None


@FAST
@given(sessions(modes=(TEAM, SECRET), least=2), st.integers(0, 99))
def test_fixed_teams_refuse_another_split(session, pick):
    """Seed (1) "if the teams are decided in advance, the draw may be skipped" (option teams fixed): a
    later game with two players of different teams swapped is refused; drawn teams accept it."""
    index = 1 + pick % (len(session.games) - 1)
    game, entry = session.games[index], session.entries[index]
    groups = list(game.groups().values())
    one, two = groups[0][pick % len(groups[0])], groups[1][pick % len(groups[1])]
    key = "suit" if game.mode == TEAM else "joker"
    values, jokers = list(entry[key]), list(entry["jokers"])
    values[one], values[two] = values[two], values[one]
    jokers[one], jokers[two] = jokers[two], jokers[one]  # each team's unused jokers stay as they were
    piles = list(entry["pictures"])  # and each team's pictures: its battalions still took them
    piles[one], piles[two] = piles[two], piles[one]
    rest = {one: two, two: one}.get(entry["rest"], entry["rest"])
    changed = entry | {key: values, "jokers": jokers, "pictures": piles, "rest": rest}
    if session.fixed:
        assert refused_at(session, index, changed).field == key
    else:
        standing = GAME.replay(session.table, [*session.entries[:index], changed])
        assert len(standing.results) == index + 1


# --- impossible games the engine accepts (suspected gaps) ------------------------------------------------

def early_session(mode: str, n: int, seed: int) -> Session:
    """A one-game session whose game ended before the picture deck ran out (the first from `seed` on)."""
    options = {"mode": mode, "deals": 1, "teams": "drawn", "session_winner": "total"}
    for attempt in range(seed, seed + 1000):
        session = simulate(mode, n, options, 0, attempt)
        if session.games[0].left:
            return session
    raise AssertionError("no early end")


ONCE = settings(max_examples=5, deadline=None, phases=[Phase.generate])


@ONCE
@given(st.integers(0, 2**20), st.booleans())
def test_more_battalions_than_tricks_played_are_refused(seed, black):
    """"Battalion": three cards of one team in a trick, and the trick's picture goes to one player (seed
    (5)-(7): one picture turned per trick), so a team forms at most one battalion per picture captured."""
    session = early_session(TEAM, 6, seed)
    game, colour = session.games[0], BLACK if black else RED
    assert game.battalions[colour] <= game.tricks == sum(map(len, game.captured)) <= 17
    refused_at(session, 0, session.entries[0] | {f"battalions_{colour}": game.tricks + 1})


@ONCE
@given(st.integers(0, 2**20), st.sampled_from(TABLES))
def test_a_game_stopped_early_is_taken_whoever_holds_cards(seed, table):
    """Seed (10) ends a game early only once 3 players (2 of 4 or fewer) have no hand and no deck
    left, so they hold no ace; the engine's decision (tennos_team.py docstring) takes pictures left
    in the deck whoever holds cards, since a table may stop a game early by agreement: the same
    game with every ace still in hand is accepted and scores one point more per ace."""
    session = early_session(*table, seed)
    entry = session.entries[0]
    before = GAME.replay(session.table, [entry]).results[0].points
    after = GAME.replay(session.table, [entry | {"ace": [True] * session.size}]).results[0].points
    assert [b - a for a, b in zip(before, after)] == [int(not held) for held in entry["ace"]]
