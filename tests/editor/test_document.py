"""The editor's document: reversible edits, the loader's verdict, atomic saves that rewrite only
what changed, and the status of entries in a variant (inherited, changed, new)."""

from __future__ import annotations

import copy
import os
import shutil
import tomllib

import pytest

from editor.model.document import CHANGED, INHERITED, NEW, DocumentError, PackDocument
from smqt.pack.load import load_pack
from tests.support import ROOT

BASE = ROOT / "content" / "base"
VARIANT = ROOT / "content" / "variants" / "boardwalk-swap"


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    return folder


def first_card_with(doc: PackDocument, key: str) -> tuple[str, dict]:
    for _file, _index, entry in doc.entries("card"):
        if entry.get(key):
            return entry["id"], entry
    raise AssertionError(key)


def test_edits_undo_and_redo_then_save_only_what_changed(pack):
    doc = PackDocument(pack)
    assert doc.valid and not doc.modified
    card, entry = first_card_with(doc, "rings")
    scored, _ = first_card_with(doc, "scoring")
    edits = [
        doc.set_value("card", card, ("tags", 0), "nature" if entry["tags"][0] != "nature" else "wave"),
        doc.set_value("card", scored, ("scoring", 0, "points"), 7),
        doc.set_value("card", card, ("rings", 0, "points"), 9),
    ]
    before = copy.deepcopy(doc.files)
    for edit in edits:
        doc.apply(edit)
    after = copy.deepcopy(doc.files)
    assert doc.modified and doc.valid
    for edit in reversed(edits):
        doc.apply(edit.inverse())
    assert doc.files == before and not doc.modified
    for edit in edits:
        doc.apply(edit)
    assert doc.files == after
    stamps = {p.name: p.stat().st_mtime_ns for p in pack.glob("*.toml")}
    written = doc.save()
    assert set(written) == {edits[0].file, edits[1].file, edits[2].file}
    untouched = [p for p in pack.glob("*.toml") if p.name not in written]
    assert all(p.stat().st_mtime_ns == stamps[p.name] for p in untouched)
    reread = PackDocument(pack)
    assert reread.files == after
    catalog = load_pack(pack)
    assert catalog.cards[card].rings[0].points == 9
    assert catalog.cards[scored].scoring[0].points == 7


def test_an_invalid_value_is_reported_with_entry_and_key_and_still_saves(pack):
    doc = PackDocument(pack)
    card, _ = first_card_with(doc, "scoring")
    doc.apply(doc.set_value("card", card, ("scoring", 0, "points"), -40))
    assert not doc.valid
    problem = doc.problems[0]
    assert problem.entry == card and problem.key.startswith("scoring[0]")
    assert str(pack) in problem.file
    doc.save()  # work in progress may be saved; it stays invalid
    assert not PackDocument(pack).valid


def test_a_failed_save_keeps_the_previous_file(pack, monkeypatch):
    doc = PackDocument(pack)
    card, _ = first_card_with(doc, "scoring")
    edit = doc.set_value("card", card, ("name",), "Renamed")
    doc.apply(edit)
    target = pack / edit.file
    previous = target.read_bytes()

    def broken(*args, **kwargs):
        raise OSError("disk full (simulated)")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        doc.save()
    assert target.read_bytes() == previous
    assert not [p for p in pack.iterdir() if p.name.startswith(".") and p.suffix != ".toml"
                and "tmp" in p.name]


def test_variant_entries_are_inherited_changed_or_new():
    doc = PackDocument(VARIANT)
    statuses = {doc.status("card", ident) for _, _, e in doc.entries("card")
                for ident in [e["id"]]}
    assert statuses <= {CHANGED, NEW} and NEW in statuses and CHANGED in statuses
    some_base_card = next(iter(load_pack(BASE).cards))
    assert doc.status("card", some_base_card) in (INHERITED, CHANGED)


def test_new_duplicate_and_delete_with_references(pack):
    doc = PackDocument(pack)
    card, _ = first_card_with(doc, "scoring")
    dup = doc.duplicate("card", card, "copy_of_card")
    doc.apply(dup)
    assert doc.find("card", "copy_of_card")[2]["name"]
    with pytest.raises(DocumentError):
        doc.duplicate("card", card, "copy_of_card")
    gone = doc.delete("card", "copy_of_card")
    doc.apply(gone)
    with pytest.raises(DocumentError):
        doc.find("card", "copy_of_card")
    doc.apply(gone.inverse())
    assert doc.find("card", "copy_of_card")
    action = next(e["id"] for _, _, e in doc.entries("sand_dollar_action"))
    assert doc.references("sand_dollar_action", action)


def test_changes_by_another_program_are_noticed(pack):
    doc = PackDocument(pack)
    assert not doc.changed_on_disk()
    beach = pack / "beach.toml"
    text = beach.read_text(encoding="utf-8")
    beach.write_text(text + "\n", encoding="utf-8")
    os.utime(beach, ns=(beach.stat().st_atime_ns, beach.stat().st_mtime_ns + 10_000_000))
    assert doc.changed_on_disk()
    doc.reload()
    assert not doc.changed_on_disk()
    assert tomllib.loads(text) == doc.files["beach.toml"]


def test_table_edits_set_and_drop_rules_overrides_and_removals(tmp_path):
    folder = tmp_path / "variants" / "v"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(f'name = "v"\nversion = "1"\nschema = 1\n'
                                      f'extends = "{BASE.as_posix()}"\n')
    doc = PackDocument(folder)
    assert doc.valid and len(doc.inherited("card")) == 78
    rule = doc.set_table(doc.table_file("rules"), ("rules", "supply", "vip"), 4)
    doc.apply(rule)
    assert doc.files["rules.toml"] == {"rules": {"supply": {"vip": 4}}}
    card = next(iter(doc.inherited("card")))
    removal = doc.set_table(doc.table_file("remove"), ("remove", "card"), [card])
    doc.apply(removal)
    assert doc.removed("card") == [card] and card not in doc.inherited("card")
    assert doc.valid and doc.catalog.rules.supply.vip == 4 and len(doc.catalog.cards) == 77
    doc.apply(rule.inverse())  # dropping the last override leaves no empty tables behind
    doc.apply(removal.inverse())
    assert "rules.toml" not in doc.files and not doc.modified
    assert len(doc.inherited("card")) == 78


def test_a_files_leading_comments_are_kept_on_save(pack):
    doc = PackDocument(pack)
    card, _ = first_card_with(doc, "scoring")
    doc.apply(doc.set_value("card", card, ("name",), "Renamed"))
    written = doc.save()
    text = (pack / written[0]).read_text()
    assert text.startswith("# ") and "\n\n[[card]]" in text
    assert PackDocument(pack).files == doc.files
