"""Whether a locked draft is an episode at all: something kept, a greeting, the planned stories
and a sign-off. A draft that fails here is not used (nor cached): the story writer's script is.

The greeting is the episode's first sentence, drafted and kept, that welcomes the listener or
names the show; the sign-off is its last sentence, drafted and kept, a stock line (no commits)
or one that says goodbye; each rollback and story of the editorial plan is told by at least one
sentence naming one of its commits.
"""

from __future__ import annotations

import re

from ...editorial.plan import EditorialPlan
from ...episode import Episode, Sentence
from .assemble import VERIFIED

GREETING = re.compile(r"\b(?:welcome|hello|hi|hey|good (?:morning|afternoon|evening)|"
                      r"this is|you're listening|you are listening|today on)\b", re.I)
SIGN_OFF = re.compile(r"\b(?:see you|that's (?:all|it)|that is (?:all|it)|thanks? (?:you )?for "
                      r"listening|until (?:next time|tomorrow)|bye|goodbye|signing off|"
                      r"tomorrow|next time)\b", re.I)


def _kept(s: Sentence) -> bool:
    return s.provenance == VERIFIED


def unusable(episode: Episode, plan: EditorialPlan, drafted: int) -> str:
    """Why the locked ``episode`` cannot be used (one line), or "" when it can."""
    said = [s for seg in episode.segments for s in seg.sentences]
    if not any(_kept(s) for s in said):
        return f"the fact lock kept none of its {drafted} sentences"
    first, last = said[0], said[-1]
    show = episode.show.strip().lower()
    if not (_kept(first) and (GREETING.search(first.text)
                              or (show and show in first.text.lower()))):
        return "it has no greeting (its opening did not pass the fact lock or was left out)"
    if not (_kept(last) and (not last.commits or SIGN_OFF.search(last.text))):
        return "it has no sign-off (its closing did not pass the fact lock or was left out)"
    told = {sha for s in said for sha in s.commits}
    for story in plan.rollbacks + plan.stories:
        if not told & set(story.shas):
            title = story.commits[0].title if story.commits else story.key
            return f"it leaves out a planned story ({title[:60]!r})"
    return ""
