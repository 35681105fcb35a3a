"""Issue 41, a typed report: report.json is the report's classes through the one converter and
back (a built report written and read is the same report), it says its version, each older
version is migrated a step at a time, and a damaged or foreign file is refused in a sentence,
never a traceback."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import attrs
import pytest

from smqt.cli.main import main
from smqt.engine.rng import game_seed
from smqt.pack.packsource import load_source
from smqt.sim.command import SimOptions, plan
from smqt.sim.plan.provenance import Clock, ClusterUse, provenance
from smqt.sim.plan.sides import NOISE_SEED, specs
from smqt.sim.report.build import build_report
from smqt.sim.report.compare import compare_reports
from smqt.sim.report.model import SCHEMA, Meta, Points
from smqt.sim.report.reportfile import (
    MIGRATIONS,
    ReportError,
    migrate,
    read_report,
    report_json,
    structure_report,
)
from smqt.sim.run.playgame import play_game
from smqt.sim.statistics.verdicts import CATEGORIES, FDR, precisions
from tests.sim.sameness import same
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
TRIAL = str(ROOT / "content" / "variants" / "house-rule-trial")
OLD = Path(__file__).parent / "old_reports" / "variant-noise" / "report.json"
LADDER = Path(__file__).parent / "old_reports" / "ladder" / "report.json"


def built_report():
    """Every part of a report: each change alone and the variant, the noise band and a rung
    of the ladder, from a few games, with the provenance of a run on a cluster."""
    options = SimOptions(pack=BASE, out_dir="unused", variant=TRIAL, per_change=True,
                         noise=True, ladder=True, games=3, bots="random,easy", seed=5,
                         command=("smqt", "sim"))
    sides, changes, counts, lineup, skipped = plan(options)
    sides = [s for s in sides if s.kind != "ladder" or s.pair == ("random", "easy")]
    results = {}
    for side in sides:
        catalog = load_source(side.source)
        seed = game_seed(5, NOISE_SEED) if side.kind == "noise" else 5
        games = (specs([side.players], side.lineup, 0, 2, 5) if side.kind == "ladder"
                 else specs(counts, lineup, 0, 6, seed))
        results[side.label] = [play_game(catalog, side.label, spec) for spec in games]
    meta = Meta(title="a title", design="a design", bots=tuple(lineup), players=tuple(counts),
                seed=5, games=6, rounds=1, per_change=True, sweep=None, until_clear=True,
                cluster=True, fdr=FDR, precision=precisions(None), skipped=tuple(skipped),
                clear=False)
    report = build_report(meta, sides, results, changes)
    made = provenance(options, {"pack": sides[0].source}, Clock(),
                      ClusterUse("tcp://node-1:8786", 2, 4))
    return attrs.evolve(report, meta=attrs.evolve(report.meta, provenance=made))


def test_a_built_report_written_and_read_is_the_same_report():
    report = built_report()
    assert {c.kind for c in report.comparisons} == {"change", "variant"}
    assert report.noise is not None and report.ladder
    rows = [row for c in report.comparisons for part in c.players.values() for row in part.rows]
    assert any(row.against for row in rows) and any(row.against is None for row in rows)
    text = report_json(report)
    data = json.loads(text)
    assert data["schema"] == SCHEMA
    assert "against" not in data["comparisons"][0]["players"]["2"]["rows"][0]
    again = structure_report(data)
    assert same(again, report)
    assert report_json(again) == text


def test_the_points_of_a_summary_are_the_categories():
    assert tuple(field.name for field in attrs.fields(Points)) == CATEGORIES


def test_every_version_has_its_step_to_the_next():
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA))


def test_version_1_gains_what_its_earlier_writers_left_out():
    """The first reports had no names, no noise band or ladder, no notable games, no
    skipped changes and no cluster in their provenance: they read as reports without them."""
    data = json.loads(OLD.read_text(encoding="utf-8"))
    for key in ("names", "noise", "ladder"):
        del data[key]
    del data["meta"]["skipped"]
    del data["meta"]["provenance"]["cluster"]
    del data["sides"]["base"]["players"]["2"]["notable"]
    before = copy.deepcopy(data)
    migrated = migrate(data)
    assert data == before, "the data read is left as it is"
    assert migrated["schema"] == 2
    report = structure_report(data)
    assert report.names == {} and report.noise is None and report.ladder == ()
    assert report.meta.skipped == () and report.meta.provenance.cluster is None
    assert report.sides["base"].players["2"].notable == ()
    assert report.sides["variant"].players["2"].notable  # what it had, it keeps


def test_a_current_report_is_read_as_it_is():
    data = json.loads(report_json(read_report(OLD)))
    assert migrate(data) == data


@pytest.mark.parametrize(("schema", "words"), [
    (SCHEMA + 1, "a newer smqt wrote it (schema version 3; this one reads up to 2)"),
    ("2", 'its schema version "2" is not one smqt knows'),
    (True, "its schema version true is not one smqt knows"),
    (0, "its schema version 0 is not one smqt knows"),
])
def test_a_version_this_smqt_does_not_know_is_said(tmp_path, schema, words):
    data = json.loads(OLD.read_text(encoding="utf-8"))
    data["schema"] = schema
    (tmp_path / "report.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReportError, match="cannot be read as a report") as found:
        read_report(tmp_path)
    assert words in str(found.value)


def damaged() -> dict[str, bytes]:
    """Damaged and foreign report.json files, by what is wrong."""
    text = OLD.read_text(encoding="utf-8")
    data = json.loads(text)

    def changed(edit) -> bytes:
        copied = copy.deepcopy(data)
        edit(copied)
        return json.dumps(copied).encode()

    return {
        "empty": b"",
        "cut short": text[: len(text) // 2].encode(),
        "not text": b"\xff\xfe\x00report",
        "a list": b"[1, 2, 3]",
        "no sides": b'{"meta": {}, "something": [1, 2]}',
        "sides as a list": b'{"sides": [1, 2]}',
        "sides only": b'{"sides": {}}',
        "deeply nested": b"[" * 100_000 + b"]" * 100_000,
        "a count as text": changed(lambda d: d["sides"]["base"]["players"]["2"].update(
            games="many")),
        "a rate as text": changed(lambda d: d["sides"]["base"]["players"]["2"]["ties"].update(
            rate="half")),
        "a true as a number": changed(lambda d: d["meta"].update(per_change=1)),
        "a key of its own": changed(lambda d: d["meta"].update(colour="blue")),
        "a table as a list": changed(lambda d: d["sides"]["base"].update(players=[1])),
        "rows as text": changed(lambda d: d["comparisons"][0]["players"]["2"].update(
            rows="none")),
        "a missing verdict": changed(lambda d: d["comparisons"][0]["players"]["2"]["rows"][0]
                                     .pop("verdict")),
    }


def test_a_damaged_report_is_refused_in_a_sentence_naming_the_problem(tmp_path):
    said = {}
    for name, content in damaged().items():
        (tmp_path / "report.json").write_bytes(content)
        with pytest.raises(ReportError) as found:
            read_report(tmp_path)
        said[name] = str(found.value)
        assert said[name].startswith(f"{tmp_path / 'report.json'} cannot be read as a report: ")
        assert "Traceback" not in said[name] and len(said[name]) < 400, said[name]
    assert said["no sides"].endswith("it has no sides of a simulation report")
    assert "sides.base.players.2.games: expected a whole number, got 'many' (text)" in \
        said["a count as text"]
    assert "sides.base.players.2.ties.rate: expected a number, got 'half' (text)" in \
        said["a rate as text"]
    assert "meta.per_change: expected true or false, got 1" in said["a true as a number"]
    assert "meta.colour: unknown key 'colour'" in said["a key of its own"]
    assert "sides.base.players: expected a table, got an array" in said["a table as a list"]
    assert "comparisons[0].players.2.rows: expected an array" in said["rows as text"]
    assert "comparisons[0].players.2.rows[0].verdict: required key" in said["a missing verdict"]
    with pytest.raises(ReportError, match="cannot be read as a report"):
        read_report(tmp_path / "nowhere")


def _mutations(data: object, path: tuple = ()):
    """Every place in ``data``, as (path, value)."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _mutations(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _mutations(value, (*path, index))


STRANGE = [None, True, 0, -1, 2**70, 0.5, float("nan"), "", "text", [], [1], {}, {"x": 1}]
"""Values put in a random place of a report: every kind of JSON value, and some odd numbers."""


def test_seeded_damage_is_read_or_refused_and_what_is_read_compares():
    """400 reports, each with one random place replaced or left out: each is read or refused
    with a ReportError, and what is read compares with a sound report without an error."""
    data = json.loads(LADDER.read_text(encoding="utf-8"))
    places = [path for path, _value in _mutations(data) if path]
    sound = read_report(OLD)
    chance = random.Random(41)
    refused = compared = 0
    for _round in range(400):
        broken = copy.deepcopy(data)
        path = chance.choice(places)
        holder = broken
        for step in path[:-1]:
            holder = holder[step]
        if isinstance(holder, dict) and chance.random() < 0.3:
            del holder[path[-1]]
        else:
            holder[path[-1]] = copy.deepcopy(chance.choice(STRANGE))
        try:
            report = structure_report(broken)
        except ReportError:
            refused += 1
            continue
        try:
            compare_reports(report, sound)
            compared += 1
        except ReportError:  # nothing in common to compare
            pass
    assert refused > 100 and compared > 20, (refused, compared)


def test_a_rerun_of_a_report_without_provenance_or_damaged_is_said(tmp_path, capsys):
    data = json.loads(LADDER.read_text(encoding="utf-8"))
    del data["meta"]["provenance"]  # a report of smqt before 0.2
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "report.json").write_text(json.dumps(data), encoding="utf-8")
    assert main(["sim", "--rerun", str(tmp_path / "old"), "--out", str(tmp_path / "a")]) == 2
    assert "reports of smqt 0.2 and later can be run again" in capsys.readouterr().err
    (tmp_path / "old" / "report.json").write_text("{", encoding="utf-8")
    assert main(["sim", "--rerun", str(tmp_path / "old"), "--out", str(tmp_path / "b")]) == 2
    assert "cannot be read as a report" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
