"""The ``smqt`` command line: validate, score, replay, bench and the bare command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from smqt.cli.main import main
from smqt.records.record import save_record
from tests.engine.test_record import played
from tests.support import ROOT

POSITIONS = sorted((ROOT / "content" / "positions").glob("*.toml"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_help_lists_the_commands():
    result = subprocess.run([sys.executable, "-m", "smqt", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for command in ("play", "validate", "score", "replay", "sim", "bench"):
        assert command in result.stdout


def test_bare_command_opens_the_table(monkeypatch):
    import smqt.ui.shell.start

    seen = []
    monkeypatch.setattr(smqt.ui.shell.start, "run_play", lambda options: seen.append(options) or 0)
    assert main([]) == 0
    assert seen == [smqt.ui.shell.start.PlayOptions()]


def test_validate_base_pack_summary(capsys):
    code, out, _ = run(capsys, "validate", str(ROOT / "content" / "base"))
    assert code == 0
    assert "78 feature cards" in out and "8 sand dollar actions on 4 tiles" in out


def test_example_positions_exist():
    assert len(POSITIONS) >= 3


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
@pytest.mark.parametrize("final_move", [False, True])
def test_score_json_totals_equal_the_sum_of_lines(capsys, path, final_move):
    """R10 every example position: each player's total is the sum of their lines."""
    argv = ["score", str(path), "--json"] + (["--final-move"] if final_move else [])
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    data = json.loads(out)
    assert data["winners"]
    for entry in data["players"]:
        assert entry["total"] == sum(line["points"] for line in entry["lines"])
        for line in entry["lines"]:
            assert set(line) >= {"category", "source", "points", "why"}


def test_score_final_move_lists_moves_and_never_scores_less(capsys):
    """R9.3 --final-move applies the optimal final movement and lists it."""
    path = ROOT / "content" / "positions" / "final-green-3p.toml"
    _, before, _ = run(capsys, "score", str(path), "--json")
    _, after, _ = run(capsys, "score", str(path), "--json", "--final-move")
    before_data, after_data = json.loads(before), json.loads(after)
    assert any(p["final_moves"] for p in after_data["players"])
    for b, a in zip(before_data["players"], after_data["players"], strict=True):
        assert a["total"] >= b["total"] or a["name"] != b["name"]


def test_score_reports_position_problems(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(f'pack = "{(ROOT / "content" / "base").as_posix()}"\nobjective = "blue"\n'
                   '[[player]]\ntile = "spots"\ncards = { "beach:1" = "palm_walk" }\n'
                   '[[player]]\ntile = "nowhere"\n')
    code, _, err = run(capsys, "score", str(bad))
    assert code == 1
    assert "player[0].cards.beach:1" in err and "street card" in err
    assert "player[1].tile" in err


def test_replay_prints_the_log_and_score(capsys, tmp_path):
    path = tmp_path / "game.toml"
    save_record(path, played(seed=6, players=2).record)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "winner:" in out and "tile " in out


def test_replay_of_a_saved_game_uses_the_pack_it_names(capsys, tmp_path):
    from smqt.engine.game import Game
    from smqt.pack.load import load_pack
    from smqt.records.savedgame import save_game

    variant = ROOT / "content" / "variants" / "short-game"
    game = Game.new(load_pack(variant), 2, 3)
    for _ in range(6):
        game.play(game.legal_actions()[0])
    path = tmp_path / "playtest.smqt"
    save_game(path, game.record, [("Ann", "human"), ("AI", "medium")], variant, playtest=True)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert out.count("\n") >= 6 and "game in progress" in out
    code, _, err = run(capsys, "replay", str(path), "--pack", str(ROOT / "content" / "base"))
    assert code == 1 and "not base" in err  # an explicit --pack still wins, and is checked


@pytest.mark.slow
def test_bench_quick_prints_numbers(capsys):
    code, out, _ = run(capsys, "bench", "--quick", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("playouts_2p_per_s", "playouts_2p_apply_legal_per_s", "playouts_4p_per_s",
                "score_city_us", "score_city_totals_us", "medium_games_per_cpu_s",
                "final_move_median_ms", "final_move_worst_ms", "medium_decisions_per_s",
                "medium_games_per_s", "hard_decision_median_ms", "hard_decision_worst_ms",
                "expert_decision_median_ms", "expert_decision_worst_ms", "expert_acquire_median_ms"):
        assert data[key] > 0


@pytest.mark.slow
def test_bench_times_the_designers_run_when_asked(capsys):
    """``--designer`` adds the until-clear run of a house rule (issue 28's last line; with
    ``--quick`` a few random games of it)."""
    code, out, _ = run(capsys, "bench", "--quick", "--designer")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("designer's until-clear"))
    games = int(line.split(":")[1].split()[0])
    assert games >= 4 * 6 and "games/s" in line, line  # six sides (four changes, all, base)


def test_a_saved_game_as_the_only_argument_opens_it(monkeypatch):
    """``smqt game.smqt`` (how a desktop opens a double-clicked saved game) is
    ``smqt play --load game.smqt``; ``--version`` names the version."""
    import smqt
    import smqt.ui.shell.start
    from smqt.cli.main import main

    seen = []
    monkeypatch.setattr(smqt.ui.shell.start, "run_play", lambda options: seen.append(options) or 0)
    assert main(["games/Evening game.smqt"]) == 0
    assert seen[0].load == "games/Evening game.smqt" and not seen[0].autoplay
    assert main(["old-save.TOML", "--pace", "0"]) == 0 and seen[1].load == "old-save.TOML"
    with pytest.raises(SystemExit):
        main(["nonsense"])
    with pytest.raises(SystemExit) as version:
        main(["--version"])
    assert version.value.code == 0


def test_a_program_without_a_console_still_prints_safely(monkeypatch):
    """A windowed frozen app (or pythonw) has no stdout or stderr: the commands' output goes
    to the null device instead of failing."""
    import sys

    from smqt.cli.streams import ensure_streams

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    ensure_streams()
    assert sys.stdout.write("score") == 5 and sys.stderr.write("x") == 1


def test_play_opening_takes_card_ids_separated_by_commas(monkeypatch):
    """``smqt play --opening a,_,b`` (R2.1 playtest setup): '_' leaves a slot to the deal."""
    import smqt.ui.shell.start

    seen = []
    monkeypatch.setattr(smqt.ui.shell.start, "run_play", lambda options: seen.append(options) or 0)
    assert main(["play", "--pack", "P", "--playtest", "--opening", "kite_meadow, _,shorebreak"]) == 0
    assert seen[0].opening == ("kite_meadow", "", "shorebreak") and seen[0].playtest
    assert main(["play"]) == 0 and seen[1].opening == ()
    assert main(["play", "--opening", "_,_,_,_,shorebreak"]) == 0
    assert seen[2].opening == ("", "", "", "", "shorebreak")


@pytest.mark.parametrize(("opening", "said"), [
    ("kite_medow", "the pack has no feature card 'kite_medow' (did you mean kite_meadow"),
    ("kite_meadow,kite_meadow", "card 'kite_meadow' is named twice"),
    (",".join(["kite_meadow", "shorebreak", "skate_bowl", "little_canals", "breakwater_point",
               "ocean_swim_buoys", "dune_restoration", "bodysurf_shallows", "boardwalk_arcade"]),
     "the opening display has 8 slots (2 rows of 4), not 9"),
])
def test_play_with_a_bad_opening_says_why_in_a_line_and_exits_2(capsys, opening, said):
    """R2.1 the opening display is refused before any window opens: one line, exit status 2."""
    code, _, err = run(capsys, "play", "--opening", opening, "--seed", "5")
    assert code == 2
    assert err.startswith("smqt play: --opening: ") and said in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_play_opening_does_not_go_with_load(capsys):
    code, _, err = run(capsys, "play", "--load", "game.smqt", "--opening", "kite_meadow")
    assert code == 2 and "--opening sets up a new game" in err


# ------------------------------------------------------------------ one seed range (issue 25)


def _help(capsys, command: str) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_play_and_sim_state_one_seed_range_in_their_help(capsys):
    """Issue 25: ``smqt sim --seed`` refused 2**62 while saying "0 to 2**62", ``smqt play``
    took up to 2**63-1: one range now, said the same way in both helps."""
    from smqt.engine.rng import SEED_RANGE

    for command in ("play", "sim"):
        assert f"from {SEED_RANGE}" in _help(capsys, command), command


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize("seed", [str(2**62), str(2**63 - 1)])
def test_every_seed_of_the_range_is_taken(monkeypatch, command, seed):
    import smqt.sim.command
    import smqt.ui.shell.start

    seen = []
    monkeypatch.setattr(smqt.ui.shell.start, "run_play", lambda options: seen.append(options.seed) or 0)
    monkeypatch.setattr(smqt.sim.command, "run_sim",
                        lambda options, out, err: seen.append(options.seed) or 0)
    argv = [command, "--seed", seed] + (["--out", "unused"] if command == "sim" else [])
    assert main(argv) == 0
    assert seen == [int(seed)]


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize("seed", [str(2**63), "-1", "seven"])
def test_a_seed_outside_the_range_is_refused_with_the_range(capsys, command, seed):
    from smqt.engine.rng import SEED_RANGE

    argv = [command, "--seed", seed] + (["--out", "unused"] if command == "sim" else [])
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert f"the seed must be a whole number from {SEED_RANGE}" in capsys.readouterr().err


def test_the_last_seeds_of_a_sim_run_wrap_to_the_first():
    """A run that starts near the end of the range plays seeds, never numbers past it."""
    from smqt.engine.rng import SEED_LIMIT, game_seed
    from smqt.sim.plan.sides import specs

    games = specs([2], ["medium"], 0, 3, SEED_LIMIT - 1)
    assert [g.seed for g in games] == [SEED_LIMIT - 1, SEED_LIMIT, 0]
    assert game_seed(5, 1_000_003) == 1_000_008


def test_a_shipped_pack_goes_by_its_name(capsys, tmp_path, monkeypatch):
    """A designer with the installed app typed ``--variant short-game`` and got "no such pack
    folder": the shipped packs live deep inside an installation. A shipped pack's name now
    stands for it, unless a folder of that name is where the command runs."""
    from smqt.pack.shipped import example_variants, pack_folder

    monkeypatch.chdir(tmp_path)
    assert main(["validate", "short-game"]) == 0
    assert capsys.readouterr().out.startswith("short-game 1.0.0:")
    assert pack_folder("short-game") == str(example_variants() / "short-game")
    assert main(["stats", "base"]) == 0 and "beach" in capsys.readouterr().out
    (tmp_path / "short-game").mkdir()  # a folder of one's own wins
    assert pack_folder("short-game") == "short-game"
    assert pack_folder("no-such-pack") == "no-such-pack"
    assert main(["validate", "no-such-pack"]) == 1
    assert "no-such-pack: no such pack folder" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    assert "a shipped pack's name (base, boardwalk-swap, house-rule-trial, short-game)" in \
        " ".join(capsys.readouterr().out.split())


def test_bench_against_another_checkout_measures_both_side_by_side(capsys, tmp_path,
                                                                   monkeypatch):
    """``--against PATH`` runs the same measures in another checkout (here a copy of this
    one) and in this tree, each in a process of its own, and prints both with their ratio
    (issue 40); a folder that is no checkout is refused."""
    import shutil

    other = tmp_path / "other"
    shutil.copytree(ROOT / "smqt", other / "smqt", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "content", other / "content")
    monkeypatch.setenv("SMQT_BENCH_SIZE", "smoke")
    code, out, err = run(capsys, "bench", "--against", str(other), "--json")
    assert code == 0, err
    data = json.loads(out)
    for side in ("old", "new"):
        assert data[side]["playouts_per_cpu_s"] > 0
        assert data[side]["score_explained_us"] > 0 and data[side]["score_totals_us"] > 0
    code, out, err = run(capsys, "bench", "--against", str(other))
    assert code == 0, err
    assert "random 2-player playouts per CPU-s" in out and "x" in out.splitlines()[1]
    code, _out, err = run(capsys, "bench", "--against", str(tmp_path))
    assert code == 2 and "not a checkout" in err


def test_bench_against_marks_a_ratio_within_the_runs_spread(tmp_path, monkeypatch):
    """A ratio whose two trees' runs overlap is marked as noise, not a difference: the quick
    bench once read 0.59x and then 1.20x for the same two trees on a busy machine."""
    import io

    from smqt.cli import bench

    runs = iter([{"playouts_per_cpu_s": 100.0, "score_explained_us": 400.0},   # other
                 {"playouts_per_cpu_s": 130.0, "score_explained_us": 200.0},   # this
                 {"playouts_per_cpu_s": 90.0, "score_explained_us": 210.0},    # this
                 {"playouts_per_cpu_s": 120.0, "score_explained_us": 420.0}])  # other
    monkeypatch.setattr(bench, "probe", lambda tree, quick: next(runs))
    out = io.StringIO()
    assert bench.run_against(tmp_path, quick=True, as_json=False, out=out) == 0
    lines = {line.split("  ")[0]: line for line in out.getvalue().splitlines()}
    assert lines["random 2-player playouts per CPU-s"].endswith(" ~")
    assert not lines["a city scored the first time, explained (us)"].endswith("~")
    assert "within what this machine's runs vary by" in out.getvalue()


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """Found in a designer's walk: ``smqt sim compare A B | head`` ended with a BrokenPipeError
    traceback. Any command's output read by a program that stops reading ends quietly."""
    child = subprocess.Popen([sys.executable, "-m", "smqt", "stats", str(ROOT / "content" /
                                                                         "base")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the first line: its first write finds no reader
    told = child.stderr.read().decode()
    assert child.wait() == 141 and "Traceback" not in told and "BrokenPipe" not in told, told
