"""Game records (R2.8, R12.2), actions as text, and the engine's independence from Qt."""

from __future__ import annotations

import random

import attrs
import pytest

from smqt.engine.actions import parse_action
from smqt.engine.catalog import PackIdentity
from smqt.engine.game import Game, RecordError, replay
from smqt.records.record import load_record, parse_record, record_text, save_record
from tests.support import ROOT, base, qt_modules_loaded_by


def played(seed: int = 3, players: int = 3, steps: int | None = None) -> Game:
    game = Game.new(base(), players, seed, names=("Ann", "Bo", "Cy")[:players])
    chooser = random.Random(seed)
    count = 0
    while not game.state.is_over and (steps is None or count < steps):
        game.play(chooser.choice(game.legal_actions()))
        count += 1
    return game


def test_r2_8_record_saved_as_text_replays_to_the_identical_state(tmp_path):
    """R2.8 a saved record (pack identity, rules, seed, setup, actions) replays exactly."""
    game = played()
    path = tmp_path / "game.smqt.toml"
    save_record(path, game.record)
    text = path.read_text()
    assert "[pack]" in text and "content_hash" in text and "cards_to_end = 14" in text
    again = replay(load_record(path), base())
    assert again.state == game.state
    assert again.record == game.record


def test_r2_8_replay_of_a_prefix_reaches_the_middle_of_a_game():
    """R2.8 replaying the first N actions reaches the state after N actions."""
    game = played(seed=8, players=2, steps=40)
    assert replay(game.record, base()).state == game.state
    assert replay(game.record, base(), upto=40).state == game.state


def test_r12_2_record_keeps_the_pack_identity_and_rules_in_force():
    """R12.2 a record is never reinterpreted under other rules or another pack."""
    game = played(seed=5, players=2)
    record = game.record
    assert record.pack == base().identity
    other = attrs.evolve(record, pack=PackIdentity("base", "1.0.0", "0000000000000000"))
    with pytest.raises(RecordError, match="was played with pack"):
        replay(other, base())
    # The record's own rules are used even when the loaded pack has others.
    short = attrs.evolve(record.rules, cards_to_end=10)
    changed = attrs.evolve(record, rules=short, actions=())
    game2 = replay(changed, base())
    assert game2.state.rules.cards_to_end == 10


def test_r12_2_damaged_record_is_a_clear_error(tmp_path):
    """R12.2 unreadable or damaged records give a message, never a traceback."""
    path = tmp_path / "bad.toml"
    path.write_text("format = 1\n[pack]\nname = 'base'\n")
    with pytest.raises(RecordError, match="incomplete or damaged"):
        load_record(path)
    path.write_text("this is = = not toml")
    with pytest.raises(RecordError, match="not a readable record"):
        load_record(path)
    game = played(seed=2, players=2, steps=10)
    broken = attrs.evolve(game.record, actions=(*game.record.actions, "take front:9 beach:99"))
    with pytest.raises(RecordError, match="action 11"):
        replay(broken, base())


def test_actions_text_round_trip_and_errors():
    """Actions are values with a text form that parses back (logs, saves, replays)."""
    game = played(seed=11, players=4)
    for text in game.record.actions:
        assert str(parse_action(text)) == text
    for bad in ("", "fly away", "take front:1", "take middle:1 beach:2", "move 0 7 street:1",
                "reward pizza", "swap beach:x beach:2"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_record_round_trip_is_exact():
    """The record's text form reads back to an equal record."""
    record = played(seed=4, players=2).record
    assert parse_record(record_text(record)) == record


def test_engine_imports_no_qt():
    """The engine never imports Qt: importing every engine module loads no PySide6."""
    imports = ("import importlib, pkgutil, smqt.engine\n"
               "for m in pkgutil.iter_modules(smqt.engine.__path__):\n"
               "    importlib.import_module('smqt.engine.' + m.name)")
    assert qt_modules_loaded_by(imports) == []


@pytest.mark.parametrize("player_table", [
    'tile = "spots"\ncards = ["beach:1"]',
    'tile = "spots"\npeople = "street:0"',
    'tile = "spots"\nfootprints = 3',
    'tile = "spots"\ncards = { "beach:one" = "outer_reef" }',
    'tile = "spots"\ncards = { "beach:1" = 7 }',
    'tile = "spots"\npeople = { "street:9" = ["local"] }',
    'tile = "spots"\nsand_dollars = -1',
    'tile = "spots"\ncards = { "beach:3" = "outer_reef" }',
])
def test_bad_position_files_are_reported_not_crashed(tmp_path, player_table):
    """Position files are user input: every mistake is a PositionError naming its key."""
    from smqt.records.position import PositionError, load_position

    path = tmp_path / "p.toml"
    path.write_text(f'pack = "{(ROOT / "content" / "base").as_posix()}"\n[[player]]\n'
                    f'{player_table}\n[[player]]\ntile = "surfer"\n')
    with pytest.raises(PositionError) as caught:
        load_position(path)
    assert all(p.key.startswith("player[0]") for p in caught.value.problems)


def test_replay_of_a_record_with_an_impossible_setup_is_a_record_error():
    """R12.2 a record naming an unknown objective fails with a RecordError, not a crash."""
    record = played(seed=2, players=2, steps=3).record
    broken = attrs.evolve(record, setup=attrs.evolve(record.setup, objective="xblue"))
    with pytest.raises(RecordError, match="cannot be played"):
        replay(broken, base())


@pytest.mark.parametrize("top", ['phase = ["over"]', 'objective = { x = 1 }', 'start_player = 1.5',
                                 'sand_dollar_actions = "two_front"'])
def test_bad_position_top_keys_are_reported(tmp_path, top):
    from smqt.records.position import PositionError, load_position

    path = tmp_path / "p.toml"
    path.write_text(f'pack = "{(ROOT / "content" / "base").as_posix()}"\n{top}\n[[player]]\n'
                    'tile = ["spots"]\n[[player]]\ntile = "surfer"\n')
    with pytest.raises(PositionError):
        load_position(path)


@pytest.mark.parametrize(("cut", "named"), [
    ("vip = 1", "rules.final_move.vip is missing"),
    ("[rules.final_move]", "rules.final_move is missing"),
    ("[rules.supply]", "rules.supply is missing"),
    ("cards_to_end", "rules.cards_to_end is missing"),
    ("[rules]", "the [rules] table is missing"),
    ("start_player", "setup.start_player is missing"),
])
def test_r12_2_a_record_cut_short_is_refused_naming_what_is_missing(cut, named):
    """R12.2: a record truncated anywhere in its setup or rules is refused, never completed
    with default rules (the game would go on under other rules)."""
    text = record_text(played(seed=4, players=2, steps=10).record)
    with pytest.raises(RecordError, match=named.replace("[", r"\[").replace("]", r"\]")):
        parse_record(text[:text.index(cut)], "cut.toml")


@pytest.mark.parametrize(("text", "said"), [
    ("", "the file is empty"),
    ("   \n", "the file is empty"),
    ("names = []\n", "not a game record"),
    ("format = 'x" + "y" * 300 + "'\n", "unknown record format"),
    ("a = " + "[" * 5000 + "\n", "not a readable record"),
    ("a = " + "9" * 5000 + "\n", "not a readable record"),
])
def test_r12_2_damaged_records_say_what_is_wrong_in_a_line(text, said):
    with pytest.raises(RecordError, match=said) as caught:
        parse_record(text, "bad.toml")
    assert len(str(caught.value)) < 300, "long values are shortened"


def test_r12_2_a_wrong_rules_value_names_its_key():
    text = record_text(played(seed=4, players=2, steps=3).record)
    with pytest.raises(RecordError, match=r"rules\.cards_to_end"):
        parse_record(text.replace("cards_to_end = 14", "cards_to_end = 'many'"), "r.toml")


def test_r12_2_a_device_or_huge_file_is_not_read(tmp_path):
    """A record path that is a folder, a link to /dev/zero or far too large is refused."""
    import os

    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(RecordError, match="a folder, not a file"):
        load_record(folder)
    if os.path.exists("/dev/zero"):
        link = tmp_path / "zero.toml"
        link.symlink_to("/dev/zero")
        with pytest.raises(RecordError, match="not a regular file"):
            load_record(link)
    big = tmp_path / "big.toml"
    with big.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    with pytest.raises(RecordError, match="too large"):
        load_record(big)


# ---------------------------------------------------------------- playtest: opening display


def test_r2_8_a_game_with_an_opening_display_replays_identically(tmp_path):
    """R2.8 the opening display is part of the setup: the record keeps it, and the replay of a
    game started with one reaches the played state."""
    opening = ("", "", sorted(base().cards)[1], sorted(base().cards)[0])
    game = Game.new(base(), 2, 9, names=("Ann", "Bo"), opening=opening)
    assert game.state.front[2:] == list(opening[2:])
    chooser = random.Random(9)
    while not game.state.is_over:
        game.play(chooser.choice(game.legal_actions()))
    record = game.record
    assert record.setup.opening == opening
    path = tmp_path / "opening.smqt"
    save_record(path, record)
    text = path.read_text()
    assert f'opening = [\n "",\n "",\n "{opening[2]}",\n "{opening[3]}",\n]' in text
    loaded = load_record(path)
    assert loaded == record
    assert replay(loaded, base()).state == game.state


def test_r12_2_a_record_without_an_opening_is_written_and_read_as_before():
    """R12.2 only a setup with an opening writes one: older records load unchanged."""
    record = played(seed=4, players=2).record
    text = record_text(record)
    assert "opening" not in text
    assert parse_record(text).setup.opening == ()
    assert replay(parse_record(text), base()).state == played(seed=4, players=2).state


def test_r12_2_a_bad_opening_in_a_record_is_a_record_error():
    """R12.2 a record's opening that the pack cannot deal is refused in a line."""
    record = played(seed=2, players=2, steps=3).record
    text = record_text(record).replace("start_player =", 'opening = "pier"\nstart_player =', 1)
    with pytest.raises(RecordError, match=r"setup\.opening must be a list of card ids"):
        parse_record(text)
    broken = attrs.evolve(record, setup=attrs.evolve(record.setup, opening=("no_such_card",)))
    with pytest.raises(RecordError, match="cannot be played: the pack has no feature card 'no_such_card'"):
        replay(broken, base())
