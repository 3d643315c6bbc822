"""P.A.G.E.S. combined ranking (seed 000, "mix and match").

"We also suggest that you should mix and match multiple or all five P.A.G.E.S. together. You can
then rank players base on their average rankings among systems." The rating is the average rank,
lower first. A player a member system does not rank counts as ranked below everyone in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tablerank.engine.records import Game
from tablerank.engine.systems.base import (
    Explanation,
    Record,
    System,
    Term,
    Totals,
    chronological,
)
from tablerank.errors import InvalidParameter, UnknownRecord

__all__ = ["Combined"]

PAGES = ("pages.point", "pages.accomplishment", "pages.glory", "pages.elo", "pages.share")


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

    def _member_ranks(
        self, records: list[Record], start: Mapping[str, float] | None
    ) -> list[tuple[dict[str, int], Totals]]:
        out = []
        for member in self.members():
            totals = member.totals(records, start)
            out.append((member.ranks(totals.ratings), totals))
        return out

    @staticmethod
    def _averages(ranks: Sequence[dict[str, int]]) -> dict[str, float]:
        players = {p for r in ranks for p in r}
        return {p: sum(r.get(p, len(r) + 1) for r in ranks) / len(ranks) for p in players}

    def totals(self, records: Iterable[Record], start: Mapping[str, float] | None = None) -> Totals:
        members = self._member_ranks(list(records), start)
        games: dict[str, int] = {}
        for _, member in members:
            for player, count in member.games.items():
                if count > games.get(player, -1):
                    games[player] = count
        not_rated = dict.fromkeys(n for _, member in members for n in member.not_rated)
        return Totals(self._averages([r for r, _ in members]), games, tuple(not_rated))

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
        before_members = self._member_ranks(ordered[:index], start)
        after_members = self._member_ranks(ordered[: index + 1], start)
        before = self._averages([r for r, _ in before_members])
        after = self._averages([r for r, _ in after_members])
        players = [s.player for s in game.placed]
        terms = []
        for m, (rb, _), (ra, _) in zip(members, before_members, after_members, strict=True):
            for p in players:
                old, new = rb.get(p, len(rb) + 1), ra.get(p, len(ra) + 1)
                share = (new - old) / len(members)
                why = f"{m.name}: rank {old} -> {new}, / {len(members)} systems"
                terms.append(Term(p, share, why))
        unranked = sum(len(r) + 1 for r, _ in before_members) / len(before_members)
        old_avg = {p: before.get(p, unranked) for p in players}
        not_rated = tuple(
            dict.fromkeys(
                n for _, totals in after_members for n in totals.not_rated if n.record == game.id
            )
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
