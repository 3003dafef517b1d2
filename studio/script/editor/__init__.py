"""The story writer as an editor: the editorial plan realized from the record, offline."""
