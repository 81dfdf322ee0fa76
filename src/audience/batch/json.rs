//! JSON text as the bodies emit it.

/// Appends `s` as a JSON string (quotes, `\"`, `\\`, control characters escaped the way
/// serde_json does; everything else, including non-ASCII, as is).
pub(super) fn push_json_str(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
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
        if short.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(short);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_match_serde() {
        for s in [
            "",
            "plain",
            "q\"b\\s/",
            "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}",
            "é\u{2028}",
        ] {
            let mut out = String::new();
            push_json_str(&mut out, s);
            assert_eq!(Some(out), serde_json::to_string(s).ok(), "{s:?}");
        }
    }
}
