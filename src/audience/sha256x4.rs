//! Multi-buffer SHA-256: four single-block messages (at most [`MAX_LEN`] bytes each, so that the
//! padding fits in the same 64-byte block) hashed together, one message per 32-bit lane, and
//! written out as 64 lowercase hex digits each.
//!
//! The compression function is written once, generic over [`Lanes`] (four `u32`s and the few
//! operations SHA-256 needs):
//! - [`Portable`] implements it on `[u32; 4]`, on every target; native tests check it against
//!   `sha2`, and through the bulk paths forced to batch (see `bulk.rs`);
//! - on `wasm32` with the `simd128` target feature, `Simd` implements it on `v128` (safe
//!   `core::arch::wasm32` intrinsics), and the bulk paths hash single-block values four at a time
//!   through it: wasm has no SHA instructions, so a scalar SHA-256 is the largest part of the
//!   cost of a value. Native builds keep `sha2` one value at a time (SHA-NI where the CPU has
//!   it), which is faster there.

/// The longest message hashed here: 55 bytes, plus the `0x80` byte and the 8-byte bit length,
/// fill one 64-byte block.
pub(crate) const MAX_LEN: usize = 55;

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// A padded 64-byte block as eight little-endian `u64` (bytes `8 * i ..` in word `i`).
type Block = [u64; 8];

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
        // Word by word, with fixed-size reads only: a copy or fill of variable length is a call
        // out of the generated code in wasm engines, dearer than the whole padding.
        let mut whole = msg.chunks_exact(8);
        let mut words = block.iter_mut();
        // `whole` first: `zip` stops on it without taking a word from `words`.
        for (c, w) in (&mut whole).zip(&mut words) {
            *w = <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes);
        }
        // The last partial word (maybe empty) and the 0x80 marker: always in a word before the
        // eighth, since the message is at most 55 bytes.
        let rest = whole.remainder();
        let mut last = 0x80u64 << (8 * rest.len());
        for (i, &b) in rest.iter().enumerate() {
            last |= u64::from(b) << (8 * i);
        }
        for (i, w) in words.enumerate() {
            *w = if i == 0 { last } else { 0 };
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

/// The lanes used by [`Quad::hex`]: `v128` on wasm32 with simd128, else [`Portable`].
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Fast = simd::Simd;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type Fast = Portable;

/// Four 32-bit lanes and the operations SHA-256 needs, all lane by lane.
trait Lanes: Copy {
    fn splat(x: u32) -> Self;
    fn add(self, b: Self) -> Self;
    fn xor(self, b: Self) -> Self;
    /// The bits of `a` where `mask` is set, of `b` elsewhere.
    fn select(mask: Self, a: Self, b: Self) -> Self;
    fn rotr<const N: u32>(self) -> Self;
    fn shr<const N: u32>(self) -> Self;
    /// The 16 big-endian message words of the four blocks: word `i` of block `l` is lane `l` of
    /// the `i`-th value.
    fn load(blocks: &[Block; 4]) -> [Self; 16];
    /// Lane `l` of the eight state words, as 64 lowercase hex digits, into `out[l]`.
    fn store_hex(state: &[Self; 8], out: &mut [[u8; 64]; 4]);
}

/// One round of the compression function on the state `s` (`a` first), with `k + w` given.
#[inline(always)]
fn round<L: Lanes>(s: &mut [L; 8], kw: L) {
    let [a, b, c, d, e, f, g, h] = *s;
    let s1 = e.rotr::<6>().xor(e.rotr::<11>()).xor(e.rotr::<25>());
    let ch = L::select(e, f, g);
    let t1 = h.add(s1).add(ch).add(kw);
    let s0 = a.rotr::<2>().xor(a.rotr::<13>()).xor(a.rotr::<22>());
    // Majority: where b and c differ, a decides.
    let maj = L::select(b.xor(c), a, b);
    let t2 = s0.add(maj);
    *s = [t1.add(t2), a, b, c, d.add(t1), e, f, g];
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
            let w15 = w[(i + 1) & 15];
            let w2 = w[(i + 14) & 15];
            let s0 = w15.rotr::<7>().xor(w15.rotr::<18>()).xor(w15.shr::<3>());
            let s1 = w2.rotr::<17>().xor(w2.rotr::<19>()).xor(w2.shr::<10>());
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

/// [`Lanes`] on plain arrays: the reference for the tests, and the implementation wherever
/// wasm SIMD is not enabled.
#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Portable([u32; 4]);

#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
impl Portable {
    #[inline(always)]
    fn map2(self, b: Self, f: impl Fn(u32, u32) -> u32) -> Self {
        let [a0, a1, a2, a3] = self.0;
        let [b0, b1, b2, b3] = b.0;
        Portable([f(a0, b0), f(a1, b1), f(a2, b2), f(a3, b3)])
    }
}

#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
impl Lanes for Portable {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable([x; 4])
    }

    #[inline(always)]
    fn add(self, b: Self) -> Self {
        self.map2(b, u32::wrapping_add)
    }

    #[inline(always)]
    fn xor(self, b: Self) -> Self {
        self.map2(b, |x, y| x ^ y)
    }

    #[inline(always)]
    fn select(mask: Self, a: Self, b: Self) -> Self {
        mask.map2(a, |m, x| m & x)
            .map2(mask.map2(b, |m, y| !m & y), |x, y| x | y)
    }

    #[inline(always)]
    fn rotr<const N: u32>(self) -> Self {
        Portable(self.0.map(|x| x.rotate_right(N)))
    }

    #[inline(always)]
    fn shr<const N: u32>(self) -> Self {
        Portable(self.0.map(|x| x >> N))
    }

    #[inline(always)]
    fn load(blocks: &[Block; 4]) -> [Self; 16] {
        let mut w = [Portable([0; 4]); 16];
        for (lane, block) in blocks.iter().enumerate() {
            let bytes = block.map(u64::to_le_bytes);
            for (wi, b) in w.iter_mut().zip(bytes.as_flattened().chunks_exact(4)) {
                if let (Some(x), Ok(b)) = (wi.0.get_mut(lane), <[u8; 4]>::try_from(b)) {
                    *x = u32::from_be_bytes(b);
                }
            }
        }
        w
    }

    #[inline(always)]
    fn store_hex(state: &[Self; 8], out: &mut [[u8; 64]; 4]) {
        for (lane, o) in out.iter_mut().enumerate() {
            let mut digest = [0u8; 32];
            for (d, s) in digest.chunks_exact_mut(4).zip(state) {
                d.copy_from_slice(&s.0.get(lane).copied().unwrap_or(0).to_be_bytes());
            }
            super::hex::encode(&digest, o);
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    //! [`Lanes`] on `v128`: wasm SIMD has no rotate, so rotations are two shifts and an or;
    //! choose and majority are one `v128.bitselect` each (majority after an xor). Loading and
    //! hex output work on whole 16-byte rows: byte swaps by shuffles, a 4x4 transpose between
    //! blocks and lanes, and the hex digits by a 16-entry table lookup (`i8x16.swizzle`).
    use super::{Block, Lanes};
    use core::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub(crate) struct Simd(v128);

    /// Rows `r0..r3` (four `u32` each) transposed: lane `j` of row `i` becomes lane `i` of row
    /// `j`.
    #[inline(always)]
    fn transpose(r0: v128, r1: v128, r2: v128, r3: v128) -> [v128; 4] {
        let t0 = u32x4_shuffle::<0, 4, 1, 5>(r0, r1);
        let t1 = u32x4_shuffle::<2, 6, 3, 7>(r0, r1);
        let t2 = u32x4_shuffle::<0, 4, 1, 5>(r2, r3);
        let t3 = u32x4_shuffle::<2, 6, 3, 7>(r2, r3);
        [
            u32x4_shuffle::<0, 1, 4, 5>(t0, t2),
            u32x4_shuffle::<2, 3, 6, 7>(t0, t2),
            u32x4_shuffle::<0, 1, 4, 5>(t1, t3),
            u32x4_shuffle::<2, 3, 6, 7>(t1, t3),
        ]
    }

    /// Bytes `16 * R ..` of `block` as four big-endian `u32` lanes.
    #[inline(always)]
    fn row<const R: usize>(block: &Block) -> v128 {
        let [w0, w1, w2, w3, w4, w5, w6, w7] = *block;
        let v = match R {
            0 => u64x2(w0, w1),
            1 => u64x2(w2, w3),
            2 => u64x2(w4, w5),
            _ => u64x2(w6, w7),
        };
        i8x16_shuffle::<3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12>(v, v)
    }

    /// Rows `R` of the four blocks, transposed: message words `4 * R ..` of the four lanes.
    #[inline(always)]
    fn words<const R: usize>(blocks: &[Block; 4]) -> [v128; 4] {
        let [b0, b1, b2, b3] = blocks;
        transpose(row::<R>(b0), row::<R>(b1), row::<R>(b2), row::<R>(b3))
    }

    /// Writes the 16 bytes of `v` (little-endian halves) into `out` (16 bytes long).
    #[inline(always)]
    fn store(v: v128, out: &mut [u8]) {
        let halves = [u64x2_extract_lane::<0>(v), u64x2_extract_lane::<1>(v)];
        for (o, h) in out.chunks_exact_mut(8).zip(halves) {
            o.copy_from_slice(&h.to_le_bytes());
        }
    }

    /// The 32 hex digits of four big-endian `u32` lanes (lane 0 first), as two 16-byte rows.
    #[inline(always)]
    fn hex_row(words: v128) -> [v128; 2] {
        let digits = u8x16(
            b'0', b'1', b'2', b'3', b'4', b'5', b'6', b'7', b'8', b'9', b'a', b'b', b'c', b'd',
            b'e', b'f',
        );
        let hi = u8x16_swizzle(digits, u8x16_shr(words, 4));
        let lo = u8x16_swizzle(digits, v128_and(words, u8x16_splat(15)));
        // Interleave high and low digits, reading each little-endian lane's bytes backwards.
        [
            i8x16_shuffle::<3, 19, 2, 18, 1, 17, 0, 16, 7, 23, 6, 22, 5, 21, 4, 20>(hi, lo),
            i8x16_shuffle::<11, 27, 10, 26, 9, 25, 8, 24, 15, 31, 14, 30, 13, 29, 12, 28>(hi, lo),
        ]
    }

    impl Lanes for Simd {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            Simd(u32x4_splat(x))
        }

        #[inline(always)]
        fn add(self, b: Self) -> Self {
            Simd(u32x4_add(self.0, b.0))
        }

        #[inline(always)]
        fn xor(self, b: Self) -> Self {
            Simd(v128_xor(self.0, b.0))
        }

        #[inline(always)]
        fn select(mask: Self, a: Self, b: Self) -> Self {
            Simd(v128_bitselect(a.0, b.0, mask.0))
        }

        #[inline(always)]
        fn rotr<const N: u32>(self) -> Self {
            Simd(v128_or(u32x4_shr(self.0, N), u32x4_shl(self.0, 32 - N)))
        }

        #[inline(always)]
        fn shr<const N: u32>(self) -> Self {
            Simd(u32x4_shr(self.0, N))
        }

        #[inline(always)]
        fn load(blocks: &[Block; 4]) -> [Self; 16] {
            let [w0, w1, w2, w3] = words::<0>(blocks);
            let [w4, w5, w6, w7] = words::<1>(blocks);
            let [w8, w9, w10, w11] = words::<2>(blocks);
            let [w12, w13, w14, w15] = words::<3>(blocks);
            [
                w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15,
            ]
            .map(Simd)
        }

        #[inline(always)]
        fn store_hex(state: &[Self; 8], out: &mut [[u8; 64]; 4]) {
            let [s0, s1, s2, s3, s4, s5, s6, s7] = state.map(|s| s.0);
            let first = transpose(s0, s1, s2, s3);
            let second = transpose(s4, s5, s6, s7);
            for ((o, a), b) in out.iter_mut().zip(first).zip(second) {
                let [r0, r1] = hex_row(a);
                let [r2, r3] = hex_row(b);
                for (dst, row) in o.chunks_exact_mut(16).zip([r0, r1, r2, r3]) {
                    store(row, dst);
                }
            }
        }
    }
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
