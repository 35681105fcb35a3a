"""Found in a designer's walk (issue 43): at 1366x768 the New variant dialog cut its folder
and its "creates …" line. Both are now shown whole, in English and in German."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from editor.model.variant import NewVariantDialog
from tests.support import ROOT
from tests.ui.fitcheck import problems

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("This plugin does not support")]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_new_variant_dialog_shows_its_folder_whole(qtbot, tmp_path, monkeypatch, language):
    from smqt.language.translate import use

    home = tmp_path / "a rather long home folder name" / "of a designer"
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    use(language)
    try:
        dialog = NewVariantDialog(ROOT / "content" / "base")
        qtbot.addWidget(dialog)
        dialog.name_edit.setText("Strandparty mit langem Namen")
        dialog.show()
        QApplication.processEvents()
        assert dialog.width() <= 1366
        shown = dialog.location_edit
        needed = shown.fontMetrics().horizontalAdvance(shown.text()) + 12
        assert shown.width() >= min(needed, 900), (shown.text(), shown.width())
        assert not problems(dialog), problems(dialog)
        label = dialog.folder_label
        assert "/strandparty-mit-langem-namen" in label.text().replace("\u200b", "")
    finally:
        use("en")
