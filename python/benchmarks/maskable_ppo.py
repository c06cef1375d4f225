"""Trains sb3-contrib's MaskablePPO against a Tabula level and measures it.

    pip install "./python[rl]"          # gymnasium, sb3-contrib (and torch)
    python python/benchmarks/maskable_ppo.py --minutes 4 --out ppo.json

The agent learns Warp & Weft on the 5 × 5 board (by default) through
``tabula.gym`` against ``--opponent`` (level:easy), from both seats, for
``--minutes`` of training on ``--threads`` CPU threads. Then it plays
``--games`` games (its best move each time, seats alternating, each game
seeded) against Easy and against a random player, and so does a random
legal-move agent as the baseline; each line is reported with the 95 %
interval of the score, computed by ``tabula.summarize`` as ``tabula match``
computes its own. A benchmark, not a test: the figures depend on the time
and the machine.
"""

import argparse
import json
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import tabula
import tabula.gym


class TimeBudget(BaseCallback):
    """Stops training once ``seconds`` have passed (checked at every step)."""

    def __init__(self, seconds):
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_training_start(self):
        self.start = time.perf_counter()

    def _on_step(self):
        return time.perf_counter() - self.start < self.seconds


def play(env, choose, games, seed):
    """``games`` games of ``env`` (seat ``i % 2`` in game ``i``, seeded ``seed + i``); their results for ``tabula.summarize``."""
    results = []
    for i in range(games):
        seat = i % 2
        obs, info = env.reset(seed=seed + i, options={"seat": seat})
        terminated = truncated = False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(choose(obs, env.action_masks()))
        winner = env.unwrapped.state.winner() if terminated else None
        score = 0.5 if winner is None else float(winner == seat)
        results.append((score, winner, env.unwrapped.state.moves_played(), truncated))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="warp-weft")
    parser.add_argument("--size", default="5", help="Warp & Weft's board size (ignored by other games)")
    parser.add_argument("--opponent", default="level:easy", help="the player spec trained against")
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--games", type=int, default=200, help="games of each evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="torch's CPU threads")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together in training")
    parser.add_argument("--out", help="also write the figures to this JSON file")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    options = {"size": args.size} if args.game == "warp-weft" else {}

    # Several environments step together so that the policy runs on a batch of positions.
    envs = make_vec_env(lambda: tabula.gym.env(args.game, opponent=args.opponent, **options), n_envs=args.envs, seed=args.seed)
    model = MaskablePPO("MlpPolicy", envs, n_steps=2048 // args.envs, seed=args.seed, device="cpu", verbose=0)
    started = time.perf_counter()
    model.learn(total_timesteps=10**9, callback=TimeBudget(60 * args.minutes))
    trained = {"seconds": round(time.perf_counter() - started, 1), "timesteps": model.num_timesteps}
    print(f"trained {trained['timesteps']} steps in {trained['seconds']} s against {args.opponent}")

    rng = np.random.default_rng(args.seed)
    agents = {
        "MaskablePPO": lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0]),
        "random agent": lambda obs, mask: int(rng.choice(np.flatnonzero(mask))),
    }
    figures = {"command": vars(args), "torch": torch.__version__, "training": trained, "results": []}
    for opponent in ("level:easy", "random"):
        rival = tabula.gym.env(args.game, opponent=opponent, **options)
        for name, choose in agents.items():
            summary = tabula.summarize(play(rival, choose, args.games, seed=10_000 * args.seed))
            low, high = summary["a_score_ci95"]
            print(
                f"{name} against {opponent}: {summary['a_wins']} W {summary['draws']} D {summary['b_wins']} L,"
                f" score {100 * summary['a_score']:.1f} % (95 % interval {100 * low:.1f}–{100 * high:.1f} %)"
            )
            figures["results"].append({"agent": name, "opponent": opponent, **summary})
    if args.out:
        with open(args.out, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()
