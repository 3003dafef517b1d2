"""Numbers written in words, as a model writes them: "twelve", "forty-two", "ninth",
"one thousand two hundred", read back to values for the fact lock."""

from __future__ import annotations

import re

from ..words import _ONES, _TENS, ordinal_words

UNITS = {w: n for n, w in enumerate(_ONES)} | {w: 10 * n for n, w in enumerate(_TENS) if w}
ORDINALS = {ordinal_words(n): n for n in range(1, 100)}
SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
WORD = r"(?:" + "|".join(sorted(set(UNITS) | set(ORDINALS) | set(SCALES) | {"dozen"},
                                key=len, reverse=True)) + r")"
# a run of number words ("two hundred and five", "twenty-one", "thirty-first")
RUN = re.compile(rf"\b{WORD}(?:(?:[\s-]+|\s+and\s+){WORD})*\b", re.I)
DIGIT = r"(?:zero|one|two|three|four|five|six|seven|eight|nine)"
DECIMAL = re.compile(rf"\b({WORD}(?:[\s-]+{WORD})*)\s+point\s+({DIGIT}(?:\s+{DIGIT})*)\b", re.I)


def value_of(run: str) -> tuple[int, bool] | None:
    """(value, is ordinal) of a run of number words, or None when it does not read as one."""
    total = current = 0
    ordinal = False
    words = [w for w in re.split(r"[\s-]+", run.lower()) if w and w != "and"]
    for w in words:
        if w == "dozen":
            current = (current or 1) * 12
        elif w in UNITS:
            current += UNITS[w]
        elif w in ORDINALS:
            current += ORDINALS[w]
            ordinal = True
        elif w in SCALES:
            scale = SCALES[w]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total += (current or 1) * scale
                current = 0
        else:
            return None
    return total + current, ordinal


def numbers_in(text: str) -> set[float]:
    """Every number a text states, in digits or in words."""
    found: set[float] = set()
    for m in re.finditer(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", text):
        raw = m.group(0).rstrip(",")
        try:
            found.add(float(raw.replace(",", "")))
        except ValueError:
            continue
        for part in re.split(r"[,.]", raw):  # "1,234" also as written pieces
            if part.isdigit():
                found.add(float(part))
    spans: list[tuple[int, int]] = []
    for m in DECIMAL.finditer(text):  # "three point two five" is 3.25, not three, two and five
        whole = value_of(m.group(1))
        digits = [UNITS.get(w) for w in re.split(r"[\s-]+", m.group(2).lower()) if w]
        if whole is not None and digits and all(d is not None and d < 10 for d in digits):
            found.add(float(f"{whole[0]}.{''.join(str(d) for d in digits)}"))
            spans.append(m.span())
    for m in RUN.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        read = value_of(m.group(0))
        if read is not None:
            found.add(float(read[0]))
    return found
