"""Issue 30's friction a new player met, one test per item fixed: every point a player can
follow (a losing build is shown as a loss, the food truck reads as a gift, and `smqt replay`
prints the log the table shows)."""

from __future__ import annotations

import os
import random
import re

import attrs
import pytest

from smqt.ai.protocol import make_bot
from smqt.engine.actions import MovePerson, ReturnPerson, Take
from smqt.engine.game import Game
from smqt.engine.rules import legal_actions
from smqt.engine.scorewords import line_change_words, source_name
from smqt.engine.scoring import score_game
from smqt.engine.state import AllowanceState
from smqt.pack.shipped import default_pack
from smqt.render.symbols import GAIN, PENALTY
from smqt.ui.game.controller import Seat
from smqt.ui.game.interaction import TurnInteraction
from smqt.ui.game.logtext import GameLog, turn_summary
from smqt.ui.game.preview import preview
from smqt.ui.panels.popup import DELAY_MS
from smqt.ui.panels.scorepad import Scorepad, scorepad_rows
from smqt.ui.panels.side import PlayerPanel
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.shell.autosaves import saved_game_info
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.gains import GainItem
from smqt.ui.table.items import TargetItem
from smqt.ui.table.scenes import token_tips
from tests.support import base
from tests.ui.clicks import click_person
from tests.ui.test_turn_flow import on_the_table

pytestmark = pytest.mark.gui


def test_a_build_that_loses_points_is_shown_in_the_penalty_red(qapp):
    losing, winning, unknown = TargetItem((0, 1), -2), TargetItem((0, 1), 3), TargetItem((0, 1))
    assert losing.points_colour() == PENALTY
    assert winning.points_colour() == GAIN
    assert unknown.points_colour() == GAIN


def test_the_food_truck_and_the_foodie_read_as_gifts():
    state = Game.new(base(), 2, 3).state
    state.truck, state.foodie = 0, 2
    tips = token_tips(state)
    assert "for 1 sand dollar" not in tips["truck"] and "for a free move" not in tips["foodie"]
    assert "the truck gives you 1 sand dollar" in tips["truck"]
    assert "the foodie gives you a free move" in tips["foodie"]


def test_replay_prints_the_log_the_table_shows_with_scores(tmp_path, capsys):
    import random

    from smqt.ai.protocol import make_bot
    from smqt.cli.main import main
    from smqt.records.record import save_record

    game = Game.new(base(), 2, 8, names=("Ann", "Bo"))
    bots, rng = [make_bot("medium"), make_bot("easy")], random.Random(2)
    while not game.state.is_over:
        game.play(bots[game.state.current].choose(game.state, game.legal_actions(), rng))
    path = tmp_path / "game.toml"
    save_record(path, game.record)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    log = out[:out.index("winner:")]
    assert not re.search(r"^\s*\d+\s+(take|move|buy|tile|truck|final) ", log, re.M), \
        "no action codes"
    assert re.search(r"^\s+1  (Ann|Bo) chooses the starting tile ", log, re.M)
    assert " from the front row and builds it " in log
    assert re.search(r"^ {6}\s*(Ann|Bo): \d+ → \d+ points \(", log, re.M), "score changes"
    # the final sheet names cards and objectives as the scorepad does, never by id
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"(Ann|Bo): -?\d+ points$", line))
    sheet = "\n".join(lines[start:])
    assert "scoring[" not in out and not re.search(r"\b[a-z]+_[a-z_]+\b", sheet), sheet
    assert "  Feature cards" in out and " objective, " in out



def test_the_log_says_where_the_truck_and_the_foodie_move_on():
    """R3.3-R3.5: a reward moves its token; the log says where to, so that the next click
    under the token's new column is not a surprise."""
    import random

    from smqt.ai.protocol import make_bot
    from smqt.engine import events as ev
    from smqt.ui.game.logtext import describe_event

    game = Game.new(base(), 2, 8, names=("Ann", "Bo"))
    bots, rng = [make_bot("medium"), make_bot("easy")], random.Random(2)
    said: dict[str, str] = {}
    while not game.state.is_over and len(said) < 3:
        events = game.play(bots[game.state.current].choose(game.state, game.legal_actions(),
                                                           rng))
        for event in events:
            if event.kind in (ev.TRUCK_REWARD, ev.FOODIE_REWARD, ev.BOTH_REWARD):
                said.setdefault(event.kind, describe_event(game.state, event, ("Ann", "Bo")))
    assert {ev.TRUCK_REWARD, ev.FOODIE_REWARD} <= set(said), said
    for kind in (ev.TRUCK_REWARD, ev.FOODIE_REWARD):
        assert "moves on: now under " in said[kind], said[kind]
    if ev.BOTH_REWARD in said:
        assert said[ev.BOTH_REWARD].startswith("the food truck moves on two columns: now under")
        assert said[ev.BOTH_REWARD].endswith("; the foodie stays")


def test_an_allowance_nobody_can_use_says_why_instead_of_its_moves_left(qapp):
    """A new player read "no moves left" in the prompt and "3 moves left" in the box under it
    (a card moving tourists, and no tourist in the city): the box now says the same as the
    prompt, with the reason."""
    panel = TurnPanel()
    trolley = AllowanceState("move", "tourist", 3, 2, "beach_trolley_stop")
    foodie = AllowanceState("move", "any", 1, 1, "foodie")
    panel.show_allowances([trolley, foodie], None,
                          {"beach_trolley_stop": "Beach Trolley Stop", "foodie": "Foodie"}, {1},
                          {0: "you have no tourist in your city"})
    unusable, usable = panel.allowances.item(0).text(), panel.allowances.item(1).text()
    assert "moves left" not in unusable
    assert "not usable now: you have no tourist in your city" in unusable
    assert "(1 move left)" in usable


def test_every_turn_of_every_seat_ends_with_its_score_line():
    """A new player saw score lines after the AI's turns and none after their own (a turn
    that scored nothing had no line): now every turn that settles says the score, changed or
    not, for every seat alike."""
    game = Game.new(base(), 2, 4)
    log = GameLog(game.state, ["Ann", "Bo"])
    bot = make_bot("random")
    turns, score_lines, unchanged = 0, 0, 0
    rng = random.Random(1)
    while not game.state.is_over and turns < 12:
        before = game.state.copy()
        action = bot.choose(game.state, legal_actions(game.state), rng)
        events = game.play(action)
        lines = log.lines(before, action, game.state, events)
        if before.phase in ("acquire", "move", "swap") and \
                (game.state.turn, game.state.current) != (before.turn, before.current):
            turns += 1
            score = [line for line in lines if line.strip().startswith(
                f"{log.names[before.current]}:")]
            assert len(score) == 1, lines
            score_lines += 1
            unchanged += "no change this turn" in score[0]
    assert turns == score_lines >= 10
    assert unchanged >= 1, "some turn scored nothing (a random player's)"


def test_the_player_panel_says_what_the_objective_counts_now_and_what_its_signs_mean(qapp):
    """Both seats stood at -2 before their first card and nothing said why; the one-line panel
    showed "2 $ · 1/14" with no words: the objective's share is in the panel, and the short
    line has its words in a tooltip."""
    game = Game.new(base(), 2, 3, objective="blue")
    while game.state.phase in ("choose_tile", "place_truck"):
        game.play(legal_actions(game.state)[0])
    state = game.state
    sheet = score_game(state).sheets[0]
    objective = sum(line.points for line in sheet.lines if line.category == "objective")
    assert objective < 0, "people outside rings cost points from the start"
    panel = PlayerPanel(0)
    panel.show_player(state, Seat("Ann", "human"), sheet, True, True)
    assert f"objective now: {objective:+d}" in panel.details.text()
    panel.set_compact(True)
    panel.show_player(state, Seat("Ann", "human"), sheet, True, True)
    assert "cards" in panel.name.text() and "$" in panel.name.text()
    assert "sand dollars" in panel.name.toolTip() and "end the game" in panel.name.toolTip()


def a_move_that_loses_points():
    """A position (from seeded random games) where the player to move has a move that loses
    points, such as taking a person out of a full ring."""
    bot = make_bot("random")
    for seed in range(40):
        game = Game.new(base(), 2, seed)
        rng = random.Random(seed)
        while not game.state.is_over:
            state = game.state
            legal = legal_actions(state)
            if state.phase == "move":
                for move in legal:
                    if isinstance(move, MovePerson) and len(move.path) == 1 and \
                            preview(state, move).gain < 0:
                        return state.copy(), move
            game.play(bot.choose(state, legal, rng))
    raise AssertionError("no losing move in 40 games")


def test_choosing_or_dragging_a_person_shows_what_each_move_would_score(qtbot, window):
    """One drag emptied a full ring and cost 4 points without warning: now each space the
    chosen (or dragged) person may end on shows +N / -N, as builds do, the loss in the penalty
    colour."""
    state, losing = a_move_that_loses_points()
    on_the_table(window, state)
    click_person(qtbot, window, losing.person)
    pills = [item for item in window.widgets.city_scene.items() if isinstance(item, GainItem)]
    assert pills, "the moves' points are shown"
    end = window.widgets.city_scene.rect_of(("space", losing.path[-1]))
    here = [item for item in pills if end.contains(item.sceneBoundingRect().center())]
    assert len(here) == 1 and here[0].gain == preview(state, losing).gain < 0
    assert here[0].colour() == PENALTY and "-" in f"{here[0].gain:+d}"
    window.commands.step_back()  # put the person down: the previews go
    assert not any(isinstance(i, GainItem) for i in window.widgets.city_scene.items())
    window.widgets.city_scene.dragging.emit(losing.person)  # as a drag begins
    dragged = [item for item in window.widgets.city_scene.items() if isinstance(item, GainItem)]
    ends = {move.path[-1] for move in legal_actions(state)
            if isinstance(move, MovePerson) and move.person == losing.person}
    assert len(dragged) == len(ends)
    assert min(item.gain for item in dragged) < 0
    window.widgets.city_scene.dropped.emit(losing.person, None)  # let go off the city
    assert not any(isinstance(i, GainItem) for i in window.widgets.city_scene.items())


def test_the_large_card_opens_only_where_the_side_panel_cannot_show_the_card(qtbot, window):
    """The card beside the pointer (about 340 x 600) covered most of the display and repeated
    the side panel: it is smaller now, and opens only when the side panel has no room for the
    card's face."""
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 3, default_pack()))
    state = window.controller.state
    card = state.catalog.cards[state.front[0]]
    window.widgets.popup._held_until = 0.0
    assert window.widgets.inspector.shows_faces()
    window.widgets.display_scene.hovered.emit(card)
    qtbot.wait(DELAY_MS + 300)
    assert not window.widgets.popup.isVisible(), "the side panel shows it already"
    assert window.widgets.inspector.entry is card
    window.widgets.display_scene.hovered.emit(None)
    window.room.user_side_split = True  # the side's room goes to the turn panel and the log
    total = sum(window.widgets.side_split.sizes())
    window.widgets.side_split.setSizes([total - 100, 0, 100])
    qtbot.waitUntil(lambda: not window.widgets.inspector.shows_faces())
    window.widgets.display_scene.hovered.emit(card)
    qtbot.waitUntil(window.widgets.popup.isVisible, timeout=DELAY_MS + 2000)
    assert window.widgets.popup.width() <= 270 and window.widgets.popup.height() <= window.height() * 0.7


def test_the_ai_turn_line_goes_once_the_person_plays_and_speaks_plainly(qtbot, window):
    """The status line kept the previous player's turn long into the next one, in jargon
    ("sent 2 people home"): it goes with the person's first move, and says "returned … to the
    supply"."""
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 6, default_pack()))
    ctrl, bot = window.controller, make_bot("random")
    rng = random.Random(2)
    for _ in range(200):
        qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=30_000)
        if window.statusBar().currentMessage() and ctrl.state.phase == "acquire":
            break
        window.commands.play(bot.choose(ctrl.state, ctrl.legal(), rng))
    assert "Bo" in window.statusBar().currentMessage()
    window.commands.play(bot.choose(ctrl.state, ctrl.legal(), rng))
    assert window.statusBar().currentMessage() == ""
    state = Game.new(base(), 2, 1).state
    words = turn_summary("Bo", [(state, ReturnPerson(1, 0)), (state, ReturnPerson(2, 0))], -1)
    assert "returned 2 people to the supply" in words and "home" not in words


def test_a_restart_after_a_finished_game_resumes_no_older_game_and_says_so(qtbot, tmp_path,
                                                                            monkeypatch):
    """The app resumed an older unfinished game although the player's last game was the
    finished one: now a restart resumes the last game only when it is unfinished (and names
    it); otherwise it says the older ones are under Game ▸ Resume."""
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.menus.set_pace(0)
    table.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 2, default_pack()))
    older = table.controller.autosave
    qtbot.waitUntil(lambda: bool(table.controller.legal()), timeout=30_000)
    table.new_game(GameOptions((("Cy", "random"), ("Di", "random")), 3, default_pack()))
    qtbot.waitUntil(lambda: table.controller.state.is_over, timeout=120_000)
    qtbot.waitUntil(lambda: saved_game_info(table.controller.autosave).over)
    table.close()
    os.utime(older, (1, 1))  # the unfinished game is the older one
    again = TableWindow(remember_layout=False)
    qtbot.addWidget(again)
    assert not again.games.resume_on_start()
    assert again.controller is None, "no older game is resumed"
    assert "last game was finished" in again.widgets.status.text()
    assert "1 older unfinished game" in again.widgets.status.text()
    os.utime(older, None)  # now the unfinished game is the one played last
    assert again.games.resume_on_start() and again.controller.autosave == older
    assert "your last game is resumed (Ann, Bo (AI), turn" in again.widgets.status.text()


def test_the_objectives_people_row_is_named_and_signed_by_what_it_does(qapp):
    """The scorepad's "Penalty" row showed +5, added to the total (the orange tile pays for
    full rings): a row or line that adds points is a bonus, and the points rows carry their
    sign."""
    game = Game.new(base(), 2, 5, objective="orange")
    while game.state.phase in ("choose_tile", "place_truck"):
        game.play(legal_actions(game.state)[0])
    score = score_game(game.state)
    sheets = []
    for i, sheet in enumerate(score.sheets):
        lines = tuple(attrs.evolve(line, points=(3 if i == 0 else -2), why="rings and people")
                      if line.category == "objective" and line.entry == "penalty" else line
                      for line in sheet.lines)
        sheets.append(attrs.evolve(sheet, lines=lines))
    score = attrs.evolve(score, sheets=tuple(sheets))
    rows = dict(scorepad_rows(score))
    assert "Penalty" not in rows and rows["People bonus or penalty"] == [3, -2]
    pad = Scorepad()
    pad.show_score(score, ["Ann", "Bo"])
    row = [label for label, _values in pad.rows].index("People bonus or penalty")
    assert [pad.table.item(row, c).text() for c in (0, 1)] == ["+3", "-2"]
    bonus = next(line for line in sheets[0].lines if line.entry == "penalty")
    penalty = next(line for line in sheets[1].lines if line.entry == "penalty")
    assert "people bonus" in source_name(base(), bonus)
    assert "penalty" in source_name(base(), penalty)
    plain = dict(scorepad_rows(score_game(game.state)))
    assert "Penalty" in plain, "a row that only takes points away stays the penalty"
    # issue 42: a choice that lifts a penalty is not "a penalty +4"
    lifted = attrs.evolve(penalty, points=0, why="0 people outside rings")
    words = line_change_words(base(), lifted, 4)
    assert "penalty avoided" in words and words.endswith("+4"), words
    assert "smaller penalty" in line_change_words(base(), penalty, 2)
    assert "objective, penalty:" in line_change_words(base(), penalty, -2)


def test_a_build_preview_says_how_much_is_the_cards_own(qapp):
    """The preview said "+2 points", the card's badge then said "0", and the total still rose
    (the 2 came from a neighbour): the preview now splits the card's own points from the
    rest."""
    split = TargetItem((0, 1), 2, "", own=0)
    assert split.split_words() == "this card +0, other lines +2"
    assert TargetItem((0, 1), 3, "", own=3).split_words() == ""
    assert TargetItem((0, 1), None).split_words() == ""


def test_r2_5_the_last_starting_tile_is_taken_for_the_person_and_the_log_says_so(qtbot, window):
    """R2.5: the last player to choose had one tile left and still had to click it: the table
    takes it for them and the log says so."""
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 3, default_pack(),
                                start_player=0))
    ctrl = window.controller
    assert ctrl.state.current == 1 and len(ctrl.legal()) == 2  # Bo, the last player, first
    window.commands.play(ctrl.legal()[0])
    qtbot.waitUntil(lambda: ctrl.state.phase != "choose_tile")
    assert ctrl.state.players[0].tile is not None, "Ann's tile was taken for her"
    lines = [window.widgets.log.item(i).text() for i in range(window.widgets.log.count())]
    assert any(line.startswith("Ann gets the last starting tile") for line in lines), lines


def test_a_score_that_changes_on_another_players_turn_is_said_in_the_log():
    """A player's total dropped on the AI's turn (the blue objective's most-unplaced penalty
    moved) and no line said why: the turn's lines name every seat whose total changed."""
    game = Game.new(base(), 2, 9, objective="blue")
    log = GameLog(game.state, ["Ann", "Bo"])
    bot, rng = make_bot("random"), random.Random(4)
    told = 0
    while not game.state.is_over:
        before = game.state.copy()
        old = score_game(before).totals
        action = bot.choose(before, legal_actions(before), rng)
        events = game.play(action)
        lines = log.lines(before, action, game.state, events)
        if (game.state.turn, game.state.current) == (before.turn, before.current) or \
                before.phase in ("choose_tile", "place_truck"):
            continue
        new = score_game(game.state).totals
        other = 1 - before.current
        if new[other] != old[other]:
            assert any(line.strip().startswith(f"{log.names[other]}: {old[other]} → "
                                               f"{new[other]} points") for line in lines), lines
            told += 1
    assert told >= 1, "the other seat's total moved at least once in a whole game"


def test_a_person_put_back_where_they_stood_is_no_refusal():
    """Dropping a dragged person back on their own space said "already on that space" in
    red: it is no move, and nothing to explain."""
    state, losing = a_move_that_loses_points()
    interaction = TurnInteraction()
    interaction.reset(state, legal_actions(state))
    home = state.players[state.current].people[losing.person][1]
    assert interaction.drop_person(losing.person, home) is None
    assert interaction.reason is None


def test_the_city_stays_put_while_a_card_is_picked_and_put_back(qtbot, window):
    """Two players' cards jumped 50-100 px between a hover and a click: the city re-centred
    and re-scaled as the spaces to build on came and went. Its frame now keeps a free column
    each side, so picking a card moves nothing."""
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 12, default_pack()))
    ctrl = window.controller
    bot, rng = make_bot("random"), random.Random(1)
    while not (ctrl.state.phase == "acquire" and ctrl.state.current == 0 and ctrl.legal()):
        qtbot.waitUntil(lambda: bool(ctrl.legal()), timeout=30_000)
        if ctrl.state.phase == "acquire" and ctrl.state.current == 0:
            break
        window.commands.play(bot.choose(ctrl.state, ctrl.legal(), rng))
    qtbot.wait(50)
    before = (window.widgets.city_scene.sceneRect(), window.widgets.city_view.transform().m11())
    slot = next(a.slot for a in ctrl.legal() if isinstance(a, Take))
    window.widgets.display_scene.clicked.emit("slot", slot)
    qtbot.wait(50)
    assert window.session.interaction.slot == slot and any(
        isinstance(i, TargetItem) for i in window.widgets.city_scene.items())
    assert (window.widgets.city_scene.sceneRect(), window.widgets.city_view.transform().m11()) == before
    window.commands.step_back()
    qtbot.wait(50)
    assert (window.widgets.city_scene.sceneRect(), window.widgets.city_view.transform().m11()) == before
