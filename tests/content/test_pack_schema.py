"""``smqt schema``: JSON Schemas generated from the attrs classes accept every pack file in the
project and catch hand-editing mistakes, with the field docstrings as descriptions."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest

from smqt.cli.main import main
from smqt.pack.schema import entries_schema, manifest_schema
from tests.support import ROOT

PACK_FILES = sorted(p for folder in ("content", "tests/packs") for p in (ROOT / folder).rglob("*.toml")
                    if "positions" not in p.parts)


def _validator(path):
    schema = manifest_schema() if path.name == "pack.toml" else entries_schema()
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_pack_file_of_the_project_follows_the_schema(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator(path).iter_errors(data)] == []


@pytest.mark.parametrize("mistake", [
    {"card": [{"id": "x", "name": "X", "row": "sky"}]},
    {"card": [{"id": "x", "name": "X", "row": "beach", "colour": "red"}]},
    {"card": [{"id": "x", "name": "X", "row": "beach",
               "scoring": [{"kind": "chain", "tag": "wave", "at_least": 0, "points": 2}]}]},
    {"card": [{"id": "x", "name": "X", "row": "beach", "tags": ["wave"] * 5}]},
    {"rules": {"display_columns": 9}},
    {"objective_tile": [{"id": "o", "name": "O"}]},
])
def test_hand_editing_mistakes_are_caught(mistake):
    """Unknown enum values and keys, numbers out of range, too many tags (R0.4), missing fields."""
    assert list(jsonschema.Draft202012Validator(entries_schema()).iter_errors(mistake))


def test_descriptions_come_from_the_field_docstrings():
    card = entries_schema()["$defs"]["FeatureCard"]["properties"]
    assert "R4.1" in card["row"]["description"]
    chain = entries_schema()["$defs"]["Chain"]["properties"]
    assert chain["at_least"]["minimum"] == 1 and chain["kind"] == {"const": "chain"}


def test_schema_command_writes_both_files(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path)]) == 0
    for name in ("pack.schema.json", "entries.schema.json"):
        assert json.loads((tmp_path / name).read_text(encoding="utf-8"))["$schema"]
    assert "entries.schema.json" in capsys.readouterr().out
