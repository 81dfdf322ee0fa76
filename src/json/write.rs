//! JSON text written by hand, exactly as serde_json writes it: a report's issues
//! ([`crate::report::Report::to_json`]), the `describe`/`jsonSchema` trees and the audience upload
//! bodies. Writing them here
//! keeps serde_json's serializer (and its float writer) out of the wasm builds.

pub(crate) use super::shortest::write_f64;

/// Appends `s` as a JSON string, escaped as serde_json escapes it: `"` and `\`, the control
/// characters as `\b \t \n \f \r` or `\u00xx` (lowercase hex), nothing else.
pub(crate) fn string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        start = i + 1;
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends the integer `n`.
pub(crate) fn int(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    uint(out, n.unsigned_abs());
}

/// Appends the decimal digits of `n`.
pub(crate) fn uint(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// Appends `v` as compact JSON, as serde_json writes it: members in their order (a repeated
/// name written each time it was read), numbers as [`super::Number`] holds them (an integer's
/// digits, a float's shortest round-trip form).
pub(crate) fn value(out: &mut String, v: &super::Value<'_>) {
    use super::{Number, Value};
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(Number::Int(n)) => int(out, *n),
        Value::Number(Number::UInt(n)) => uint(out, *n),
        Value::Number(Number::Float(f) | Number::Big(f)) => {
            write_f64(out, *f);
        }
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                value(out, item);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            for (i, (name, item)) in o.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                string(out, name);
                out.push(':');
                value(out, item);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn strings_and_integers_as_serde_json_writes_them() {
        let mut texts: Vec<String> = (0u8..0x80).map(|b| char::from(b).to_string()).collect();
        texts.extend(
            [
                "",
                "a\"b\\c",
                "é/ü€😀",
                "\u{7f}\u{80}\u{2028}",
                "tab\there\r\n",
            ]
            .map(String::from),
        );
        for s in &texts {
            let mut out = String::new();
            super::string(&mut out, s);
            assert_eq!(Some(out), serde_json::to_string(s).ok(), "{s:?}");
        }
        for n in [
            0,
            1,
            -1,
            9,
            10,
            99,
            100,
            i64::MAX,
            i64::MIN,
            -604_800,
            1_000_000,
        ] {
            let mut out = String::new();
            super::int(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn values_as_serde_json_writes_them() {
        for t in [
            "null",
            "[true,false,0,-1,18446744073709551615,1.5,1e300,-2.5e-7,\"a\\u0001\"]",
            "{\"a\":{\"b\":[],\"c\":{}},\"d\":\"\\u00e9\",\"e\":100000000000000000000000}",
        ] {
            let ours = crate::json::parse(t.as_bytes()).expect("JSON");
            let mut out = String::new();
            super::value(&mut out, &ours);
            let serde: serde_json::Value = serde_json::from_str(t).expect("JSON");
            assert_eq!(out, serde_json::to_string(&serde).expect("text"), "{t}");
        }
    }
}
