"""Matches and studies split into shards that run as Ray tasks.

    import tabula.distributed as td
    summary = td.match("leeward", a="level:fair", b="level:easy", games=200, seed=1, shards=50)
    boards = td.solve_boards("warp-weft", boards=(1, 50), shards=25)

The shards are exactly those of ``tabula match --shard i/n`` and ``tabula
solve --boards A..B --shard i/n``, and they are merged as ``tabula match
--merge`` merges shard files, so the result equals a ``tabula match`` with
the same seed and games, whatever the number of shards or machines.

Ray runs them on this machine (a local Ray started on first use) or on a
cluster: give ``address="ray://head:10001"`` (or ``"auto"`` on a node of the
cluster), or call ``ray.init`` yourself first. Every node needs the
``tabula`` package installed (``pip install ./python``), or pass
``runtime_env`` to ``ray.init``. See docs/python.md.
"""

import json as _json

from ._tabula import match_shard, merge_match, merge_records_json, solve_board


def _ray(address=None, num_cpus=None):
    try:
        import ray
    except ImportError:
        ray = None
    # (A directory called `ray`, such as Ray's own /tmp/ray, imports as an empty namespace package.)
    if ray is None or not hasattr(ray, "init"):
        raise ImportError("tabula.distributed needs Ray: pip install './python[ray]' (or the 'ray' package)")
    if not ray.is_initialized():
        kwargs = {"include_dashboard": False, "ignore_reinit_error": True, "log_to_driver": False}
        if address is not None:
            kwargs["address"] = address
        elif num_cpus is not None:
            kwargs["num_cpus"] = num_cpus
        ray.init(**kwargs)
    return ray


def _check_solvable(game, options):
    """Refuses a game without board numbers or with bad options before any task starts."""
    from ._tabula import State, game_info

    State(game, options)
    if not any(o["key"] == "seed" for o in game_info(game)["options"]):
        from ._tabula import BadOptionError

        raise BadOptionError(f"{game_info(game)['name']} has no board numbers (no option 'seed') to go through")


def _play_shard(game, a, b, games, seed, shard, options, max_moves, random_moves, threads):
    return match_shard(game, a, b, games, seed, shard, options, max_moves, random_moves, threads)


def _solve_shard(game, boards, options, verdict_only, threads):
    return [solve_board(game, board, options, verdict_only, threads) for board in boards]


def _gather(ray, tasks, sizes, progress, unit):
    """Waits for every task, advancing a progress bar by each task's size as it finishes. Results in task order."""
    bar = None
    if progress:
        try:
            from tqdm import tqdm
        except ImportError:  # no progress bar without tqdm
            tqdm = None
        if tqdm is not None:
            bar = tqdm(total=sum(sizes), unit=unit)
    index = {t: i for i, t in enumerate(tasks)}
    results = [None] * len(tasks)
    pending = list(tasks)
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                i = index[ref]
                try:
                    results[i] = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    for other in pending:
                        ray.cancel(other)
                    cause = getattr(e, "cause", None)
                    raise (cause if isinstance(cause, Exception) else e) from None
                if bar is not None:
                    bar.update(sizes[i])
    finally:
        if bar is not None:
            bar.close()
    return results


def match(
    game,
    a="random",
    b="random",
    games=100,
    seed=1,
    shards=None,
    options=None,
    max_moves=None,
    random_moves=0,
    threads=1,
    address=None,
    num_cpus=None,
    progress=False,
    out=None,
    json=True,
):
    """Plays a match as ``shards`` Ray tasks and merges them as ``tabula match --merge`` does.

    ``shards`` defaults to one per pair of games (at most 64). Each task
    plays shard ``i/shards`` with ``threads`` threads (and asks Ray for as
    many CPUs). ``address`` names a Ray cluster (default: the running Ray,
    else a local one with ``num_cpus`` CPUs). ``out`` writes every game
    record as a JSON line (``tabula match --out``'s format, so the CLI can
    merge it too). Returns the summary dict ``tabula match --json`` prints,
    or the text report with ``json=False``.
    """
    pairs = (games + 1) // 2
    shards = max(1, min(pairs, 64) if shards is None else int(shards))
    # Refuse a bad game, option or player here, before any task starts (no games are played).
    match_shard(game, a, b, 0, seed, (0, 1), options, max_moves, random_moves, threads)
    ray = _ray(address, num_cpus)
    task = ray.remote(num_cpus=threads)(_play_shard)
    refs = [task.remote(game, a, b, games, seed, (i, shards), options, max_moves, random_moves, threads) for i in range(shards)]
    sizes = [2 * len(range(i, pairs, shards)) for i in range(shards)]
    lines = [line for shard in _gather(ray, refs, sizes, progress, "games") for line in shard]
    if out is not None:
        with open(out, "w", encoding="utf-8") as f:
            for line in merge_records_json(lines):
                f.write(line + "\n")
    summary = merge_match(lines, json)
    return _json.loads(summary) if json else summary


def solve_boards(
    game,
    boards,
    shards=None,
    options=None,
    verdict_only=False,
    threads=1,
    address=None,
    num_cpus=None,
    progress=False,
    out=None,
):
    """Solves the start position of each board ``boards = (first, last)`` as ``shards`` Ray tasks.

    Shard ``i`` solves the boards ``tabula solve --boards first..last --shard
    i/shards`` does. Returns one dict per board, by board number: the JSON
    lines that command writes (``out`` writes them to a file, which ``tabula
    solve --summarize FILE`` turns into the perfect-play study).
    """
    first, last = int(boards[0]), int(boards[1])
    if first > last:
        raise ValueError(f"the range {first}..{last} is empty: write the smaller board number first")
    count = last - first + 1
    shards = max(1, min(count, 64) if shards is None else int(shards))
    _check_solvable(game, options)
    ray = _ray(address, num_cpus)
    task = ray.remote(num_cpus=threads)(_solve_shard)
    parts = [[s for s in range(first, last + 1) if (s - first) % shards == i] for i in range(shards)]
    refs = [task.remote(game, part, options, verdict_only, threads) for part in parts]
    lines = [line for shard in _gather(ray, refs, [len(p) for p in parts], progress, "boards") for line in shard]
    lines.sort(key=lambda line: _json.loads(line)["seed"])
    if out is not None:
        with open(out, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(line + "\n")
    return [_json.loads(line) for line in lines]
