"""From a Day to a Digest: what happened, paired and grouped, ready to be told."""
