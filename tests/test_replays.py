"""Replays remembered between requests (scorekeeper/replays.py): a resumed replay equals the replay
from the start, and a remembered standing is used only for exactly the payloads it was built from."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.base import DealError
from scorekeeper.replays import Replays
from tests.games.test_schieberamsch import GAME, grand, ramsch, ramsch_deals, table


@given(st.lists(ramsch_deals(), max_size=12), st.data())
def test_resuming_a_replay_equals_replaying_from_the_start(deals, data):
    """Invariant: replay(deals) == replay(deals, resume=replay(deals[:k])) for every k (totals,
    every result, running totals, dealers, state, winners)."""
    k = data.draw(st.integers(0, len(deals)))
    whole = GAME.replay(table(deals=12), deals)
    resumed = GAME.replay(table(deals=12), deals, resume=GAME.replay(table(deals=12), deals[:k]))
    assert resumed == whole


DEALS = [ramsch([0, 7, 113], took=[False, True, True], pushed=2), grand(1, 95, jacks=["JC", "JS"]),
         ramsch([60, 30, 30], pushed=1), ramsch([10, 80, 30])]


def test_the_same_deals_are_a_hit_more_deals_play_only_the_new_ones():
    cache, t = Replays(), table(deals=12)
    first = cache.replay(1, GAME, t, DEALS[:2])
    assert (cache.misses, cache.hits) == (1, 0)
    assert cache.replay(1, GAME, t, [dict(d) for d in DEALS[:2]]) is first  # equal payloads, other objects
    assert cache.hits == 1
    longer = cache.replay(1, GAME, t, DEALS)
    assert cache.extended == 1
    assert longer == GAME.replay(t, DEALS)


def test_a_corrected_or_deleted_deal_is_never_answered_from_memory():
    cache, t = Replays(), table(deals=12)
    cache.replay(1, GAME, t, DEALS)
    corrected = [DEALS[0], ramsch([50, 40, 30]), *DEALS[2:]]
    assert cache.replay(1, GAME, t, corrected) == GAME.replay(t, corrected)
    deleted = [DEALS[0], *DEALS[2:]]
    assert cache.replay(1, GAME, t, deleted) == GAME.replay(t, deleted)
    assert (cache.misses, cache.hits, cache.extended) == (3, 0, 0)


def test_another_table_or_game_under_the_same_id_is_a_miss():
    """Ids of another database (or options, names, first dealer) never share an entry."""
    cache = Replays()
    cache.replay(1, GAME, table(deals=12), DEALS)
    other = table(deals=4)
    assert cache.replay(1, GAME, other, DEALS) == GAME.replay(other, DEALS)
    assert cache.misses == 2
    assert cache.replay(1, GAME, other, DEALS).over  # four deals of four


def test_a_refused_replay_is_raised_and_not_remembered():
    cache, t = Replays(), table(deals=12)
    bad = [DEALS[0], ramsch([60, 60, 60])]
    with pytest.raises(DealError):
        cache.replay(1, GAME, t, bad)
    with pytest.raises(DealError):
        cache.replay(1, GAME, t, bad)
    assert cache.hits == 0


def test_least_recently_used_sessions_go_first():
    cache, t = Replays(size=2), table(deals=12)
    for key in (1, 2, 1, 3):
        cache.replay(key, GAME, t, DEALS[:1])
    cache.replay(1, GAME, t, DEALS[:1])
    cache.replay(2, GAME, t, DEALS[:1])
    assert (cache.hits, cache.misses) == (2, 4)  # 1 was kept (used last but one), 2 went out


def test_a_saved_deal_is_remembered_by_serializing_only_that_deal(monkeypatch):
    """After a save the new standing is kept with the stored payloads; when it grew from the one
    remembered (`base`), only the new deal is serialized, and the next read is a hit."""
    from scorekeeper import replays

    cache, t = Replays(), table(deals=12)
    before = cache.replay(1, GAME, t, DEALS[:3])
    after = GAME.replay(t, DEALS, resume=before)
    calls = []
    real = replays.canonical
    monkeypatch.setattr(replays, "canonical",  # deals only (the options are serialized too, for the identity)
                        lambda value: (calls.append(value) if "type" in value else None) or real(value))
    cache.remember(1, GAME, t, DEALS, after, base=before)
    assert calls == [DEALS[3]]
    assert cache.replay(1, GAME, t, DEALS) is after
    cache.remember(1, GAME, t, DEALS, after, base=before)  # not what is remembered now: all serialized
    assert len(calls) == 1 + 4 + 4
