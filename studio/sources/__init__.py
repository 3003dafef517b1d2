"""Where a day's commits come from: a local git repository or the GitHub API."""
