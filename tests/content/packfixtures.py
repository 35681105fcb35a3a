"""Fixture packs for the content tests, written from TOML text, and small helpers.

``FIXTURE_FILES`` is a small standalone pack that uses every entry kind and every tagged
union member, so a load -> save -> load round trip covers every class; it sets up games for
2 to 4 players (4 starting tiles, a display of 1 column for its 3 cards).

``errors_of`` and ``single_error`` report what *reading* a pack finds (``read_pack``): the
loader tests write partial packs (one card, one rules table) that could not set up a game,
which ``check_pack`` would add to the list (``packsetup``, tested in test_setup_checks.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from smqt.pack.folder import read_pack
from smqt.pack.problems import ContentError

MANIFEST = """\
name = "fixture"
version = "0.1"
schema = 1
description = "Every kind of entry, for the loader tests."
"""

CARDS = """\
[[card]]
id = "boardwalk_tacos"
name = "Boardwalk Tacos"
row = "street"
tags = ["business", "tourist"]
placement = [
    { kind = "sand_dollars", count = 1 },
    { kind = "add_people", people = "tourist", count = 1 },
    { kind = "move", people = "any", count = 2, distance = 1 },
]
scoring = [
    { kind = "adjacent", tag = "local", points = 2 },
    { kind = "chain", tag = "business", at_least = 3, points = 1, per_tag = true },
]
rings = [{ kind = "ring", people = ["tourist", "any"], points = 4 }]

[[card]]
id = "end_of_the_beach"
name = "End of the Beach"
row = "beach"
tags = ["wave", "wave", "nature"]
constraints = [{ kind = "leftmost_beach" }]
placement = [
    { kind = "move_here", people = "any", count = 3 },
    { kind = "return", people = "tourist", count = 1 },
]
scoring = [
    { kind = "adjacent_count", tag = "wave", at_least = 2, points = 3 },
    { kind = "adjacent_tiers", tag = "nature", tiers = [[1, 3], [2, 5]] },
    { kind = "adjacent_all", tags = ["local", "tourist"], points = 4 },
]
rings = [{ kind = "any_number", points = 3 }]
text = "Nothing gets built past here."

[[card]]
id = "pier_arcade"
name = "Pier Arcade"
row = "street"
tags = ["sports", "tourist", "tourist"]
placement = [{ kind = "add_people", people = "vip", count = 1 }]
scoring = [
    { kind = "adjacent_ring", points = 1 },
    { kind = "not_adjacent_ring", points = 2 },
    { kind = "adjacent_gives", symbol = "people", points = -2 },
    { kind = "per_tag_in_city", tag = "sports" },
    { kind = "sand_dollars", per = 3, points = 1 },
]
"""

STARTING_TILES = """\
[[starting_tile]]
id = "spots"
name = "The Spot Hunter"
tags = ["local"]
placement = [
    { kind = "add_people", people = "vip", count = 1 },
    { kind = "sand_dollars", count = 1 },
]
footprint = { tags = ["local", "tourist"], points_per_tag = 1 }

[[starting_tile]]
id = "regular"
name = "The Regular"
tags = ["business", "local"]
placement = [{ kind = "add_people", people = "vip", count = 1 }]
footprint = { row = "street", tags = ["business", "local"], points_per_tag = 1 }
rings = [{ kind = "ring", people = ["local"], points = 1 }]

[[starting_tile]]
id = "surfer"
name = "The Surfer"
footprint = { row = "beach", points_per_space = 1, points_per_tag = 0 }

[[starting_tile]]
id = "shopper"
name = "The Shopper"
tags = ["business"]
footprint = { tags = ["business"] }
"""

SAND_DOLLARS = """\
[[sand_dollar_action]]
id = "two_front"
name = "Double Pick"
cost = 4
take = { source = "front", count = 2 }
allowances = [{ kind = "move", people = "any", count = 1 }]

[[sand_dollar_action]]
id = "front_and_behind"
name = "Front and Behind"
cost = 4
take = { source = "column", count = 2 }
allowances = [{ kind = "move", people = "any", count = 1 }]

[[sand_dollar_action]]
id = "swap_and_return"
name = "Swap and Return"
cost = 2
take = { source = "front" }
swap = true
allowances = [{ kind = "return", people = "any", count = 2 }]

[[sand_dollar_action]]
id = "spot_anywhere"
name = "Spot Anywhere"
cost = 2
take = { source = "display", tags_any = ["local", "tourist"] }
allowances = [{ kind = "move", people = "any", count = 2 }]
text = "Take a local or tourist spot from either row."

[[sand_dollar_tile]]
id = "tile_1"
sides = ["two_front", "front_and_behind"]

[[sand_dollar_tile]]
id = "tile_2"
sides = ["swap_and_return", "spot_anywhere"]
"""

OBJECTIVES = """\
[[objective_tile]]
id = "blue"
name = "Blue"
wave = { kind = "largest_chain", tags = ["wave"], points_per_tag = 2 }
misc = { kind = "largest_chain", tags = ["local", "tourist", "business"], points_per_tag = 2 }
penalty = { kind = "most_unplaced" }

[[objective_tile]]
id = "green"
name = "Green"
wave = { kind = "count_chains", tags = ["wave"], at_least = 1, points = 3 }
misc = { kind = "count_chains", tags = ["sports", "nature"], at_least = 3, points = 3 }
penalty = { kind = "cards_with_unplaced", points = -1 }

[[objective_tile]]
id = "orange"
name = "Orange"
wave = { kind = "chain_table", tags = ["wave"], table = [1, 3, 6, 10] }
misc = { kind = "paired_run", points = 1 }
penalty = { kind = "rings_and_unplaced" }
"""

RULES = """\
[rules]
display_columns = 1
cards_to_end = 12

[rules.supply]
vip = 10
"""

FIXTURE_FILES: dict[str, str] = {
    "pack.toml": MANIFEST,
    "cards.toml": CARDS,
    "starting_tiles.toml": STARTING_TILES,
    "sand_dollars.toml": SAND_DOLLARS,
    "objectives.toml": OBJECTIVES,
    "rules.toml": RULES,
}


def manifest(name: str = "variant", extends: str | None = None, version: str = "1.0") -> str:
    """``pack.toml`` text."""
    text = f'name = "{name}"\nversion = "{version}"\nschema = 1\n'
    return text + (f'extends = "{extends}"\n' if extends is not None else "")


def write_pack(folder: Path, files: Mapping[str, str | bytes]) -> Path:
    """Write ``files`` (name -> TOML text or raw bytes) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def errors_of(folder: Path) -> list[ContentError]:
    """What reading the pack finds (setup requirements aside)."""
    return read_pack(folder)[1]


def single_error(folder: Path) -> ContentError:
    """The one error of a pack; fails listing them all when there are more or none."""
    errors = errors_of(folder)
    assert len(errors) == 1, "\n".join(map(str, errors)) or "no errors"
    return errors[0]
