//! Generators of the differential test: a small seeded PRNG (splitmix64, no dependency), JSON
//! documents that can say what serde_json cannot (repeated member names, numbers written as
//! given), mutations of the shared vectors' payloads, raw texts, and identifier values rich in
//! non-ASCII (composed and decomposed forms, Greek, Turkish dotted I, Hangul, fullwidth digits).

use serde_json::Value;

/// splitmix64 (Steele, Lea, Flood 2014): tiny, seedable, and the same on every platform.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// A JSON document as written: members in order (repeats allowed), numbers as their text.
#[derive(Clone, Debug)]
pub enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn from_value(v: &Value) -> J {
        match v {
            Value::Null => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Number(n) => J::Num(n.to_string()),
            Value::String(s) => J::Str(s.clone()),
            Value::Array(a) => J::Arr(a.iter().map(J::from_value).collect()),
            Value::Object(o) => J::Obj(
                o.iter()
                    .map(|(k, v)| (k.clone(), J::from_value(v)))
                    .collect(),
            ),
        }
    }

    /// JSON text; with `rng`, some characters escaped (`\uXXXX`, `\/`) and some whitespace added,
    /// so the parser's escape and whitespace paths are exercised too.
    pub fn write(&self, out: &mut String, rng: &mut Rng, fancy: bool) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => write_str(s, out, rng, fancy),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    space(out, rng, fancy);
                    item.write(out, rng, fancy);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    space(out, rng, fancy);
                    write_str(k, out, rng, fancy);
                    out.push(':');
                    space(out, rng, fancy);
                    v.write(out, rng, fancy);
                }
                out.push('}');
            }
        }
    }
}

fn space(out: &mut String, rng: &mut Rng, fancy: bool) {
    if fancy && rng.chance(10) {
        out.push_str(rng.pick(&[" ", "\n", "\t", "\r\n  "]));
    }
}

fn write_str(s: &str, out: &mut String, rng: &mut Rng, fancy: bool) {
    let escape_some = fancy && rng.chance(20);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            '/' if escape_some && rng.chance(50) => out.push_str("\\/"),
            c if escape_some && rng.chance(30) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    if rng.chance(50) {
                        out.push_str(&format!("\\u{u:04X}"));
                    } else {
                        out.push_str(&format!("\\u{u:04x}"));
                    }
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Pieces strings are made of: ASCII, what the rules look for, and non-ASCII whose case mapping,
/// normalization or width differs between naive implementations.
pub const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    " ",
    "  ",
    ".",
    ",",
    "-",
    "_",
    "@",
    "#",
    "+",
    "/",
    ":",
    "?",
    "=",
    "&",
    "%",
    "%2F",
    "~",
    "<b>",
    "</p>",
    "&amp;",
    "\\",
    "\"",
    "'",
    "\n",
    "\r\n",
    "\t",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "https://",
    "http://",
    "shop.example.com",
    "www.",
    "[::1]",
    "127.0.0.1",
    "19.99 USD",
    "1,99 EUR",
    "USD",
    "2026-01-01T00:00:00Z",
    "2026-13-40",
    "#FF0000",
    "FF0000",
    "in stock",
    "new",
    "MEDIA",
    "WEBSITE",
    "3_1323490622599176192",
    "13_1153584529292270722",
    "6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381",
    "4006381333931",
    "ACTIVE",
    "PAUSED",
    "é",
    "e\u{301}",
    "É",
    "E\u{301}",
    "Å",
    "\u{212b}",
    "A\u{30a}",
    "Ω",
    "\u{2126}",
    "ß",
    "ẞ",
    "İ",
    "ı",
    "i\u{307}",
    "Σ",
    "σ",
    "ς",
    "ΣΑΣ",
    "Ά",
    "\u{391}\u{301}",
    "ﬁ",
    "Ⅻ",
    "한국어",
    "\u{1100}\u{1161}\u{11a8}",
    "\u{d55c}",
    "ｈｔｔｐｓ",
    "１２３",
    "٣",
    "۴",
    "०",
    "\u{f900}",
    "\u{2f800}",
    "a\u{323}\u{307}",
    "a\u{307}\u{323}",
    "\u{301}",
    "\u{200b}",
    "\u{200d}",
    "\u{feff}",
    "\u{a0}",
    "\u{3000}",
    "\u{2028}",
    "\u{85}",
    "\u{180e}",
    "😀",
    "👩\u{200d}👩\u{200d}👧",
    "🇫🇷",
    "\u{10ffff}",
    "\u{fffd}",
    "𝔘𝔫𝔦",
    "ǅ",
    "ŉ",
    "ΐ",
    "ﬀ",
    "\u{1e9e}",
    "\u{130}\u{130}",
];

/// A string of 0 to `max_pieces` pieces; sometimes long.
pub fn string(rng: &mut Rng, max_pieces: usize) -> String {
    let mut s = String::new();
    let n = rng.below(max_pieces + 1);
    for _ in 0..n {
        s.push_str(rng.pick(PIECES));
    }
    if rng.chance(3) {
        let piece = rng.pick(PIECES);
        let times = 40 + rng.below(400);
        s.push_str(&piece.repeat(times));
    }
    s
}

/// Numbers at the edges of what the rules and both number types hold, written in several forms.
pub const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-0.0",
    "0.0",
    "1",
    "-1",
    "2",
    "4",
    "5",
    "25",
    "26",
    "150",
    "151",
    "1440",
    "10080",
    "10081",
    "1.5",
    "0.1",
    "1e3",
    "1E+3",
    "2.5e1",
    "1e-7",
    "5e-324",
    "1e308",
    "-1e308",
    "1e-400",
    "2147483647",
    "2147483648",
    "4294967296",
    "9007199254740991",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "100000000000000000000000",
    "123456789.5",
    "1000000.000000001",
];

/// A random value, nested at most `depth` more levels.
pub fn value(rng: &mut Rng, depth: usize) -> J {
    match rng.below(if depth == 0 { 5 } else { 8 }) {
        0 => J::Null,
        1 => J::Bool(rng.chance(50)),
        2 => J::Num(rng.pick(NUMBERS).to_string()),
        3 | 4 => J::Str(string(rng, 6)),
        5 => J::Arr((0..rng.below(4)).map(|_| value(rng, depth - 1)).collect()),
        6 => J::Arr(vec![J::Str(string(rng, 3)); rng.below(3) + 1]),
        _ => J::Obj(
            (0..rng.below(4))
                .map(|_| (string(rng, 2), value(rng, depth - 1)))
                .collect(),
        ),
    }
}

/// A value like `v` but changed: another string, a number in another form, a type swap.
fn variant(rng: &mut Rng, v: &J) -> J {
    match (v, rng.below(4)) {
        (J::Str(s), 0) => J::Str(format!("{s}{}", string(rng, 3))),
        (J::Str(s), 1) => {
            let keep = rng.below(s.chars().count() + 1);
            J::Str(s.chars().take(keep).collect())
        }
        (J::Str(s), 2) => J::Str(if rng.chance(50) {
            s.to_uppercase()
        } else {
            format!("{}{s}{}", rng.pick(PIECES), rng.pick(PIECES))
        }),
        (J::Num(_), 0 | 1) => J::Num(rng.pick(NUMBERS).to_string()),
        (J::Num(n), 2) => J::Str(n.clone()),
        (J::Bool(b), 0) => J::Str(b.to_string()),
        _ => value(rng, 2),
    }
}

/// Applies one random change somewhere in `doc`: replace, remove, repeat or add a member; change,
/// remove or repeat an item; or change a value in place.
pub fn mutate(rng: &mut Rng, doc: &mut J) {
    // Walk down a random path (item or member positions), stopping at a random container.
    let mut path: Vec<usize> = Vec::new();
    {
        let mut node: &J = doc;
        loop {
            let children: Vec<&J> = match node {
                J::Arr(items) => items.iter().collect(),
                J::Obj(members) => members.iter().map(|(_, v)| v).collect(),
                _ => Vec::new(),
            };
            if children.is_empty() || !rng.chance(60) {
                break;
            }
            let i = rng.below(children.len());
            if !matches!(children[i], J::Arr(_) | J::Obj(_)) {
                break;
            }
            path.push(i);
            node = children[i];
        }
    }
    let mut node: &mut J = doc;
    for i in path {
        node = match node {
            J::Arr(items) => &mut items[i],
            J::Obj(members) => &mut members[i].1,
            other => other,
        };
    }
    match node {
        J::Obj(members) => {
            let n = members.len();
            match rng.below(6) {
                0 | 1 if n > 0 => {
                    let i = rng.below(n);
                    members[i].1 = variant(rng, &members[i].1);
                }
                2 if n > 0 => {
                    members.remove(rng.below(n));
                }
                3 if n > 0 => {
                    // A repeated name: the same or another value, before or after.
                    let i = rng.below(n);
                    let mut copy = members[i].clone();
                    if rng.chance(50) {
                        copy.1 = variant(rng, &copy.1);
                    }
                    let at = rng.below(n + 1);
                    members.insert(at, copy);
                }
                4 if n > 0 => {
                    let i = rng.below(n);
                    members[i].1 = value(rng, 2);
                }
                _ => {
                    let name = if rng.chance(50) {
                        string(rng, 2)
                    } else {
                        rng.pick(&["id", "name", "url", "type", "extra", "title"])
                            .to_string()
                    };
                    let at = rng.below(n + 1);
                    members.insert(at, (name, value(rng, 2)));
                }
            }
        }
        J::Arr(items) => {
            let n = items.len();
            match rng.below(4) {
                0 if n > 0 => {
                    let i = rng.below(n);
                    items[i] = variant(rng, &items[i]);
                }
                1 if n > 0 => {
                    items.remove(rng.below(n));
                }
                2 if n > 0 => {
                    let i = rng.below(n);
                    let copy = items[i].clone();
                    items.insert(rng.below(n + 1), copy);
                }
                _ => items.push(value(rng, 2)),
            }
        }
        other => {
            let changed = variant(rng, other);
            *other = changed;
        }
    }
}

/// Bytes that are mostly not JSON: cut, spliced or garbled texts, nesting around the depth
/// limit, escapes that are not characters, invalid UTF-8, things other parsers accept.
pub fn raw_text(rng: &mut Rng, seed_text: &str, max_depth: usize) -> Vec<u8> {
    let b = seed_text.as_bytes();
    match rng.below(10) {
        0 => b[..rng.below(b.len() + 1)].to_vec(),
        1 => {
            let mut v = b.to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(v.len() + 1);
                let junk: &[u8] = rng.pick(&[
                    b",",
                    b"]",
                    b"}",
                    b"{",
                    b"[",
                    b":",
                    b"\"",
                    b"\\",
                    b"\0",
                    b" ",
                    b"\xff",
                    b"\xc3",
                    b"\xed\xa0\x80",
                    b"\xf4\x90\x80\x80",
                    b"\xc0\xaf",
                    b"\xe2\x82",
                ]);
                v.splice(at..at, junk.iter().copied());
            }
            v
        }
        2 => {
            let mut v = b.to_vec();
            if !v.is_empty() {
                let at = rng.below(v.len());
                v[at] = (rng.next() & 0xff) as u8;
            }
            v
        }
        3 => {
            let d = max_depth - 2 + rng.below(5);
            let (open, close) = if rng.chance(50) {
                ("[", "]")
            } else {
                ("{\"k\":", "}")
            };
            format!("{{\"name\":{}1{}}}", open.repeat(d), close.repeat(d)).into_bytes()
        }
        4 => {
            let esc = rng.pick(&[
                "\\ud800",
                "\\udc00",
                "\\ud83d\\ude00",
                "\\ud83d",
                "\\u0000",
                "\\u00e9",
                "\\uD83D\\uDE00",
                "\\ud800\\u0041",
                "\\x41",
                "\\u12",
                "\\U0041",
                "\\'",
            ]);
            format!("{{\"name\":\"a{esc}b\",\"url\":\"https://x{esc}.example\"}}").into_bytes()
        }
        5 => rng
            .pick(&[
                "",
                " ",
                "null",
                "[]",
                "{}",
                "\"\"",
                "NaN",
                "Infinity",
                "-Infinity",
                "01",
                "1.",
                ".5",
                "+1",
                "0x10",
                "1e",
                "1e400",
                "-1e400",
                "true false",
                "{\"a\":1,}",
                "[1,]",
                "{'a':1}",
                "{a:1}",
                "// c\n{}",
                "{\"a\":1}/*x*/",
                "\u{feff}{}",
                "{\"a\"\u{a0}:1}",
            ])
            .as_bytes()
            .to_vec(),
        6 => {
            let mut v = b"\xef\xbb\xbf".to_vec();
            v.extend_from_slice(b);
            v
        }
        7 => {
            let mut v = b.to_vec();
            v.extend_from_slice(rng.pick(&[&b" x"[..], b"}", b"\n\n", b" \t", b"\0"]));
            v
        }
        _ => {
            let n = rng.below(40);
            (0..n).map(|_| (rng.next() & 0xff) as u8).collect()
        }
    }
}

/// A value for identifier type `t` (a stable name): well-formed ones in many spellings, broken
/// ones, and pieces that only Unicode-aware code handles alike.
pub fn identifier(rng: &mut Rng, t: &str) -> String {
    let pad = |rng: &mut Rng, s: String| -> String {
        if rng.chance(25) {
            let ws = [
                "", " ", "\t", "\u{a0}", "\u{3000}", "\u{feff}", "\u{2003}", "\u{180e}",
            ];
            format!("{}{s}{}", rng.pick(&ws), rng.pick(&ws))
        } else {
            s
        }
    };
    let wide = |rng: &mut Rng| string(rng, 3);
    let s = match t {
        "email" => {
            let locals = [
                "support",
                "Support",
                "first.last+tag",
                "ÉLODIE",
                "e\u{301}lodie",
                "ΣΑΣ",
                "Στέφανος",
                "İsmail",
                "ismaıl",
                "한국",
                "\u{1100}\u{1161}\u{11a8}",
                "ＦＵＬＬ",
                "ß",
                "ẞtraße",
                "a\u{307}\u{323}",
                "Å\u{212b}",
                "user\u{200b}",
                "",
                "two@at",
                "\u{2126}hm",
            ];
            let domains = [
                "example.com",
                "X.COM",
                "exämple.de",
                "EXA\u{301}MPLE.fr",
                "例え.jp",
                "ｅｘａｍｐｌｅ.com",
                "",
                "ex ample.com",
                "İstanbul.tr",
            ];
            match rng.below(5) {
                0 => wide(rng),
                _ => format!("{}@{}", rng.pick(&locals), rng.pick(&domains)),
            }
        }
        "phone_number" => {
            let forms = [
                "+1 (617) 555-1212",
                "+16175551212",
                "0016175551212",
                "(657) 777-0000",
                "020 7946 0958",
                "+44 20 7946 0958",
                "+1-617-555-1212 x12",
                "+1 617 555 12a2",
                "＋１ ６１７ ５５５ １２１２",
                "+٤٤ ٢٠ ٧٩٤٦ ٠٩٥٨",
                "+1.617.555.1212",
                "+1/617/555/1212",
                "+0 123 456 7890",
                "+1 23",
                "+1234567890123456",
                "00 49 30 1234567",
                "0",
                "+",
                "+1\u{a0}617\u{a0}555\u{a0}1212",
                "\u{200b}+16175551212",
            ];
            match rng.below(6) {
                0 => wide(rng),
                1 => {
                    let n = 1 + rng.below(16);
                    (0..n)
                        .map(|_| char::from(b'0' + rng.below(10) as u8))
                        .collect()
                }
                _ => rng.pick(&forms).to_string(),
            }
        }
        "handle" => {
            let forms = [
                "@AdsAPI",
                "AdsAPI",
                "＠AdsAPI",
                "@@twice",
                "@",
                "user_name_20_chars_x",
                "user_name_21_chars_xx",
                "İstanbul",
                "ıi",
                "straße",
                "ＡＢＣ",
                "a b",
                "@user.name",
                "@user-name",
                "é",
            ];
            match rng.below(4) {
                0 => wide(rng),
                _ => rng.pick(&forms).to_string(),
            }
        }
        "device_id" => {
            let forms = [
                "38400000-8cf0-11bd-b23e-10b96e40000d",
                "38400000-8CF0-11BD-B23E-10B96E40000D",
                "384000008cf011bdb23e10b96e40000d",
                "00000000-0000-0000-0000-000000000000",
                "00000000000000000000000000000000",
                "9774d56d682e549c",
                "9774D56D682E549C",
                "9774d56d682e549",
                "38400000-8cf0-11bd-b23e-10b96e40000",
                "３８４00000-8cf0-11bd-b23e-10b96e40000d",
                "38400000_8cf0_11bd_b23e_10b96e40000d",
                "{38400000-8cf0-11bd-b23e-10b96e40000d}",
            ];
            match rng.below(4) {
                0 => wide(rng),
                1 => (0..16 + rng.below(20))
                    .map(|_| rng.pick(&['0', '9', 'a', 'f', 'A', 'F', '-', 'g']))
                    .collect(),
                _ => rng.pick(&forms).to_string(),
            }
        }
        "service_id" => {
            let forms = [
                "2244994945",
                "0002244994945",
                "0",
                "000",
                "18446744073709551615",
                "18446744073709551616",
                "１２３",
                "12 34",
                "-1",
                "+1",
                "1e3",
                "٣٤",
                "12\u{0}",
            ];
            match rng.below(4) {
                0 => wide(rng),
                _ => rng.pick(&forms).to_string(),
            }
        }
        _ => match rng.below(3) {
            // partner_user_id: anything, verbatim.
            0 => String::new(),
            _ => wide(rng),
        },
    };
    if rng.chance(8) {
        // A prehashed-looking value: 64 hex digits (sometimes upper case, sometimes off by one).
        let len = rng.pick(&[64, 64, 64, 63, 65]);
        let hex: String = (0..len)
            .map(|_| char::from(rng.pick(b"0123456789abcdefABCDEF")))
            .collect();
        return pad(rng, hex);
    }
    pad(rng, s)
}
