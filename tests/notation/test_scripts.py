"""Records in languages written in other scripts, read by their evidence against the
legal moves: Arabic, Persian, Hebrew, Hindi (Devanagari) and Thai (no spaces between
words), with their own digits (Eastern Arabic ``١٢٣``, Persian ``۱۲۳``, Devanagari
``१२३``, Thai ``๑๒๓``); and Japanese typed in Latin letters (romaji: ``aka mae ni 3
masu``, whose particle *ni* is also two, ``ao`` blue also Portuguese's "to the").

The words are the ones a native player jots on a phone or in a chat, not the reader's
tables: a colour with its article or without, masculine or feminine (Arabic ``الأحمر``,
``حمراء``), with a prefix letter (Hebrew ``הכחול``, ``לכחול``), inflected (Hindi ``नीला``,
``नीले पर``), typed with an Arabic keyboard's letters (Persian ``آبي``, ``قهوه اي``), with
or without nasal marks (Hindi ``बाएं``, ``बाएँ``, ``बाए``), run together (Thai
``แดงเฉียงซ้าย๓ลงสีน้ำเงิน``); the direction said two or three ways; the distance in the
script's digits, in Western digits or as a word; the colour landed on; a heading a round.
Whatever is read must be the truth: every round read as played. A few fixed lines check
that such words are clues of what they say; a sentence of ordinary prose gives no round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.aligned import align_lines
from kamisado_notation.engine.board import Colour, Direction
from kamisado_notation.engine.moves import Move
from kamisado_notation.notation.kmr.evidence import clues
from tests.checking.test_aligned import played, read, truth

pytestmark = pytest.mark.reads_again

O, B, PU, PI, Y, R, G, BR = (Colour.ORANGE, Colour.BLUE, Colour.PURPLE, Colour.PINK, Colour.YELLOW, Colour.RED, Colour.GREEN, Colour.BROWN)
F, L, RT = Direction.FORWARD, Direction.LEFT, Direction.RIGHT


@dataclass(frozen=True)
class Script:
    """How a language's players write a move: ``entry`` writes one (a forfeit too),
    ``heading`` a round's heading (its number, from 1), ``title`` the record's first
    line, ``rows`` how two moves share a row (its number and the two entries)."""

    name: str
    entry: Callable[[Move, random.Random], str]
    heading: Callable[[int, random.Random], str]
    title: str
    rows: Callable[[int, str, str, random.Random], str]


def digits(n: int, script: str) -> str:
    """``n`` in the digits ``script`` (its ten digits, 0 to 9)."""
    return "".join(script[int(d)] for d in str(n))


def number(n: int, rng: random.Random, script: str, words: list[list[str]]) -> str:
    """A distance as people write it: the script's digits, Western digits, or a word."""
    return rng.choice([digits(n, script), str(n), rng.choice(words[n])])


# --- Arabic -----------------------------------------------------------------------------

AR_DIGITS = "٠١٢٣٤٥٦٧٨٩"
#: Each colour's masculine and feminine form (a tower, برج, is masculine; a square, خانة,
#: and a piece, قطعة, feminine).
AR_COLOURS = {
    O: ("برتقالي", "برتقالية"), B: ("أزرق", "زرقاء"), PU: ("بنفسجي", "بنفسجية"), PI: ("وردي", "وردية"),
    Y: ("أصفر", "صفراء"), R: ("أحمر", "حمراء"), G: ("أخضر", "خضراء"), BR: ("بني", "بنية"),
}  # fmt: skip
AR_WAYS = {
    F: ["للأمام", "إلى الأمام", "الى الامام", "مستقيم", "للامام"],
    L: ["يسار", "لليسار", "قطري يسار", "قطري لليسار"],
    RT: ["يمين", "لليمين", "قطري يمين", "قطري لليمين"],
}
AR_WORDS = [["صفر"], ["واحد"], ["اثنين", "اثنان"], ["ثلاثة", "ثلاث"], ["أربعة", "اربعة"], ["خمسة", "خمس"], ["ستة"], ["سبعة"]]
AR_BLOCKED = ["محاصر", "مسدود", "ما في حركة", "لا يتحرك"]
AR_ORDINALS = ["الأولى", "الثانية", "الثالثة", "الرابعة", "الخامسة", "السادسة", "السابعة"]


def ar_forms(colour: Colour) -> list[str]:
    """A colour as typed: masculine or feminine, with the article ال or without, and the
    hamza of ``أ`` left out as a phone keyboard's user often does (``احمر``)."""
    out = []
    for word in AR_COLOURS[colour]:
        out += [word, "ال" + word]
        if word.startswith("أ"):
            out += ["ا" + word[1:], "الا" + word[1:]]
    return out


def ar_entry(move: Move, rng: random.Random) -> str:
    assert move.tower is not None
    tower = rng.choice(ar_forms(move.tower))
    if not move.distance or move.direction is None:
        return f"{tower} {rng.choice(AR_BLOCKED)}"
    n = move.distance
    distance = number(n, rng, AR_DIGITS, AR_WORDS) + (rng.choice(["", " خانات"]) if n >= 3 else "")
    masc, fem = AR_COLOURS[move.square_colour]
    landing = rng.choice([rng.choice(ar_forms(move.square_colour)), f"على ال{masc}", f"إلى ال{masc}", f"على خانة {fem}"])
    return f"{tower} {rng.choice(AR_WAYS[move.direction])} {distance} {landing}"


def ar_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"الجولة {digits(n, AR_DIGITS)}", f"الجولة {n}", f"الجولة {AR_ORDINALS[n - 1]}", f"الشوط {digits(n, AR_DIGITS)}"])


# --- Persian ----------------------------------------------------------------------------

FA_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
#: Each colour as typed with a Persian keyboard, and with an Arabic one's ``ي`` (and the
#: ``‌ای`` of brown written with a zero-width non-joiner, a space, or run on).
FA_COLOURS = {
    O: ["نارنجی", "نارنجي"], B: ["آبی", "ابی", "آبي"], PU: ["بنفش"], PI: ["صورتی", "صورتي"],
    Y: ["زرد"], R: ["قرمز"], G: ["سبز"], BR: ["قهوه\u200cای", "قهوه ای", "قهوه اي", "قهوه\u200cاي"],
}  # fmt: skip
FA_WAYS = {
    F: ["مستقیم", "جلو", "به جلو", "رو به جلو"],
    L: ["چپ", "به چپ", "مورب چپ", "اریب چپ"],
    RT: ["راست", "به راست", "مورب راست", "اریب راست"],
}
FA_WORDS = [["صفر"], ["یک", "يک"], ["دو"], ["سه"], ["چهار"], ["پنج"], ["شش", "شیش"], ["هفت"]]
FA_BLOCKED = ["گیر کرده", "بسته\u200cست", "حرکت نداره", "پاس"]
FA_ORDINALS = ["اول", "دوم", "سوم", "چهارم", "پنجم", "ششم", "هفتم"]


def fa_entry(move: Move, rng: random.Random) -> str:
    assert move.tower is not None
    tower = rng.choice(FA_COLOURS[move.tower])
    if not move.distance or move.direction is None:
        return f"{tower} {rng.choice(FA_BLOCKED)}"
    distance = number(move.distance, rng, FA_DIGITS, FA_WORDS) + rng.choice(["", " خانه", " خونه"])
    colour = rng.choice(FA_COLOURS[move.square_colour])
    landing = rng.choice([colour, f"روی {colour}", f"رو {colour}", f"به {colour}", f"روی خانه\u200cی {colour}"])
    return f"{tower} {rng.choice(FA_WAYS[move.direction])} {distance} {landing}"


def fa_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"دور {digits(n, FA_DIGITS)}", f"دست {digits(n, FA_DIGITS)}", f"راند {n}", f"دور {FA_ORDINALS[n - 1]}"])


# --- Hebrew -----------------------------------------------------------------------------

#: Each colour's masculine and feminine form (a tower, מגדל, is masculine; a square,
#: משבצת, feminine).
HE_COLOURS = {
    O: ("כתום", "כתומה"), B: ("כחול", "כחולה"), PU: ("סגול", "סגולה"), PI: ("ורוד", "ורודה"),
    Y: ("צהוב", "צהובה"), R: ("אדום", "אדומה"), G: ("ירוק", "ירוקה"), BR: ("חום", "חומה"),
}  # fmt: skip
HE_WAYS = {
    F: ["קדימה", "ישר", "ישר קדימה"],
    L: ["שמאלה", "אלכסון שמאלה", "באלכסון שמאלה", "אלכסון שמאל"],
    RT: ["ימינה", "אלכסון ימינה", "באלכסון ימינה", "אלכסון ימין"],
}
#: Squares are counted in the feminine.
HE_WORDS = [["אפס"], ["אחת"], ["שתיים", "שתים"], ["שלוש"], ["ארבע"], ["חמש"], ["שש"], ["שבע"]]
HE_BLOCKED = ["חסום", "תקוע", "אין לו מהלך", "פס"]
HE_LETTERS = "אבגדהוזחט"
HE_ORDINALS = ["ראשון", "שני", "שלישי", "רביעי", "חמישי", "שישי", "שביעי"]


def he_prefixed(prefix: str, word: str) -> str:
    """``word`` after a prefix letter: a word's first ``ו`` is written twice after it, in
    the spelling without vowel points (``ורוד``, ``הוורוד``)."""
    return prefix + ("ו" + word if word.startswith("ו") else word)


def he_entry(move: Move, rng: random.Random) -> str:
    assert move.tower is not None
    masc = HE_COLOURS[move.tower][0]
    tower = rng.choice([masc, he_prefixed("ה", masc), "המגדל " + he_prefixed("ה", masc)])
    if not move.distance or move.direction is None:
        return f"{tower} {rng.choice(HE_BLOCKED)}"
    n = move.distance
    distance = rng.choice([str(n), rng.choice(HE_WORDS[n])])
    if n > 1:
        distance += rng.choice(["", " משבצות"])
    on_masc, on_fem = HE_COLOURS[move.square_colour]
    landing = rng.choice([on_masc, he_prefixed("ל", on_masc), "על " + he_prefixed("ה", on_masc), f"למשבצת {on_fem}"])
    return f"{tower} {rng.choice(HE_WAYS[move.direction])} {distance} {landing}"


def he_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"סיבוב {n}", f"סבב {n}", f"סיבוב {HE_LETTERS[n - 1]}'", f"סיבוב {HE_ORDINALS[n - 1]}"])


# --- Hindi ------------------------------------------------------------------------------

HI_DIGITS = "०१२३४५६७८९"
#: Each colour's masculine, feminine and oblique form (``नीले पर``, on the blue); most
#: colours in -ी do not change. Orange, pink and purple have a second word people use.
HI_COLOURS = {
    O: [("नारंगी",) * 3, ("संतरी",) * 3], B: [("नीला", "नीली", "नीले")], PU: [("बैंगनी",) * 3, ("बैगनी",) * 3, ("जामुनी",) * 3],
    PI: [("गुलाबी",) * 3], Y: [("पीला", "पीली", "पीले")], R: [("लाल",) * 3], G: [("हरा", "हरी", "हरे")], BR: [("भूरा", "भूरी", "भूरे")],
}  # fmt: skip
HI_WAYS = {
    F: ["आगे", "सीधा", "सीधे", "सीधा आगे"],
    L: ["बाएं", "बाएँ", "बाए", "बायें", "तिरछा बाएं", "तिरछे बाएँ"],
    RT: ["दाएं", "दाएँ", "दाए", "दायें", "तिरछा दाएं", "तिरछे दाएँ"],
}
HI_WORDS = [["शून्य"], ["एक"], ["दो"], ["तीन"], ["चार"], ["पांच", "पाँच"], ["छह", "छः"], ["सात"]]
HI_BLOCKED = ["फंसा", "फँसा", "अटका", "चाल नहीं"]


def hi_entry(move: Move, rng: random.Random) -> str:
    assert move.tower is not None
    tower = rng.choice(rng.choice(HI_COLOURS[move.tower])[:2])
    if not move.distance or move.direction is None:
        return f"{tower} {rng.choice(HI_BLOCKED)}"
    n = move.distance
    distance = number(n, rng, HI_DIGITS, HI_WORDS) + rng.choice(["", " घर", " खाना" if n == 1 else " खाने"])
    direct, _fem, oblique = rng.choice(HI_COLOURS[move.square_colour])
    landing = rng.choice([direct, f"{oblique} पर", f"{oblique} खाने पर"])
    return f"{tower} {rng.choice(HI_WAYS[move.direction])} {distance} {landing}"


def hi_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"राउंड {n}", f"राउंड {digits(n, HI_DIGITS)}", f"बाज़ी {digits(n, HI_DIGITS)}", f"बाजी {n}", f"दौर {n}"])


# --- Thai -------------------------------------------------------------------------------

TH_DIGITS = "๐๑๒๓๔๕๖๗๘๙"
TH_COLOURS = {O: "ส้ม", B: "น้ำเงิน", PU: "ม่วง", PI: "ชมพู", Y: "เหลือง", R: "แดง", G: "เขียว", BR: "น้ำตาล"}
TH_WAYS = {F: ["ตรง", "เดินตรง", "ไปข้างหน้า", "เดินหน้า"], L: ["ซ้าย", "เฉียงซ้าย", "ทแยงซ้าย"], RT: ["ขวา", "เฉียงขวา", "ทแยงขวา"]}
TH_WORDS = [["ศูนย์"], ["หนึ่ง"], ["สอง"], ["สาม"], ["สี่"], ["ห้า"], ["หก"], ["เจ็ด"]]
TH_BLOCKED = ["ติด", "เดินไม่ได้", "ผ่าน"]


def th_entry(move: Move, rng: random.Random) -> str:
    """A move as Thai is written, its words run together: the tower (``ตัว``, the piece,
    and ``สี``, colour, before its colour now and then), the direction, the distance
    (``ช่อง``, squares, after it now and then), the colour landed on (after ``ลง``, lands
    on, now and then)."""
    assert move.tower is not None
    tower = rng.choice(["", "สี", "ตัว", "ตัวสี"]) + TH_COLOURS[move.tower]
    if not move.distance or move.direction is None:
        return tower + rng.choice(TH_BLOCKED)
    distance = number(move.distance, rng, TH_DIGITS, TH_WORDS) + rng.choice(["", "ช่อง"])
    landing = rng.choice(["", "ลง", "ไป", "ลงช่อง"]) + rng.choice(["", "สี"]) + TH_COLOURS[move.square_colour]
    return tower + rng.choice(TH_WAYS[move.direction]) + distance + landing


def th_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"รอบที่{n}", f"รอบที่ {digits(n, TH_DIGITS)}", f"เกมที่{digits(n, TH_DIGITS)}", f"เกมที่ {n}"])


JA_COLOURS = {O: ["orenji", "daidai"], B: ["ao", "aoi", "buru"], PU: ["murasaki"], PI: ["pinku", "momoiro"], Y: ["kiiro"], R: ["aka", "akai"], G: ["midori"], BR: ["chairo"]}
JA_WAYS = {F: ["mae", "mae ni", "massugu"], L: ["hidari", "hidari-naname", "hidari naname", "naname hidari"], RT: ["migi", "migi-naname", "migi naname", "naname migi"]}
JA_WORDS = [["zero"], ["ichi"], ["ni"], ["san"], ["yon"], ["go"], ["roku"], ["nana"]]
JA_BLOCKED = ["ugokenai", "pasu", "ugoke nai"]


def ja_entry(move: Move, rng: random.Random) -> str:
    """A move as a Japanese player types it in Latin letters: the tower (``no koma``,
    its piece, after it now and then), the direction, the distance (``masu``, squares,
    after it now and then), the colour landed on (after ``->``, now and then)."""
    assert move.tower is not None
    tower = rng.choice(JA_COLOURS[move.tower]) + rng.choice(["", " no koma", ":"])
    if not move.distance or move.direction is None:
        return f"{tower} {rng.choice(JA_BLOCKED)}"
    distance = number(move.distance, rng, "0123456789", JA_WORDS)
    distance += rng.choice(["", " masu", "masu" if distance.isdigit() else " masu"])
    landing = rng.choice(["", f" -> {rng.choice(JA_COLOURS[move.square_colour])}"])
    return f"{tower} {rng.choice(JA_WAYS[move.direction])} {distance}{landing}"


def ja_heading(n: int, rng: random.Random) -> str:
    return rng.choice([f"Dai {n} kaisen", f"{n} kaisen-me", f"Raundo {n}", f"--- {n} ---"])


def row(number_digits: str, separators: list[str]) -> Callable[[int, str, str, random.Random], str]:
    """Rows numbered in the script's digits or in Western ones, their two entries apart."""

    def write(n: int, first: str, second: str, rng: random.Random) -> str:
        both = f"{first}{rng.choice(separators)}{second}" if second else first
        return f"{rng.choice([digits(n, number_digits), str(n)])}) {both}"

    return write


SCRIPTS = [
    Script("arabic", ar_entry, ar_heading, "مباراة كاميسادو مع أحمد - الجمعة", row(AR_DIGITS, [" ، ", " | ", "  "])),
    Script("persian", fa_entry, fa_heading, "کامیسادو با علی، جمعه شب", row(FA_DIGITS, [" ، ", " | ", "  "])),
    Script("hebrew", he_entry, he_heading, "קמיסדו עם דני - שבת", row("0123456789", [" , ", " | ", "  "])),
    Script("hindi", hi_entry, hi_heading, "कामिसादो - राहुल के साथ, रविवार", row(HI_DIGITS, [", ", " | ", "  "])),
    Script("thai", th_entry, th_heading, "คามิซาโดกับต้น วันเสาร์", row(TH_DIGITS, [" ", "  ", " | "])),
    Script("romaji", ja_entry, ja_heading, "Kamisado no kiroku - Tanaka-san to Sato-san, doyoubi", row("0123456789", [" / ", " | ", "   "])),
]


def jotted(rounds: list[list[Move]], script: Script, rng: random.Random, rows: bool) -> str:
    """``rounds`` as a player of ``script``'s language jots them: a title, a heading a
    round, then a move a line, or a row a turn (two moves, numbered)."""
    out = [script.title, ""]
    for n, moves in enumerate(rounds, 1):
        out.append(script.heading(n, rng))
        entries = [script.entry(m, rng) for m in moves]
        if rows:
            out += [script.rows(k // 2 + 1, entries[k], entries[k + 1] if k + 1 < len(entries) else "", rng) for k in range(0, len(entries), 2)]
        else:
            out += entries
        out.append("")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans())
@example(seed=6, hand=6, rows=False)  # (Hebrew, Persian: a word for two unread, round 1 judged with another move)
@example(seed=12, hand=12, rows=False)  # (Hindi: बाए and बैगनी unread, round 3 of 5 and those after it not read)
@example(seed=0, hand=1, rows=True)  # (Persian rows: a move's cell after a bar, 'قهوه اي رو به جلو ۷ خانه روی صورتی', read as a comment; a fresh clone's random profile, session 57)
@example(seed=144, hand=70, rows=False)  # (Persian: قهوه‌اي, a Persian word typed with an Arabic ي, unread once Urdu's ہ was swapped with it: found by a fresh clone's random profile, session 38)
def test_property_a_match_jotted_in_another_script_is_read_as_played(script: Script, seed: int, hand: int, rows: bool) -> None:
    """A generated 3-point match jotted by a native player (``hand``: the colour's word
    as people type it, the direction said one of two or three ways, the distance in the
    script's digits, Western digits or a word, the colour landed on, a heading a round;
    a move a line or a row a turn): every round read as played."""
    rounds = truth(seed, 3)
    text = jotted(rounds, script, random.Random(hand), rows)
    got = read(text)
    assert got == played(rounds), text + told(got, played(rounds))


def told(got: list[list[Move]], want: list[list[Move]]) -> str:
    """Where the rounds read first differ from the rounds played, in English words."""
    for n, (a, b) in enumerate(zip(got, want, strict=False), 1):
        if a != b:
            k = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            return f"\nround {n}, move {k + 1}: read {[str(m) for m in a[k:k + 3]]}, played {[str(m) for m in b[k:k + 3]]}"
    return f"\n{len(got)} rounds read, {len(want)} played"


#: Fixed lines and the clues that must be read of them: (kind, colour, direction or number).
EVIDENCE = {
    "arabic": [
        ("الأحمر للأمام ٣ على الأزرق", [("COLOUR", R), ("DIRECTION", F), ("DISTANCE", 3), ("COLOUR", B)]),
        ("حمراء قطري يسار ٥ خانات على الخضراء", [("COLOUR", R), ("DIRECTION", L), ("DISTANCE", 5), ("COLOUR", G)]),
        ("البني لليمين اثنين الى الوردي", [("COLOUR", BR), ("DIRECTION", RT), ("DISTANCE", 2), ("COLOUR", PI)]),
        ("الاصفر الى الامام 6 برتقالية", [("COLOUR", Y), ("DIRECTION", F), ("DISTANCE", 6), ("COLOUR", O)]),
        ("البنفسجي محاصر", [("COLOUR", PU), ("BLOCKED", None)]),
    ],
    "persian": [
        ("قرمز مستقیم ۴ خانه روی آبی", [("COLOUR", R), ("DIRECTION", F), ("DISTANCE", 4), ("COLOUR", B)]),
        ("قهوه\u200cای مورب چپ سه روی صورتی", [("COLOUR", BR), ("DIRECTION", L), ("DISTANCE", 3), ("COLOUR", PI)]),
        ("زرد به راست ۶ به قهوه اي", [("COLOUR", Y), ("DIRECTION", RT), ("DISTANCE", 6), ("COLOUR", BR)]),
        ("سبز جلو 2 نارنجي", [("COLOUR", G), ("DIRECTION", F), ("DISTANCE", 2), ("COLOUR", O)]),
        ("بنفش گیر کرده", [("COLOUR", PU), ("BLOCKED", None)]),
    ],
    "hebrew": [
        ("האדום קדימה 3 לכחול", [("COLOUR", R), ("DIRECTION", F), ("DISTANCE", 3), ("COLOUR", B)]),
        ("המגדל הירוק באלכסון שמאלה שתיים למשבצת ורודה", [("COLOUR", G), ("DIRECTION", L), ("DISTANCE", 2), ("COLOUR", PI)]),
        ("חום ימינה 5 משבצות על הצהוב", [("COLOUR", BR), ("DIRECTION", RT), ("DISTANCE", 5), ("COLOUR", Y)]),
        ("הוורוד ישר שבע לסגול", [("COLOUR", PI), ("DIRECTION", F), ("DISTANCE", 7), ("COLOUR", PU)]),
        ("הכתום חסום", [("COLOUR", O), ("BLOCKED", None)]),
    ],
    "hindi": [
        ("लाल आगे ३ नीले पर", [("COLOUR", R), ("DIRECTION", F), ("DISTANCE", 3), ("COLOUR", B)]),
        ("बैगनी बाएँ दो घर हरे खाने पर", [("COLOUR", PU), ("DIRECTION", L), ("DISTANCE", 2), ("COLOUR", G)]),
        ("पीली दायें 6 भूरे पर", [("COLOUR", Y), ("DIRECTION", RT), ("DISTANCE", 6), ("COLOUR", BR)]),
        ("नारंगी सीधा पाँच गुलाबी", [("COLOUR", O), ("DIRECTION", F), ("DISTANCE", 5), ("COLOUR", PI)]),
        ("भूरा फँसा", [("COLOUR", BR), ("BLOCKED", None)]),
    ],
    "thai": [
        ("แดงตรง๓ลงน้ำเงิน", [("COLOUR", R), ("DIRECTION", F), ("DISTANCE", 3), ("COLOUR", B)]),
        ("สีเขียวเฉียงซ้ายสี่ช่องลงสีน้ำตาล", [("COLOUR", G), ("DIRECTION", L), ("DISTANCE", 4), ("COLOUR", BR)]),
        ("ตัวชมพูขวา5เหลือง", [("COLOUR", PI), ("DIRECTION", RT), ("DISTANCE", 5), ("COLOUR", Y)]),
        ("ส้มทแยงขวาหนึ่งไปม่วง", [("COLOUR", O), ("DIRECTION", RT), ("DISTANCE", 1), ("COLOUR", PU)]),
        ("ตัวน้ำตาลติด", [("COLOUR", BR), ("BLOCKED", None)]),
    ],
}
KINDS = ("COLOUR", "DIRECTION", "DISTANCE", "BLOCKED")


@pytest.mark.parametrize("name", list(EVIDENCE))
def test_the_words_of_a_script_are_evidence_of_what_they_say(name: str) -> None:
    """Each fixed line's words are clues of what they say, in order: a colour with its
    article, prefix letter, feminine or oblique ending, or ``สี`` before it; the direction
    in any of its forms; a distance in the script's digits, Western digits or a word
    (``สี่``, four, is no ``สี``, colour); a blocked tower's word."""
    wrong = []
    for line, expected in EVIDENCE[name]:
        got = []
        for c in clues(line):
            if c.kind in KINDS:
                value = {"COLOUR": c.colour, "DIRECTION": c.direction, "DISTANCE": c.number, "BLOCKED": None}[c.kind]
                got.append((c.kind, value, line[c.start : c.end]))
        if [(k, v) for k, v, _w in got] != expected:
            wrong.append((line, got))
    assert not wrong, "\n".join(f"{line!r}: read {got}" for line, got in wrong)


#: A sentence of ordinary prose in each language, no move in it.
PROSE = {
    "arabic": ["مرحبا أحمد، نلتقي يوم الجمعة في النادي الساعة السابعة مساءً.", "لا تنسَ أن تحضر اللعبة معك، وشكراً على مباراة الأمس."],
    "persian": ["سلام علی، فردا ساعت ۶ توی باشگاه می\u200cبینمت.", "یادت نره بازی رو بیاری، دیروز خیلی خوش گذشت."],
    "hebrew": ["היי דני, נתראה מחר בשמונה במועדון.", "אל תשכח להביא את הלוח, ותודה על המשחק אתמול."],
    "hindi": ["राहुल, कल शाम सात बजे क्लब में मिलते हैं।", "बोर्ड लाना मत भूलना, कल का खेल बहुत अच्छा था।"],
    "thai": ["พรุ่งนี้เจอกันที่ชมรมตอนหกโมงเย็นนะ", "อย่าลืมเอากระดานมาด้วย เมื่อวานสนุกมาก"],
}


@pytest.mark.parametrize("name", list(PROSE))
def test_a_sentence_of_prose_in_a_script_gives_no_round(name: str) -> None:
    """Ordinary prose (a meeting's time, a thank-you) in each language is no move: no
    round is read of it, no move in any. (A number alone, the time, may leave an empty
    round with its line set aside, as ``see you at 7`` does in English.)"""
    alignment = align_lines(PROSE[name])
    assert alignment is None or not (alignment.judged or any(r.moves for r in alignment.rounds)), [r.moves for r in alignment.rounds]


@pytest.mark.parametrize(
    ("seed", "hand", "rows"),
    [
        pytest.param(3487, 190, False, id="3487-190"),  # (a fresh clone's random profile, session 56; the same on 5693403)
        pytest.param(1343, 5139, True, id="1343-5139"),  # (a random profile run, session 57; the same on 93a1dc5: round 5 not judged)
        pytest.param(10000, 1376, False, id="10000-1376"),  # (a fresh clone's random profile, session 57; the same on 93a1dc5)
        pytest.param(145, 9358, True, id="145-9358"),  # (a random profile run, session 60; the same on a300611: two entries alike on a row, 'daidai: hidari 1 | daidai: hidari 1masu', the first's landing the second's tower; validate reads it, the first reading judging every round)
        pytest.param(114, 436, True, id="114-436"),  # (a fresh clone's random profile, session 62; not checked on the base for lack of time)
    ],
)
@pytest.mark.xfail(raises=AssertionError, strict=True, reason="known: romaji matches the random profile found not read as played")
def test_a_romaji_match_the_random_profile_found_is_read_as_played(seed: int, hand: int, rows: bool) -> None:
    """Kept apart from the property (an example's xfail there would stand for every script)."""
    (script,) = [s for s in SCRIPTS if s.name == "romaji"]
    rounds = truth(seed, 3)
    assert read(jotted(rounds, script, random.Random(hand), rows)) == played(rounds)
