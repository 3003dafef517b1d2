"""Publishing a show folder: the podcast feed, the web pages, and an optional push to GitHub.

``publish_show`` (in :mod:`.site`) is the one entry point the CLI, the pipeline and the
desktop app call.
"""
