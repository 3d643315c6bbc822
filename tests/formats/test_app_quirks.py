"""Real app exports read whatever their quirks (issue 41): the project's own fixtures reproduce
each quirk seen in BG Stats exports and BoardGameGeek plays pages; a play that cannot be rated is
reported with its reason and field, never an error of the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerank.catan.validation import validate_game
from tablerank.engine.records import Game
from tablerank.errors import InputError
from tablerank.formats.checking import check_files
from tablerank.formats.reading import Item, Located, Skipped, read_each

FIXTURES = Path(__file__).parent / "fixtures"
BGSTATS = FIXTURES / "bgstats-quirks.json"
BGG = FIXTURES / "bgg-quirks.xml"


def by_id(path: Path) -> dict[str, Item]:
    return {item.id: item for item in read_each([path])}


BGSTATS_ITEMS = by_id(BGSTATS)
BGG_ITEMS = by_id(BGG)


def located(items: dict[str, Item], play: str) -> Located:
    item = items[play]
    assert isinstance(item, Located), item
    return item


def seats(items: dict[str, Item], play: str) -> list[tuple[str, int | None, bool]]:
    record = located(items, play).record
    assert isinstance(record, Game)
    return [(s.player, s.place, s.winner) for s in record.seats]


def notes(items: dict[str, Item], play: str) -> list[tuple[str, str]]:
    return [(n.field, n.message) for n in located(items, play).notes]


def skipped(items: dict[str, Item], play: str) -> tuple[str, str, str]:
    item = items[play]
    assert isinstance(item, Skipped), item
    return item.error.location, item.error.field, item.error.message


def test_every_play_of_either_export_is_read_or_reported() -> None:
    assert len(BGSTATS_ITEMS) == 13
    assert sum(isinstance(i, Skipped) for i in BGSTATS_ITEMS.values()) == 6
    assert len(BGG_ITEMS) == 8
    assert sum(isinstance(i, Skipped) for i in BGG_ITEMS.values()) == 4


# -- draws --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "play", "expected"),
    [
        (BGSTATS_ITEMS, "q-02", [("Mira", 1, False), ("Tomas", 1, False)]),
        (BGSTATS_ITEMS, "q-03", [("Ines", 1, False), ("Oskar", 1, False), ("Lale", 3, False)]),
        (BGG_ITEMS, "bgg-90000002", [("Mira", 1, False), ("Oskar", 1, False)]),
    ],
)
def test_a_draw_is_equal_first_places(items: dict[str, Item], play: str, expected: object) -> None:
    assert seats(items, play) == expected
    assert notes(items, play) == []


def test_a_two_player_draw_is_a_two_game() -> None:
    record = located(BGSTATS_ITEMS, "q-02").record
    assert isinstance(record, Game)
    assert str(record.game_class) == "two"


@pytest.mark.parametrize(
    ("items", "play", "where", "field"),
    [
        (BGSTATS_ITEMS, "q-01", "play 1 (uuid q-01)", "playerScores[1].winner"),
        (BGG_ITEMS, "bgg-90000001", "play 1 (id 90000001)", "players.player[1].win"),
    ],
)
def test_a_draw_at_catan_is_not_rated(
    items: dict[str, Item], play: str, where: str, field: str
) -> None:
    assert skipped(items, play) == (
        where, field,
        "not rated: a Catan game has one winner, but Mira, Tomas are both marked winner",
    )  # fmt: skip


# -- plays that cannot be rated -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "play", "field", "message"),
    [
        (BGSTATS_ITEMS, "q-04", "playerScores", "not rated: no result (no score, winner or rank)"),
        (BGG_ITEMS, "bgg-90000003", "players.player",
         "not rated: no result (no score, winner or rank)"),
        (BGSTATS_ITEMS, "q-05", "playerScores[0].team",
         "not rated: everyone played on one team (Crew): a cooperative play"),
        (BGSTATS_ITEMS, "q-06", "playerScores", "not rated: a solo play (one player)"),
        (BGG_ITEMS, "bgg-90000006", "players.player", "not rated: a solo play (one player)"),
        (BGSTATS_ITEMS, "q-07", "gameRefId",
         "not rated: Pandemic is cooperative: the players win or lose together"),
    ],
)  # fmt: skip
def test_a_play_without_a_result_for_people_is_not_rated(
    items: dict[str, Item], play: str, field: str, message: str
) -> None:
    assert skipped(items, play)[1:] == (field, message)


# -- anonymous players and NPCs -----------------------------------------------------------------


def test_anonymous_players_and_npcs_are_left_out_with_a_note() -> None:
    assert seats(BGSTATS_ITEMS, "q-08") == [("Mira", 1, True), ("Tomas", 2, False)]
    assert notes(BGSTATS_ITEMS, "q-08") == [(
        "playerScores[1].playerRefId",
        "rated among the 2 named players; not a person: Anonymous player (anonymous), "
        "Bot Rosa (an NPC)",
    )]  # fmt: skip
    assert seats(BGSTATS_ITEMS, "q-13") == [("Mira", 1, False), ("Oskar", 2, False)]
    assert notes(BGSTATS_ITEMS, "q-13")[0][1].endswith("not a person: Automa (an NPC)")
    # BGG's "Anonymous player" twice at one table is neither an error nor a person
    assert seats(BGG_ITEMS, "bgg-90000004") == [("Mira", 1, True), ("Ines", 2, False)]
    assert notes(BGG_ITEMS, "bgg-90000004") == [(
        "players.player[1].name",
        "rated among the 2 named players; not a person: 2 × Anonymous player (anonymous)",
    )]  # fmt: skip


@pytest.mark.parametrize(
    ("items", "play", "field"),
    [(BGSTATS_ITEMS, "q-09", "playerScores[1].playerRefId"),
     (BGG_ITEMS, "bgg-90000005", "players.player[1].name")],
)  # fmt: skip
def test_fewer_than_two_named_players_is_not_rated(
    items: dict[str, Item], play: str, field: str
) -> None:
    assert skipped(items, play)[1:] == (
        field, "not rated: fewer than two named players; not a person: Anonymous player (anonymous)"
    )  # fmt: skip


def test_a_bgg_user_called_automa_is_a_person(tmp_path: Path) -> None:
    text = BGG.read_text(encoding="utf-8").replace(
        'username="" userid="0" name="Automa"', 'username="automa" userid="9" name="Automa"'
    )
    path = tmp_path / "plays.xml"
    path.write_text(text, encoding="utf-8")
    assert [s[0] for s in seats(by_id(path), "bgg-90000008")][-1] == "Automa"


# -- a winner flag that contradicts the scores --------------------------------------------------


def test_the_apps_winner_flag_decides_and_the_note_names_it() -> None:
    assert seats(BGSTATS_ITEMS, "q-10") == [
        ("Mira", 2, False), ("Tomas", 1, True), ("Ines", 3, False)]  # fmt: skip
    assert notes(BGSTATS_ITEMS, "q-10") == [(
        "playerScores[1].winner",
        "Tomas is marked winner, but the scores put Mira first (the lowest wins); the result "
        "follows the winner flag",
    )]  # fmt: skip


# -- Catan from apps ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "play", "field"),
    [(BGSTATS_ITEMS, "q-11", "expansionPlays"), (BGG_ITEMS, "bgg-90000007", "item.name")],
)
def test_catan_with_five_players_and_no_extension_is_base_5_6(
    items: dict[str, Item], play: str, field: str
) -> None:
    record = located(items, play).record
    assert isinstance(record, Game)
    assert (record.variant, len(record.seats)) == ("base-5-6", 5)
    assert notes(items, play)[-1] == (
        field, "5 players but no 5-6 player extension logged: read as base-5-6"
    )  # fmt: skip
    assert validate_game(record).ok


@pytest.mark.parametrize(("items", "play"), [(BGSTATS_ITEMS, "q-12"), (BGG_ITEMS, "bgg-90000008")])
def test_a_catan_win_below_the_target_is_that_plays_validation_error(
    items: dict[str, Item], play: str
) -> None:
    record = located(items, play).record
    assert isinstance(record, Game)
    assert record.variant == "base-5-6"
    (error,) = validate_game(record).errors
    assert error == "Mira: won with 9 VP, below the base-5-6 target of 10 VP"


def test_validate_lists_each_note_as_a_warning_of_its_play() -> None:
    found = {f.id: f for f in check_files([BGSTATS, BGG]).findings}
    assert found["q-12"].errors
    assert found["q-12"].warnings == [
        f"{BGSTATS}, play 12 (uuid q-12): expansionPlays: 5 players but no 5-6 player extension "
        "logged: read as base-5-6"
    ]
    assert len(found["bgg-90000008"].warnings) == 2
    assert found["q-08"].warnings[0].startswith(f"{BGSTATS}, play 8 (uuid q-08): playerScores[1]")
    assert "q-02" not in found  # a draw of another title is read as it is: nothing to say


# -- BoardGameGeek pages ------------------------------------------------------------------------


def test_two_pages_saved_back_to_back_read_as_one() -> None:
    items = read_each([FIXTURES / "bgg-two-pages.xml"])
    assert [(i.id, i.location) for i in items if isinstance(i, Located)] == [
        ("bgg-90000011", "play 1 (id 90000011)"),
        ("bgg-90000010", "play 2 (id 90000010)"),
    ]


def test_pages_as_separate_files_read_too(tmp_path: Path) -> None:
    text = (FIXTURES / "bgg-two-pages.xml").read_text(encoding="utf-8")
    second = text.index("<?xml", 1)
    paths = [tmp_path / "page1.xml", tmp_path / "page2.xml"]
    paths[0].write_text(text[:second], encoding="utf-8")
    paths[1].write_text(text[second:], encoding="utf-8")
    assert [i.id for i in read_each(paths)] == ["bgg-90000011", "bgg-90000010"]


def test_an_empty_page_says_so() -> None:
    path = FIXTURES / "bgg-empty-page.xml"
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value) == (
        f"{path}: no plays in this page (BoardGameGeek answers a page past the last one with "
        "none); expected at least one play"
    )


def test_an_empty_page_after_a_full_one_is_nothing_to_read(tmp_path: Path) -> None:
    path = tmp_path / "pages.xml"
    path.write_text(
        (FIXTURES / "bgg-two-pages.xml").read_text(encoding="utf-8")
        + (FIXTURES / "bgg-empty-page.xml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    assert len(read_each([path])) == 2


@pytest.mark.parametrize(
    "tail",
    ["<items/>", "<?xml version='1.0'?><!DOCTYPE plays><plays/>", "<plays><play>"],
)
def test_back_to_back_documents_that_are_not_pages_stay_malformed(
    tmp_path: Path, tail: str
) -> None:
    path = tmp_path / "pages.xml"
    path.write_text((FIXTURES / "bgg-empty-page.xml").read_text(encoding="utf-8") + tail)
    with pytest.raises(InputError, match="malformed XML: junk after document element"):
        read_each([path])
