"""Start-up stays light (issue 15): opening the table, the editor or ``smqt --help`` imports
neither scipy nor numpy; they load when a final movement is solved or a report is made."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_table_and_the_editor_start_without_scipy():
    code = ("import sys, smqt.cli.main, smqt.ui.shell.start, smqt.ui.shell.window, "
            "editor.shell.app, editor.shell.window; "
            "heavy = sorted(m for m in ('scipy', 'numpy') if m in sys.modules); "
            "print(','.join(heavy) or 'none')")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120, check=True).stdout.strip()
    assert out == "none", f"imported at start: {out}"


def test_solving_a_final_movement_still_loads_the_solver():
    from smqt.cli.crowded import crowded_city_states
    from smqt.engine.finalmove import best_final_movement
    from smqt.pack.load import load_pack
    from smqt.pack.shipped import default_pack

    state = next(iter(crowded_city_states(load_pack(default_pack()), 1, seed=7)))
    best_final_movement(state, state.current)
    assert "scipy.optimize" in sys.modules
