"""Audio: trim, assemble, loudness and encoding of an episode's programme."""
