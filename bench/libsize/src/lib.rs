#![allow(dead_code, unused_variables)]
//! One export, `run`, using one piece (chosen by a Cargo feature), so that the `.wasm` weighs
//! that piece: the engine's or the crate's. The input is made from the export's argument, so
//! that nothing is known at compile time.

fn input(len: usize) -> Vec<u8> {
    (0..len.min(4096))
        .map(|i| (i as u32).wrapping_mul(len as u32 | 1).rotate_left(7) as u8)
        .collect()
}

fn text(len: usize) -> String {
    String::from_utf8(input(len)).unwrap_or_default()
}

fn out(b: &[u8]) -> usize {
    b.iter().map(|&x| usize::from(x)).sum()
}

#[no_mangle]
pub extern "C" fn run(len: usize) -> usize {
    #[cfg(feature = "pct_ours")]
    {
        use preflight::signing::percent;
        let e = percent::encode(&text(len));
        let d = percent::form_decode(&e).map(|s| s.len()).unwrap_or(0);
        return out(e.as_bytes()) + d;
    }
    #[cfg(feature = "pct_crate")]
    {
        use percent_encoding::{percent_decode_str, utf8_percent_encode, NON_ALPHANUMERIC};
        const SET: &percent_encoding::AsciiSet = &NON_ALPHANUMERIC
            .remove(b'-')
            .remove(b'.')
            .remove(b'_')
            .remove(b'~');
        let e: String = utf8_percent_encode(&text(len), SET).collect();
        let plus = e.replace('+', " ");
        let d = percent_decode_str(&plus)
            .decode_utf8()
            .map(|s| s.len())
            .unwrap_or(0);
        return out(e.as_bytes()) + d;
    }
    #[cfg(feature = "f64_ours")]
    {
        let f = f64::from_bits(u64::from_le_bytes(input(8).try_into().unwrap_or([0; 8])));
        let mut s = String::new();
        preflight::__private::pieces::write_f64(&mut s, f);
        return out(s.as_bytes());
    }
    #[cfg(feature = "f64_ryu")]
    {
        let f = f64::from_bits(u64::from_le_bytes(input(8).try_into().unwrap_or([0; 8])));
        let mut b = ryu::Buffer::new();
        let s = b.format_finite(f).to_string();
        return out(s.as_bytes());
    }
    #[cfg(feature = "date_ours")]
    {
        return match preflight::__private::checks::dates::parse_iso8601(&text(len)) {
            Some(d) => d.unix_seconds as usize + d.nanos as usize,
            None => 0,
        };
    }
    #[cfg(feature = "date_chrono")]
    {
        return match chrono::DateTime::parse_from_rfc3339(&text(len)) {
            Ok(d) => d.timestamp() as usize + d.timestamp_subsec_nanos() as usize,
            Err(_) => 0,
        };
    }
    #[cfg(feature = "csv_ours")]
    {
        use preflight::audience::csv::{fields, Scanner};
        let bytes = input(len);
        let mut sc = Scanner::csv(b',');
        let end = sc.find_end(&bytes).unwrap_or(bytes.len());
        return fields(&bytes[..end], b',').map(|f| f.len()).unwrap_or(0);
    }
    #[cfg(feature = "csv_crate")]
    {
        let bytes = input(len);
        let mut r = csv_core::Reader::new();
        let mut o = [0u8; 1024];
        let mut ends = [0usize; 64];
        let (res, _, _, n) = r.read_record(&bytes, &mut o, &mut ends);
        return n + matches!(res, csv_core::ReadRecordResult::Record) as usize;
    }
    #[cfg(feature = "jsonw_ours")]
    {
        let mut s = String::new();
        preflight::__private::pieces::write_string(&mut s, &text(len));
        return out(s.as_bytes());
    }
    #[cfg(feature = "jsonw_crate")]
    {
        let s = serde_json::to_string(&text(len)).unwrap_or_default();
        return out(s.as_bytes());
    }
    #[cfg(feature = "sha_ours")]
    {
        let d = preflight::__private::pieces::sha256_one(&input(len));
        return out(&d);
    }
    #[cfg(feature = "sha_crate")]
    {
        use sha2::Digest;
        let d: [u8; 32] = sha2::Sha256::digest(input(len)).into();
        return out(&d);
    }
    #[allow(unreachable_code)]
    len
}

/// `each` over `items`, `rounds` times; the sum of what it returns (so nothing is optimized away).
#[cfg(feature = "speed")]
fn repeat<T>(items: &[T], rounds: u32, mut each: impl FnMut(&T) -> u32) -> u32 {
    let mut sum = 0u32;
    for _ in 0..rounds {
        for item in items {
            sum = sum.wrapping_add(each(item));
        }
    }
    sum
}

/// `n` messages of 10 to 49 bytes (e-mail sized), as the bulk paths see them.
#[cfg(feature = "speed")]
fn messages(n: u32) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| {
            let len = 10 + (i.wrapping_mul(2_654_435_761) >> 27) as usize;
            (0..len)
                .map(|j| b'a' + ((i as usize * 31 + j * 7) % 26) as u8)
                .collect()
        })
        .collect()
}

#[cfg(feature = "speed")]
fn hex(d: &[u8; 32]) -> [u8; 64] {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = [0u8; 64];
    for (i, b) in d.iter().enumerate() {
        out[2 * i] = DIGITS[usize::from(b >> 4)];
        out[2 * i + 1] = DIGITS[usize::from(b & 15)];
    }
    out
}

/// Hashes `n` messages `rounds` times four at a time (the engine's four-lane SHA-256); returns a
/// checksum of the hex digits.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn four(n: u32, rounds: u32) -> u32 {
    let msgs = messages(n);
    let mut quads: Vec<Vec<&[u8]>> = Vec::new();
    for chunk in msgs.chunks(4) {
        quads.push(chunk.iter().map(Vec::as_slice).collect());
    }
    repeat(&quads, rounds, |q| {
        let hexes = preflight::__private::pieces::sha256_four(q).unwrap_or_default();
        hexes.iter().map(|h| u32::from(h[0])).sum()
    })
}

/// The same, one message at a time with the engine's one-message SHA-256.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn one(n: u32, rounds: u32) -> u32 {
    repeat(&messages(n), rounds, |m| {
        u32::from(hex(&preflight::__private::pieces::sha256_one(m))[0])
    })
}

/// The same, one message at a time with `sha2`.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn sha2(n: u32, rounds: u32) -> u32 {
    use sha2::Digest;
    repeat(&messages(n), rounds, |m| {
        u32::from(hex(&sha2::Sha256::digest(m).into())[0])
    })
}

/// `n` doubles: for `rounds` odd, of every exponent (from the bits of a fixed sequence); for
/// `rounds` even, amounts in cents as payloads hold them (`0.01` to `99999.99`).
#[cfg(feature = "speed")]
fn doubles(n: u32, rounds: u32) -> Vec<f64> {
    if rounds % 2 == 0 {
        return (0..n)
            .map(|i| f64::from(i.wrapping_mul(2_654_435_761) % 10_000_000) / 100.0)
            .collect();
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..n)
        .map(|_| loop {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let f = f64::from_bits(x);
            if f.is_finite() {
                break f;
            }
        })
        .collect()
}

/// Shortest digits of `n` doubles, `rounds` times, by the engine; returns the total length.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn f64_ours(n: u32, rounds: u32) -> u32 {
    let mut s = String::new();
    repeat(&doubles(n, rounds), rounds, |&f| {
        s.clear();
        preflight::__private::pieces::write_f64(&mut s, f);
        s.len() as u32
    })
}

/// The same digits by `ryu` (its layout differs, so the totals differ).
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn f64_ryu(n: u32, rounds: u32) -> u32 {
    let mut b = ryu::Buffer::new();
    repeat(&doubles(n, rounds), rounds, |&f| {
        b.format_finite(f).len() as u32
    })
}

/// `n` RFC 3339 date-times.
#[cfg(feature = "speed")]
fn dates(n: u32) -> Vec<String> {
    (0..n)
        .map(|i| {
            format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}+{:02}:30",
                1970 + i % 100,
                1 + i % 12,
                1 + i % 28,
                i % 24,
                i % 60,
                (i * 7) % 60,
                i % 1000,
                i % 14
            )
        })
        .collect()
}

/// Parses `n` date-times `rounds` times by the engine; returns a checksum of the instants.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn date_ours(n: u32, rounds: u32) -> u32 {
    repeat(&dates(n), rounds, |d| {
        preflight::__private::checks::dates::parse_iso8601(d).map_or(0, |t| t.unix_seconds as u32)
    })
}

/// The same by chrono.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn date_chrono(n: u32, rounds: u32) -> u32 {
    repeat(&dates(n), rounds, |d| {
        chrono::DateTime::parse_from_rfc3339(d).map_or(0, |t| t.timestamp() as u32)
    })
}

/// `n` texts of 8 to 40 characters, some reserved and non-ASCII.
#[cfg(feature = "speed")]
fn texts(n: u32) -> Vec<String> {
    const PIECES: [&str; 8] = ["a", "Z", "9", " ", "&", "=", "é", "~"];
    (0..n as usize)
        .map(|i| {
            (0..8 + i % 33)
                .map(|j| PIECES[(i * 5 + j * 3) % 8])
                .collect()
        })
        .collect()
}

/// Percent-encodes `n` texts `rounds` times by the engine; returns the total length.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn pct_ours(n: u32, rounds: u32) -> u32 {
    repeat(&texts(n), rounds, |t| {
        preflight::signing::percent::encode(t).len() as u32
    })
}

/// The same by `percent-encoding`.
#[cfg(feature = "speed")]
#[no_mangle]
pub extern "C" fn pct_crate(n: u32, rounds: u32) -> u32 {
    use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
    const SET: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    repeat(&texts(n), rounds, |t| {
        utf8_percent_encode(t, SET).collect::<String>().len() as u32
    })
}
