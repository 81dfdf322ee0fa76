//! Trade item numbers: "UPC, EAN, JAN or ISBN" (document B, Product `gtin`), each with its check
//! digit. Digits only: no spaces or hyphens.
//!
//! - UPC-A (12 digits) and EAN-13 / JAN / ISBN-13 (13 digits): GS1 modulo 10;
//! - EAN-8 (8 digits): GS1 modulo 10; an 8-digit UPC-E is checked on its UPC-A expansion;
//! - ISBN-10 (9 digits and a check digit or `X`): modulo 11.
//!
//! GTIN-14 is not one of the named kinds and is refused.

use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CheckIssue;
pub use crate::issues::{GtinError, GTIN_PATTERN};
use crate::report::Pointer;

/// Length of an EAN-8 or a UPC-E.
pub const SHORT_LEN: usize = 8;
/// Length of an ISBN-10.
pub const ISBN10_LEN: usize = 10;
/// Length of a UPC-A.
pub const UPC_A_LEN: usize = 12;
/// Length of an EAN-13, a JAN or an ISBN-13.
pub const EAN13_LEN: usize = 13;
/// The last character of an ISBN-10 that stands for the check value 10.
pub const ISBN10_CHECK_TEN: u8 = b'X';

/// GS1 check digits are computed modulo this.
const GS1_MODULUS: u32 = 10;
/// GS1 weight of the digit next to the check digit, then every second digit leftwards.
const GS1_ODD_WEIGHT: u32 = 3;
/// ISBN-10 check sums are computed modulo this.
const ISBN10_MODULUS: u32 = 11;

/// Whether `s` is a UPC, EAN, JAN or ISBN with a matching check digit (see the module docs).
pub fn check_gtin(s: &str) -> Result<(), GtinError> {
    let b = s.as_bytes();
    let digits = |d: &[u8]| d.iter().all(u8::is_ascii_digit);
    let valid = match b.len() {
        SHORT_LEN if digits(b) => gs1_check_ok(b) || upc_e_check_ok(b),
        UPC_A_LEN | EAN13_LEN if digits(b) => gs1_check_ok(b),
        ISBN10_LEN
            if digits(&b[..ISBN10_LEN - 1])
                && (b[ISBN10_LEN - 1].is_ascii_digit()
                    || b[ISBN10_LEN - 1] == ISBN10_CHECK_TEN) =>
        {
            isbn10_check_ok(b)
        }
        _ => return Err(GtinError::Format),
    };
    if valid {
        Ok(())
    } else {
        Err(GtinError::CheckDigit)
    }
}

/// Checks a GTIN string, reporting `invalid_format` (`params.reason`: `format` or
/// `check_digit`).
pub fn gtin(ctx: &mut Ctx, path: &Pointer, s: &str) -> bool {
    let Err(e) = check_gtin(s) else {
        return true;
    };
    report(ctx, path, CheckIssue::InvalidGtin { error: e }.into());
    false
}

fn digit(b: u8) -> u32 {
    u32::from(b.wrapping_sub(b'0'))
}

/// GS1 modulo 10: from the digit next to the check digit leftwards, weights 3, 1, 3, ...
fn gs1_check_ok(d: &[u8]) -> bool {
    let Some((&check, body)) = d.split_last() else {
        return false;
    };
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &c)| digit(c) * if i % 2 == 0 { GS1_ODD_WEIGHT } else { 1 })
        .sum();
    (GS1_MODULUS - sum % GS1_MODULUS) % GS1_MODULUS == digit(check)
}

/// UPC-E: number system 0 or 1, six digits, check digit of the expanded UPC-A.
fn upc_e_check_ok(d: &[u8]) -> bool {
    let [ns @ (b'0' | b'1'), a, b, c, e, f, g, check] = *d else {
        return false;
    };
    let middle: [u8; 10] = match g {
        b'0'..=b'2' => [a, b, g, b'0', b'0', b'0', b'0', c, e, f],
        b'3' => [a, b, c, b'0', b'0', b'0', b'0', b'0', e, f],
        b'4' => [a, b, c, e, b'0', b'0', b'0', b'0', b'0', f],
        _ => [a, b, c, e, f, b'0', b'0', b'0', b'0', g],
    };
    let mut upc_a = [0u8; UPC_A_LEN];
    upc_a[0] = ns;
    upc_a[1..UPC_A_LEN - 1].copy_from_slice(&middle);
    upc_a[UPC_A_LEN - 1] = check;
    gs1_check_ok(&upc_a)
}

/// ISBN-10: the digits weighted 10 down to 1 sum to a multiple of 11; a final `X` is 10.
fn isbn10_check_ok(d: &[u8]) -> bool {
    let sum: u32 = d
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let v = if c == ISBN10_CHECK_TEN { 10 } else { digit(c) };
            v * (ISBN10_LEN - i) as u32
        })
        .sum();
    sum % ISBN10_MODULUS == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtins_of_every_named_kind() {
        for ok in [
            "4006381333931", // EAN-13
            "4901234567894", // JAN (EAN-13, prefix 49)
            "036000291452",  // UPC-A
            "96385074",      // EAN-8
            "04252614",      // UPC-E (expands to 042100005264), not a valid EAN-8
            "01234565",      // UPC-E 0123456 (expands to 012345000065)
            "01234036",      // UPC-E ending in 3 (expands to 012300000406)
            "01234543",      // UPC-E ending in 4 (expands to 012340000053)
            "9780306406157", // ISBN-13
            "0306406152",    // ISBN-10
            "080442957X",    // ISBN-10 with check X
        ] {
            assert_eq!(check_gtin(ok), Ok(()), "{ok}");
        }
        for bad in [
            "4006381333932",
            "036000291453",
            "96385075",
            "04252615",
            "9780306406158",
            "0306406153",
            "0804429579",
        ] {
            assert_eq!(check_gtin(bad), Err(GtinError::CheckDigit), "{bad}");
        }
        for bad in [
            "",
            "1234567",
            "12345678901",
            "10614141000415", // GTIN-14: not a UPC, EAN, JAN or ISBN
            "978-0-306-40615-7",
            "0 36000 29145 2",
            "080442957x",
            "X804429570",
            "40063813339３1",
            "4006381333931 ",
            "abcdefghijkl",
        ] {
            assert_eq!(check_gtin(bad), Err(GtinError::Format), "{bad}");
        }
    }

    #[test]
    fn upc_e_expansion_forms() {
        // One example per last-digit family, each checked against its UPC-A expansion.
        for (upc_e, upc_a) in [
            ("01200003", "012000000003"),
            ("01234036", "012300000406"),
            ("01234543", "012340000053"),
            ("01234565", "012345000065"),
        ] {
            assert!(gs1_check_ok(upc_a.as_bytes()), "{upc_a}");
            assert!(upc_e_check_ok(upc_e.as_bytes()), "{upc_e}");
        }
        assert!(!upc_e_check_ok(b"21234565"), "number system 2 is not UPC-E");
    }

    #[test]
    fn reports_format_and_check_digit_apart() {
        use crate::ctx::Mode;
        use crate::options::Options;
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let p = Pointer::root();
        assert!(gtin(&mut ctx, &p, "4006381333931"));
        assert!(!gtin(&mut ctx, &p, "4006381333932"));
        assert!(!gtin(&mut ctx, &p, "40063813339"));
        let reasons: Vec<_> = ctx
            .finish()
            .issues
            .iter()
            .map(|i| i.params["reason"].clone())
            .collect();
        assert_eq!(reasons, ["check_digit", "format"]);
    }
}
