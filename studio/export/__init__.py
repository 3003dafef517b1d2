"""Export: the episode's files (MP3 with tags and chapters, transcripts, chapters JSON)."""
