"""The language-model writer: a draft from an OpenAI-compatible chat-completions server, every
fact in it locked to the day (:mod:`.factlock`), the story writer's sentences where it fails."""
