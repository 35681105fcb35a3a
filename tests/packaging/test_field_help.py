"""Field help survives without sources (a frozen app ships compiled modules only): it is kept in
the generated ``smqt/pack/fielddocs.py``, which must match the docstrings in the source."""

from __future__ import annotations

from pathlib import Path

from smqt.pack import fieldinfo
from smqt.pack.schema import write_schemas


def test_the_kept_field_help_matches_the_source():
    kept = Path(fieldinfo.__file__).with_name("fielddocs.py").read_text(encoding="utf-8")
    assert kept == fieldinfo.generated_module(), \
        "field help changed: python -m smqt.pack.fieldinfo --write"


def test_without_sources_the_schemas_and_the_help_are_the_same(tmp_path, monkeypatch):
    from editor.shell.app import field_help

    write_schemas(tmp_path / "with")
    with_sources = field_help()
    fieldinfo.field_docs.cache_clear()
    monkeypatch.setattr(fieldinfo, "docs_from_source", lambda cls: {})  # no sources at all
    try:
        write_schemas(tmp_path / "without")
        assert field_help() == with_sources
    finally:
        fieldinfo.field_docs.cache_clear()
    described = 0
    for name in ("pack.schema.json", "entries.schema.json"):
        text = (tmp_path / "with" / name).read_text()
        assert (tmp_path / "without" / name).read_text() == text
        described += text.count('"description"')
    assert described > 50
