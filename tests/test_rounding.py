"""Averages rounded as people round them: a tester's Sataat totals 6, 6, 1 and 4 average 4.25, and
the player page said 4.2 (Python's round takes a half to the even digit)."""
from __future__ import annotations

from scorekeeper.history import GameTally, average


def test_a_players_averages_round_a_half_up():
    assert GameTally("sataat", played=4, finished=4, won=1, lost=0, total_finished=17).average_total == 4.3
    assert GameTally("sataat", played=4, finished=4, won=1, lost=0, total_finished=-17).average_total == -4.3
    assert GameTally("yacht", played=3, finished=3, won=0, lost=0, total_finished=5).average_total == 1.7
    assert average(1, 8) == 0.13 and average(5, 2) == 2.5 and average(5, 3) == 1.67
