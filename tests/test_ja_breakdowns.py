"""Under 日本語 no engine sentence stays English: every deal's summary and breakdown lines, the notes
and the per-player notes of every game, after a few legal deals (the golden tests' inputs),
rendered with the app's own translation layer (scorekeeper/i18n.py) under the locale ja.

An engine that calls str() on a Text (or builds a sentence by hand) freezes it in English; this
test finds it by looking for any ASCII word of four or more letters that is not a player's name
or one of the game terms Japanese tables also write in Latin letters (ALLOWED).
"""
from __future__ import annotations

import re

import pytest

from scorekeeper.games import GAMES, get_game
from scorekeeper.games.base import Table, resolve_options
from scorekeeper.i18n import translate
from tests.games import (
    test_coiffeur,
    test_differenzler,
    test_free_pad,
    test_handjass,
    test_italian_whist,
    test_pitch,
    test_sataat,
    test_schieber,
    test_schieberamsch,
    test_skat,
    test_stendhal,
    test_tennos_team,
    test_yacht,
)

WORD = re.compile(r"[A-Za-z]{4,}")
#: game terms written in Latin letters in the Japanese texts too: seed 000 writes 「Joker」. The Swiss
#: terms are in katakana as the other Swiss words are (ベルナー・ハンド・ヤス, ヴァイス, シュテック): two testers
#: read "Weis" and "Stöck" beside オベナベ as left untranslated
ALLOWED = {"Joker"}

yacht, st, tt = test_yacht, test_stendhal, test_tennos_team
SECOND_YACHT = yacht.deal([yacht.goal(2, 4), yacht.FILLER, yacht.goal(1, 3), yacht.FILLER], [2, 5, 3, 3])

DZ = test_differenzler
CASES = {
    "differenzler": [(4, {"tie": "extra_deal", "deals": 1}, [DZ.deal([0, 0, 3, 0], [40, 40, 40, 37])]),
                     (4, {"extras": True, "announcement": "hidden", "zero_bonus": "with_trick"},
                      [DZ.deal([40, 30, 50, 37], [45, 30, 60, 22], trump="H", weis=[["AC", "KC", "QC"], [], [], []],
                               stoeck=[False, False, False, True], took_trick=[False] * 4)])],
    "coiffeur": [(4, {"rows": "custom", "factor_misere": 2},
                  [test_coiffeur.deal(0, "undenufe", 90), test_coiffeur.deal(1, "schellen", 157, match=True),
                   test_coiffeur.deal(1, "joker1", 60, joker_b="obenabe"), test_coiffeur.deal(2, "misere", 20)])],
    "free_pad": [(4, {"teams": 2, "target": 20}, test_free_pad.rounds((12, -4, None, None), (9, 7, None, None))),
                 (3, {"winner": "lowest", "rounds": 2}, test_free_pad.rounds((5, None, -3), (1, 2, 3)))],
    "handjass": [(4, {}, [test_handjass.deal([60, 45, 30, 22]), test_handjass.deal([90, 25, 22, 20])]),
                 (4, {"variant": "berner"}, [test_handjass.deal([60, 45, 30, 22], trump="C")])],
    "italian_whist": [(3, {}, [test_italian_whist.deal([5, 3, 1], [2, 6, 1]), test_italian_whist.EVEN])],
    "pitch": [(4, {}, [test_pitch.by_cards(0, 6, test_pitch.SIX_FOR_A, two=1),
                    test_pitch.by_points(0, 7, [6, 4]),
                    test_pitch.by_cards(0, 10, (list(test_pitch.POINT_CARDS), []), two=2)])],
    "sataat": [(4, {}, [test_sataat.deal(7, 0, first_seven=True), test_sataat.deal(5, 7), test_sataat.deal(7, 4)])],
    "schieber": [(4, {"target": 1000}, [test_schieber.deal("S", 103, 54, weis=(70, 0), stoeck=1),
                                        test_schieber.deal("obenabe", 0, 157, match=1),
                                        test_schieber.deal("H", 157, 0, match=0)]),
                 (4, {"deck": "german", "factor_on_extras": False},
                  [test_schieber.deal("C", 157, 0, match=0, weis=(50, 0), stoeck=0), test_schieber.deal("D", 80)])],
    "schieberamsch": [(3, {}, [test_schieberamsch.ramsch([0, 7, 113], pushed=2),
                            test_schieberamsch.grand(1, 95, jacks=("JC", "JS"), contra="contra"),
                            test_schieberamsch.ramsch([120, 0, 0], pushed=2)])],
    "skat": [(3, {"kontra": True, "passed_deal": "ramsch"},
              [test_skat.trump("clubs", 1, 74, jacks=("JC", "JH", "JD"), bid=46, hand=True, contra="contra"),
               test_skat.null(2, won=False, ouvert=True, bid=46, contra="none"),
               {"game": "passed", "ramsch_points": [70, 50, 0], "took_trick": [False, False, False]}]),
             (4, {"ranking": "plain"}, [test_skat.trump("grand", 1, 120, jacks=("JC",), tricks="all")])],
    "stendhal": [(6, {"minus_entry": "revealed", "limit": "custom", "custom_limit": 17},
                  [st.cross_deal(), st.cross_deal(suits=[0, 0, 0, 1, 3, 2])]),
                 (6, {"minus_entry": "seats"}, [{**{k: v for k, v in st.cross_deal([0, 0, 0, 4, 2, 1]).items()
                                                 if k not in ("revealed", "first_tied")},
                                              "reveal": [[card] for card in st.REVEALED_CROSS]}])],
    "tennos_team": [(4, {"mode": "team", "deals": 2}, [tt.EXAMPLE, tt.close_game()]),
                    (4, {"mode": "team", "teams": "fixed"}, [tt.EXAMPLE]),
                    (3, {"mode": "individual"}, [tt.game("SHC", [["JS", "QS"], ["JH"], []], jokers=[1, 0, 0])])],
    "yacht": [(4, {}, [yacht.deal([yacht.goal(5, 9), yacht.FILLER, yacht.FILLER, yacht.FILLER], [8, 5, 0, 0]),
                    SECOND_YACHT])],
}


def sentences(game, table, deals):
    """Every engine sentence a page shows for this session, after each of its deals."""
    out = []
    for count in range(len(deals) + 1):
        standing = game.replay(table, deals[:count])
        phases = game.phases(table, standing.state)
        if count < len(deals) and len(phases) > 1:  # what the page says once the bids are locked
            early = game.parse_phase(table, standing.state, deals[count], phases[0])
            out += game.pending_notes(table, standing.state, early)
        for result in standing.results:
            out += [result.summary, *result.breakdown]
        out += [*standing.notes, *[note for note in standing.seat_notes if note is not None]]
    return out


def english_words(text: str, names) -> set[str]:
    return {word for word in WORD.findall(text) if word not in names and word not in ALLOWED}


def test_every_game_has_cases():
    assert set(CASES) == set(GAMES)


@pytest.mark.parametrize("slug", sorted(CASES))
def test_breakdowns_render_without_english_under_ja(app, slug):
    game = get_game(slug)
    found = {}
    with app.test_request_context(headers={"Cookie": "lang=ja"}):
        for n, options, deals in CASES[slug]:
            names = tuple("Anna Ben Carl Dora Emil Fay Gus".split()[:n])
            table = Table(names, resolve_options(game.option_specs(n), options))
            texts = sentences(game, table, deals)
            assert texts, "the session shows some sentence"
            for text in texts:
                rendered = translate(text)
                assert rendered, text
                words = english_words(rendered, names)
                if words:
                    found[rendered] = sorted(words)
    assert not found, f"English under ja in {slug}: {found}"


def test_the_check_finds_a_sentence_frozen_in_english(app):
    """The check itself can fail: a Text passed through str() keeps its English words."""
    from scorekeeper.games.base import T, Text
    with app.test_request_context(headers={"Cookie": "lang=ja"}):
        frozen = T("%(detail)s", detail=str(Text("spade")))
        assert english_words(translate(frozen), ()) == {"spade"}
        assert english_words(translate(T("%(detail)s", detail=Text("spade"))), ()) == set()
