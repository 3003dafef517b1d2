"""The `studio` command line: thin shells over the core stages."""
