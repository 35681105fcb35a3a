"""Issue 43 (found by a helper): a variant whose ``extends`` gives a path of this computer
loads and validates, but a simulation carries packs by their names or relative paths: it said
"the parent pack folder ... does not exist" and "the pack has errors (see smqt validate)",
which validate contradicted. Now one sentence says what to write instead, with exit 2."""

from __future__ import annotations

from smqt.cli.main import main
from tests.support import BASE


def test_a_variant_extending_by_a_path_of_this_computer_is_told_what_to_write(tmp_path, capsys):
    variant = tmp_path / "absolute"
    variant.mkdir()
    (variant / "pack.toml").write_text(
        f'name = "absolute"\nversion = "0.1.0"\nschema = 1\nextends = "{BASE.resolve().as_posix()}"\n',
        encoding="utf-8")
    assert main(["validate", str(variant)]) == 0
    capsys.readouterr()
    code = main(["sim", "--variant", str(variant), "--games", "2", "--jobs", "1",
                 "--out", str(tmp_path / "report")])
    err = capsys.readouterr().err
    assert code == 2
    assert "extends gives a path of this computer" in err and 'extends = "base"' in err
    assert "does not exist" not in err and "see smqt validate" not in err
    assert not (tmp_path / "report").exists()
