//! SHA-256's constants and the word operations its compression function is written with, shared
//! by the four-message hash ([`super::sha256x4`]) and the one-message hash (`sha256x1.rs`, in
//! wasm builds):
//! - [`Word`]: one or more 32-bit words and the operations a round needs; [`round`] is written
//!   once over it, for `u32` (one message) and for four lanes (four messages);
//! - [`Lanes`]: four 32-bit lanes, plus loading and output (and `Rows`, moving words between
//!   lanes): `Portable` on `[u32; 4]` (every target: native tests run it against `sha2`), and on
//!   `wasm32` with the `simd128` target feature `Simd` on `v128` (safe `core::arch::wasm32`
//!   intrinsics); [`Fast`] names the one in use.

pub(super) const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

pub(super) const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// A padded 64-byte block as eight little-endian `u64` (bytes `8 * i ..` in word `i`).
pub(super) type Block = [u64; 8];

/// The lanes the hashing uses: `v128` on wasm32 with simd128, else [`Portable`].
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) type Fast = simd::Simd;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(super) type Fast = Portable;

/// 32-bit words (one, or four lanes) and the operations a SHA-256 round needs, lane by lane.
pub(super) trait Word: Copy {
    fn splat(x: u32) -> Self;
    fn add(self, b: Self) -> Self;
    fn xor(self, b: Self) -> Self;
    /// The bits of `a` where `mask` is set, of `b` elsewhere.
    fn select(mask: Self, a: Self, b: Self) -> Self;
    fn rotr<const N: u32>(self) -> Self;
    fn shr<const N: u32>(self) -> Self;
}

/// One 32-bit word: the rounds of the one-message hash.
impl Word for u32 {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        x
    }

    #[inline(always)]
    fn add(self, b: Self) -> Self {
        self.wrapping_add(b)
    }

    #[inline(always)]
    fn xor(self, b: Self) -> Self {
        self ^ b
    }

    #[inline(always)]
    fn select(mask: Self, a: Self, b: Self) -> Self {
        (mask & a) | (!mask & b)
    }

    #[inline(always)]
    fn rotr<const N: u32>(self) -> Self {
        self.rotate_right(N)
    }

    #[inline(always)]
    fn shr<const N: u32>(self) -> Self {
        self >> N
    }
}

/// The message schedule's small sigma 0: `w[t - 15]`'s share of `w[t]`.
#[inline(always)]
pub(super) fn sigma0<L: Word>(x: L) -> L {
    x.rotr::<7>().xor(x.rotr::<18>()).xor(x.shr::<3>())
}

/// The message schedule's small sigma 1: `w[t - 2]`'s share of `w[t]`.
#[inline(always)]
pub(super) fn sigma1<L: Word>(x: L) -> L {
    x.rotr::<17>().xor(x.rotr::<19>()).xor(x.shr::<10>())
}

/// Four 32-bit lanes: the [`Word`] operations lane by lane, and moving words in and out.
pub(super) trait Lanes: Word {
    /// The 16 big-endian message words of the four blocks: word `i` of block `l` is lane `l` of
    /// the `i`-th value.
    fn load(blocks: &[Block; 4]) -> [Self; 16];
    /// Lane `l` of the eight state words, as 64 lowercase hex digits, into `out[l]`.
    fn store_hex(state: &[Self; 8], out: &mut [[u8; 64]; 4]);
}

/// Four consecutive words of one message in four lanes: what the one-message hash
/// ([`super::sha256x1`]) computes its message schedule on.
pub(super) trait Rows: Lanes {
    /// The 16 big-endian message words of one block, four consecutive words per value (word
    /// `4 * r + l` in lane `l` of value `r`).
    fn load_row(block: &Block) -> [Self; 4];
    /// Four words, the first in lane 0.
    fn from_words(w: [u32; 4]) -> Self;
    /// Lane `I`.
    fn lane<const I: usize>(self) -> u32;
    /// Lanes 1, 2 and 3 of `a`, then lane 0 of `b`.
    fn window(a: Self, b: Self) -> Self;
    /// Lanes 2 and 3 moved to lanes 0 and 1; zero above.
    fn high_to_low(self) -> Self;
    /// Lanes 0 and 1 moved to lanes 2 and 3; zero below.
    fn low_to_high(self) -> Self;
}

/// One round of the compression function on the state `s` (`a` first), with `k + w` given.
#[inline(always)]
pub(super) fn round<L: Word>(s: &mut [L; 8], kw: L) {
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

/// [`Lanes`] on plain arrays: the reference for the tests, and the implementation wherever
/// wasm SIMD is not enabled.
#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Portable([u32; 4]);

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
impl Word for Portable {
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
}

#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
impl Lanes for Portable {
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

#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
impl Rows for Portable {
    #[inline(always)]
    fn load_row(block: &Block) -> [Self; 4] {
        let bytes = block.map(u64::to_le_bytes);
        let mut w = [Portable([0; 4]); 4];
        for (x, b) in w
            .iter_mut()
            .flat_map(|p| p.0.iter_mut())
            .zip(bytes.as_flattened().chunks_exact(4))
        {
            *x = <[u8; 4]>::try_from(b).map_or(0, u32::from_be_bytes);
        }
        w
    }

    #[inline(always)]
    fn from_words(w: [u32; 4]) -> Self {
        Portable(w)
    }

    #[inline(always)]
    fn lane<const I: usize>(self) -> u32 {
        self.0.get(I).copied().unwrap_or(0)
    }

    #[inline(always)]
    fn window(a: Self, b: Self) -> Self {
        let [_, a1, a2, a3] = a.0;
        Portable([a1, a2, a3, b.0[0]])
    }

    #[inline(always)]
    fn high_to_low(self) -> Self {
        let [_, _, x2, x3] = self.0;
        Portable([x2, x3, 0, 0])
    }

    #[inline(always)]
    fn low_to_high(self) -> Self {
        let [x0, x1, _, _] = self.0;
        Portable([0, 0, x0, x1])
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) mod simd {
    //! [`Lanes`] on `v128`: wasm SIMD has no rotate, so rotations are two shifts and an or;
    //! choose and majority are one `v128.bitselect` each (majority after an xor). Loading and
    //! hex output work on whole 16-byte rows: byte swaps by shuffles, a 4x4 transpose between
    //! blocks and lanes, and the hex digits by a 16-entry table lookup (`i8x16.swizzle`).
    use super::{Block, Lanes, Rows, Word};
    use core::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub(in crate::audience) struct Simd(v128);

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

    impl Word for Simd {
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
    }

    impl Lanes for Simd {
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

    impl Rows for Simd {
        #[inline(always)]
        fn load_row(block: &Block) -> [Self; 4] {
            [
                row::<0>(block),
                row::<1>(block),
                row::<2>(block),
                row::<3>(block),
            ]
            .map(Simd)
        }

        #[inline(always)]
        fn from_words(w: [u32; 4]) -> Self {
            let [a, b, c, d] = w;
            Simd(u32x4(a, b, c, d))
        }

        #[inline(always)]
        fn lane<const I: usize>(self) -> u32 {
            u32x4_extract_lane::<I>(self.0)
        }

        #[inline(always)]
        fn window(a: Self, b: Self) -> Self {
            Simd(u32x4_shuffle::<1, 2, 3, 4>(a.0, b.0))
        }

        #[inline(always)]
        fn high_to_low(self) -> Self {
            Simd(u32x4_shuffle::<2, 3, 4, 4>(self.0, u32x4_splat(0)))
        }

        #[inline(always)]
        fn low_to_high(self) -> Self {
            Simd(u32x4_shuffle::<4, 4, 0, 1>(self.0, u32x4_splat(0)))
        }
    }
}
