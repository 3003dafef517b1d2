"""From a Digest to an episode script: titled segments of spoken text."""
