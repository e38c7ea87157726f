r"""Names people type for players, sides and games, made readable on every phone.

A name is stored the way it will be shown: Unicode NFC, trimmed, its runs of spaces (tabs and
line breaks included) one space, and without what only hides or scrambles text: control
characters (NUL, ESC …), bidirectional overrides and isolates (a right-to-left override would
turn the rest of a scoreboard row around), zero-width spaces and the byte order mark. The zero-
width joiner and non-joiner stay between two visible characters: emoji sequences (👨‍👩‍👧) and
Indic scripts need them.

A name must keep a visible character (a letter, digit, punctuation or symbol), and fit its
column: :func:`name_width` counts a wide character (CJK, an emoji) as two, as a phone draws it.

>>> clean_name("  Ann\x00  Lee\t")
'Ann Lee'
>>> clean_name("\u202eBob\u202c"), clean_name("\ufeff\u200b"), clean_name("Cafe\u0301") == "Café"
('Bob', '', True)
>>> name_problem("\u200b\u200b", 40)
'has no visible character'
>>> name_problem("🂡" * 40, 40)
'is too long: at most 40 characters (an emoji or a wide character counts as two)'
>>> name_problem("Ann", 40) is None
True
"""

from __future__ import annotations

import unicodedata

#: Joiners kept between two visible characters (emoji sequences, Indic conjuncts).
_JOINERS = frozenset("\u200c\u200d")
#: Categories removed: controls, format characters (bidi, zero-width, BOM), surrogates,
#: private use and unassigned code points (each shows as a box, if at all).
_REMOVED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
#: Categories of a visible character: letters, numbers, punctuation, symbols.
_VISIBLE = frozenset("LNPS")


def clean_name(text: str) -> str:
    """``text`` as a name is stored and shown (see the module's doc).

    >>> clean_name("Ann\u2028Marie"), clean_name("\u200dAnn\u200d"), clean_name("👩\u200d👩")
    ('Ann Marie', 'Ann', '👩\u200d👩')
    """
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        if char.isspace():
            kept.append(" ")
        elif char in _JOINERS or unicodedata.category(char) not in _REMOVED:
            kept.append(char)
    words = (_joined_inside(word) for word in "".join(kept).split())
    return " ".join(word for word in words if word)


def _joined_inside(word: str) -> str:
    """A word without joiners at its ends or next to another joiner (they join nothing)."""
    chars = list(word)
    kept = [
        char
        for index, char in enumerate(chars)
        if char not in _JOINERS
        or (
            0 < index < len(chars) - 1
            and chars[index - 1] not in _JOINERS
            and chars[index + 1] not in _JOINERS
        )
    ]
    return "".join(kept)


def name_width(name: str) -> int:
    """The columns ``name`` takes on a phone: a wide character (CJK, an emoji) two, a combining
    mark or a joiner none, and a character joined to the one before (an emoji sequence) none.

    >>> name_width("Ann"), name_width("李娜"), name_width("🂡🂡"), name_width("👩\u200d👩")
    (3, 4, 4, 2)
    """
    width = 0
    joined = False
    for char in name:
        if char in _JOINERS:
            joined = True
            continue
        if joined or unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            joined = False
            continue
        width += 2 if _is_wide(char) else 1
    return width


def _is_wide(char: str) -> bool:
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return True
    # pictographs and playing cards are drawn wide as emoji, whatever their East Asian width
    return ord(char) >= 0x1F000 and unicodedata.category(char) == "So"


def name_problem(name: str, limit: int) -> str | None:
    """What is wrong with a cleaned ``name`` for a column ``limit`` wide, or None.

    >>> name_problem("", 40), name_problem("-", 40)
    ('has no visible character', None)
    """
    if not any(unicodedata.category(char)[0] in _VISIBLE for char in name):
        return "has no visible character"
    if name_width(name) > limit:
        return (
            f"is too long: at most {limit} characters (an emoji or a wide character counts as two)"
        )
    return None
