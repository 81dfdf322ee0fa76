//! SHA-256 of one message of any length: the digest that every value not hashed four at a time
//! gets in the wasm build (one value at a time, and values longer than one block in the bulk
//! paths), in place of the `sha2` crate there.
//!
//! The rounds are [`round`] on plain `u32`s (the same source as the four-lane rounds of
//! [`super::sha256x4`]); the message schedule is computed four words at a time on [`Rows`] (four lanes),
//! which keeps the 16 schedule words in four vector registers and the eight state words in
//! scalar ones, so that neither spills. The 64 rounds are a loop of 16 steps of four rounds
//! (about 1 KB of wasm); on V8 this is faster than `sha2`'s portable code (itself about 8 KB).
//! Native builds keep `sha2` (SHA-NI where the CPU has it); native tests run this code on
//! [`super::lanes::Portable`] lanes against `sha2` and published vectors, and the wasm build on
//! `v128` lanes is checked against `node:crypto` by the Node tests. `sha2` in its place costs
//! 1.1 KB gzipped (`bash bench/libsize/run.sh`); a million messages, every length 0..=300 and
//! random ones, against `sha2` in tests/differential_libs/ (docs/PERFORMANCE.md, "Hand-written
//! code and why").

use super::lanes::{round, sigma0, sigma1, Block, Rows, H0, K};

/// [`K`] four constants at a time, in the order the schedule produces the words.
const K4: [[u32; 4]; 16] = {
    let mut out = [[0; 4]; 16];
    let mut i = 0;
    while i < 64 {
        out[i / 4][i % 4] = K[i];
        i += 1;
    }
    out
};

/// The next four schedule words from the previous sixteen (`w[0]` oldest, four per value):
/// `w[t] = sigma1(w[t - 2]) + w[t - 7] + sigma0(w[t - 15]) + w[t - 16]`. The first two new words
/// take their `w[t - 2]` from `w[3]`, the last two from the first two new ones.
#[inline(always)]
fn next<L: Rows>(w: &[L; 4]) -> L {
    let [w0, w1, w2, w3] = *w;
    let x = w0.add(sigma0(L::window(w0, w1))).add(L::window(w2, w3));
    // sigma1(0) = 0: the zero lanes add nothing.
    let x = x.add(sigma1(w3.high_to_low()));
    x.add(sigma1(x.low_to_high()))
}

/// Compresses one block into `state`.
#[inline(never)]
fn compress<L: Rows>(state: &mut [u32; 8], block: &Block) {
    let mut w = L::load_row(block);
    let mut s = *state;
    for k in K4 {
        let kw = w[0].add(L::from_words(k));
        // Four words more than the last step needs; cheaper than a second loop.
        w = [w[1], w[2], w[3], next(&w)];
        round(&mut s, kw.lane::<0>());
        round(&mut s, kw.lane::<1>());
        round(&mut s, kw.lane::<2>());
        round(&mut s, kw.lane::<3>());
    }
    for (x, y) in state.iter_mut().zip(s) {
        *x = x.wrapping_add(y);
    }
}

/// 64 bytes as a [`Block`] (eight little-endian `u64`).
#[inline(always)]
fn block(bytes: &[u8]) -> Block {
    let mut b = [0u64; 8];
    for (w, c) in b.iter_mut().zip(bytes.chunks_exact(8)) {
        *w = <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes);
    }
    b
}

/// The SHA-256 digest of `data`.
#[inline]
pub(crate) fn digest<L: Rows>(data: &[u8]) -> [u8; 32] {
    digest_from::<L>(H0, data, 0)
}

/// The SHA-256 digest of the 64 bytes `first` (if any) followed by `data`: HMAC's hashes (a
/// long key alone, then the key block and the message or the inner digest), without copying
/// `data`.
#[cfg_attr(feature = "sha2-hmac", allow(dead_code))]
pub(crate) fn digest_after<L: Rows>(first: Option<&[u8; 64]>, data: &[u8]) -> [u8; 32] {
    let Some(first) = first else {
        return digest_from::<L>(H0, data, 0);
    };
    let mut state = H0;
    compress::<L>(&mut state, &block(first));
    digest_from::<L>(state, data, 64)
}

/// Hashes `data` on from `state`, after `before` bytes already compressed (a multiple of 64),
/// and pads with the length of the whole message. Out of line: one copy for both callers.
#[inline(never)]
fn digest_from<L: Rows>(mut state: [u32; 8], data: &[u8], before: u64) -> [u8; 32] {
    let mut chunks = data.chunks_exact(64);
    for c in &mut chunks {
        compress::<L>(&mut state, &block(c));
    }
    // The rest, the 0x80 marker, zeros and the bit length (big-endian, last 8 bytes): one block,
    // or two when the rest leaves fewer than 9 bytes free.
    let rest = chunks.remainder();
    let mut tail = [0u8; 128];
    let len = if rest.len() < 56 { 64 } else { 128 };
    if let Some(dst) = tail.get_mut(..rest.len()) {
        dst.copy_from_slice(rest);
    }
    if let Some(marker) = tail.get_mut(rest.len()) {
        *marker = 0x80;
    }
    let bits = (data.len() as u64).wrapping_add(before).wrapping_mul(8);
    if let Some(dst) = tail.get_mut(len - 8..len) {
        dst.copy_from_slice(&bits.to_be_bytes());
    }
    for c in tail.chunks_exact(64).take(len / 64) {
        compress::<L>(&mut state, &block(c));
    }
    let mut out = [0u8; 32];
    for (o, s) in out.chunks_exact_mut(4).zip(state) {
        o.copy_from_slice(&s.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::lanes::Portable;
    use super::*;
    use sha2::{Digest, Sha256};

    fn hex(d: [u8; 32]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn published_vectors() {
        // FIPS 180-2, appendix B (one block, two blocks, a million 'a'), and the empty message
        // (NIST's SHA-256 example values).
        let cases: [(&[u8], &str); 4] = [
            (
                b"",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ),
            (
                b"abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
            (
                b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
            ),
        ];
        for (msg, want) in cases {
            assert_eq!(hex(digest::<Portable>(msg)), want, "{} bytes", msg.len());
        }
        assert_eq!(
            hex(digest::<Portable>(&vec![b'a'; 1_000_000])),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn every_length_against_sha2() {
        // Every padding case (rest of 0 to 63 bytes, one or two final blocks) over one to five
        // blocks, bytes of every value.
        let mut seed: u64 = 0x1234_5678_9abc_def1;
        let data: Vec<u8> = (0..320)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 24) as u8
            })
            .collect();
        for len in 0..=data.len() {
            let msg = &data[..len];
            let want: [u8; 32] = Sha256::digest(msg).into();
            assert_eq!(digest::<Portable>(msg), want, "length {len}");
        }
    }
}
