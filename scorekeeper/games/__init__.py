"""The registry of games: every engine module's `GAME`, under the game's slug.

>>> get_game("schieberamsch").players
(3,)
"""
from __future__ import annotations

from . import (
    coiffeur,
    differenzler,
    free_pad,
    handjass,
    italian_whist,
    pitch,
    sataat,
    schieber,
    schieberamsch,
    skat,
    stendhal,
    tennos_team,
    yacht,
)
from .base import Game, RuleError

ENGINES = (
    coiffeur, differenzler, free_pad, handjass, italian_whist, pitch,
    sataat, schieber, schieberamsch, skat, stendhal, tennos_team, yacht,
)
GAMES: dict[str, Game] = {module.GAME.slug: module.GAME for module in ENGINES}


def get_game(slug: str) -> Game:
    """The game registered under `slug`; KeyError when there is none."""
    return GAMES[slug]


__all__ = ["GAMES", "Game", "RuleError", "get_game"]
