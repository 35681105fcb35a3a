"""The examples in content/FORMAT.md load: the doc for card authors stays true."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from smqt.pack.load import check_pack, load_pack
from tests.content.packfixtures import manifest, write_pack

ROOT = Path(__file__).resolve().parents[2]
FORMAT = ROOT / "content" / "FORMAT.md"
BLOCKS = re.findall(r"```toml\n(.*?)```", FORMAT.read_text(encoding="utf-8"), re.S)


def base_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(ROOT / "content" / "base", tmp_path / "base"))


def test_format_doc_has_examples() -> None:
    assert len(BLOCKS) >= 8


def test_every_entries_example_loads_onto_the_base_pack(tmp_path: Path) -> None:
    base_copy(tmp_path)
    entries = [b for b in BLOCKS if "schema = 1" not in b and "[remove]" not in b]
    files = {f"example_{i}.toml": block for i, block in enumerate(entries)}
    folder = write_pack(
        tmp_path / "variants" / "doc", {"pack.toml": manifest(extends="../../base"), **files}
    )
    catalog, errors = check_pack(folder)
    assert errors == []
    assert catalog is not None and "boardwalk_tacos" in catalog.cards


def test_manifest_and_variant_examples_load(tmp_path: Path) -> None:
    base_copy(tmp_path)
    manifests = [b for b in BLOCKS if "schema = 1" in b]
    assert len(manifests) == 2
    write_pack(tmp_path / "variants" / "party", {"pack.toml": manifests[0]})
    changes = next(b for b in BLOCKS if "[remove]" in b)
    folder = write_pack(
        tmp_path / "variants" / "short_game", {"pack.toml": manifests[1], "changes.toml": changes}
    )
    catalog = load_pack(folder)
    assert "breakwater_point" not in catalog.cards and "green" not in catalog.objective_tiles
    assert catalog.rules.cards_to_end == 10 and catalog.rules.supply.tourist == 40
    assert load_pack(tmp_path / "variants" / "party").identity.name == "beach_party"
