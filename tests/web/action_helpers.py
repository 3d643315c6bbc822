"""A small club for the web forms' tests: a league with an organizer who plays, an official,
players with accounts, a player without one and an outsider. Plain functions, so each test
module makes its own fixtures from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from tablerank.catan.variants import SOURCES
from tablerank.engine.records import Game, new_game
from tablerank.league import services
from tablerank.league.models import GameRecord, League, Player

PASSWORD = "correct horse battery staple"


@dataclass
class Club:
    league: League
    organizer: User
    """Admin of the league who also plays, as Olga."""
    referee: User
    """An official of the league who does not play."""
    ann: User
    ben: User
    cleo: User
    outsider: User
    """Signed in, but holds no role in the league."""

    def player(self, name: str) -> Player:
        return Player.objects.get(league=self.league, key=name.casefold())


def account(username: str) -> User:
    return User.objects.create_user(username, password=PASSWORD)


def make_club(slug: str = "bonn", name: str = "Bonn Catan") -> Club:
    league = League.objects.create(name=name, slug=slug, time_zone="Europe/Berlin")
    organizer, referee = account(f"{slug}-olga"), account(f"{slug}-ref")
    ann, ben, cleo = account(f"{slug}-ann"), account(f"{slug}-ben"), account(f"{slug}-cleo")
    league.admins.add(organizer)
    league.officials.add(referee)
    for player, user in (("Olga", organizer), ("Ann", ann), ("Ben", ben), ("Cleo", cleo)):
        services.add_player(league, player, by=services.CONSOLE, account=user)
    services.add_player(league, "Dora", by=services.CONSOLE)
    return Club(league, organizer, referee, ann, ben, cleo, account(f"{slug}-zed"))


def four_player_game(game_id: str = "g1", day: str = "2026-05-02") -> Game:
    """Ann wins a base game against Ben, Cleo and Olga, every VP by source."""
    return new_game(
        id=game_id,
        date=day,
        seats=[
            {"player": "Ann", "winner": True,
             "sources": {"settlements": 2, "cities": 6, "longest_road": 2}},
            {"player": "Ben", "sources": {"settlements": 3, "cities": 4}},
            {"player": "Cleo", "sources": {"settlements": 4, "largest_army": 2}},
            {"player": "Olga", "sources": {"settlements": 5}},
        ],
    )  # fmt: skip


def submitted(club: Club, by: User, game_id: str = "g1") -> GameRecord:
    """The four-player game, submitted by `by` (Ann's seat signs when Ann submits)."""
    return services.submit_game(club.league, four_player_game(game_id), by)


def sheet(
    seats: list[tuple[str, dict[str, int]]],
    *,
    variant: str = "base",
    awards: dict[str, int] | None = None,
    winner: int | None = None,
    confirm: int | None = None,
    played_at: str = "2026-05-02T20:30",
    **extra: Any,
) -> dict[str, Any]:
    """A score sheet as the record form posts it: seats as (player, {source: VP}), each source's
    VP typed as the pieces that make it (a whole number of them)."""
    data: dict[str, Any] = {
        "variant": variant,
        "players": str(len(seats)),
        "played_at": played_at,
        "winner": "" if winner is None else str(winner),
    }
    for i, (name, sources) in enumerate(seats):
        data[f"seat-{i}-player"] = name
        for key, vp in sources.items():  # the sheet counts pieces: cities 6 VP are 3 cities
            data[f"seat-{i}-{key}"] = str(vp // SOURCES[key].points)
    for key, holder in (awards or {}).items():
        data[f"award-{key}"] = str(holder)
    if confirm is not None:
        data["confirm_winner"] = str(confirm)
    return data | extra


FOUR_SEATS: list[tuple[str, dict[str, int]]] = [
    ("Ann", {"settlements": 2, "cities": 6}),
    ("Ben", {"settlements": 3, "cities": 4}),
    ("Cleo", {"settlements": 4}),
    ("Olga", {"settlements": 5}),
]
"""Ann reaches 10 with Longest Road (award) on top of her 8; Cleo holds Largest Army."""
FOUR_AWARDS = {"longest_road": 0, "largest_army": 2}
