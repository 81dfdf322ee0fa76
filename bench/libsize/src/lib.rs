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
        const SET: &percent_encoding::AsciiSet =
            &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
        let e: String = utf8_percent_encode(&text(len), SET).collect();
        let plus = e.replace('+', " ");
        let d = percent_decode_str(&plus).decode_utf8().map(|s| s.len()).unwrap_or(0);
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
