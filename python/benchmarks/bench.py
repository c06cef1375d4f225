"""Speed of the Python binding: python python/benchmarks/bench.py [--ray].

Prints the time per play+undo pair and per legal_actions() call on Leeward,
random playouts per second driven from Python against the same playouts run
inside Rust, and with --ray the wall time of a match on a local two-CPU Ray
against one process.
"""

import argparse
import random
import time

import tabula


def per_call(fn, n):
    start = time.perf_counter()
    fn(n)
    return (time.perf_counter() - start) / n


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ray", action="store_true", help="also time a match on Ray")
    parser.add_argument("--game", default="leeward")
    args = parser.parse_args()
    s = tabula.State(args.game)
    move = s.legal_moves()[0]
    action = s.legal_actions()[0]

    def play_undo_action(n):
        play, undo = s.play_action, s.undo
        for _ in range(n):
            play(action)
            undo()

    def play_undo_text(n):
        play, undo = s.play, s.undo
        for _ in range(n):
            play(move)
            undo()

    def legal_actions(n):
        la = s.legal_actions
        for _ in range(n):
            la()

    def legal_moves(n):
        lm = s.legal_moves
        for _ in range(n):
            lm()

    def empty_loop(n):
        for _ in range(n):
            pass

    n = 200_000
    base = per_call(empty_loop, n)
    print(f"{args.game}: play_action+undo {1e6 * (per_call(play_undo_action, n) - base):.2f} µs a pair")
    print(f"{args.game}: play(text)+undo  {1e6 * (per_call(play_undo_text, n) - base):.2f} µs a pair")
    print(f"{args.game}: legal_actions()  {1e6 * (per_call(legal_actions, n) - base):.2f} µs a call ({len(s.legal_actions())} moves)")
    print(f"{args.game}: legal_moves()    {1e6 * (per_call(legal_moves, n) - base):.2f} µs a call")

    rng = random.Random(1)
    games, moves = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3.0:
        g = tabula.State(args.game)
        while not g.is_over() and g.moves_played() < 1000:
            g.play_action(rng.choice(g.legal_actions()))
            moves += 1
        games += 1
    py_rate = games / (time.perf_counter() - start)
    stats = tabula.State(args.game).random_playouts(2000, seed=1)
    rust_rate = stats["games"] / stats["seconds"]
    print(f"{args.game}: random playouts from Python {py_rate:,.0f}/s ({moves / games:.0f} moves a game); in Rust {rust_rate:,.0f}/s ({rust_rate / py_rate:.0f}x)")

    if args.ray:
        import tabula.distributed as td

        kw = dict(a="ab:depth=5", b="ab:depth=4", games=16, seed=1)
        start = time.perf_counter()
        one = tabula.match("leeward", **kw)
        t1 = time.perf_counter() - start
        start = time.perf_counter()
        assert tabula.match("leeward", **kw, threads=2) == one
        t1b = time.perf_counter() - start
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        td.match("leeward", **dict(kw, games=2), shards=2)  # warm the workers
        start = time.perf_counter()
        two = td.match("leeward", **kw, shards=8)
        t2 = time.perf_counter() - start
        ray.shutdown()
        assert one == two
        print(
            f"leeward match {kw}: one process, 1 thread {t1:.2f} s; 2 threads {t1b:.2f} s; "
            f"Ray, 2 workers, 8 shards {t2:.2f} s ({t1 / t2:.2f}x); same result: {one == two}"
        )


if __name__ == "__main__":
    main()
