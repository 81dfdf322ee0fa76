"""1,000,000 realistic emails, generated deterministically, and the email rules of
/work/shared/spec/audience-identifiers.md written again in plain Python (the hashlib peer).

The generator has the shape of bench/audience.mjs's (the same name, domain and shape lists and
shares: mixed case, 25% with surrounding whitespace, plus-addresses, dotted gmail locals, about
4% accented names, 30% of all values in decomposed form (NFD), 1% internationalized domains,
0.2% not addresses: " at " for "@", or a space inside), drawn from
Python's own seeded generator, so the values are not the same strings as the Node benchmark's.
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from typing import List, Optional

FIRST = """james mary john patricia robert jennifer michael linda david elizabeth william barbara
richard susan joseph jessica thomas sarah chris karen daniel lisa matthew nancy anthony sandra mark
ashley priya wei yuki olga ahmed fatima lars ingrid pierre marie giovanni sofia mateo lucia noah
emma liam""".split()
LAST = """smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez
gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris clark
lewis walker hall young king wright scott nguyen kim patel singh chen wang schmidt schneider
fischer dubois rossi silva""".split()
ACCENTED = """josé zoë renée françois müller ångström łukasz søren björn chloé dvořák gonçalves
núñez jürgen émile inès andré mónica stéphane őrs""".split()
DOMAINS = """gmail.com gmail.com gmail.com yahoo.com hotmail.com outlook.com icloud.com aol.com
proton.me gmx.de web.de orange.fr free.fr yahoo.co.uk btinternet.com live.com comcast.net
acme-corp.com example.org mail.uni-muenchen.de globex.co.jp initech.io shop.example.com.br
hooli.xyz""".split()
IDN_DOMAINS = ["münchen.de", "café.fr", "bücher.example"]
TAGS = ["news", "shop", "promo", "x"]


def emails(count: int, seed: int = 20260421) -> List[str]:
    rnd = random.Random(seed)
    r = rnd.random
    out = []
    for _ in range(count):
        first, last, domain = rnd.choice(FIRST), rnd.choice(LAST), rnd.choice(DOMAINS)
        u = r()
        if u < 0.03:
            first = rnd.choice(ACCENTED)
        elif u < 0.04:
            last = rnd.choice(ACCENTED)
        if r() < 0.01:
            domain = rnd.choice(IDN_DOMAINS)
        shape = r()
        if shape < 0.35:
            local = f"{first}.{last}"
        elif shape < 0.55:
            local = f"{first}{last}{int(r() * 100)}"
        elif shape < 0.7:
            local = f"{first[0]}{last}"
        elif shape < 0.8:
            local = f"{first}_{last}{1950 + int(r() * 60)}"
        elif shape < 0.9:
            local = f"{first}.{last}+{rnd.choice(TAGS)}"
        else:
            local = f"{first}{int(r() * 10000)}"
        s = f"{local}@{domain}"
        c = r()
        if c < 0.25:
            s = ".".join(p[:1].upper() + p[1:] for p in s.split("."))
        elif c < 0.35:
            s = s.upper()
        elif c < 0.45:
            s = "".join(ch.upper() if r() < 0.3 else ch for ch in s)
        if r() < 0.3:
            s = unicodedata.normalize("NFD", s)
        bad = r()
        if bad < 0.001:
            s = s.replace("@", " at ")  # rejected: no "@"
        elif bad < 0.002:
            s = s.replace(".", " ", 1)  # rejected: whitespace inside
        pad = r()
        if pad < 0.1:
            s = " " + s
        elif pad < 0.2:
            s = s + " "
        elif pad < 0.25:
            s = "  " + s + "\t"
        out.append(s)
    return out


# Spec "Common steps" 1: Unicode White_Space and U+FEFF (str.strip() with no argument strips what
# str.isspace() says, which is not White_Space: it includes U+001C..U+001F, for one).
TRIM = (
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
WHITE_SPACE = frozenset(TRIM) - {"\ufeff"}
MAX_EMAIL_INPUT_BYTES = 1024  # src/audience/email.rs: the same constants as the engine's
MAX_EMAIL_BYTES = 254
MAX_EMAIL_LOCAL_BYTES = 64


def hash_email(value: str) -> Optional[str]:
    """The spec's email rule with hashlib: trim, NFC, Unicode lowercase, the checks, SHA-256 as 64
    lowercase hex digits; ``None`` for a value the rules reject (the engine gives its code; this
    peer only needs to agree on which values are hashed and to what)."""
    t = value.strip(TRIM)
    if not t:
        return None
    b = t.encode("utf-8")
    if len(b) > MAX_EMAIL_INPUT_BYTES:
        return None
    if not t.isascii():
        t = unicodedata.normalize("NFC", t)
    n = t.lower()
    b = n.encode("utf-8")
    if len(b) > MAX_EMAIL_BYTES or n.count("@") != 1:
        return None
    local, _, domain = n.partition("@")
    if not local or not domain or any(c in WHITE_SPACE for c in n):
        return None
    if len(local.encode("utf-8")) > MAX_EMAIL_LOCAL_BYTES:
        return None
    return hashlib.sha256(b).hexdigest()


def hashlib_loop(values: List[str]) -> List[Optional[str]]:
    return [hash_email(v) for v in values]
