//! `service_id` (the platform's numeric user id): ASCII digits only, leading zeros dropped,
//! non-zero, at most `u64::MAX`.

use super::IdError;

pub(super) fn normalize(t: &str) -> Result<&str, IdError> {
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(IdError::InvalidServiceId);
    }
    let digits = t.trim_start_matches('0');
    if digits.is_empty() || digits.len() > 20 {
        return Err(IdError::InvalidServiceId);
    }
    // 20 digits may still exceed u64::MAX (18446744073709551615).
    let fits = digits.bytes().try_fold(0u64, |acc, d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    });
    match fits {
        Some(_) => Ok(digits),
        None => Err(IdError::InvalidServiceId),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert_eq!(normalize("143567"), Ok("143567"));
        assert_eq!(normalize("000143567"), Ok("143567"));
        assert_eq!(
            normalize("18446744073709551615"),
            Ok("18446744073709551615")
        );
        assert_eq!(
            normalize("0018446744073709551615"),
            Ok("18446744073709551615")
        );
        for bad in [
            "18446744073709551616",
            "0",
            "000",
            "1.4e5",
            "+5",
            "-5",
            "1 2",
            "\u{661}",
        ] {
            assert_eq!(normalize(bad), Err(IdError::InvalidServiceId), "{bad:?}");
        }
    }
}
