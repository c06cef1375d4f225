"""PettingZoo: every game's AEC environment passes PettingZoo's own api_test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import tabula  # noqa: E402
from tabula.pettingzoo import env  # noqa: E402

GAMES = ["leeward", "warp-weft", "piracy", "seesaw"]


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game):
    api_test(env(game), num_cycles=200)


def test_api_test_passes_with_options():
    api_test(env("warp-weft", size=5, pie=True), num_cycles=100)
    api_test(env("seesaw", base=3), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_masks_follow_the_game_to_the_end(game):
    e = env(game, max_moves=400)
    e.reset(seed=1)
    rng = np.random.default_rng(2)
    shadow = tabula.State(game)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert agent == f"player_{shadow.current_player()}"
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal.tolist()) == sorted(shadow.legal_actions())
        assert np.array_equal(obs["observation"], shadow.observation())
        action = int(rng.choice(legal))
        shadow.play_action(action)
        e.step(action)
        steps += 1
    assert steps > 0
    if shadow.is_over():
        r = shadow.returns()
        assert r[0] == -r[1]


def test_an_illegal_action_raises():
    e = env("leeward")
    e.reset()
    with pytest.raises(tabula.IllegalMoveError):
        e.step(0)
