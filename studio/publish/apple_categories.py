"""Apple Podcasts' categories and their subcategories, as Apple publishes them ("Apple
Podcasts categories", podcasters.apple.com support article 1691): the only values
``itunes:category`` may hold. show.toml's are checked against them, and a near miss in case
or spacing is written as Apple spells it."""

from __future__ import annotations

from ..plumbing.errors import StudioError

APPLE_SUBCATEGORIES: dict[str, tuple[str, ...]] = {
    "Arts": ("Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"),
    "Business": ("Careers", "Entrepreneurship", "Investing", "Management", "Marketing",
                 "Non-Profit"),
    "Comedy": ("Comedy Interviews", "Improv", "Stand-Up"),
    "Education": ("Courses", "How To", "Language Learning", "Self-Improvement"),
    "Fiction": ("Comedy Fiction", "Drama", "Science Fiction"),
    "Government": (),
    "History": (),
    "Health & Fitness": ("Alternative Health", "Fitness", "Medicine", "Mental Health",
                         "Nutrition", "Sexuality"),
    "Kids & Family": ("Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"),
    "Leisure": ("Animation & Manga", "Automotive", "Aviation", "Crafts", "Games", "Hobbies",
                "Home & Garden", "Video Games"),
    "Music": ("Music Commentary", "Music History", "Music Interviews"),
    "News": ("Business News", "Daily News", "Entertainment News", "News Commentary", "Politics",
             "Sports News", "Tech News"),
    "Religion & Spirituality": ("Buddhism", "Christianity", "Hinduism", "Islam", "Judaism",
                                "Religion", "Spirituality"),
    "Science": ("Astronomy", "Chemistry", "Earth Sciences", "Life Sciences", "Mathematics",
                "Natural Sciences", "Nature", "Physics", "Social Sciences"),
    "Society & Culture": ("Documentary", "Personal Journals", "Philosophy", "Places & Travel",
                          "Relationships"),
    "Sports": ("Baseball", "Basketball", "Cricket", "Fantasy Sports", "Football", "Golf",
               "Hockey", "Rugby", "Running", "Soccer", "Swimming", "Tennis", "Volleyball",
               "Wilderness", "Wrestling"),
    "Technology": (),
    "True Crime": (),
    "TV & Film": ("After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"),
}
APPLE_CATEGORIES = frozenset(APPLE_SUBCATEGORIES)


def _key(text: str) -> str:
    return " ".join(text.replace("&", " & ").split()).casefold()


def _find(value: str, names: tuple[str, ...] | frozenset[str]) -> str | None:
    return next((n for n in names if _key(n) == _key(value)), None)


def check_category(category: str, subcategory: str, where: str) -> tuple[str, str]:
    """``category`` and ``subcategory`` as Apple spells them; one not on Apple's list, or a
    subcategory of another category, is a one-line StudioError that says what would do."""
    found = _find(category, APPLE_CATEGORIES)
    if found is None:
        raise StudioError(f"{where}: category {category[:60]!r} is not an Apple Podcasts "
                          f"category (e.g. Technology, News, Education; Apple's list is in "
                          f"the README's show.toml section)")
    if not subcategory.strip():
        return found, ""
    subs = APPLE_SUBCATEGORIES[found]
    sub = _find(subcategory, subs)
    if sub is None:
        owner = next((c for c, s in APPLE_SUBCATEGORIES.items() if _find(subcategory, s)), None)
        hint = (f"it belongs to {owner!r}" if owner else
                f"{found} has {', '.join(subs)}" if subs else f"{found} has no subcategories")
        raise StudioError(f"{where}: subcategory {subcategory[:60]!r} is not an Apple Podcasts "
                          f"subcategory of {found!r} ({hint})")
    return found, sub
