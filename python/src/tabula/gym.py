"""A Gymnasium environment: one Tabula game against one of Tabula's players.

    import tabula.gym
    e = tabula.gym.env("warp-weft", opponent="level:easy", size=5)
    obs, info = e.reset(seed=0)
    while True:
        action = e.action_space.sample(e.action_masks().astype("int8"))
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            break

The agent holds one seat (``seat=0`` moves first, ``1``, or ``"random"``:
drawn at each reset from the reset's seed; ``reset(options={"seat": 1})``
picks it for one episode) and the opponent, any player spec
(``level:easy``, ``random``, ``ab:depth=4``, …), plays the other, inside
Rust, until it is the agent's turn again (turns need not alternate: a
Piracy survivor moves several times running). The opponent's choices are
seeded from the environment's random generator, so ``reset(seed=s)`` and
the same actions give the same game.

Observations are the game's tensor (float32, ``State.observation``; it
says whose turn it is), actions the game's fixed action ids
(``Discrete(num_actions)``), and :meth:`TabulaEnv.action_masks` the legal
ones, the method sb3-contrib's ``MaskablePPO`` asks for (``info`` holds the
same mask as ``"action_mask"``). The reward comes at the end: +1 a win, -1
a loss, 0 a draw; a game longer than ``max_moves`` (default: the game's own
match limit) is truncated. An illegal action loses the game at once
(reward -1, ``info["illegal_action"]``), as every action of the space must
be accepted; ``illegal="raise"`` raises :class:`tabula.IllegalMoveError`
instead.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from ._environment import legal_mask, observation_box, render_text
from ._tabula import State, decide, game_info, games, parse_player

#: What ``illegal=`` may say: lose the game at once, or raise.
ILLEGAL_CHOICES = ("lose", "raise")


#: The Gymnasium id of each game, registered when this module is imported:
#: ``gymnasium.make("tabula/warp-weft-v0", opponent="level:easy", size=5)``, or
#: ``gymnasium.make("tabula.gym:tabula/warp-weft-v0", …)`` without importing it first.
IDS = {slug: f"tabula/{slug}-v0" for slug in games()}


def env(game, opponent="level:easy", seat="random", max_moves=None, illegal="lose", render_mode=None, **options):
    """A Gymnasium environment of ``game`` (a slug from ``tabula.games()``)
    with game ``options`` as keywords (Warp & Weft's ``seed=`` is its board
    number: an episode's randomness is seeded by ``reset(seed=…)``).

    Made through ``gymnasium.make`` (so it has its ``spec``), without the
    wrappers ``make`` adds: the environment itself checks its calls."""
    if game not in IDS:
        game_info(game)  # raises UnknownGameError with the list of games
    kwargs = dict(opponent=opponent, seat=seat, max_moves=max_moves, illegal=illegal, render_mode=render_mode, **options)
    return gymnasium.make(IDS[game], disable_env_checker=True, **kwargs).unwrapped


def _seat(value):
    """``value`` as a seat (0 or 1) or ``"random"``; anything else is a ``ValueError``."""
    if isinstance(value, str) and value == "random":
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value in (0, 1):
        return int(value)
    raise ValueError(f"seat must be 0 (moves first), 1 or 'random', not {value!r}")


class TabulaEnv(gymnasium.Env):
    """One Tabula game against a Tabula player, for a single learning agent (see :func:`env`)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game, opponent="level:easy", seat="random", max_moves=None, illegal="lose", render_mode=None, **options):
        if illegal not in ILLEGAL_CHOICES:
            raise ValueError(f"illegal must be one of {ILLEGAL_CHOICES}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = game
        self.options = dict(options)
        self.state = State(game, self.options or None)
        parse_player(game, opponent)  # a spec Tabula cannot read fails here, not at the first move
        self.opponent = opponent
        self.seat = _seat(seat)
        self.illegal = illegal
        self.render_mode = render_mode
        self.max_moves = self.state.move_limit() if max_moves is None else int(max_moves)
        self.observation_space = observation_box(self.state)
        self.action_space = spaces.Discrete(self.state.num_actions())
        #: The seat the agent plays in the current episode.
        self.agent_seat = 0 if self.seat == "random" else self.seat
        self._over = True

    def reset(self, *, seed=None, options=None):
        """A new game from the start; the opponent moves first when the agent holds seat 1."""
        super().reset(seed=seed)
        seat = _seat((options or {}).get("seat", self.seat))
        self.agent_seat = int(self.np_random.integers(2)) if seat == "random" else seat
        self.state = State(self.game, self.options or None)
        self._over = False
        self._let_the_opponent_play()
        if self._finished():
            raise RuntimeError(f"the game ended before the agent's first move (max_moves={self.max_moves})")
        if self.render_mode == "human":
            self.render()
        return self.state.observation(), self._info()

    def step(self, action):
        """Plays ``action`` (an action id) for the agent, then the opponent's replies."""
        if self._over:
            raise RuntimeError("the game is over: call reset() to start another")
        action = int(action)
        legal = 0 <= action < self.action_space.n and self.action_masks()[action]
        if not legal and self.illegal == "lose":
            self._over = True
            return self.state.observation(), -1.0, True, False, self._info(illegal_action=True)
        self.state.play_action(action)  # with illegal="raise", the game's own IllegalMoveError (or BadMoveError)
        self._let_the_opponent_play()
        terminated = self.state.is_over()
        truncated = not terminated and self.state.moves_played() >= self.max_moves
        self._over = terminated or truncated
        reward = float(self.state.returns()[self.agent_seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(), reward, terminated, truncated, self._info()

    def action_masks(self):
        """The legal actions as booleans, one per action id (all false once the game is over)."""
        if self._over:
            return np.zeros(self.action_space.n, dtype=bool)
        return legal_mask(self.state, self.agent_seat, bool)

    def render(self):
        """The position as text (``ansi``), or printed (``human``)."""
        return render_text(self.state, self.render_mode)

    def _finished(self):
        return self.state.is_over() or self.state.moves_played() >= self.max_moves

    def _let_the_opponent_play(self):
        """The opponent's moves until the agent is to move, the game is over or it reaches ``max_moves``."""
        while not self._finished() and self.state.current_player() != self.agent_seat:
            seed = int(self.np_random.integers(1, 2**63))
            self.state.play(decide(self.state, self.opponent, seed)["move"])

    def _info(self, illegal_action=False):
        info = {"action_mask": self.action_masks(), "seat": self.agent_seat}
        if illegal_action:
            info["illegal_action"] = True
        return info


for _slug, _id in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="tabula.gym:TabulaEnv", kwargs={"game": _slug})
