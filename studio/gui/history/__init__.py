"""The undo history panel: every step of the episode's editing, and what Undo takes back."""
