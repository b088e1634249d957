"""The web page's own texts, and the file of them in every language the page reads.

The page (``static/``) is plain files that ``threeup3down serve --static``
serves as they are, so its texts travel as one more of them:
``static/texts.json``, written from this module's :data:`PAGE_TEXTS` and the
catalogs in ``locale/`` (domain ``web``). After changing a text here, run
``python -m scripts.check_catalogs --write``: it adds the text to every
catalog, compiles them and writes ``static/texts.json`` again; the check
fails while the file is not what the catalogs give. The game's own texts
(narration, refusals, the picture's labels) come from the server, in the
language the page names in its hello.

    python examples/web/texts.py     # write static/texts.json from the compiled catalogs
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from threeup3down.core.i18n import N_, languages, translation

__all__ = ["LOCALE", "PAGE_TEXTS", "TEXTS_FILE", "page_texts", "texts_json"]

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
"""The page's catalogs (domain ``web``): ``locale/<language>/LC_MESSAGES/web.mo``."""
TEXTS_FILE = HERE / "static" / "texts.json"
"""The page's texts in every language, as the page reads them."""

PAGE_TEXTS = {
    # The name of the language of the catalog, as its speakers write it (in the language picker).
    "language_name": N_("English"),
    "language": N_("Language"),
    "players": N_("Players"),
    "seat": N_("Seat %(seat)s"),
    "person": N_("a person"),
    "places": N_("places"),
    "draw_instead": N_("draw instead"),
    "reverse_on_one": N_("1 reverses"),
    "reverse_each_one": N_("each 1 reverses"),
    "early_draw_one": N_("early draw: one card"),
    "clear_ends_turn": N_("Clear ends the turn"),
    "same_colour_swap": N_("same-colour swap"),
    "new_game": N_("New game"),
    "table": N_("the table"),
    "hint": N_("Create a table: choose who sits at each seat, then send each person their invite link."),
    "invites": N_("Invite links: send each one to the person who sits there."),
    "watch": N_("Watch the game"),
    "you_are": N_("You are player %(player)s."),
    "watching": N_("You are watching the game."),
    "reconnecting": N_("Connection lost: reconnecting…"),
    "cannot_join": N_("Cannot join: %(error)s"),
    "select_hint": N_("Click your cards to select them; click a 3DOWN card to turn it over."),
    "play": N_("Play selected"),
    "choose": N_("Choose selected as 3UP"),
    "swap": N_("Swap selected"),
    "swap_title": N_("one hand card and one 3UP card (O7)"),
    "clear": N_("Clear selection"),
    "pick": N_("Pick up the pile"),
    "draw": N_("Draw first"),
    "take": N_("Take a card instead"),
    "keep": N_("Keep my cards"),
    "legal_moves": N_("Legal moves now"),
    "what_happened": N_("What happened"),
    "over": N_("The game is over."),
    "your_move": N_("Your move."),
    "waiting": N_("Waiting for player %(player)s."),
    "selected": N_("Selected: %(cards)s"),
    "not_allowed": N_("Not allowed: %(message)s (rule %(rule)s)"),
    "cannot_start": N_("Cannot start: %(error)s"),
}
"""Every text of the page (index.html, app.js), by the key the page looks it up by.
A text with ``%(name)s`` is filled in by the page."""


def page_texts() -> dict[str, object]:
    """The page's texts in English and in every language with a catalog, and the
    languages by their own names, English first.

    >>> texts = page_texts()
    >>> texts["languages"][0], texts["texts"]["en"]["your_move"]
    (['en', 'English'], 'Your move.')
    >>> texts["texts"]["vi"]["your_move"]
    'Đến lượt bạn.'
    """
    tags = ("en", *languages(domain="web", directory=LOCALE))
    catalogs = {tag: translation(tag, domain="web", directory=LOCALE) for tag in tags}
    return {
        "languages": [[tag, catalogs[tag].gettext(PAGE_TEXTS["language_name"])] for tag in tags],
        "texts": {
            tag: {key: catalog.gettext(text) for key, text in PAGE_TEXTS.items()}
            for tag, catalog in catalogs.items()
        },
    }


def texts_json() -> str:
    """The text of ``static/texts.json``: :func:`page_texts` as JSON."""
    return json.dumps(page_texts(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    """Write ``static/texts.json``."""
    TEXTS_FILE.write_text(texts_json(), encoding="utf-8")
    print(f"wrote {TEXTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
