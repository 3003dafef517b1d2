"""Recording takes from a microphone: the parts that need no GUI toolkit (files, formats, recovery)."""
