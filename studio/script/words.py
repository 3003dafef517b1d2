"""Numbers, dates and lists as a host would say them."""

from __future__ import annotations

import datetime as dt
import re

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORDINAL_WORDS = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                  "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]


def number_words(n: int) -> str:
    """``12`` → "twelve", ``1234`` → "one thousand two hundred thirty-four"."""
    if n < 0:
        return "minus " + number_words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {number_words(rest)}" if rest else "")
    for size, word in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= size:
            big, rest = divmod(n, size)
            return f"{number_words(big)} {word}" + (f" {number_words(rest)}" if rest else "")
    raise AssertionError("unreachable")


def ordinal_words(n: int) -> str:
    """``9`` → "ninth", ``21`` → "twenty-first"."""
    words = number_words(n)
    head, sep, last = words.rpartition("-") if "-" in words.split(" ")[-1] else (
        words.rpartition(" "))
    if last in _ORDINAL_WORDS:
        last = _ORDINAL_WORDS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}{sep}{last}"


def ordinal_suffix(n: int) -> str:
    """``9`` → "9th", ``22`` → "22nd"."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def spoken_date(day: dt.date) -> str:
    """``2026-02-09`` → "February 9th, 2026"."""
    return f"{_MONTHS[day.month - 1]} {ordinal_suffix(day.day)}, {day.year}"


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``count(3, "commit")`` → "three commits"; ``count(1, "rollback")`` → "one rollback"."""
    noun = singular if n == 1 else (plural or singular + "s")
    return f"{number_words(n)} {noun}"


def join_words(items: list[str], conjunction: str = "and") -> str:
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {conjunction} {items[1]}"
    return ", ".join(items[:-1]) + f", {conjunction} {items[-1]}"


def a_or_an(word: str) -> str:
    """The indefinite article a word takes by its first sound ("an uninitialized", "a type
    error", "a Unicode encode error", "a one-line fix"; a vowel letter stands for a vowel
    sound in most words the writers meet)."""
    w = word.lower()
    if _YOU_OR_WON.match(w):
        return "a"
    return "an" if w[:1] in "aeiou" else "a"


# words whose first vowel letter is said as a consonant ("unicode" as "you-", "one" as "won")
_YOU_OR_WON = re.compile(r"(?:uni(?!n(?:it|st|ter|dex|tend|form|s)|mp)|use|usu|uti|utf|uri|url|"
                         r"uuid|eu|one\b|once\b|one-)")


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def sentence(text: str) -> str:
    """Capitalised and ending in a full stop (unless it already ends a sentence)."""
    text = " ".join(text.split())
    if not text:
        return text
    text = capitalize(text)
    return text if text[-1] in ".!?:" else text + "."
