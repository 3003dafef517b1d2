"""Narration: speech respelling, synthesis through pyttsx3 and the takes of an episode."""
