//! The wasm build's SHA-256 (`src/audience/sha256x1.rs`, one message of any length, and
//! `src/audience/sha256x4.rs`, four single-block messages at once, both on `src/audience/lanes.rs`;
//! natively on the portable lanes: the `v128` lanes are checked in wasm against `node:crypto`
//! by tests/node/) against the `sha2` crate.

use crate::generate::Rng;
use preflight::__private::pieces::{hmac_sha256, sha256_four, sha256_one};
use sha2::{Digest, Sha256};

/// The longest message of the four-lane hash (one block with its padding).
const FOUR_MAX: usize = 55;

fn bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    // Mostly random bytes; sometimes one byte repeated (0x00, 0x80 and 0xff meet the padding).
    if rng.chance(10) {
        vec![rng.pick(&[0u8, 0x80, 0xff, b'a']); n]
    } else {
        (0..n).map(|_| rng.next() as u8).collect()
    }
}

fn hex(d: &[u8]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn one_message_against_sha2() {
    let (mut rng, seed) = crate::rng("sha256x1");
    let n = crate::cases();
    for case in 0..n {
        // Every length 0..=300 in turn, then random lengths up to 4 KiB.
        let len = if case <= 300 * 10 {
            case % 301
        } else if rng.chance(90) {
            rng.below(301)
        } else {
            rng.below(4097)
        };
        let msg = bytes(&mut rng, len);
        let want: [u8; 32] = Sha256::digest(&msg).into();
        assert_eq!(
            hex(&sha256_one(&msg)),
            hex(&want),
            "seed {seed:#x} case {case}: length {len}"
        );
    }
}

#[test]
fn four_lanes_against_sha2() {
    let (mut rng, seed) = crate::rng("sha256x4");
    // A million messages, four per call.
    let calls = crate::cases().div_ceil(4);
    for case in 0..calls {
        let count = if rng.chance(80) { 4 } else { 1 + rng.below(4) };
        let msgs: Vec<Vec<u8>> = (0..count)
            .map(|lane| {
                // Every length in every lane, then random ones.
                let len = if case < 4 * (FOUR_MAX + 1) {
                    (case + lane * 17) % (FOUR_MAX + 1)
                } else {
                    rng.below(FOUR_MAX + 1)
                };
                bytes(&mut rng, len)
            })
            .collect();
        let refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let got = sha256_four(&refs)
            .unwrap_or_else(|| panic!("seed {seed:#x} case {case}: refused {count} messages"));
        for (lane, (m, g)) in msgs.iter().zip(&got).enumerate() {
            let want: [u8; 32] = Sha256::digest(m).into();
            assert_eq!(
                String::from_utf8_lossy(g),
                hex(&want),
                "seed {seed:#x} case {case}: lane {lane}, length {}",
                m.len()
            );
        }
    }
    // One byte too many is refused, not hashed wrong.
    assert!(sha256_four(&[&[0; FOUR_MAX + 1]]).is_none());
}

#[test]
fn hmac_against_the_hmac_crate() {
    use hmac::{Hmac, Mac};
    let (mut rng, seed) = crate::rng("hmac_sha256");
    let n = crate::cases();
    for case in 0..n {
        // Keys of every length 0..=130 in turn (shorter than, equal to and longer than the
        // 64-byte block), then random ones up to 300 bytes; messages up to 4 KiB.
        let key_len = if case <= 130 * 4 {
            case % 131
        } else {
            rng.below(301)
        };
        let msg_len = if rng.chance(80) {
            rng.below(200)
        } else {
            rng.below(4097)
        };
        let key = bytes(&mut rng, key_len);
        let msg = bytes(&mut rng, msg_len);
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key).expect("any key length");
        mac.update(&msg);
        let want: [u8; 32] = mac.finalize().into_bytes().into();
        assert_eq!(
            hex(&hmac_sha256(&key, &msg)),
            hex(&want),
            "seed {seed:#x} case {case}: key {key_len} bytes, message {msg_len}"
        );
        // The native path (the same construction over `sha2`) too.
        assert_eq!(
            preflight::signing::mac::hmac_sha256(&key, &msg).map(|d| hex(&d)),
            Ok(hex(&want)),
            "seed {seed:#x} case {case}"
        );
    }
}
