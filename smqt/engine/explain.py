"""Why a click is refused, in plain words, for the play table (R2-R9).

This module explains refusals; it never decides legality. Every public function first asks the
engine's ``legal_actions(state)`` whether the thing is offered now and returns None when it is.
Only when it is not does it look for the reason, and to do so it reads the rules' own
helpers (``placements``, ``take_candidates``, ``slot_card``, ``action_def``, ``walk_distance``,
``final_distance``) instead of keeping a second copy of the rules. The sentences address the
player as "you", name cards and sand dollar actions by their printed names and never show ids,
coordinates or rule ids; when nothing more precise fits, a plain general sentence is returned
(never None for something refused).

One function per intent: ``why_not`` (any action value), ``why_not_pick`` (a display card),
``why_not_space`` (a city space for the picked card), ``why_not_person`` (one of your people),
``why_not_step`` (a space for the selected person) and ``why_idle`` (a move of the turn that
nothing can use). Each kind's own reasons live with the kind (``actionkinds.ACTION_KINDS``
names them: the display's in ``taking``, the people's in ``moving``); the words they share are
in ``refusals``.
"""

from __future__ import annotations

from smqt.engine.actionkinds import ACTION_KINDS
from smqt.engine.actions import Action
from smqt.engine.legal import legal_actions
from smqt.engine.moving import why_idle as why_idle
from smqt.engine.moving import why_not_person as why_not_person
from smqt.engine.moving import why_not_step as why_not_step
from smqt.engine.state import PERSON_WORDS, GameState
from smqt.engine.taking import why_not_pick as why_not_pick
from smqt.engine.taking import why_not_space as why_not_space
from smqt.language.translate import N_, _

KIND_NAMES = {kind: words[0] for kind, words in PERSON_WORDS.items()}
KIND_PLURALS = {kind: words[1] for kind, words in PERSON_WORDS.items()}
FALLBACK = N_("That is not possible right now.")
"""The general refusal (translate with ``_`` where it is shown; ``why_not`` does)."""


def why_not(state: GameState, action: Action) -> str | None:
    """Why ``action`` is refused now, or None when ``legal_actions`` offers it."""
    if action in legal_actions(state):
        return None
    kind = ACTION_KINDS.get(type(action))
    return (kind.why_not(state, action) if kind else None) or _(FALLBACK)
