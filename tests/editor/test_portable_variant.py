"""A variant made with File ▸ New variant travels (issue 43): it names the shipped base by
its name, goes to the documents folder, and once sent to another folder it validates,
simulates and opens; its report holds no path of this machine."""

from __future__ import annotations

import io
import shutil
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths

from editor.model.document import PackDocument
from editor.model.variant import NewVariantDialog, create_variant, variants_home
from smqt.cli.validate import run_validate
from smqt.pack.shipped import content_root, default_pack
from smqt.sim.command import SimOptions, run_sim
from tests.support import ROOT

DOCUMENTS = QStandardPaths.StandardLocation.DocumentsLocation


def test_a_new_variant_of_the_base_pack_names_it_and_travels(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    made = create_variant(default_pack(), tmp_path / "Documents" / "Santa Monica variants",
                          "Beach party", "One card stronger, games shorter.")
    assert tomllib.loads((made / "pack.toml").read_text())["extends"] == "base"
    (made / "rules.toml").write_text("[rules]\ncards_to_end = 12\n")
    sent = Path(shutil.copytree(made, tmp_path / "co-designer" / "beach-party"))
    shutil.rmtree(made)

    out = io.StringIO()
    assert run_validate(str(sent), out) == 0, out.getvalue()
    assert out.getvalue().startswith("Beach party 0.1.0: 78 feature cards")

    report = tmp_path / "report"
    out, err = io.StringIO(), io.StringIO()
    code = run_sim(SimOptions(pack=str(default_pack()), variant=str(sent), out_dir=str(report), players="2",
                              bots="random", games=2, jobs=1, seed=3), out=out, err=err)
    assert code == 0, err.getvalue()
    copies = sorted(p.relative_to(report / "packs").as_posix()
                    for p in (report / "packs").rglob("pack.toml"))
    assert sorted(c.split("/", 1)[1] for c in copies) == [
        "base/pack.toml", "beach-party/pack.toml", "pack.toml"]  # the variant's, the base's
    machine = [str(tmp_path), str(ROOT), str(content_root()), str(Path.home())]
    for file in report.rglob("*"):
        if file.is_file():
            text = file.read_text(encoding="utf-8")
            assert not [path for path in machine if path in text], file

    doc = PackDocument(sent)
    assert doc.valid and doc.parent is not None and doc.parent.identity.name == "base"
    assert doc.catalog is not None and doc.catalog.rules.cards_to_end == 12


def test_a_new_variant_of_a_pack_of_ones_own_keeps_a_relative_path(tmp_path):
    mine = Path(shutil.copytree(default_pack(), tmp_path / "packs" / "mine"))
    made = create_variant(mine, tmp_path / "variants", "Trial")
    assert tomllib.loads((made / "pack.toml").read_text())["extends"] == "../../packs/mine"


def test_new_variant_proposes_the_documents_folder(qtbot):
    dialog = NewVariantDialog(default_pack())
    qtbot.addWidget(dialog)
    proposed = Path(dialog.location_edit.text())
    documents = QStandardPaths.writableLocation(DOCUMENTS)
    assert proposed == variants_home() == Path(documents) / "Santa Monica variants"
    assert not proposed.resolve().is_relative_to(content_root().resolve())
    assert not proposed.resolve().is_relative_to(ROOT)


@pytest.mark.usefixtures("german")
def test_the_variants_folder_has_a_german_name(qtbot):
    assert variants_home().name == "Santa-Monica-Varianten"


@pytest.mark.gui
def test_typing_base_into_extends_inherits_the_shipped_base(qtbot, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QLineEdit

    from editor.forms.fields import discarded
    from tests.editor.opened import open_editor

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "pack.toml").write_text('name = "alone"\nversion = "0.1"\nschema = 1\n')
    window = open_editor(qtbot, monkeypatch, alone)
    assert not window.session.doc.valid  # no cards of its own
    window.showing.select("settings", "pack")
    [extends] = [w for w in window.showing.form.findChildren(QLineEdit, "field:extends")
                 if not discarded(w)]
    extends.setText("base")
    extends.editingFinished.emit()
    assert tomllib.loads(window.session.doc.text("pack.toml"))["extends"] == "base"
    assert len(window.session.doc.inherited("card")) == 78 and window.session.doc.valid
    extends.setText("../../bsae")  # a folder that is not there is still a folder's problem
    extends.editingFinished.emit()
    assert [p.key for p in window.session.doc.problems] == ["extends"]
    assert "parent pack folder '../../bsae' does not exist" in window.session.doc.problems[0].problem
