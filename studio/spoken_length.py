"""How much there is to say in a text, in spoken words: what length estimates count.

A script's written words undercount what a voice says wherever numbers are written as digits:
"PRs 171970 to 171972" is four written words and some twenty spoken ones. So numbers count as
the words English speaks them with (years as two pairs), and the rest as written.
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"\d(?:[\d,]*\d)?(?:\.\d+)?(?:st|nd|rd|th)?")
_LETTERS = re.compile(r"[^\W\d_]+")


def _below_thousand(n: int) -> int:
    words = 0
    hundreds, rest = divmod(n, 100)
    if hundreds:
        words += 2  # "three hundred"
    if rest:
        words += 1 if rest < 20 or rest % 10 == 0 else 2  # "seventy" / "seventy one"
        words += 1 if hundreds else 0  # "and"
    return words


def number_words(digits: str) -> int:
    """Spoken words of a number written in digits ("2026" two, "171970" ten, "3.14" four)."""
    whole, _, fraction = digits.replace(",", "").rstrip("stndrh").partition(".")
    n = int(whole) if whole.isdigit() else 0
    count = len(fraction) + 1 if fraction else 0  # "point one four"
    if len(whole) == 4 and 1100 <= n <= 2099 and n % 100 >= 10:
        return count + 2 + (1 if n % 100 >= 20 and n % 10 else 0)  # "twenty twenty six"
    if n == 0:
        return count + 1
    level = 0
    while n:
        n, group = divmod(n, 1000)
        count += _below_thousand(group) + (1 if level and group else 0)  # "thousand", ...
        level += 1
    return count


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2})")


def spoken_words(text: str) -> int:
    """Words a voice says for ``text``: written words, numbers as spoken, an identifier in
    camel case as its parts ("LayerNormBackwardKernel" is four)."""
    total = 0
    for word in text.split():
        numbers = _NUMBER.findall(word)
        if not numbers:
            if _LETTERS.search(word) or any(c.isdigit() for c in word):
                total += 1 + len(_CAMEL.findall(word.strip(".,;:!?\"'()")))
            continue
        rest = _NUMBER.sub(" ", word)
        total += sum(number_words(n) for n in numbers) + len(_LETTERS.findall(rest))
    return total
