"""Levels people can read: the new-game dialog says what each AI level at the table does and
how long it thinks (and each choice's tooltip does); expert is a seat like any other, capped in
time at the table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from smqt.ai.protocol import BOT_LEVELS, LEVEL_SENTENCES, make_bot
from smqt.ai.search import ExpertBot
from smqt.ui.game.controller import THINKING_CAPS
from smqt.ui.shell.newgame import NewGameDialog

pytestmark = pytest.mark.gui


def test_the_dialog_says_what_each_chosen_level_does(qtbot, window):
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    dialog.count.setValue(3)
    for i, level in enumerate(("human", "expert", "medium")):
        dialog.kinds[i].setCurrentIndex(dialog.kinds[i].findData(level))
    note = dialog.levels_note.text().splitlines()
    assert note == ["• medium: " + LEVEL_SENTENCES["medium"],
                    "• expert: " + LEVEL_SENTENCES["expert"]], "easier first, each once"
    assert "at once" in note[0] and "at most three" in note[1], "how long it thinks"
    dialog.count.setValue(2)
    assert dialog.levels_note.text() == "• expert: " + LEVEL_SENTENCES["expert"]
    kind = dialog.kinds[1]
    for index in range(kind.count()):
        level = kind.itemData(index)
        tip = kind.itemData(index, Qt.ItemDataRole.ToolTipRole)
        assert (tip is None) == (level == "human"), level
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("human"))
    assert not dialog.levels_note.isVisibleTo(dialog)


def test_every_level_has_its_sentence_and_expert_is_a_capped_search():
    assert set(LEVEL_SENTENCES) == set(BOT_LEVELS)
    bot = make_bot(f"expert:{THINKING_CAPS['expert']}")
    assert isinstance(bot, ExpertBot) and bot.time_cap == THINKING_CAPS["expert"]
    assert isinstance(make_bot("expert"), ExpertBot) and make_bot("expert").time_cap is None
