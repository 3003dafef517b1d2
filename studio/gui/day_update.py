"""File → Update from the repository…: the open episode's day pulled again, on the host's word.

A pull of a day the host already has an episode of opens that episode (see
:func:`studio.projects.existing_episode`); pulling it afresh is this explicit step. The new
script is merged over the open episode as ``studio script`` merges it
(:func:`studio.pipeline.merge_update`): takes, trims and edits stay where the commits did not
change. Work the new day cannot keep is named and the host asked first; the whole update is
one undo step.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from .. import humanize
from ..pipeline import SourceSpec
from ..plumbing.errors import StudioError
from . import child_jobs, commands
from .child_jobs import run_in_child
from .loaded import Updated


def update_from_repository(session, spec: SourceSpec) -> None:
    """Pull the open episode's day again from ``spec`` (the pull bar's repository; the day,
    time zone, branch and look-back are the episode's own) and merge it in."""
    project = session.project
    ep, day = project.episode, project.day
    if ep is None:
        session.status.emit("Open or pull an episode first.")
        return
    if project.span is not None or day is None:
        session.dialogs.error(session.window, "only a daily episode with its day (day.json) "
                                              "can be updated from the repository")
        return
    if spec.github and not spec.api_url and session.settings.github_api_url:
        spec = replace(spec, api_url=session.settings.github_api_url)
    spec = replace(spec, tz=day.tz, branch=day.branch or spec.branch,
                   lookback_days=day.lookback_days)
    date = dt.date.fromisoformat(ep.date)
    profile, minutes = session._profile(), session.settings.script_minutes
    show_dir = session._show_of_project()
    old, earlier = ep.to_dict(), day  # a snapshot: the host may go on editing meanwhile
    at = project.undo_stack.index()

    def job(progress, cancel) -> Updated:
        from ..episode import Episode

        return run_in_child(child_jobs.pull_and_merge, (spec, date, profile, minutes, show_dir,
                                                        Episode.from_dict(old), earlier),
                            progress, cancel)

    def done(updated: Updated) -> None:
        if project.episode is not ep or project.undo_stack.index() != at:
            session.status.emit("The episode changed while its day was pulled again: nothing "
                                "was updated. Update from the repository again to merge it.")
            return
        fresh = updated.loaded
        same_day = [c.sha for c in fresh.day.commits] == [c.sha for c in day.commits]
        if same_day and fresh.episode.to_dict() == ep.to_dict():
            session.status.emit(f"{humanize.day(ep.date)} is as the repository has it: "
                                f"nothing to update.")
            return
        if updated.lost and not session.dialogs.ask_update_losing(session.window, updated.lost):
            session.status.emit("Not updated: your episode is as it was.")
            return
        project.undo_stack.push(commands.UpdateFromRepository(project, fresh, session.loaded,
                                                              session.show_day))
        session.status.emit(_said(updated, len(fresh.day.commits)))

    session.run_job("Update", job, done)
    if session.task is not None and session.task.running:
        session.progress.emit(0.0, f"Pulling {humanize.day(ep.date)} again…")


def _said(updated: Updated, commits: int) -> str:
    kept = (f"kept your work on {humanize.plural(len(updated.kept), 'part')}"
            if updated.kept else "there was no work of yours to keep")
    lost = f"; replaced {'; '.join(updated.lost)}" if updated.lost else ""
    return (f"Updated from the repository ({humanize.plural(commits, 'commit')}): {kept}"
            f"{lost}. Edit → Undo puts the earlier version back.")


def current_spec(panel) -> SourceSpec:
    """The repository in the pull bar, as a source (a clear error when it is neither)."""
    from .pull_panel import spec_for

    text = panel.repo.currentText()
    if not text.strip():
        raise StudioError("enter this episode's repository in the pull bar first")
    return spec_for(text, panel.tz.currentText().strip() or "UTC")
