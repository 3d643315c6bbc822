"""P.A.G.E.S. combined ranking (seed 000, "mix and match").

"We also suggest that you should mix and match multiple or all five P.A.G.E.S. together. You can
then rank players base on their average rankings among systems." The rating is the average rank,
lower first. A player a member system does not rank counts as ranked below everyone in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tablerank.engine.ranking import competition_ranks
from tablerank.engine.records import Game
from tablerank.engine.systems.base import (
    Explanation,
    RatingTable,
    Record,
    Standing,
    System,
    Term,
    chronological,
)
from tablerank.errors import InvalidParameter, UnknownRecord

__all__ = ["Combined"]

PAGES = ("pages.point", "pages.accomplishment", "pages.glory", "pages.elo", "pages.share")


def _ranks(table: RatingTable) -> dict[str, int]:
    return {s.player: s.rank for s in table.standings}


@dataclass(frozen=True)
class Combined(System):
    name: ClassVar[str] = "pages.combined"
    title: ClassVar[str] = "P.A.G.E.S. combined: average rank across systems"
    source: ClassVar[str] = "seed 000, closing paragraph"
    lower_is_better: ClassVar[bool] = True

    systems: tuple[str, ...] = field(
        default=PAGES,
        metadata={"help": "the systems whose ranks are averaged, comma-separated"},
    )

    @classmethod
    def parse_parameter(cls, key: str, text: str, hint: Any, current: Any) -> Any:
        names = tuple(n.strip() for n in text.split(",") if n.strip())
        if not names:
            raise ValueError("name at least one system")
        return names

    def members(self) -> list[System]:
        from tablerank.engine.systems import get_system

        if self.name in self.systems:
            raise InvalidParameter("pages.combined cannot include itself")
        return [get_system(n) for n in self.systems]

    def _averages(self, tables: Sequence[RatingTable]) -> dict[str, float]:
        ranks = [_ranks(t) for t in tables]
        players = {p for r in ranks for p in r}
        return {p: sum(r.get(p, len(r) + 1) for r in ranks) / len(ranks) for p in players}

    def rate(
        self, records: Iterable[Record], start: Mapping[str, float] | None = None
    ) -> RatingTable:
        records = list(records)
        tables = [m.rate(records, start) for m in self.members()]
        averages = self._averages(tables)
        games: dict[str, int] = {}
        for t in tables:
            for s in t.standings:
                games[s.player] = max(games.get(s.player, 0), s.games)
        ranked = competition_ranks(averages, lower_first=True)
        standings = tuple(Standing(p, rank, averages[p], games.get(p, 0)) for rank, p in ranked)
        not_rated = tuple(n for t in tables for n in t.not_rated)
        return RatingTable(self.name, standings, tuple(dict.fromkeys(not_rated)))

    def explain(
        self,
        records: Iterable[Record],
        record_id: str,
        start: Mapping[str, float] | None = None,
    ) -> Explanation:
        ordered = chronological(records)
        index = next((i for i, r in enumerate(ordered) if r.id == record_id), None)
        if index is None or not isinstance(ordered[index], Game):
            raise UnknownRecord(f"no game with id {record_id!r}")
        game = ordered[index]
        assert isinstance(game, Game)
        members = self.members()
        before_tables = [m.rate(ordered[:index], start) for m in members]
        after_tables = [m.rate(ordered[: index + 1], start) for m in members]
        before, after = self._averages(before_tables), self._averages(after_tables)
        players = [s.player for s in game.placed]
        terms = []
        for m, bt, at in zip(members, before_tables, after_tables, strict=True):
            rb, ra = _ranks(bt), _ranks(at)
            for p in players:
                old, new = rb.get(p, len(rb) + 1), ra.get(p, len(ra) + 1)
                share = (new - old) / len(members)
                why = f"{m.name}: rank {old} -> {new}, / {len(members)} systems"
                terms.append(Term(p, share, why))
        old_avg = {p: before.get(p, self._unranked(before_tables)) for p in players}
        not_rated = tuple(
            dict.fromkeys(n for t in after_tables for n in t.not_rated if n.record == game.id)
        )
        return Explanation(
            record=game.id,
            system=self.name,
            before=old_avg,
            changes={p: after[p] - old_avg[p] for p in players if p in after},
            terms=tuple(terms),
            not_rated=not_rated,
            notes=("rating is the average rank across " + ", ".join(self.systems),),
        )

    def _unranked(self, tables: Sequence[RatingTable]) -> float:
        return sum(len(t.standings) + 1 for t in tables) / len(tables)
