"""``smqt-editor`` as a command: the screenshot for automated checks, bad folders, and the
canonical layout that keeps a saved pack's diff to what changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from editor.model.document import PackDocument
from tests.support import ROOT

BASE = ROOT / "content" / "base"
EDITOR = [sys.executable, "-c", "import sys; from editor.shell.app import main; sys.exit(main())"]


def run(args, tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    return subprocess.run([*EDITOR, *args], capture_output=True, text=True, timeout=120, env=env,
                          cwd=ROOT)


@pytest.mark.gui
def test_screenshot_and_quit_renders_the_window_with_the_first_card(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    shot = tmp_path / "editor.png"
    result = run([str(folder), "--screenshot", str(shot), "--quit"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1500, 950)
    # the preview shows the first card's blue beach header in the right part of the window
    colours = {image.pixelColor(x, 90).name() for x in range(1200, 1450, 5)}
    assert any(c.startswith("#2") for c in colours), colours


def test_a_folder_that_is_not_a_pack_is_refused_clearly(tmp_path):
    result = run([str(tmp_path)], tmp_path)
    assert result.returncode == 2
    assert "is not a content pack" in result.stderr and "pack.toml" in result.stderr


def test_normalise_rewrites_a_hand_written_pack_in_the_canonical_layout(tmp_path):
    folder = tmp_path / "variant"
    shutil.copytree(ROOT / "content" / "variants" / "boardwalk-swap", folder)
    (folder / "pack.toml").write_text((folder / "pack.toml").read_text().replace(
        "../../base", str(BASE)))
    before = PackDocument(folder).files
    result = run([str(folder), "--normalise"], tmp_path)
    assert result.returncode == 0, result.stderr
    after = PackDocument(folder)
    assert after.files == before and after.valid
    assert (folder / "cards.toml").read_text().startswith("# A variant needs no copy")
    assert after.save(every_file=False) == []


@pytest.mark.parametrize("path", sorted(BASE.glob("*.toml")), ids=lambda p: p.name)
def test_the_base_pack_is_in_the_editors_layout(path):
    """So that an editor save of the base pack diffs to exactly what changed; after a hand
    edit, `smqt-editor content/base --normalise` puts a file back in this layout."""
    document = PackDocument(BASE)
    assert path.read_text(encoding="utf-8") == document.text(path.name)
