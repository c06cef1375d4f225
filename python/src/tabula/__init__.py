"""Tabula's games and engines from Python.

The rules and the engines are Tabula's own Rust code (the extension module
``tabula._tabula``); this package only binds them::

    import tabula
    tabula.games()                      # ['leeward', 'warp-weft', 'piracy', 'seesaw']
    s = tabula.State("warp-weft", {"size": 5})
    s.legal_moves(); s.play("b3"); s.undo()
    s.legal_actions(); s.play_action(s.legal_actions()[0]); s.observation()
    tabula.think(s, "ab:depth=4")       # a move, in notation

Submodules: :mod:`tabula.gym` (a Gymnasium environment against a Tabula
player), :mod:`tabula.pettingzoo` (AEC environments), :mod:`tabula.openspiel`
(``pyspiel`` games), :mod:`tabula.distributed` (matches and studies as Ray
tasks).
"""

from ._tabula import (  # noqa: F401
    BadMoveError,
    BadOptionError,
    BadPlayerError,
    BadPositionError,
    IllegalMoveError,
    State,
    TabulaError,
    UnknownGameError,
    __version__,
    decide,
    game_info,
    games,
    match_shard,
    merge_match,
    merge_records_json,
    parse_player,
    solve_board,
)
from ._tabula import summarize as _summarize

__all__ = [
    "State",
    "games",
    "game_info",
    "think",
    "decide",
    "parse_player",
    "match",
    "summarize",
    "TabulaError",
    "UnknownGameError",
    "BadOptionError",
    "BadMoveError",
    "IllegalMoveError",
    "BadPositionError",
    "BadPlayerError",
]


def think(state, player, seed=1):
    """The move (in notation) a computer player picks for the side to move.

    ``player`` is any player spec the command line knows: ``random``,
    ``greedy:margin=4``, ``ab:depth=4``, ``ab:time=1s,threads=2``,
    ``mcts:iters=2000``, ``solver``, ``level:hard``, ``ugi:cmd=…``. The
    search runs with the GIL released. Raises :class:`BadPlayerError` for a
    spec Tabula cannot read and :class:`IllegalMoveError` once the game is
    over. :func:`decide` gives the score, depth and line as well.
    """
    return decide(state, player, seed)["move"]


def match(game, a="random", b="random", games=100, seed=1, options=None, max_moves=None, random_moves=0, threads=1, json=True):
    """Plays a whole match in this process, exactly as ``tabula match`` does.

    Returns the summary as a dict (the object ``tabula match --json``
    prints), or the text report with ``json=False``.
    """
    lines = match_shard(game, a, b, games, seed, (0, 1), options, max_moves, random_moves, threads)
    return _summary(merge_match(lines, json), json)


def summarize(results, a="A", b="B", json=True):
    """The statistics of games played outside :func:`match` (a learning
    agent against a level, say), computed as ``tabula match`` computes its
    own: score with its 95 % interval, Elo difference, first-player rate.

    ``results`` holds one ``(score, winner_seat, length, adjudicated)`` per
    game: A's score 1, 0.5 or 0, the winning seat (0 moved first) or None
    for a draw, the moves played, and whether the game was stopped at a move
    limit. Returns a dict like :func:`match`'s, or the text report naming
    ``a`` and ``b`` with ``json=False``.
    """
    return _summary(_summarize(list(results), a, b, json), json)


def _summary(text, json):
    """A summary from the extension: parsed when it is JSON."""
    import json as _json

    return _json.loads(text) if json else text
