"""The "Behind this sentence" panel: the commits the sentence under the cursor tells, each
a link to its page. Titles are escaped; long identifiers in them wrap only after their dots,
slashes and colons (or not at all), never in the middle of a word, and copying gives them
back as written."""

from __future__ import annotations

import html

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QTextBrowser, QWidget

from ..episode import Episode
from ..wrapping import ZWSP, breakable, unbreakable

MAX_SHOWN = 40
MIN_WIDTH = 280


def commits_html(episode: Episode, shas: list[str]) -> str:
    """The commits ``shas`` of ``episode`` as an HTML list, every bit of their text escaped."""
    if not shas:
        return "<p><i>No commits behind this sentence.</i></p>"
    parts = []
    for sha in shas[:MAX_SHOWN]:
        ref = episode.ref(sha)
        title = html.escape(breakable(ref.title if ref else sha[:12]))
        link = (f'<a href="{html.escape(ref.url, quote=True)}">{title}</a>'
                if ref and ref.url else title)
        facts = [html.escape(breakable(ref.author))] if ref and ref.author else []
        if ref and ref.pr:
            facts.append(f"#{ref.pr}")
        facts.append(f"<code>{html.escape(sha[:7])}</code>")
        parts.append(f"<p style='margin-bottom: 8px'>{link}<br>"
                     f"<span style='color: gray'>{' · '.join(facts)}</span></p>")
    more = f"<p>… and {len(shas) - MAX_SHOWN} more</p>" if len(shas) > MAX_SHOWN else ""
    return "".join(parts) + more


class SentenceCommits(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sentenceCommits")
        self.setOpenExternalLinks(True)
        self.setMinimumWidth(MIN_WIDTH)
        # wrap at spaces and at the break points ``breakable`` puts in, never inside a word
        self.setWordWrapMode(QTextOption.WrapMode.WordWrap)

    def show_commits(self, episode: Episode | None, shas: list[str], origin: str = "") -> None:
        """The commits, under ``origin`` (where the sentence came from) when there is one."""
        if episode is None:
            self.setHtml("")
            return
        said = (f"<p style='margin-bottom: 8px'><i>{html.escape(origin)}</i></p>"
                if origin else "")
        self.setHtml(said + commits_html(episode, shas))

    def createMimeDataFromSelection(self) -> QMimeData:
        # cleaned in place: a QMimeData made in Python and handed to the clipboard is deleted
        # by Qt after the interpreter has gone, which crashed the app (and pytest) at exit
        data = super().createMimeDataFromSelection()
        text = unbreakable(data.text())
        markup = data.html() if data.hasHtml() else ""
        data.setText(text)
        if markup:
            data.setHtml(unbreakable(markup).replace("&#8203;", "").replace(ZWSP, ""))
        return data
