"""PettingZoo AEC environments for every Tabula game.

    from tabula.pettingzoo import env
    e = env("warp-weft", size=5)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` (the seat that moves first) and ``player_1``. Turns
need not alternate (a Piracy survivor moves several times in a row):
``agent_selection`` always follows the game. Each observation is a dict of
``observation`` (the game's tensor, float32, see ``State.observation``) and
``action_mask`` (int8, one entry per action id). Rewards come at the end:
+1 a win, -1 a loss, 0 a draw. A game longer than ``max_moves`` (default:
the game's own match limit) is truncated.
"""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._environment import legal_mask, observation_box, render_text
from ._tabula import State


def env(game, render_mode=None, max_moves=None, **options):
    """A wrapped AEC environment of ``game`` (a slug from ``tabula.games()``) with game ``options``."""
    e = raw_env(game, render_mode=render_mode, max_moves=max_moves, **options)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """The unwrapped AEC environment of one Tabula game (see :func:`env`)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabula_v0", "is_parallelizable": False}

    def __init__(self, game, render_mode=None, max_moves=None, **options):
        EzPickle.__init__(self, game, render_mode, max_moves, **options)
        super().__init__()
        self.game = game
        self.options = dict(options)
        self.render_mode = render_mode
        self.state = State(game, self.options or None)
        self.metadata = dict(self.metadata, name=f"tabula_{game.replace('-', '_')}_v0")
        self.max_moves = self.state.move_limit() if max_moves is None else int(max_moves)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        n = self.state.num_actions()
        self._spaces = {
            a: spaces.Dict(
                {
                    "observation": observation_box(self.state),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._actions = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._reset_fields()

    def observation_space(self, agent):
        """The observation space of ``agent`` (the same object every call)."""
        return self._spaces[agent]

    def action_space(self, agent):
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self._actions[agent]

    def _reset_fields(self):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed=None, options=None):
        """Back to the start position (the game itself is deterministic; ``seed`` seeds the spaces' sampling)."""
        self.state = State(self.game, self.options or None)
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self._actions[a].seed(seed + i)
        self._reset_fields()

    def observe(self, agent):
        """The board tensor (the same for both agents; it says who is to move) and ``agent``'s action mask."""
        mask = legal_mask(self.state, self.possible_agents.index(agent), np.int8)
        return {"observation": self.state.observation(), "action_mask": mask}

    def step(self, action):
        """Plays ``action`` (an action id) for the agent to move; raises ``IllegalMoveError`` for an illegal one."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state.play_action(int(action))
        self.rewards = {a: 0 for a in self.agents}
        if self.state.is_over():
            r = self.state.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = int(r[i])
            self.terminations = {a: True for a in self.agents}
        elif self.state.moves_played() >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The position as text (``ansi``), or printed (``human``)."""
        return render_text(self.state, self.render_mode)

    def close(self):
        """Nothing to release."""
