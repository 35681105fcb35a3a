"""The table's sound cues, made for this product: short chimes synthesized here (sine tones
with a soft attack and a decay), written as WAV files on first use. Qt-free; the same bytes
every time. The cues and their licence are described in docs/sounds.md."""

from __future__ import annotations

import io
import math
import struct
import wave
from pathlib import Path

RATE = 22050
"""Samples per second (mono, 16 bit)."""

CUES: dict[str, tuple[tuple[float, float, float], ...]] = {
    # (start in seconds, frequency in Hz, length in seconds) per note
    "your_turn": ((0.0, 523.25, 0.22), (0.11, 659.25, 0.30)),
    "card_placed": ((0.0, 196.0, 0.09), (0.0, 392.0, 0.05)),
    "ring_filled": ((0.0, 659.25, 0.18), (0.08, 783.99, 0.18), (0.16, 1046.5, 0.32)),
    "game_over": ((0.0, 523.25, 0.25), (0.14, 659.25, 0.25), (0.28, 783.99, 0.3),
                  (0.44, 1046.5, 0.7)),
}
"""Your turn begins, a card is placed, a ring is filled, the game is over."""

VOLUME = 0.35


def samples(cue: str) -> list[float]:
    """The cue as samples in -1..1."""
    notes = CUES[cue]
    length = max(start + seconds for start, _f, seconds in notes)
    out = [0.0] * int(length * RATE + 1)
    for start, frequency, seconds in notes:
        first = int(start * RATE)
        count = int(seconds * RATE)
        for i in range(count):
            t = i / RATE
            attack = min(1.0, t / 0.008)  # no click at the start
            decay = math.exp(-5.0 * t / seconds)
            tone = math.sin(2 * math.pi * frequency * t) + 0.25 * math.sin(4 * math.pi * frequency * t)
            out[first + i] += VOLUME * attack * decay * tone / 1.25
    peak = max(1.0, max(abs(s) for s in out))
    return [s / peak for s in out]


def wav_bytes(cue: str) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(s * 32767)) for s in samples(cue)))
    return buffer.getvalue()


def write_cues(folder: Path) -> dict[str, Path]:
    """Every cue as ``folder/NAME.wav`` (written when missing or different); name -> file."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for cue in CUES:
        path = folder / f"{cue}.wav"
        data = wav_bytes(cue)
        if not path.is_file() or path.read_bytes() != data:
            temporary = path.with_name(f".{path.name}.tmp")
            temporary.write_bytes(data)
            temporary.replace(path)  # never a half-written cue
        files[cue] = path
    return files
