"""The host's phrase bank for the story writer.

Every stock phrase that can come up on most days has at least five variants with no 5-word run
in common, so that no stock sentence recurs on more than a fifth of a month's episodes (the
voice rotates them with the date). Placeholders are filled with ``str.format``; all variants of
one phrase take the same ones. Nothing here praises or judges: the facts come from the record.
"""

from __future__ import annotations

GREETING = [
    "It's {date}, and this is {show}, your daily developer briefing.",
    "Welcome back to {show}. I'm {host}, and this is what happened on {date}.",
    "Hello, and welcome to {show} for {date}. I'm {host}.",
    "This is {show}. I'm {host}; let's look at {date}.",
    "Good to have you with us. This is {show}, and today is {date}.",
    "{show}, {date}. I'm {host}, and here is the day.",
    "Hi, I'm {host}, and you're listening to {show}. We're looking at {date}.",
]

LEAD = [
    "Today's story: {lead}.",
    "The short version: {lead}.",
    "What the day was about: {lead}.",
    "In one line: {lead}.",
    "Here is the shape of it: {lead}.",
    "The headline is {lead}.",
]

NUMBERS = [
    "{commits_cap} landed on {branch}, from {authors}.",
    "On {branch}: {commits} from {authors}.",
    "{authors_cap} put {commits} on {branch}.",
    "{commits_cap} went into {branch}, written by {authors}.",
    "{branch_cap} took {commits}; {authors} wrote them.",
    "By the numbers, {commits} reached {branch}, the work of {authors}.",
]
NUMBERS_BOTS = [
    "{commits_cap} landed on {branch}, all of them from bots.",
    "On {branch}: {commits}, every one from an automated account.",
    "{branch_cap} took {commits}, and no person wrote any of them.",
    "Only automation today: {commits} on {branch}.",
    "{commits_cap} went into {branch}, all from bots.",
]
REVERT_COUNT = [
    "{reverts_cap} of those commits {verb} {noun}.",
    "Among them, {counted}.",  # "a rollback" / "two rollbacks" ("one a rollback" was said)
    "{reverts_cap} {verb} {revert_noun} of earlier work.",
    "That includes {counted}.",
    "And {reverts} {verb} undoing something.",
]
RELAND_COUNT = [
    "{relands_cap} brought back work that had been reverted.",
    "{relands_cap} {verb} {landing} of reverted work.",
    "And {relands} returned something that had gone back.",
    "{relands_cap} put reverted work back on the branch.",
    "Also, reverted work came back in {relands}.",
]

QUIET = [
    "A quiet day: {commits} on {branch}.",
    "Not much landed: just {commits} on {branch}.",
    "{branch_cap} saw only {commits} today.",
    "A short one today, with {commits} on {branch}.",
    "Only {commits} reached {branch}.",
]
NO_COMMITS = [
    "Nothing landed on {branch} today, so this is a short episode.",
    "{branch_cap} was still today: no commits at all.",
    "No commits reached {branch} on this day.",
    "A day without a single commit on {branch}.",
    "The branch, {branch}, did not move today.",
]
LOOKBACK = [
    "In the {days} days before, {commits} landed, so the branch is far from idle.",
    "For scale, the {days} days before brought {commits}.",
    "The {days} days before were busier, with {commits}.",
    "Before today, {commits} had landed over {days} days.",
    "Over the previous {days} days, {commits} went in.",
]

# Opening a thread. {name}: the thread's spoken name. Threads come several to an episode, so
# these keep their fixed words to short runs around the name.
FIRST_THREAD = [
    "The biggest story is {name}.",
    "We start with {name}.",
    "First, {name}.",
    "Leading the day: {name}.",
    "Let's begin with {name}.",
    "At the top today: {name}.",
    "Top of the list: {name}.",
]
NEXT_THREAD = [
    "Next, {name}.",
    "A second thread: {name}.",
    "Moving on to {name}.",
    "Then, {name}.",
    "Now to {name}.",
    "Elsewhere, {name}.",
    "Over in {name}:",
    "Turning to {name}.",
]
LATER_THREAD = [
    "One more thread: {name}.",
    "Also today, {name}.",
    "Further on, {name}.",
    "And {name}.",
    "Down the list, {name}.",
    "Then there's {name}.",
    "Meanwhile, {name}.",
    "Switching to {name}.",
]
OTHER_FIRST = [
    "First up.",
    "To begin.",
    "We start here.",
    "Top of the list.",
    "Let's begin.",
]
OTHER_ONE = [
    "One more change, on its own.",
    "Separately, one more.",
    "And one change on its own.",
    "One more, outside those threads.",
    "Also, a single change.",
]
OTHER_THREAD = [
    "Some changes stand on their own.",
    "A few more, each on its own.",
    "Outside those threads:",
    "Then some single changes.",
    "Other changes, one by one.",
    "Beyond the threads, a few separate changes.",
]
AFTER_ROLLBACKS = [
    "Away from the rollbacks, {name}.",
    "Beyond what went back, {name}.",
    "With the rollbacks told, on to {name}.",
    "Forward again, with {name}.",
    "The rest of the day went to {name}.",
    "Now what stayed in: {name}.",
]

ALSO = [
    "Also here: {items}.",
    "Alongside it, {items}.",
    "In the same area, {items}.",
    "Nearby, {items}.",
    "Next to that, {items}.",
]
ALSO_OTHER = [
    "Also on their own: {items}.",
    "Besides that, {items}.",
    "Then, separately, {items}.",
    "And apart from those, {items}.",
    "Elsewhere on the branch, {items}.",
]
ALSO_COUNT = [
    "{count_cap} landed in the same area.",
    "The same area took {count}.",
    "Alongside came {count}.",
    "Next to it: {count}.",
    "And there were {count} besides.",
]

HOUSEKEEPING = [
    "Housekeeping: {count} on {what}.",
    "The upkeep: {count}, covering {what}.",
    "Then the chores, {count} in all, touching {what}.",
    "Maintenance took {count}: {what}.",
    "Some tidying too, with {count} in {what}.",
]

FOCUS_INTRO = [
    "Today's focus: {tip}",
    "For today's focus, {tip}",
    "What to do with this: {tip}",
    "If you take one thing away: {tip}",
    "The practical part: {tip}",
]
FOCUS_NONE = [
    "Nothing today asks anything of you: no removals, no deprecations, nothing to switch on.",
    "No action needed today: nothing was removed or deprecated, and nothing asks to be enabled.",
    "There's nothing you need to change for today's commits.",
    "Today's commits need no action from you.",
    "None of today's changes asks you to change your own code.",
]

SIGN_OFF = [
    "That's {show} for {date}. See you tomorrow.",
    "That's the day. Thanks for listening to {show}.",
    "And that's all for {date}. Until tomorrow.",
    "Thanks for listening; {show} is back tomorrow.",
    "That wraps up {date}. Talk to you next time on {show}.",
    "That's everything from {date}. Bye for now.",
]

# Rollbacks told whole.
ROLLBACKS_ONE = [
    "One change went back today.",
    "A rollback first.",
    "Something was reverted today.",
    "Today had a rollback.",
    "First, what went back.",
]
ROLLBACKS_MANY = [
    "{count_cap} went back today.",
    "{count_cap} were reverted.",
    "Today saw {count} reverted.",
    "First, {count} that were rolled back.",
    "Rollbacks first: {count} went back.",
]
# the same, when other news was told before the rollbacks: nothing that says "first"
ROLLBACKS_ONE_LATER = [
    "One change also went back today.",
    "There was a rollback, too.",
    "Something else happened today: a revert.",
    "Today also had a rollback.",
    "Now, what went back.",
]
ROLLBACKS_MANY_LATER = [
    "{count_cap} also went back today.",
    "And {count} were reverted.",
    "The day also saw {count} reverted.",
    "Now, {count} that were rolled back.",
    "On to the rollbacks: {count} went back.",
]
NONE_BACK = [
    "None of them has come back yet.",
    "So far, none of them has returned.",
    "All of them are still out as of today.",
    "No reland for any of them yet.",
    "Not one of them is back yet.",
]
REVERTED_BY = [
    "Today, {who} reverted it{same}.",
    "It was reverted today by {who}{same}.",
    "The revert came from {who}{same}.",
    "Then {who} took it back out{same}.",
    "Today it went back, reverted by {who}{same}.",
    "And {who} undid it{same}.",
]
SAME_DAY = [
    ", the same day it landed",
    ", hours after it went in",
    ", on its first day",
    ", before the day was out",
    ", within the day",
]
NO_REASON = [
    "No reason was given.",
    "The revert gives no reason.",
    "The revert says nothing about why.",
    "No reason was written down.",
    "Why, the revert does not say.",
]
REASON = [
    "The reason, as written: {reason}.",
    "The revert says: {reason}.",
    "In the revert's words: {reason}.",
    "The reason given: {reason}.",
    "Its message reads: {reason}.",
]
AUTOMATIC = [
    "The revert was automatic, made by {bot}.",
    "{bot_cap} made the revert on its own.",
    "No person asked for it: {bot} reverted it.",
    "It was {bot} that took it out.",
    "The rollback came from {bot}, not from a person.",
]
NOT_BACK = [
    "It has not come back yet.",
    "It's not back yet.",
    "So far it has not returned.",
    "It is still out as of today.",
    "There's no reland yet.",
]
MORE_ROLLBACKS = [
    "{count_cap} more went back too: {items}.",
    "Also reverted: {items}.",
    "The other rollbacks: {items}.",
    "{count_cap} more rollbacks: {items}.",
    "Reverted as well: {items}.",
]

# Today's focus: one bank per kind of signal, since each can come up day after day.
FOCUS_REMOVED = [
    "if you import {names}, that is gone as of today: check your imports before you update",
    "code that imports {names} will break on the next update, after today's removal",
    "if your code uses {names}, plan the move now, before you update past today",
    "anyone importing {names} should look for another path, as of today's removal",
    "check whether you use {names}; after today's removal, those imports fail",
]
FOCUS_DEPRECATED = [
    "{names} is deprecated as of today; it still works, and the change names what to use",
    "if you use {names}, note the deprecation that landed today",
    "today's deprecation of {names} is your early warning to move off it",
    "{names} now carries a deprecation; worth checking where you rely on it",
    "a deprecation landed for {names}, so look at where your code calls it",
]
FOCUS_DEPRECATION = [
    "one deprecation to note: {title}",
    "a deprecation landed, in its own words: {title}",
    "take note of today's deprecation: {title}",
    "if you rely on it, see the deprecation titled {title}",
    "there is a deprecation on the list: {title}",
]
FOCUS_ACTION = [
    "one change tells users what to do: {sentence}",
    "from {who}'s change, in its own words: {sentence}",
    "the change by {who} says: {sentence}",
    "as {who} put it in the change: {sentence}",
    "straight from {who}'s description: {sentence}",
]
FOCUS_OUT = [
    "if you built on {name}, it is out of {branch} for now",
    "work that depends on {name} needs to wait: it is reverted on {branch}",
    "{name} is not on {branch} any more, so don't build on it yet",
    "if your branch uses {name}, rebase with care: it was taken out",
    "anything that leans on {name} has lost it for now",
]
FOCUS_BACK = [
    "if you held back while {name} was out, it is back on {branch} now",
    "{name} is on {branch} again, if you were waiting for it",
    "the wait for {name} is over: it is back",
    "you can pick up {name} again; it returned today",
    "if you paused work that needs {name}, it can resume now",
]
FOCUS_STACK = [
    "read {prs} in order: {how}",
    "{prs} make the most sense read one after another: {how}",
    "to follow the stack, start at the first of {prs}: {how}",
    "take {prs} in sequence, since {how}",
    "the order matters for {prs}: {how}",
]

# A change's size, in changed lines of code (added plus deleted) outside tests and docs ({n}:
# "two thousand", always said as a lower bound, and always as lines changed, never as the code's
# size). Each variant keeps its fixed words to short runs: on a busy repository this comes up
# most days.
SIZE = [
    "It changes more than {n} lines of code.",
    "That is over {n} changed lines, tests aside.",
    "Its code diff runs past {n} changed lines.",
    "Upward of {n} lines of code changed.",
    "In size: {n}-plus changed lines of code.",
    "Its code diff tops {n} lines.",
    "Counting code only, over {n} lines changed.",
]

# The next change by the person just named.
AGAIN = [
    "They also {did}.",
    "The same author also {did}.",
    "They {did} as well.",
    "And they also {did}.",
    "On top of that, they {did}.",
]
# Joining the middle steps of a stack.
STEP_THEN = ["Then {steps}.", "After that, {steps}.", "Next, {steps}.", "Then comes {steps}.",
             "Further along, {steps}."]

# A stack or series as one story ({size}: "seven-PR stack", {span}: ", PRs 4717 to 4723,").
STACK_OPEN = [
    "{who} landed a {size}{span} today",
    "{who} put in a {size}{span}",
    "{who}'s {size}{span} went in today",
]
STACK_OPEN_INNER = [
    "A {size} from {who}{span} landed today",
    "Today brought {who}'s {size}{span}",
    "Today, {who} landed {n} PRs as one {kind}{span}",
    "There was a {size} by {who}{span}",
    "Merged today: {n} PRs in a {kind} by {who}{span}",
]
# Ways to name a thread of work on a module or tag ({x}: "stringdtype").
THREAD_NAME = ["the {x} work", "the {x} area", "work on {x}", "changes to {x}", "the {x} code"]
