"""The studio's plumbing, apart from what it is about: errors said in one line, child
processes started and ended as a group, the disk (free space, atomic and synced writes, the
``-o`` output that may be a device), the show lock, Ctrl-C and the other stopping signals,
secrets kept out of every message, and how the ``studio`` process ends."""
