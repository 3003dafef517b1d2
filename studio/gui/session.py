"""What the window's File menu and pull bar do: pull, open, save, recover, regenerate.

Heavy work (pulling, reading and digesting a day, writing the script) runs through the
task runner; the results come back here on the UI thread and land in the :class:`Project`.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from .. import humanize, projects
from ..episode import Segment
from ..pipeline import SourceSpec
from ..plumbing.errors import StudioError
from ..settings import Settings, remember, save_settings
from ..sources.span import SpanDates
from . import child_jobs, commands
from .child_jobs import run_in_child
from .dialogs import CANCEL, SAVE, Dialogs
from .loaded import Loaded, digest_of, span_loaded
from .project import Project
from .show_voice import ShowVoices
from .tasks import TaskRunner
from .turn_cache import TurnCache

log = logging.getLogger(__name__)


class Session(QObject):
    status = Signal(str)
    failed = Signal(str, str)  # job name, why
    progress = Signal(float, str)
    busy_changed = Signal(bool)
    day_loaded = Signal(object)  # Loaded
    settings_changed = Signal()

    def __init__(self, project: Project, runner: TaskRunner, settings: Settings,
                 dialogs: Dialogs, window, settings_dir: Path | None = None) -> None:
        super().__init__(window)
        self.project, self.runner, self.settings = project, runner, settings
        self._shows: TurnCache[Path | None] = TurnCache()  # a folder's show, once a turn
        self.dialogs, self.window, self.settings_dir = dialogs, window, settings_dir
        self.task = None
        self.io_runner: TaskRunner | None = None  # one thread: saves land in order
        self.voices = ShowVoices()  # see narration_settings
        self.loaded: Loaded | None = None  # how the open episode's day is shown (for undo)

    # --- helpers -----------------------------------------------------------------------------
    def run_job(self, name: str, func, on_done: Callable) -> None:
        """Run one job at a time; its progress and errors go to the window."""
        if self.task is not None and self.task.running:
            self.status.emit("Busy: wait for the current job or cancel it.")
            return
        self.busy_changed.emit(True)

        def finish(result) -> None:
            self.busy_changed.emit(False)
            on_done(result)

        def fail(message: str) -> None:
            self.busy_changed.emit(False)
            self.status.emit(message)
            self.failed.emit(name, message)
            self.dialogs.error(self.window, message)

        def cancelled() -> None:
            self.busy_changed.emit(False)
            self.status.emit(f"{name} cancelled.")

        self.task = self.runner.run_task(name, func, finish, fail, self.progress.emit, cancelled)

    def cancel(self) -> None:
        if self.task is not None and self.task.running:
            self.task.cancel()

    def save_settings(self) -> None:
        """Write the settings in a worker (an fsync on the UI thread stalls it)."""
        snapshot, folder = replace(self.settings), self.settings_dir

        def write(_p, _c) -> None:
            try:
                save_settings(snapshot, folder)
            except StudioError as exc:
                log.warning("settings not saved: %s", exc)
                raise StudioError(f"Settings not saved: {exc}") from None

        (self.io_runner or self.runner).run_task("Save settings", write, None, self.status.emit)
        self.settings_changed.emit()

    def save_show_writer(self, show_dir: Path, writer, minutes: float, details=None) -> None:
        """Keep the script writer and length (``writer`` None: as they are) and the show's
        details (Settings ▸ Show; None: as they are) in the show's show.toml, in one worker
        so neither write undoes the other."""
        title = self.settings.show_title

        def write(_p, _c) -> None:
            from ..publish.show import set_details, set_writer

            if details is not None:
                try:
                    set_details(show_dir, details)
                except (OSError, StudioError) as exc:
                    raise StudioError(f"The show's details not saved in {show_dir}: "
                                      f"{exc}") from None
            if writer is not None:
                try:
                    set_writer(show_dir, writer, minutes, title)
                except (OSError, StudioError) as exc:
                    raise StudioError(f"Script writer not saved in {show_dir}: {exc}") from None

        (self.io_runner or self.runner).run_task("Save show writer", write, None,
                                                 self.status.emit)

    def _show_of_project(self) -> str:
        """The show the open episode's folder lives in (SHOW/episodes/DATE), else the show
        folder of the settings: whose show.toml writes its script."""
        from ..plumbing.showlock import show_of

        folder = self.project.folder
        show = self._shows(folder, lambda: show_of(folder)) if folder is not None else None
        return str(show) if show is not None else self.settings.show_dir

    def narration_settings(self, show_dir: str | Path | None = None) -> Settings:
        """The settings narration uses: the app's, with the show's show.toml ``[voice]`` (see
        :mod:`studio.gui.show_voice`); the show is ``show_dir`` (an export's), else the open
        episode's."""
        return self.voices.settings_for(self.settings, show_dir or self._show_of_project())

    def _profile(self) -> str | None:
        return self.settings.profile or None

    def _load(self, loaded: Loaded, recovered: bool = False) -> None:
        self.project.set_episode(loaded.episode, loaded.day, loaded.folder, recovered=recovered,
                                 span=loaded.span)
        self.show_day(loaded)

    def show_day(self, loaded: Loaded) -> None:
        """Put ``loaded``'s day (or span) in the day list and the pull bar."""
        self.loaded = loaded
        self.day_loaded.emit(loaded)

    def may_discard(self) -> bool:
        """Ask about unsaved changes; True when it is fine to replace or close the episode."""
        if not self.project.modified:
            return True
        answer = self.dialogs.ask_unsaved(self.window, self.project.episode.title)
        if answer == CANCEL:
            return False
        if answer == SAVE:
            return self.save()
        return True

    # --- pull, open, save --------------------------------------------------------------------
    def pull(self, spec: SourceSpec, date: dt.date) -> None:
        if not self.may_discard():
            return
        profile = self._profile()
        if spec.github and not spec.api_url and self.settings.github_api_url:
            spec = replace(spec, api_url=self.settings.github_api_url)

        minutes, show_dir = self.settings.script_minutes, self.settings.show_dir
        recent = list(self.settings.recent_projects)

        def job(progress, cancel) -> Loaded:
            return run_in_child(child_jobs.pull_and_write,
                                (spec, date, profile, minutes, show_dir, recent), progress, cancel)

        def done(loaded: Loaded) -> None:
            self._load(loaded)
            source = spec.git or spec.github or ""
            self.settings.recent_repos = remember(self.settings.recent_repos, source)
            self.settings.tz = spec.tz
            self.save_settings()
            if loaded.existing:  # the host's episode of the day: opened, never drafted over
                self._remember_project(loaded.folder)
                self.status.emit(f"{humanize.day(loaded.episode.date)} is already in the show: "
                                 f"opened your episode ({loaded.folder}). To pull the day again, "
                                 f"keeping your takes and edits: File → Update from the "
                                 f"repository…")
                self.offer_recovered_takes()
                return
            note = loaded.episode.writer_note
            self.status.emit(f"Pulled {loaded.day.repo} for {humanize.day(loaded.day.date)}: "
                             f"{humanize.plural(len(loaded.day.commits), 'commit')}. " +
                             (f"Note: {note}." if note else "Save the episode to keep it."))

        self.run_job("Pull", job, done)
        if self.task is not None and self.task.running:  # said at once, before the child starts
            self.progress.emit(0.0, f"Connecting to GitHub for {spec.github}…" if spec.github
                               else f"Reading {spec.git}…")

    def pull_span(self, spec: SourceSpec, dates: SpanDates) -> None:
        """Pull a week (or a run of days) at once and write its recap, off the UI thread; the
        show folder's day files are read, not pulled again."""
        if not self.may_discard():
            return
        profile, show_dir = self._profile(), self.settings.show_dir
        if spec.github and not spec.api_url and self.settings.github_api_url:
            spec = replace(spec, api_url=self.settings.github_api_url)

        def job(progress, cancel) -> Loaded:
            return run_in_child(child_jobs.pull_span_and_write, (spec, dates, show_dir, profile),
                                progress, cancel)

        def done(loaded: Loaded) -> None:
            self._load(loaded)
            source = spec.git or spec.github or ""
            self.settings.recent_repos = remember(self.settings.recent_repos, source)
            self.settings.tz = spec.tz
            self.save_settings()
            span = loaded.span
            reused = f" ({humanize.plural(len(span.reused), 'day')} from the show folder)" \
                if span.reused else ""
            self.status.emit(f"Pulled {span.repo} for {dates.label}: "
                             f"{humanize.plural(len(span.commits), 'commit')}{reused}. "
                             "Save the recap to keep it.")

        self.run_job("Pull", job, done)
        if self.task is not None and self.task.running:
            self.progress.emit(0.0, f"Connecting to GitHub for {spec.github}, {dates.label}…"
                               if spec.github else f"Reading {spec.git}, {dates.label}…")

    def open_demo(self) -> None:
        def job(progress, cancel) -> Loaded:
            return run_in_child(child_jobs.sample_day, (), progress, cancel)

        self.run_job("Sample day", job, lambda loaded: (self._load(loaded),
                                                      self.status.emit("Sample day loaded.")))

    def open(self, path: Path | None = None) -> None:
        if not self.may_discard():
            return
        if path is None:
            path = self.dialogs.open_folder(self.window, self.settings.show_dir)
            if path is None:
                return
        profile = self._profile()

        def job(progress, cancel) -> Loaded:
            return run_in_child(child_jobs.open_folder, (path, profile), progress, cancel)

        def done(loaded: Loaded) -> None:
            self._load(loaded)
            self._remember_project(loaded.folder)
            self.status.emit(f"Opened {loaded.folder}.")
            self.offer_recovered_takes()

        self.run_job("Open", job, done)

    def offer_recovered_takes(self) -> None:
        """Takes a crashed recording left in this episode (repaired when it was loaded)."""
        from ..recording.recovery import offer_recovered_takes

        folder, ep = self.project.folder, self.project.episode
        if folder is None or ep is None:
            return
        known = {s.id for s in ep.segments}
        chosen = offer_recovered_takes(folder, lambda seg, secs: self.dialogs.ask_use_recovered(
            self.window, seg, secs))
        chosen = {sid: take for sid, take in chosen.items() if sid in known}
        if chosen:
            self.project.undo_stack.push(commands.SetTakes(self.project, chosen,
                                                           "Use the recovered recording for {what}"))
            self.status.emit(f"Recovered recording used for {', '.join(chosen)}.")

    def _remember_project(self, folder: Path | None) -> None:
        if folder is not None:
            self.settings.recent_projects = remember(self.settings.recent_projects,
                                                     str(folder.resolve()))
            self.save_settings()

    def save(self, save_as: bool = False) -> bool:
        if not self.project.is_open:
            return False
        folder = self.project.folder
        if folder is None or save_as:
            ep = self.project.episode
            start = str(projects.suggested_folder(ep.folder_name, self.settings.show_dir,
                                                  self.settings.recent_projects))
            folder = self.dialogs.save_folder(self.window, start)
            if folder is None:
                return False
            if projects.holds_other_episode(folder, self.project.folder) and \
                    not self.dialogs.ask_replace_episode(self.window, folder):
                return False
        try:
            self.project.save(folder)
        except StudioError as exc:
            self.dialogs.error(self.window, str(exc))
            return False
        self._remember_project(folder)
        self.status.emit(f"Saved {folder}.")
        return True

    def offer_recovery(self) -> bool:
        """On start: offer back what a crashed session autosaved. True if recovered."""
        for entry in projects.crashed_autosaves():
            if not self.dialogs.ask_recover(self.window, entry):
                projects.drop_autosave(entry)
                continue
            try:
                episode, day = entry.load()
                span = entry.load_span()
            except (OSError, ValueError, KeyError, StudioError) as exc:
                self.dialogs.error(self.window, f"cannot recover that work: {exc}")
                projects.drop_autosave(entry)
                continue
            folder = Path(entry.project) if entry.project else None
            if day is None and span is None and folder is not None:
                try:
                    _ep, day, _f = projects.open_project(folder)
                except StudioError:
                    day = None
                span = projects.open_span(folder) if day is None else None
            projects.drop_autosave(entry)
            loaded = span_loaded(episode, span, self._profile(), folder) if span is not None \
                else Loaded(episode, day, digest_of(day, self._profile()), folder)
            self._load(loaded, recovered=True)
            self.project.autosave()
            self.status.emit("Recovered unsaved work: save it to keep it.")
            self.offer_recovered_takes()
            return True
        return False

    def regenerate(self, segment_id: str) -> None:
        day, span, ep = self.project.day, self.project.span, self.project.episode
        if ep is None:
            return
        if day is None and span is None:
            self.dialogs.error(self.window, "this episode's day (day.json) is not in the project "
                                            "folder, so its segments cannot be written again")
            return
        profile = self._profile()

        def done(fresh) -> None:
            if self.project.episode is not ep:
                return
            try:
                from ..editing import regenerated_from

                new = fresh if isinstance(fresh, Segment) else regenerated_from(ep, fresh,
                                                                                 segment_id)
                current = ep.segment(segment_id)
            except StudioError as exc:
                self.dialogs.error(self.window, str(exc))
                return
            if (new.title, new.text) == (current.title, current.text):
                self.status.emit(f"Segment “{current.title}” already reads as {source} "
                                 f"writes it: nothing to change.")
                return
            if not self.dialogs.ask_regenerate(self.window, current.title):
                self.status.emit(f"Segment “{current.title}” kept as it is.")
                return
            self.project.undo_stack.push(commands.ReplaceSegment(self.project, segment_id, new))
            self.status.emit(f"Segment “{new.title}” written again from {source} "
                             f"(Undo brings your version back).")

        source = "the span's data" if span is not None else "the day's data"
        if ep.segment(segment_id).story:  # drafted: the story writer's text kept for it
            from ..draft_review import story_segment

            done(story_segment(ep, segment_id))
            return
        minutes, show_dir = self.settings.script_minutes, self._show_of_project()
        if span is not None:  # a recap: written again from its span
            self.run_job("Regenerate", lambda p, c: run_in_child(
                child_jobs.rewrite_recap, (span, profile, show_dir), p, c), done)
            return
        self.run_job("Regenerate", lambda p, c: run_in_child(
            child_jobs.rewrite, (day, profile, minutes, show_dir), p, c), done)
