"""Mutations of a content pack for the content fuzz test (``test_fuzz.py``): each damages a copy
of the base pack the way people, other editors, disks and file systems do. ``mutate`` picks
one (or a few in a row) with a seeded ``random.Random`` and returns the folder to check.

The kinds: values changed within and beyond their ranges, of the wrong type, huge or negative;
keys and entries deleted, duplicated or moved; rules parameters; files truncated, overwritten
with random or non-UTF-8 bytes, nested deep, holding numbers of thousands of digits, emptied,
deleted, too large; files replaced by symlinks (to ``/dev/zero``, nowhere, in a loop), fifos or
folders (where the OS allows); ``extends`` into cycles, loops, files, NULs, very long names,
long chains; and variants that remove and override what they extend.
"""

from __future__ import annotations

import datetime
import os
import random
import re
import shutil
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w

from tests.support import BASE

POSIX = sys.platform != "win32"
KINDS = ("card", "starting_tile", "sand_dollar_action", "sand_dollar_tile", "objective_tile")
RULES = {
    "display_columns": (0, 9), "sand_dollar_tiles_in_play": (0, 9), "foodie_offset": (0, 8),
    "food_truck_reward": (0, 10), "cards_to_end": (0, 61),
}
SUPPLY = {"local": (0, 1000), "tourist": (0, 1000), "vip": (0, 1000), "footprint": (0, 1000)}
FINAL_MOVE = {"local": (0, 7), "tourist": (0, 7), "vip": (0, 7)}

Mutation = Callable[[random.Random, Path], str]
"Damages the pack folder ``root / 'pack'`` (or makes a variant of it); says what it did."


def mutate(rng: random.Random, root: Path) -> tuple[Path, str]:
    """Copy the base pack to ``root / 'pack'``, apply one to three mutations; returns the
    folder to check (a variant made by a mutation, else the pack) and what was done."""
    shutil.copytree(BASE, root / "pack")
    count = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
    done = []
    for _ in range(count):
        name, mutation = rng.choice(MUTATIONS)
        try:
            done.append(f"{name}: {mutation(rng, root)}")
        except OSError as exc:  # an earlier mutation made this one impossible (a folder...)
            done.append(f"{name}: not possible ({exc.strerror})")
    variant = root / "variant"
    folder = variant if os.path.lexists(variant / "pack.toml") else root / "pack"
    return folder, "; ".join(done)


# --------------------------------------------------------------------------- helpers


def _files(pack: Path) -> list[Path]:
    """The pack's regular files (an odd one made by an earlier mutation is never read)."""
    return sorted(p for p in pack.glob("*.toml") if p.is_file() and not p.is_symlink())


def _load(path: Path) -> dict[str, Any] | None:
    """The file's tables, or None when it is not a small regular file of UTF-8 TOML any more
    (an earlier mutation may have made it a symlink to /dev/zero: never read that)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > 1 << 20:
            return None
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def _save(path: Path, data: dict[str, Any]) -> None:
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


def _slots(value: Any, path: tuple = ()) -> list[tuple[Any, Any, tuple]]:
    """Every (container, key or index, path) inside parsed TOML."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in items:
        found.append((value, key, (*path, key)))
        if isinstance(child, (dict, list)):
            found += _slots(child, (*path, key))
    return found


def _parsed(rng: random.Random, pack: Path) -> tuple[Path, dict[str, Any]] | None:
    files = [p for p in _files(pack) if p.name != "pack.toml" or rng.random() < 0.1]
    if not files:
        return None
    path = rng.choice(files)
    data = _load(path)
    return (path, data) if data else None  # None: unreadable or empty


def _huge_int(rng: random.Random) -> int:
    return rng.choice([10**18, 10**19, 2**63, 2**63 - 1, -(2**63), 10**100, -(10**40)])


def _wrong_value(rng: random.Random) -> Any:
    return rng.choice([
        "text", "", " ", "x\n", "Caps Id", "\x00", "é" * 3, "a" * rng.choice((41, 61, 501, 20_000)),
        3, 0, -1, 2.5, float("inf"), True, False, [], [1, "a"], [[1, 2], [3]], {}, {"kind": "x"},
        {"kind": "ring", "people": ["any"], "points": 1}, datetime.date(2024, 1, 1),
        _huge_int(rng), rng.randint(-5, 130),
    ])


# --------------------------------------------------------------------------- values


def change_value(rng: random.Random, root: Path) -> str:
    """Replace a value anywhere with one of the wrong type, huge, negative or near a bound."""
    found = _parsed(rng, root / "pack")
    if found is None:
        return "nothing to change"
    path, data = found
    container, key, where = rng.choice(_slots(data))
    old = container[key]
    if isinstance(old, bool) or not isinstance(old, int) or rng.random() < 0.3:
        new = _wrong_value(rng)
    else:
        new = rng.choice([old + rng.choice((-1, 1)), -old, old * 10, rng.randint(-3, 130),
                          _huge_int(rng), 0])
    container[key] = new
    _save(path, data)
    return f"{path.name} {where} = {str(new)[:40]!r}"


def change_numbers_in_range(rng: random.Random, root: Path) -> str:
    """Nudge a few whole numbers by one or two: often still a valid pack, played after."""
    found = _parsed(rng, root / "pack")
    if found is None:
        return "nothing to change"
    path, data = found
    numbers = [s for s in _slots(data) if isinstance(s[0][s[1]], int)
               and not isinstance(s[0][s[1]], bool)]
    changed = []
    for container, key, where in rng.sample(numbers, min(len(numbers), rng.randint(1, 4))):
        container[key] = max(0, container[key] + rng.choice((-2, -1, 1, 2))) \
            if container[key] >= 0 else container[key] + rng.choice((-1, 1))
        changed.append(where)
    _save(path, data)
    return f"{path.name} {changed}"


def delete_key(rng: random.Random, root: Path) -> str:
    found = _parsed(rng, root / "pack")
    if found is None:
        return "nothing to delete"
    path, data = found
    container, key, where = rng.choice(_slots(data))
    del container[key]
    _save(path, data)
    return f"{path.name} {where}"


def add_key(rng: random.Random, root: Path) -> str:
    found = _parsed(rng, root / "pack")
    if found is None:
        return "nowhere to add"
    path, data = found
    tables = [data] + [c[k] for c, k, _ in _slots(data) if isinstance(c[k], dict)]
    table = rng.choice(tables)
    key = rng.choice(["colour", "kind", "id", "points", "count", "extends", "x" * 300, "",
                      "card", "rules", "remove"])
    table[key] = _wrong_value(rng)
    _save(path, data)
    return f"{path.name} [{key[:20]!r}] = ..."


def change_id(rng: random.Random, root: Path) -> str:
    """An id made a duplicate, given a trailing newline, capitals, a space or great length."""
    found = _parsed(rng, root / "pack")
    if found is None:
        return "no ids"
    path, data = found
    entries = [e for kind in KINDS if isinstance(data.get(kind), list)
               for e in data[kind] if isinstance(e, dict)]
    if not entries:
        return "no ids"
    entry = rng.choice(entries)
    others = [e.get("id") for e in entries if e is not entry and isinstance(e.get("id"), str)]
    entry["id"] = rng.choice([f"{entry.get('id')}\n", "Bad Id", "x" * 41, "a b", "", "-x",
                              *(others[:1] or ["dup"])])
    _save(path, data)
    return f"{path.name} id -> {entry['id'][:20]!r}"


def change_rules(rng: random.Random, root: Path) -> str:
    """Rules parameters in and out of their ranges (often still valid)."""
    path = root / "pack" / "rules.toml"
    data = _load(path) or {}
    rules = data.setdefault("rules", {})
    if not isinstance(rules, dict):
        return "rules is not a table"
    table, spec = rng.choice([(rules, RULES), (rules.setdefault("supply", {}), SUPPLY),
                              (rules.setdefault("final_move", {}), FINAL_MOVE)])
    if not isinstance(table, dict):
        return "not a table"
    key = rng.choice(sorted(spec))
    low, high = spec[key]
    table[key] = rng.randint(low, high) if rng.random() < 0.8 else _wrong_value(rng)
    if rng.random() < 0.2 and isinstance(rules.get("supply"), dict):
        rules["supply"]["limited"] = rng.choice([True, False])
    _save(path, data)
    return f"rules {key} = {str(table[key])[:20]!r}"


# --------------------------------------------------------------------------- entries


def delete_entries(rng: random.Random, root: Path) -> str:
    """Remove some entries of one kind: fewer starting tiles, no objective tile, few cards."""
    kind = rng.choice(KINDS)
    removed = 0
    for path in _files(root / "pack"):
        data = _load(path)
        if data is None or not isinstance(data.get(kind), list) or not data[kind]:
            continue
        entries = data[kind]
        for _ in range(rng.randint(1, len(entries))):
            entries.pop(rng.randrange(len(entries)))
            removed += 1
        if not entries:
            del data[kind]
        _save(path, data)
    return f"{removed} {kind}"


def duplicate_or_move_entry(rng: random.Random, root: Path) -> str:
    found = _parsed(rng, root / "pack")
    if found is None:
        return "nothing"
    path, data = found
    kinds = [k for k in KINDS if isinstance(data.get(k), list) and data[k]]
    if not kinds:
        return "no entries"
    kind = rng.choice(kinds)
    entry = rng.choice(data[kind])
    if rng.random() < 0.5:
        data[kind].append(entry)
        _save(path, data)
        return f"{kind} duplicated in {path.name}"
    data[kind].remove(entry)
    other = root / "pack" / rng.choice(["beach.toml", "moved.toml", "rules.toml"])
    target = _load(other) if other.exists() else {}
    if target is None:
        return "target unreadable"
    _save(path, data)
    target.setdefault(kind, [])
    if isinstance(target[kind], list):
        target[kind].append(entry)
    _save(other, target)
    return f"{kind} moved to {other.name}"


def empty_or_delete_file(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    if rng.random() < 0.5:
        path.write_text("", encoding="utf-8")
        return f"{path.name} emptied"
    path.unlink()
    return f"{path.name} deleted"


# --------------------------------------------------------------------------- bytes


def _text(path: Path) -> str:
    """A file's text; bytes that are not UTF-8 kept as they are (written back by _write)."""
    return path.read_bytes().decode("utf-8", "surrogateescape")


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def _any_file(rng: random.Random, root: Path) -> Path:
    files = _files(root / "pack")
    if files:
        return rng.choice(files)
    extra = root / "pack" / "extra.toml"
    extra.write_text('[rules]\ncards_to_end = 12\n', encoding="utf-8")
    return extra


def truncate(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    data = path.read_bytes()
    cut = rng.randrange(len(data) + 1)
    path.write_bytes(data[:cut])
    return f"{path.name} cut at {cut}"


def random_bytes(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 20)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return f"{path.name} overwritten here and there"


def non_utf8(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    data = path.read_bytes()
    at = rng.randrange(len(data) + 1)
    path.write_bytes(data[:at] + rng.choice([b"\xff", b"\xe9", b"\xc3\x28", b"\x80\x80"]) + data[at:])
    return f"{path.name} non-UTF-8 at {at}"


def deep_nesting(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    depth = rng.choice([8, 15, 17, 40, 200, 450, 1000, 5000, 50_000])
    value = "[" * depth + "]" * depth if rng.random() < 0.5 else "{ a = " * depth + "1" + " }" * depth
    text = _text(path)
    line = f"deep = {value}\n"
    _write(path, line + text if rng.random() < 0.5 else text.replace("\n", f"\n{line}", 1))
    return f"{path.name} nested {depth} deep"


def long_number(rng: random.Random, root: Path) -> str:
    path = _any_file(rng, root)
    text = _text(path)
    digits = "9" * rng.choice([4299, 4301, 6000, 100_000])
    numbers = list(re.finditer(r"= (\d+)", text))
    if numbers:
        match = rng.choice(numbers)
        text = text[: match.start(1)] + digits + text[match.end(1):]
    else:
        text += f"\nn = {digits}\n"
    _write(path, text)
    return f"{path.name} a number of {len(digits)} digits"


def huge_value(rng: random.Random, root: Path) -> str:
    """A bad value of a few MB (it must not be echoed whole), or a file too large to read."""
    path = _any_file(rng, root)
    if rng.random() < 0.3:
        with open(path, "ab") as handle:
            handle.truncate(5 * 1024 * 1024)  # sparse
        return f"{path.name} grown to 5 MB"
    size = rng.choice([10_000, 1_000_000, 3_000_000])
    text = _text(path)
    text = text.replace('id = "', f'id = "{"Z" * size}', 1) if rng.random() < 0.5 \
        else text.replace("[[", f'{"k" * size} = 1\n[[', 1)
    _write(path, text)
    return f"{path.name} a value of {size} characters"


# --------------------------------------------------------------------------- the file system


def odd_file(rng: random.Random, root: Path) -> str:
    """A pack file replaced by (or a new one made as) a symlink to /dev/zero, a dangling
    symlink, a symlink loop, a fifo or a folder."""
    pack = root / "pack"
    target = rng.choice([*_files(pack), pack / "extra.toml"])
    what = rng.choice(["dev_zero", "dangling", "loop", "fifo", "folder"] if POSIX else ["folder"])
    if target.exists():
        target.unlink()
    if what == "dev_zero":
        os.symlink("/dev/zero", target)
    elif what == "dangling":
        os.symlink("gone.toml", target)
    elif what == "loop":
        os.symlink(target.name, target)
    elif what == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    return f"{target.name} is a {what}"


# --------------------------------------------------------------------------- extends


def _manifest(name: str, extends: str | None) -> str:
    data: dict[str, Any] = {"name": name, "version": "1", "schema": 1}
    if extends is not None:
        data["extends"] = extends
    return tomli_w.dumps(data)


def _variant(root: Path, extends: str, files: dict[str, str] | None = None) -> Path:
    folder = root / "variant"
    folder.mkdir(exist_ok=True)
    (folder / "pack.toml").write_text(_manifest("variant", extends), encoding="utf-8")
    for name, text in (files or {}).items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def variant_of_the_pack(rng: random.Random, root: Path) -> str:
    """A variant that removes some of what it extends and overrides rules (often valid)."""
    base = _load(root / "pack" / "starting_tiles.toml") or {}
    data: dict[str, Any] = {}
    removable = {}
    for path in _files(root / "pack"):
        parsed = _load(path) or {}
        for kind in KINDS:
            for entry in parsed.get(kind, []) if isinstance(parsed.get(kind), list) else []:
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    removable.setdefault(kind, []).append(entry["id"])
    if removable and rng.random() < 0.7:
        kind = rng.choice(sorted(removable))
        ids = removable[kind]
        data["remove"] = {kind: rng.sample(ids, rng.randint(1, min(len(ids), 4)))}
    if rng.random() < 0.5:
        key = rng.choice(sorted(RULES))
        data["rules"] = {key: rng.randint(*RULES[key])}
    if rng.random() < 0.3 and isinstance(base.get("starting_tile"), list) and base["starting_tile"]:
        tile = dict(rng.choice(base["starting_tile"]))
        tile["name"] = "Changed in the variant"
        data["starting_tile"] = [tile]
    _variant(root, "../pack", {"changes.toml": tomli_w.dumps(data)})
    return f"variant {sorted(data)}"


def extends_somewhere_odd(rng: random.Random, root: Path) -> str:
    """``extends`` into a cycle, itself, a symlink loop or nowhere, a file, a NUL, very long
    names, an absolute path, or a chain of packs too deep."""
    choice = rng.choice(["cycle", "self", "loop", "dangling", "file", "nul", "long", "longer",
                         "empty", "absolute", "chain", "pack_extends_itself"])
    if choice in ("loop", "dangling") and not POSIX:
        choice = "file"
    if choice == "cycle":
        other = root / "other"
        other.mkdir()
        (other / "pack.toml").write_text(_manifest("other", "../variant"), encoding="utf-8")
        _variant(root, "../other")
    elif choice == "self":
        _variant(root, ".")
    elif choice == "loop":
        os.symlink("loop_b", root / "loop_a")
        os.symlink("loop_a", root / "loop_b")
        _variant(root, "../loop_a")
    elif choice == "dangling":
        os.symlink("nowhere", root / "gone")
        _variant(root, "../gone")
    elif choice == "file":
        _variant(root, "../pack/beach.toml")
    elif choice == "nul":
        _variant(root, "../pa\x00ck")
    elif choice == "long":
        _variant(root, "../" + "p" * 300)
    elif choice == "longer":
        _variant(root, "p/" * 3000)
    elif choice == "empty":
        _variant(root, "")
    elif choice == "absolute":
        _variant(root, str(root / "pack") if rng.random() < 0.5 else "/nonexistent/pack")
    elif choice == "chain":
        previous = "../pack"
        for n in range(rng.choice([3, 15, 20])):
            link = root / f"link{n}"
            link.mkdir()
            (link / "pack.toml").write_text(_manifest(f"link{n}", previous), encoding="utf-8")
            previous = f"../link{n}"
        _variant(root, previous)
    else:
        manifest = root / "pack" / "pack.toml"
        data = _load(manifest)
        if data is None:
            return "manifest unreadable"
        data["extends"] = "."
        _save(manifest, data)
    return choice


def manifest_damage(rng: random.Random, root: Path) -> str:
    manifest = root / "pack" / "pack.toml"
    choice = rng.choice(["delete", "schema", "name", "version", "dev_zero" if POSIX else "delete"])
    if choice == "delete":
        manifest.unlink()
    elif choice == "dev_zero":
        manifest.unlink()
        os.symlink("/dev/zero", manifest)
    else:
        data = _load(manifest) or {}
        data[choice] = _wrong_value(rng)
        _save(manifest, data)
    return choice


MUTATIONS: list[tuple[str, Mutation]] = [
    ("change value", change_value),
    ("change value", change_value),
    ("numbers in range", change_numbers_in_range),
    ("numbers in range", change_numbers_in_range),
    ("delete key", delete_key),
    ("add key", add_key),
    ("change id", change_id),
    ("rules", change_rules),
    ("rules", change_rules),
    ("delete entries", delete_entries),
    ("duplicate or move entry", duplicate_or_move_entry),
    ("empty or delete file", empty_or_delete_file),
    ("truncate", truncate),
    ("random bytes", random_bytes),
    ("non-UTF-8", non_utf8),
    ("deep nesting", deep_nesting),
    ("long number", long_number),
    ("huge value", huge_value),
    ("odd file", odd_file),
    ("variant", variant_of_the_pack),
    ("variant", variant_of_the_pack),
    ("extends", extends_somewhere_odd),
    ("manifest", manifest_damage),
]
"(name, mutation); some appear twice to be drawn more often."
