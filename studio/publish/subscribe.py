"""Where a listener subscribes: the links the show's pages offer (Apple Podcasts, Spotify,
Pocket Casts, Overcast, AntennaPod, the raw feed), as Castopod and Transistor list them.

Apple Podcasts and Spotify list a show only once the host has submitted it, so their links
come from show.toml's ``[subscribe]``; the apps that subscribe to any feed get a link made
from the feed's own address (Pocket Casts and Overcast by their Apple id when there is one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from urllib.parse import quote, urlencode, urlsplit

from ..plumbing.errors import StudioError


@dataclass
class SubscribeLinks:
    """``[subscribe]``: the show's pages in the directories, absolute https URLs or empty."""

    apple: str = ""  # https://podcasts.apple.com/us/podcast/NAME/id123456789
    spotify: str = ""  # https://open.spotify.com/show/...
    pocket_casts: str = ""
    overcast: str = ""
    antennapod: str = ""


def check_subscribe(links: SubscribeLinks, where: str) -> None:
    for f in fields(links):
        value = getattr(links, f.name).strip()
        parts = urlsplit(value)
        if value and (parts.scheme not in ("http", "https") or not parts.netloc):
            raise StudioError(f"{where}: subscribe.{f.name} must be an absolute http:// or "
                              f"https:// URL, not {value[:80]!r}")
        setattr(links, f.name, value)


def apple_id(url: str) -> str:
    match = re.search(r"/id(\d+)", url)
    return match.group(1) if match else ""


def subscribe_links(links: SubscribeLinks, feed_url: str, title: str) -> list[dict[str, str]]:
    """The page's subscribe links, in the order listeners look for them: label and href."""
    bare = feed_url.split("://", 1)[-1]
    ident = apple_id(links.apple)
    out = []
    if links.apple:
        out.append(("Apple Podcasts", links.apple))
    if links.spotify:
        out.append(("Spotify", links.spotify))
    out.append(("Pocket Casts", links.pocket_casts or (f"https://pca.st/itunes/{ident}" if ident
                                                       else "pktc://subscribe/" + quote(bare, safe="/:"))))
    out.append(("Overcast", links.overcast or (f"https://overcast.fm/itunes{ident}" if ident else
                "overcast://x-callback-url/add?" + urlencode({"url": feed_url}))))
    out.append(("AntennaPod", links.antennapod or "https://antennapod.org/deeplink/subscribe?"
                + urlencode({"url": feed_url, "title": title})))
    out.append(("RSS feed", feed_url))
    return [{"label": label, "href": href} for label, href in out]
