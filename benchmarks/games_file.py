"""Write `bench_systems.py`'s synthetic history as a JSON Lines file of game records, for timing
`tablerank league import` and `league export` end to end.

    python benchmarks/games_file.py --games 100000 --players 20000 games.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from bench_systems import game_date, make_game, pick_table, player_pool

from tablerank.formats.records import game_json


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("output", type=Path)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    names, cumulative = player_pool(rng, args.players)
    with args.output.open("w", encoding="utf-8") as out:
        for i in range(args.games):
            table = pick_table(rng, names, cumulative)
            game = make_game(rng, i + 1, game_date(i, args.games), table)
            out.write(json.dumps(game_json(game), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
