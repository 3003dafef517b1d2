"""The script stage as an editor works: the record, the findings, the plan.

``record`` gives every commit's cleaned full text (its message and PR description, prose
whole); ``findings`` reads from it what listeners must act on, each with the sentence it came
from; ``plan`` chooses the day's headline and stories. Both writers (the story writer and the
LLM writer) and the recap realize the same plan from the same record and findings. Nothing
here is rewritten for speech: that happens on the way out (:mod:`studio.script.speakable`).
"""
