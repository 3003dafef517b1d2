"""The messages the model is sent: the rules, the show's style, the target length, the day.

Everything the model may say is in the user message as JSON (the day's stats and one card per
commit, :mod:`.facts`); the system message says that nothing else may be said, and that every
sentence names the commits it tells — the fact lock holds it to both afterwards.
"""

from __future__ import annotations

import datetime as dt
import json

from ...profile import Profile
from ..words import spoken_date
from .facts import DayFacts

WORDS_A_MINUTE = 150
DEFAULT_STYLE = ("A daily briefing for the project's developers: warm, direct and concrete. "
                 "Lead with what matters most to users; explain the problem each change solves, "
                 "who it affects and what changes for them, in the authors' own terms.")

RULES = """You write the spoken script of a daily developer podcast episode about one repository.
Rules:
- Use ONLY the facts given in the day's JSON. Never add a number, date, name, handle, PR number,
  commit sha, version, identifier, environment variable or file path that is not written in the
  commits a sentence tells (or in the day's stats).
- Every sentence lists in "commits" the short shas of the commits it tells. A sentence with no
  commits is a stock line (greeting, transition, sign-off) and must state no facts at all
  except the show's name, the date and the day's stats.
- Tell rollbacks whole: whose change, what it did, who reverted it and the reason as given.
- Explain: the problem, who is affected, what changes for them. No praise or hype the record
  does not support. Say PR numbers only where they help (a stack's range).
- Plain spoken English: no markdown, backticks, URLs or lists.
- Answer with one JSON object only:
  {"title": str, "summary": str, "segments": [{"title": str,
   "sentences": [{"text": str, "commits": [short sha, ...]}]}]}"""


def target_words(minutes: float | None, commits: int) -> int:
    """Words to aim at: the show's length for a busy day, less on a quiet one."""
    full = round((minutes or 3.0) * WORDS_A_MINUTE)
    return min(full, 120 + 90 * commits)


def messages(facts: DayFacts, profile: Profile, minutes: float | None) -> list[dict[str, str]]:
    d = facts.digest
    s = d.stats
    style = getattr(profile, "style", "") or DEFAULT_STYLE
    day = {
        "show": d.show, "host": profile.host, "repository": d.repo, "branch": d.branch,
        "date": d.date, "spoken_date": spoken_date(dt.date.fromisoformat(d.date)),
        "stats": {"commits": s.commits, "reverts": s.reverts, "relands": s.relands,
                  "authors": s.authors, "merged_prs": s.merged_prs},
        "commits": facts.cards,
    }
    words = target_words(minutes, s.commits)
    system = f"{RULES}\n\nThe show's style: {style}"
    user = (f"Write about {words} words for the day below (a quiet day may be shorter: never "
            f"pad). Open with a greeting and the date, close with a sign-off.\n\n"
            + json.dumps(day, ensure_ascii=False, sort_keys=True))
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]
