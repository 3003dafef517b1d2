"""The host's phrasebook: several ways to say each thing, picked by a seeded random choice.

Placeholders are filled with ``str.format``; every variant of one phrase takes the same ones.
"""

from __future__ import annotations

GREETING = [
    "Hey there, {show} developers! Welcome back to another episode of the {show} podcast. "
    "I'm {host}, and we have a story to tell from {date}.",
    "It's {date}, and this is {show}, your daily developer briefing.",
    "Good morning, and welcome to {show} daily. I'm {host}, and today we're looking at {date}.",
    "Welcome back to the {show} podcast. Grab your coffee: here's what happened on {date}.",
]

NUMBERS_WITH_REVERTS = [
    "We had {commits} land on {branch}, but here's the twist: {reverts} of them "
    "{reverts_verb} rollbacks.",
    "{commits_cap} landed on {branch} today, and {reverts} of them {reverts_verb} rollbacks.",
    "The numbers: {commits} on {branch}, {reverts} of them rollbacks.",
]
NUMBERS_PLAIN = [
    "We had {commits} land on {branch}.",
    "{commits_cap} landed on {branch} today.",
    "The numbers: {commits} on {branch}.",
]
AUTHORS = [
    "They came from {authors}.",
    "{authors_cap} contributed.",
    "Behind them: {authors}.",
]
RELANDS_COUNT = [
    "And {relands} {relands_verb} second chances for work that had been rolled back.",
    "Plus {relands}: work that went back and came home again.",
]

ROLLBACKS_INTRO = [
    "Let's start with the rollbacks.",
    "First, the rollbacks, because they tell us the most about the day.",
    "Rollbacks first.",
]
ROLLBACKS_OUTRO = [
    "None of this is doom and gloom: reverts are a safety net, and they let people be bold.",
    "Better to catch problems early than let them reach users downstream.",
    "That's how a healthy main branch works: back it goes, fix it, land it again.",
]
AUTO_REASON = [
    "Something in CI wasn't happy, so the auto-revert kicked in.",
    "The auto-revert system caught it and rolled it back.",
    "It was reverted automatically after CI flagged it.",
]
NO_REASON = "No reason was given in the revert."
HUMAN_REASON = [
    "The reason given: {reason}.",
    "Why? In the reverter's words: {reason}.",
    "The revert says: {reason}.",
]

RELAND_INTRO = [
    "And some second chances.",
    "Now the comebacks.",
    "Some work came back, too.",
]

STACKS_INTRO = [
    "Some work landed as stacks, so let's tell each as one story.",
    "A few changes came as stacks and series.",
    "Now the stacks.",
]

GROUP_INTRO = [
    "On the {group} front,",
    "Over on the {group} side,",
    "Moving to the {group} work:",
    "Turning to the {group} work,",
]
LEAD = [
    "Today's story: {lead}.",
    "Today's biggest theme: {lead}.",
    "Here's the short version: {lead}.",
]
LANDED_VERB = ["landed", "shipped", "delivered", "pushed through", "merged"]
MORE_IN_GROUP = [
    "Plus {more} more in {themes}.",
    "And {more} more across {themes}.",
    "{more_cap} more landed in {themes}, too.",
]
AUTO_GROUP = [
    "The auto-revert system was busy: it rolled back {count}.",
    "The auto-revert kicked in {times} today.",
    "{count_cap} went back automatically after CI flagged them.",
]

HOUSEKEEPING_INTRO = [
    "The housekeeping side was busy too: {count} across {themes}.",
    "On housekeeping, {count} touching {themes}.",
    "And some tidying up: {count} in {themes}.",
]

FOCUS_INTRO = ["For today's focus, {tip}", "Today's focus: {tip}", "Here's today's focus: {tip}"]

SIGN_OFF = [
    "That's a wrap for {date}. Keep building, and I'll catch you tomorrow for another day "
    "in the life of {show}. Until then, happy coding!",
    "That's it for today. Thanks for listening to {show}, and see you tomorrow.",
    "That's a wrap! Remember, every rollback is a setup for a comeback. See you tomorrow.",
    "That's the day on {show}. Keep coding, keep contributing, and until tomorrow, happy "
    "developing!",
]

QUIET_DAY = [
    "It was a quiet day: {commits} on {branch}.",
    "A quiet one today: just {commits} on {branch}.",
]
NO_COMMITS = [
    "It was a quiet day: no commits landed on {branch} at all.",
    "Nothing landed on {branch} today. A quiet day, and an honest short episode.",
]
