"""``python -m tabula``: matches and the perfect-play study on Ray, with a progress bar.

    python -m tabula games
    python -m tabula perft leeward --depth 4
    python -m tabula match leeward --a level:fair --b level:easy --games 200 --shards 50 [--address ray://head:10001]
    python -m tabula solve warp-weft --boards 1..50 --shards 25 --out boards.jsonl

``match`` prints what ``tabula match`` prints (``--json``: its JSON
object); ``solve`` prints or writes the JSON lines of ``tabula solve
--boards``. Errors are printed as ``error: …`` with the CLI's sentences.
"""

import argparse
import json
import sys

import tabula


def _options(pairs):
    options = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise tabula.BadOptionError(f"option '{pair}' should look like KEY=VALUE")
        key, value = pair.split("=", 1)
        options[key.strip()] = value.strip()
    return options or None


def _boards(text):
    bad = f"boards are a range of board numbers such as 1..50 (both included), not '{text}'"
    try:
        if ".." in text:
            a, b = text.split("..", 1)
            return int(a), int(b)
        return int(text), int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(bad) from None


def main(argv=None):
    """Runs the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tabula", description="Tabula's matches and studies, sharded over Ray.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the games")
    perft = commands.add_parser("perft", help="count move sequences")
    perft.add_argument("game")
    perft.add_argument("--depth", type=int, required=True)
    perft.add_argument("--option", action="append", metavar="KEY=VALUE")
    m = commands.add_parser("match", help="a match between two players, its shards run as Ray tasks")
    m.add_argument("game")
    m.add_argument("--a", default="random", help="player A (any player spec of `tabula match`)")
    m.add_argument("--b", default="random", help="player B")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--shards", type=int, default=None, help="Ray tasks (default: one per pair of games, at most 64)")
    m.add_argument("--threads", type=int, default=1, help="threads (and Ray CPUs) per task")
    m.add_argument("--option", action="append", metavar="KEY=VALUE")
    m.add_argument("--max-moves", type=int, default=None)
    m.add_argument("--random-moves", type=int, default=0)
    m.add_argument("--out", help="write every game as a JSON line (tabula match --out's format)")
    m.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    s = commands.add_parser("solve", help="solve the start of many boards, as Ray tasks")
    s.add_argument("game")
    s.add_argument("--boards", type=_boards, required=True, metavar="A..B")
    s.add_argument("--shards", type=int, default=None)
    s.add_argument("--threads", type=int, default=1)
    s.add_argument("--verdict", action="store_true")
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--out", help="write the JSON lines here (tabula solve --summarize FILE reads them)")
    for sub in (m, s):
        sub.add_argument("--address", default=None, help="a Ray cluster's address (default: a local Ray)")
        sub.add_argument("--cpus", type=int, default=None, help="CPUs of the local Ray (default: all)")
        sub.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            for slug in tabula.games():
                print(slug)
        elif args.command == "perft":
            state = tabula.State(args.game, _options(args.option))
            for d in range(1, args.depth + 1):
                print(f"depth {d} {state.perft(d)}")
        elif args.command == "match":
            from . import distributed

            summary = distributed.match(
                args.game, a=args.a, b=args.b, games=args.games, seed=args.seed, shards=args.shards,
                options=_options(args.option), max_moves=args.max_moves, random_moves=args.random_moves,
                threads=args.threads, address=args.address, num_cpus=args.cpus, progress=not args.no_progress,
                out=args.out, json=args.json,
            )
            print(json.dumps(summary, separators=(",", ":")) if args.json else summary, end="\n" if args.json else "")
        elif args.command == "solve":
            from . import distributed

            rows = distributed.solve_boards(
                args.game, args.boards, shards=args.shards, options=_options(args.option), verdict_only=args.verdict,
                threads=args.threads, address=args.address, num_cpus=args.cpus, progress=not args.no_progress, out=args.out,
            )
            if args.out is None:
                for row in rows:
                    print(json.dumps(row, separators=(",", ":")))
    except (tabula.TabulaError, ValueError, ImportError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
