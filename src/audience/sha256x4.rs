//! Multi-buffer SHA-256: four single-block messages (at most [`MAX_LEN`] bytes each, so that the
//! padding fits in the same 64-byte block) hashed together, one message per 32-bit lane, and
//! written out as 64 lowercase hex digits each.
//!
//! The compression function is written once, generic over [`Lanes`] (four `u32`s and the few
//! operations SHA-256 needs, [`super::lanes`]):
//! - `Portable` implements it on `[u32; 4]`, on every target; native tests check it against
//!   `sha2`, and through the bulk paths forced to batch (see `bulk.rs`);
//! - on `wasm32` with the `simd128` target feature, `Simd` implements it on `v128` (safe
//!   `core::arch::wasm32` intrinsics), and the bulk paths hash single-block values four at a time
//!   through it: wasm has no SHA instructions, so a scalar SHA-256 is the largest part of the
//!   cost of a value. Native builds keep `sha2` one value at a time (SHA-NI where the CPU has
//!   it), which is faster there.
//!
//! In V8, four e-mail-sized messages at a time are about 3x as fast as `sha2` one at a time
//! (`node bench/libsize/speed.mjs`); a million messages against `sha2` in
//! tests/differential_libs/ (docs/PERFORMANCE.md, "Hand-written code and why").

#[cfg(test)]
use super::lanes::Portable;
use super::lanes::{round, sigma0, sigma1, Block, Fast, Lanes, H0, K};

/// The longest message hashed here: 55 bytes, plus the `0x80` byte and the 8-byte bit length,
/// fill one 64-byte block.
pub(crate) const MAX_LEN: usize = 55;

/// Up to four messages of at most [`MAX_LEN`] bytes, each already padded into its block, waiting
/// to be hashed together by [`Quad::hex`].
#[derive(Clone, Debug)]
pub(crate) struct Quad {
    blocks: [Block; 4],
    len: usize,
    /// The digits of the last [`Quad::hex`] (kept so that no call clears 256 bytes first).
    hex: [[u8; 64]; 4],
}

impl Default for Quad {
    fn default() -> Self {
        Quad {
            blocks: [[0; 8]; 4],
            len: 0,
            hex: [[0; 64]; 4],
        }
    }
}

impl Quad {
    /// The number of messages held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether four messages are held.
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.len == 4
    }

    /// Adds `msg` in the next lane; `false` (and nothing added) when it is longer than
    /// [`MAX_LEN`] or four messages are already held.
    #[inline]
    pub(crate) fn push(&mut self, msg: &[u8]) -> bool {
        let (Some(block), true) = (self.blocks.get_mut(self.len), msg.len() <= MAX_LEN) else {
            return false;
        };
        // Word by word, every word of the block written by the same fixed-length loop, whose
        // stored value depends on a bounds check: a loop of plain copies or zeros becomes a
        // `memory.copy` or `memory.fill` of variable length, which wasm engines run as a call
        // out of the generated code (dearer than the whole padding).
        let full = msg.len() / 8;
        // The last partial word (maybe empty) and the 0x80 marker: always in a word before the
        // eighth, since the message is at most 55 bytes.
        let rest = msg.get(8 * full..).unwrap_or_default();
        let mut last = 0x80u64 << (8 * rest.len());
        for (i, &b) in rest.iter().enumerate() {
            last |= u64::from(b) << (8 * i);
        }
        for (i, w) in block.iter_mut().enumerate() {
            *w = match msg.get(8 * i..8 * i + 8) {
                Some(c) => <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes),
                None if i == full => last,
                None => 0,
            };
        }
        // The bit length (below 2^16) big-endian in bytes 62 and 63.
        let bits = (msg.len() as u16) * 8;
        if let Some(w) = block.last_mut() {
            *w |= u64::from(bits.swap_bytes()) << 48;
        }
        self.len += 1;
        true
    }

    /// Hashes the messages held and empties the quad: entry `i` is the hex digest of message
    /// `i` for `i <` the [`Quad::len`] before the call (the other lanes hold nothing meaningful).
    #[inline]
    pub(crate) fn hex(&mut self) -> &[[u8; 64]; 4] {
        hex4::<Fast>(&self.blocks, &mut self.hex);
        self.len = 0;
        &self.hex
    }
}

/// `$body` sixteen times with `$i` bound to 0, 1, ..., 15: straight-line code with constant
/// indexes, so that the message ring and the state stay in locals (LLVM does not unroll loops
/// this large by itself).
macro_rules! unroll16 {
    ($i:ident => $body:expr) => {
        unroll16!(@ $i $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $i:ident $body:expr; $($n:literal)*) => {
        $({
            let $i: usize = $n;
            $body;
        })*
    };
}

/// Sixteen rounds starting at round `base`, the message schedule in `w` (a ring of 16 words,
/// updated in place first unless `base` is 0).
#[inline(always)]
fn sixteen<L: Lanes>(s: &mut [L; 8], w: &mut [L; 16], base: usize) {
    if base > 0 {
        unroll16!(i => {
            let s0 = sigma0(w[(i + 1) & 15]);
            let s1 = sigma1(w[(i + 14) & 15]);
            w[i] = w[i].add(s0).add(w[(i + 9) & 15]).add(s1);
        });
    }
    unroll16!(i => round(s, w[i].add(L::splat(K[(base + i) & 63]))));
}

/// SHA-256 of four padded single-block messages as hex.
#[inline(always)]
fn hex4<L: Lanes>(blocks: &[Block; 4], out: &mut [[u8; 64]; 4]) {
    let mut w = L::load(blocks);
    let init = H0.map(L::splat);
    let mut s = init;
    for base in [0, 16, 32, 48] {
        sixteen(&mut s, &mut w, base);
    }
    let mut state = init;
    for (x, y) in state.iter_mut().zip(s) {
        *x = x.add(y);
    }
    L::store_hex(&state, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    fn want(msg: &[u8]) -> [u8; 64] {
        let digest: [u8; 32] = Sha256::digest(msg).into();
        let mut out = [0u8; 64];
        super::super::hex::encode(&digest, &mut out);
        out
    }

    /// Deterministic bytes (xorshift), any value 0..=255.
    fn bytes(seed: &mut u64, n: usize) -> Vec<u8> {
        (0..n)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                (*seed >> 24) as u8
            })
            .collect()
    }

    #[test]
    fn every_length_in_every_lane() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for round in 0..8 {
            for len in 0..=MAX_LEN {
                // Four different messages, lengths rotated so each lane sees each length.
                let msgs: Vec<Vec<u8>> = (0..4)
                    .map(|lane| bytes(&mut seed, (len + lane * 17 + round) % (MAX_LEN + 1)))
                    .collect();
                let mut q = Quad::default();
                for m in &msgs {
                    assert!(q.push(m));
                }
                assert!(q.is_full());
                assert!(!q.push(b"x"));
                let out = *q.hex();
                assert_eq!(q.len(), 0);
                for (m, o) in msgs.iter().zip(&out) {
                    assert_eq!(o, &want(m), "length {}", m.len());
                }
            }
        }
    }

    #[test]
    fn portable_lanes_against_sha2() {
        // The portable lanes directly (on wasm32 with simd128, `Quad` uses the v128 ones).
        let mut seed = 0x0123_4567_89ab_cdef;
        for len in 0..=MAX_LEN {
            let msgs: Vec<Vec<u8>> = (0..4)
                .map(|k| bytes(&mut seed, (len + 13 * k) % 56))
                .collect();
            let mut q = Quad::default();
            for m in &msgs {
                assert!(q.push(m));
            }
            let mut out = [[0u8; 64]; 4];
            hex4::<Portable>(&q.blocks, &mut out);
            for (m, o) in msgs.iter().zip(&out) {
                assert_eq!(o, &want(m), "length {}", m.len());
            }
        }
    }

    #[test]
    fn known_digests_and_reuse() {
        let mut q = Quad::default();
        // A long message first, so the lanes reused below hold stale bytes.
        assert!(q.push(&[0xff; MAX_LEN]));
        assert!(!q.push(&[0; MAX_LEN + 1]));
        assert_eq!(q.len(), 1);
        assert_eq!(q.hex()[0], want(&[0xff; MAX_LEN]));
        assert!(q.push(b""));
        assert!(q.push(b"abc"));
        let out = q.hex();
        assert_eq!(
            &out[0][..],
            b"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            &out[1][..],
            b"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn portable_lanes_are_independent() {
        // The same message in every lane but one gives the same digest in those lanes.
        let mut q = Quad::default();
        for m in [&b"same"[..], b"same", b"other", b"same"] {
            assert!(q.push(m));
        }
        let out = q.hex();
        assert_eq!(out[0], out[1]);
        assert_eq!(out[0], out[3]);
        assert_ne!(out[0], out[2]);
        assert_eq!(out[2], want(b"other"));
    }
}
