"""Accounts that are bots by their shape, whatever the show profile lists, and GitHub logins
read from commit addresses.

The shapes, each seen on real repositories:

- a GitHub App: the login or name ends in ``[bot]`` (``dependabot[bot]``), its noreply address
  is ``<id>+<name>[bot]@users.noreply.github.com``; Copilot's login has no suffix, so its
  noreply address is known by name, and the GitHub source records the API's own word (the
  account's type ``Bot``);
- a machine account whose login ends in ``bot``, as its noreply address shows
  (``pytorchmergebot@users.noreply.github.com``), or whose name is one such word
  (``zaniebot <zaniebot@accounts.zanie.blue>``, ruff's release account);
- a name whose last word is "bot" or "robot" (``Release Bot``, ``docs-bot``,
  ``k8s-ci-robot``), or ends in a capitalised ``Bot`` (``PyTorch MergeBot``);
- an address whose local part ends in a separate word "bot" (``soumith+bot@``, ``ci-bot@``).

A name that merely ends in the letters is a person: Abbott, and the surnames Talbot, Cabot and
Abbot even as a login or a one-word name.
"""

from __future__ import annotations

import re

NOREPLY = "users.noreply.github.com"
# A GitHub login: letters, digits and single hyphens, at most 39 characters.
LOGIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}")
_BOT_WORD = re.compile(r"(?:^|[\s_.+\-])(?:ro)?bot$", re.IGNORECASE)
_CAMEL_BOT = re.compile(r"[a-z0-9](?:Ro)?Bot$")  # MergeBot, PyTorchBot; not Abbott, Talbot
# Words (names, logins) ending in "bot" that name people, not machines.
_BOT_SURNAMES = {"abbot", "cabot", "talbot", "sabot", "turbot"}
_APP_LOGINS = {"copilot"}  # GitHub Apps whose login carries no [bot]


def noreply_login(email: str) -> str:
    """The GitHub login a ``[<id>+]<login>@users.noreply.github.com`` address names, or ""."""
    local, _, domain = (email or "").strip().rpartition("@")
    if domain.lower() != NOREPLY or not local:
        return ""
    return local.rsplit("+", 1)[-1]


def _bot_token(word: str) -> bool:
    """A one-word account name ending in "bot" (pytorchmergebot, zaniebot), not a surname."""
    text = word.strip().lower()
    return text == "bot" or (text.endswith("bot") and len(text) > 3 and text not in _BOT_SURNAMES)


def name_is_bot(name: str) -> bool:
    text = (name or "").strip()
    if not text:
        return False
    if text.lower().endswith("[bot]") or _BOT_WORD.search(text) or _CAMEL_BOT.search(text):
        return True
    return " " not in text and _bot_token(text)


def login_is_bot(login: str) -> bool:
    text = (login or "").strip().lower()
    return bool(text) and (text.endswith("[bot]") or _bot_token(text))


def email_is_bot(email: str) -> bool:
    address = (email or "").strip()
    if "@" not in address:
        return False
    login = noreply_login(address)
    if login:
        return login_is_bot(login) or login.lower() in _APP_LOGINS
    local = address.rsplit("@", 1)[0]
    return local.lower().endswith("[bot]") or bool(_BOT_WORD.search(local))


def looks_like_bot(name: str = "", login: str = "", email: str = "") -> bool:
    """Whether an author with this display name, login and address is a bot by its shape."""
    return name_is_bot(name) or login_is_bot(login) or email_is_bot(email)


_MAX_SPOKEN = 40  # a longer "name" is not one a listener should hear


def spoken_bot(name: str = "", login: str = "", email: str = "") -> str:
    """How a bot is named aloud, never as a person: "the merge bot" for a merge bot, "the
    auto-revert bot" for an auto-revert account, else its own short name — ``dependabot``
    (``dependabot[bot]``), "the renovate bot" (``renovate[bot]``) — or "a bot" when nothing
    names it plainly."""
    mail_login = noreply_login(email) or (email or "").split("@", 1)[0]
    every = " ".join((name or "", login or "", mail_login)).lower()
    if "merge" in every:
        return "the merge bot"
    if "revert" in every:
        return "the auto-revert bot"
    short = re.sub(r"\[bot\]$", "", (name or login or noreply_login(email)).strip(),
                   flags=re.IGNORECASE).strip()
    if not short or len(short) > _MAX_SPOKEN or len(short.split()) > 3 or "@" in short:
        return "a bot"
    return short if short.lower().endswith("bot") else f"the {short} bot"
