"""Mutations of game records and saved games for the record fuzz test (``test_record_fuzz.py``):
each damages a copy of a good record the way disks, other programs and people do. ``mutate``
picks one (or a few in a row) with a seeded ``random.Random`` and writes the file to open.

The kinds: truncation; flipped bits and bytes; numbers changed to neighbours, negatives, huge
values and thousands of digits; texts emptied, lengthened, given NULs, quotes and other ids;
lines deleted, doubled and swapped; actions dropped, shuffled, repeated and invented; huge
counts (players, names, actions, long texts); pack paths too long, with NULs, to devices,
files and nowhere; seats of unknown kinds and wrong counts; rules and setup values changed;
and the file itself empty, not UTF-8, too large, a folder or a link to ``/dev/zero``.
"""

from __future__ import annotations

import os
import random
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w

Mutation = Callable[[random.Random, str], str]
"Takes the record's text, returns the damaged text."

NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
TEXT = re.compile(r'"(?:[^"\\\n]|\\.)*"')
ACTION_WORDS = ("take front:0 beach:1", "take back:3 street:-2", "tile spots", "truck 9",
                "move 0 p1 beach:0", "end", "done", "swap beach:1 beach:2", "reward move",
                "buy two_front front:0 front:1", "final p2 street:0", "", "take", "🌊")


def mutate(rng: random.Random, text: str, path: Path) -> str:
    """Write a damaged copy of ``text`` at ``path``; says what was done."""
    count = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
    done = []
    for _ in range(count):
        name, mutation = rng.choice(TEXT_MUTATIONS + TABLE_MUTATIONS)
        text = mutation(rng, text)
        done.append(name)
    if rng.random() < 0.04:
        return damage_file(rng, text, path)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return ", ".join(done)


# --------------------------------------------------------------------------- text


def truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def flip_bits(rng: random.Random, text: str) -> str:
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", "surrogateescape")


def change_number(rng: random.Random, text: str) -> str:
    found = list(NUMBER.finditer(text))
    if not found:
        return text
    match = rng.choice(found)
    old = int(match[0])
    new = rng.choice([str(old + 1), str(old - 1), str(-old), "0", "-1", str(10**8), str(2**62),
                      str(2**63 - 1), str(2**63), str(10**19), str(-(2**63)), str(10**40),
                      "9" * 5000, str(rng.randint(-5, 120))])
    return text[:match.start()] + new + text[match.end():]


def change_text(rng: random.Random, text: str) -> str:
    found = list(TEXT.finditer(text))
    if not found:
        return text
    match = rng.choice(found)
    new = rng.choice(['""', '" "', '"\\u0000"', '"x\\ny"', '"' + "a" * rng.choice((41, 300, 70000)) + '"',
                      '"é🌊"', '"beachcomber"', '"blue"', '"two_front"', '"kite_meadow"', '"human"',
                      '"hard"', '"robot"', '"\\""', '"../.."', '"take front:0 beach:1"'])
    return text[:match.start()] + new + text[match.end():]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def double_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return "\n".join(lines)


def swap_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


TEXT_MUTATIONS: list[tuple[str, Mutation]] = [
    ("truncate", truncate), ("flip bits", flip_bits), ("change a number", change_number),
    ("change a number", change_number), ("change a text", change_text),
    ("change a text", change_text), ("delete a line", delete_line),
    ("double a line", double_line), ("swap lines", swap_lines),
]


# --------------------------------------------------------------------------- tables


def _tables(rng: random.Random, text: str, change: Callable[[dict[str, Any]], None]) -> str:
    """Parse, change, write back (a text that no longer parses is changed as text instead)."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return change_text(rng, text)
    change(data)
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):
        return text


def actions(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        listed = data.get("actions")
        if not isinstance(listed, list) or not listed:
            data["actions"] = [rng.choice(ACTION_WORDS)]
            return
        how = rng.choice(("drop", "shuffle", "repeat", "invent", "reverse", "cut"))
        if how == "drop":
            del listed[rng.randrange(len(listed))]
        elif how == "shuffle":
            part = rng.randrange(len(listed))
            tail = listed[part:]
            rng.shuffle(tail)
            listed[part:] = tail
        elif how == "repeat":
            at = rng.randrange(len(listed))
            listed.insert(at, listed[at])
        elif how == "invent":
            listed.insert(rng.randrange(len(listed) + 1), rng.choice(ACTION_WORDS))
        elif how == "reverse":
            listed.reverse()
        else:
            del listed[rng.randrange(len(listed)):]
    return _tables(rng, text, change)


def huge(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        how = rng.choice(("players", "names", "actions", "long action", "seats", "opening"))
        setup = data.setdefault("setup", {})
        if how == "players" and isinstance(setup, dict):
            setup["players"] = rng.choice((10**8, 10**18, 2**63 - 1, 5, 1, 0))
        elif how == "names":
            data["names"] = ["N"] * rng.choice((10**5, 5, 1))
        elif how == "actions":
            data["actions"] = [rng.choice(ACTION_WORDS)] * rng.choice((20_000, 10_001, 2_000))
        elif how == "long action":
            data.setdefault("actions", []).append("take front:0 " + "beach:1 " * 20_000)
        elif how == "seats":
            data.setdefault("table", {})["seats"] = [{"name": "x", "kind": "human"}] * 10**5
        elif isinstance(setup, dict):
            setup["opening"] = ["kite_meadow"] * rng.choice((10**5, 9))
    return _tables(rng, text, change)


def pack_path(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        table = data.setdefault("table", {})
        if isinstance(table, dict):
            table["pack"] = rng.choice([
                "a" * 300, "/" + "b" * 5000, "x" * 300 + "/" + "y" * 300, "/dev/zero",
                "/dev/null", "/etc/hostname", "../../..", "", "packs/base", "no/such/pack",
                "nul\x00here", os.sep, 7, ["/tmp"],
            ])
    return _tables(rng, text, change)


def seats(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        table = data.setdefault("table", {})
        if not isinstance(table, dict):
            return
        listed = table.get("seats")
        if not isinstance(listed, list) or not listed:
            listed = table["seats"] = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}]
        how = rng.choice(("kind", "count", "name", "type"))
        seat = rng.choice(listed)
        if how == "kind" and isinstance(seat, dict):
            seat["kind"] = rng.choice(("human", "random", "easy", "genius", "", "AI"))
        elif how == "count":
            if rng.random() < 0.5:
                listed.append({"name": "Extra", "kind": "human"})
            else:
                listed.pop()
        elif how == "name" and isinstance(seat, dict):
            seat["name"] = rng.choice(("", "x" * 5000, "<b>bold</b>", "a\nb", "\u202eevil"))
        else:
            listed[rng.randrange(len(listed))] = rng.choice(("human", 3, [], {"kind": 4}))
    return _tables(rng, text, change)


def setup_values(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        setup = data.get("setup")
        if not isinstance(setup, dict):
            return
        key = rng.choice(("objective", "sand_dollar_actions", "start_player", "seed", "opening"))
        setup[key] = rng.choice({
            "objective": ("blue", "green", "purple", "", 3),
            "sand_dollar_actions": (["two_front"], ["two_front", "two_front"], [], ["x"] * 3,
                                    "two_front"),
            "start_player": (0, 1, 3, 4, -1, 10**9),
            "seed": (0, 2**63 - 1, 2**63, -1, "7"),
            "opening": (["kite_meadow"], ["nope"], ["_", "_", "_", "_", "_", "_", "_", "_", "x"],
                        [""], "kite_meadow"),
        }[key])
    return _tables(rng, text, change)


def rules_values(rng: random.Random, text: str) -> str:
    def change(data: dict[str, Any]) -> None:
        rules = data.get("rules")
        if not isinstance(rules, dict) or not rules:
            return
        key = rng.choice(sorted(rules))
        if rng.random() < 0.3:
            del rules[key]
        elif isinstance(rules[key], dict) and rules[key]:
            inner = rng.choice(sorted(rules[key]))
            rules[key][inner] = rng.choice((0, -1, 10**6, "x", True))
        else:
            rules[key] = rng.choice((0, 1, -1, 99, 10**6, "x", [], True))
    return _tables(rng, text, change)


TABLE_MUTATIONS: list[tuple[str, Mutation]] = [
    ("actions", actions), ("actions", actions), ("huge values", huge), ("pack path", pack_path),
    ("seats", seats), ("setup values", setup_values), ("rules values", rules_values),
]


# --------------------------------------------------------------------------- files


def damage_file(rng: random.Random, text: str, path: Path) -> str:
    """The file itself: empty, not UTF-8, a byte-order mark, too large, a folder, a link."""
    how = rng.choice(("empty", "latin-1", "bom", "large", "folder", "zero", "dangling"))
    if how in ("folder", "zero", "dangling") and sys.platform == "win32":
        how = "empty"
    if how == "empty":
        path.write_bytes(b"")
    elif how == "latin-1":
        path.write_bytes(text.encode("utf-8", "surrogatepass") + "\nnames = [\"Zoë\"]".encode("latin-1"))
    elif how == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass"))
    elif how == "large":
        path.write_bytes(text.encode("utf-8", "surrogatepass") + b"\n# " + b"x" * (9 * 1024 * 1024))
    elif how == "folder":
        path.mkdir()
    elif how == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(path.parent / "nowhere.toml")
    return f"file: {how}"
