"""The registry of games: every module in this package that defines `GAME` (or a
tuple `GAMES`) is registered under the game's slug.

>>> get_game("schieberamsch").players
(3,)
"""
from __future__ import annotations

import importlib
import pkgutil

from .base import Game, RuleError

_NOT_GAMES = {"base", "cards", "entry", "text"}


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module_info.name in _NOT_GAMES or module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        games = getattr(module, "GAMES", None) or ((module.GAME,) if hasattr(module, "GAME") else ())
        for game in games:
            if game.slug in found:
                raise RuntimeError(f"two games use the slug {game.slug!r}")
            found[game.slug] = game
    return found


GAMES: dict[str, Game] = _discover()


def get_game(slug: str) -> Game:
    """The game registered under `slug`; KeyError when there is none."""
    return GAMES[slug]


__all__ = ["GAMES", "Game", "RuleError", "get_game"]
