"""``smqt schema --out`` given a bad folder (issue 43, the bad-input campaign): a sentence and
exit status 2, never a traceback, and never a chain of folders made from a mistyped path."""

from __future__ import annotations

import json

from smqt.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_existing_file_as_out_is_refused_in_a_sentence(capsys, tmp_path):
    """It raised FileExistsError out of the command."""
    taken = tmp_path / "notes.txt"
    taken.write_text("mine", encoding="utf-8")
    code, out, err = run(capsys, "schema", "--out", str(taken))
    assert code == 2 and out == ""
    assert err.startswith("smqt schema: ") and "is a file, not a folder" in err
    assert str(taken) in err and "Traceback" not in err
    assert taken.read_text(encoding="utf-8") == "mine"


def test_only_the_last_folder_of_out_is_made(capsys, tmp_path):
    """``--out /missing/a/b`` made every missing folder; now it names the missing one and
    makes none, and a new folder in one that exists is still made."""
    code, _out, err = run(capsys, "schema", "--out", str(tmp_path / "missing" / "a" / "b"))
    assert code == 2
    assert f"the folder it goes in, {tmp_path / 'missing' / 'a'}, does not exist" in err
    assert not (tmp_path / "missing").exists()
    code, out, _err = run(capsys, "schema", "--out", str(tmp_path / "schemas"))
    assert code == 0 and "pack.schema.json" in out
    assert json.loads((tmp_path / "schemas" / "pack.schema.json").read_text(encoding="utf-8"))


def test_a_path_through_a_file_and_a_folder_in_the_way_are_sentences(capsys, tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, _out, err = run(capsys, "schema", "--out", str(tmp_path / "file" / "schemas"))
    assert code == 2 and "a part of that path is a file" in err
    (tmp_path / "out" / "pack.schema.json").mkdir(parents=True)  # a folder where a schema goes
    code, _out, err = run(capsys, "schema", "--out", str(tmp_path / "out"))
    assert code == 2 and "the schemas cannot be written into" in err and "Traceback" not in err
