"""What the PettingZoo and the Gymnasium environments share: the observation
space, the action mask and the text rendering."""

import numpy as np
from gymnasium import spaces

#: Bounds of every observation entry (piece planes are 0/1, values and stack sizes stay within these).
OBSERVATION_BOUND = 255.0


def observation_box(state):
    """The ``Box`` every observation of ``state``'s game (with its options) lies in: float32 of the game's shape."""
    shape = tuple(state.observation_shape())
    return spaces.Box(low=-OBSERVATION_BOUND, high=OBSERVATION_BOUND, shape=shape, dtype=np.float32)


def legal_mask(state, seat, dtype):
    """One entry per action id: 1 for the legal moves when ``seat`` is to move, all 0 otherwise (or once the game is over)."""
    mask = np.zeros(state.num_actions(), dtype=dtype)
    if not state.is_over() and state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def render_text(state, render_mode):
    """``state`` drawn as text for ``render_mode``: returned (``ansi``), printed (``human``), or nothing (None)."""
    if render_mode is None:
        return None
    text = state.drawing()
    if render_mode == "human":
        print(text)
        return None
    return text
