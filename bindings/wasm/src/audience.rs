//! Audience identifier exports (normalize, hash, bulk, streaming; upload bodies are in
//! `bodies.rs`, a feature of their own).
//!
//! Every export returns its value or throws a failed call (`crate::fail`: a stable snake_case
//! code and a fixed message that never contains a value), which the wrapper `pkg/lib/audience.js`
//! gets as a `PreflightError` (`pkg/lib/engine.js`). One value is returned as it is; bulk results
//! are too large to go through `JSON.parse` and come packed:
//!
//! - bulk results are `<slots>,<first index>|<errors>|<lengths>|<outputs>` where `<errors>` is
//!   `<index>:<code>,` per rejected value (ascending; absolute indexes, except for a staged block,
//!   whose indexes count from its own first value), `<lengths>` is empty for
//!   hashed types (every output is 64 hex digits) and `<UTF-16 length>,` per accepted value for
//!   `partner_user_id` (verbatim outputs), and `<outputs>` is every accepted output back to back;
//! - upload bodies are an array whose first string is `<users per body>,...|<rejections>` with
//!   `<index>:<field>:<value index>:<code>,` per rejection (field and value index may be empty),
//!   and whose other strings are the bodies, byte for byte as the native crate builds them.
//!
//! Bulk input arrives in few pieces: newline-separated text as UTF-8 bytes, or many values back to
//! back (UTF-8 bytes; one string for upload bodies) with their UTF-16 lengths beside them. No
//! crossing per value, and no separator that a value could contain. `hashIdentifiers` goes a
//! block of values at a time through a staging area in this module's memory ([`audience_stage`],
//! [`audience_hash_staged`]): the JavaScript side encodes straight into it.
//!
//! The input of one call is bounded ([`MAX_CALL_BYTES`], [`MAX_STAGE_BYTES`],
//! [`MAX_STAGED_VALUES`]; more is `input_too_large`), and so is what the call allocates: results
//! can be many times their input (an empty line, one byte, is an `empty` error of about 15 bytes
//! packed; `1` and a line ending, two bytes, 64 hex digits, kept twice), and one call running the
//! memory out would trap and discard the instance with every caller's line hashers.
//! `pkg/lib/audience.js` feeds text in pieces of [`MAX_CALL_BYTES`] (`hashLines` too goes through
//! [`AudienceLineHasher`]) and ends a block of values at [`MAX_STAGED_VALUES`] or
//! [`MAX_STAGE_BYTES`].

use crate::fail::{done, Fail};
use crate::opts::{only_hash_options, Js};
use preflight::audience::{hash_many_into, HashOptions, HashOutput, IdType, LineHasher};
use std::cell::Cell;
use wasm_bindgen::prelude::*;

pub(crate) fn id_type(name: &str) -> Result<IdType, Fail> {
    name.parse::<IdType>()
        .map_err(|e| Fail::of(e.code(), e.message()))
}

/// The type and the hash options of a call: the type first, so that its error does not depend
/// on the options.
pub(crate) fn both(name: &str, options: &JsValue) -> Result<(IdType, HashOptions), Fail> {
    let t = id_type(name)?;
    Ok((t, only_hash_options(&Js(options))?))
}

/// One value, normalized.
#[wasm_bindgen(js_name = audienceNormalize)]
pub fn audience_normalize(
    id_type: &str,
    value: &str,
    options: &JsValue,
) -> Result<String, JsValue> {
    done(
        both(id_type, options)
            .and_then(|(t, opts)| Ok(preflight::audience::normalize(t, value, &opts)?)),
    )
}

/// One value as sent: 64 hex digits, or the verbatim partner id.
#[wasm_bindgen(js_name = audienceHash)]
pub fn audience_hash(id_type: &str, value: &str, options: &JsValue) -> Result<String, JsValue> {
    done(both(id_type, options).and_then(|(t, opts)| {
        let mut s = String::with_capacity(64);
        preflight::audience::hash_into(t, value, &opts, &mut s)?;
        Ok(s)
    }))
}

/// The end (byte offset) of the value of `units` UTF-16 code units starting at byte `pos` of
/// `text`; `None` when `text` is too short or a character straddles the end.
#[inline]
fn value_end(text: &str, pos: usize, units: usize) -> Option<usize> {
    let end = pos.checked_add(units)?;
    if let Some(chunk) = text.as_bytes().get(pos..end) {
        if chunk.is_ascii() {
            return Some(end);
        }
    }
    let mut left = units;
    let mut end = pos;
    for c in text.get(pos..)?.chars() {
        if left == 0 {
            break;
        }
        let u = c.len_utf16();
        if u > left {
            return None;
        }
        left -= u;
        end += c.len_utf8();
    }
    (left == 0).then_some(end)
}

/// The values of `text` cut by UTF-16 lengths. After the last value `broken` tells whether the
/// lengths did not match the text (then the values given out are meaningless).
pub(crate) struct Cut<'a> {
    pub(crate) text: &'a str,
    pub(crate) pos: usize,
    pub(crate) lens: std::slice::Iter<'a, u32>,
    pub(crate) broken: bool,
}

impl<'a> Iterator for Cut<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let units = *self.lens.next()?;
        if !self.broken {
            match value_end(self.text, self.pos, units as usize) {
                Some(end) => {
                    let v = self.text.get(self.pos..end);
                    self.pos = end;
                    if v.is_some() {
                        return v;
                    }
                    self.broken = true;
                }
                None => self.broken = true,
            }
        }
        Some("")
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.lens.size_hint()
    }
}

/// Appends the decimal digits of `n` (cheaper than `write!` in the per-value loops): the
/// engine's writer of integers.
#[inline]
pub(crate) fn push_num(s: &mut String, n: usize) {
    preflight::__private::json_uint(s, n as u64);
}

/// The UTF-16 length of `s`.
pub(crate) fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().map(char::len_utf16).sum()
    }
}

/// Bulk results in the packed form of the module docs.
pub(crate) fn pack(out: &HashOutput, id_type: IdType) -> String {
    let verbatim = !id_type.is_hashed();
    let errors = out.errors();
    let mut s = String::with_capacity(
        24 + errors.len() * 24 + out.ok_count() * if verbatim { 24 } else { 64 },
    );
    push_num(&mut s, out.len());
    s.push(',');
    push_num(&mut s, out.first_index());
    s.push('|');
    for (i, e) in errors {
        push_num(&mut s, *i);
        s.push(':');
        s.push_str(e.code());
        s.push(',');
    }
    s.push('|');
    if verbatim {
        for v in out.iter().flatten() {
            push_num(&mut s, utf16_len(v));
            s.push(',');
        }
    }
    s.push('|');
    s.push_str(out.joined());
    s
}

/// Many values at once: `text` is the UTF-8 of every value back to back, `lens` their UTF-16
/// lengths (JavaScript's `length`). Each value is hashed exactly as [`audience_hash`] would.
/// Packed result; fails with `split_character` when a length does not fall on a character boundary (a
/// surrogate pair cut between two values), the lengths do not add up to the text, or the text is
/// not UTF-8.
// Out of line (it runs once per block): the hash-only module is 96 bytes smaller gzipped.
#[inline(never)]
fn hash_joined(t: IdType, opts: &HashOptions, text: &[u8], lens: &[u32]) -> Result<String, Fail> {
    let text = std::str::from_utf8(text).map_err(|_| split_fail())?;
    let mut out = HashOutput::with_capacity(lens.len());
    let mut cut = Cut {
        text,
        pos: 0,
        lens: lens.iter(),
        broken: false,
    };
    hash_many_into(t, &mut cut, opts, &mut out);
    if cut.broken || cut.pos != text.len() {
        return Err(split_fail());
    }
    Ok(pack(&out, t))
}

/// The most bytes one [`AudienceLineHasher::push_bytes`] takes (mirrored by `MAX_CALL_BYTES`,
/// pkg/lib/audience.js, which cuts longer text into pieces).
pub const MAX_CALL_BYTES: usize = 65536;
/// The largest staging area [`audience_stage`] makes: a block of `hashIdentifiers` (2 Mi UTF-16
/// units at three bytes each, `MAX_STAGE_BYTES` in pkg/lib/audience.js).
pub const MAX_STAGE_BYTES: usize = 3 << 21;
/// The most values one [`audience_hash_staged`] takes (`BLOCK` in pkg/lib/audience.js).
pub const MAX_STAGED_VALUES: usize = 32768;

fn too_large() -> Fail {
    Fail::of(
        "input_too_large",
        "more input than one call of the module takes",
    )
}

thread_local! {
    /// Where `hashIdentifiers` (pkg/lib/audience.js) writes a block of values as UTF-8, straight
    /// from `TextEncoder.encodeInto` into this module's memory: no byte array allocated in
    /// JavaScript and copied in by the glue. It grows during a call (zeroing the new part once)
    /// and is freed at its end.
    static STAGE: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

// (`///` docs of exports are copied into the generated glue that browsers download, so the
// staging exports below keep them to one line and say the rest in plain comments.)

/// This module's `WebAssembly.Memory`.
#[wasm_bindgen(js_name = audienceMemory)]
pub fn audience_memory() -> JsValue {
    wasm_bindgen::memory()
}

// Makes the staging area at least `len` bytes and returns its address in this module's memory,
// or 0 when the memory cannot grow that far (no allocation is at address 0). The memory may grow here, so the caller takes a
// fresh view of its buffer afterwards and calls nothing else of this module before
// `audience_hash_staged`.
/// The staging area's address, at least `len` bytes (0: no room).
#[wasm_bindgen(js_name = audienceStage)]
pub fn audience_stage(len: usize) -> usize {
    if len > MAX_STAGE_BYTES {
        return 0;
    }
    let mut v = STAGE.take();
    let have = v.len();
    // Fallible: a block too large for the memory is an error for the caller, not a trap.
    let ptr = if have >= len || v.try_reserve_exact(len - have).is_ok() {
        v.resize(have.max(len), 0);
        v.as_mut_ptr() as usize
    } else {
        0
    };
    STAGE.set(v);
    ptr
}

// `hash_joined` on the staging area (`audience_stage`): `numbers` is the UTF-16 length of each
// staged value, then the number of bytes written (`pkg/lib/audience.js` `hashBlock`).
/// Hashes the staged values; packed result.
#[wasm_bindgen(js_name = audienceHashStaged)]
pub fn audience_hash_staged(
    id_type: &str,
    options: &JsValue,
    numbers: &[u32],
) -> Result<String, JsValue> {
    // The area is taken out of its cell while hashing and put back after (a `Cell`: no borrow
    // state): were hashing to trap (memory exhausted), the module would lose this buffer, and
    // nothing else.
    let stage = STAGE.take();
    let packed = done(both(id_type, options).and_then(|(t, opts)| {
        let (&written, lens) = numbers.split_last().ok_or_else(split_fail)?;
        if lens.len() > MAX_STAGED_VALUES {
            return Err(too_large());
        }
        let text = stage.get(..written as usize).ok_or_else(split_fail)?;
        hash_joined(t, &opts, text, lens)
    }));
    STAGE.set(stage);
    packed
}

// The staging area only grows while a call hashes its blocks; between calls it holds nothing (a
// block of long values could have made it large).
/// Frees the staging area.
#[wasm_bindgen(js_name = audienceReleaseStage)]
pub fn audience_release_stage() {
    STAGE.set(Vec::new());
}

pub(crate) fn split_fail() -> Fail {
    Fail::of(
        "split_character",
        "the value lengths do not fall on character boundaries of the text",
    )
}

// Streaming line hashing over `preflight::audience::LineHasher`: feed byte chunks split
// anywhere, at most `MAX_CALL_BYTES` each; each call returns the packed results of the lines
// completed by it. Holds at most one partial line. A bad type or option fails the construction.
// `hashLines` (pkg/lib/audience.js) goes through it too: the same lines and results as
// `preflight::audience::hash_lines` on the whole text (a line that is not UTF-8 is an
// `invalid_utf8` error of its own).
/// Streaming line hashing (packed results of the lines each call completes).
#[wasm_bindgen]
pub struct AudienceLineHasher {
    id_type: IdType,
    hasher: Option<LineHasher>,
    spare: HashOutput,
}

#[wasm_bindgen]
impl AudienceLineHasher {
    #[wasm_bindgen(constructor)]
    pub fn new(id_type: &str, options: &JsValue) -> Result<AudienceLineHasher, JsValue> {
        done(both(id_type, options).map(|(t, opts)| AudienceLineHasher {
            id_type: t,
            hasher: Some(LineHasher::new(t, opts)),
            spare: HashOutput::new(),
        }))
    }

    /// Feeds bytes; packed results of the lines completed.
    #[wasm_bindgen(js_name = pushBytes)]
    pub fn push_bytes(&mut self, chunk: &[u8]) -> Result<String, JsValue> {
        done(self.push(chunk))
    }

    /// Hashes the last line; packed results not yet returned. Later calls fail.
    pub fn finish(&mut self) -> Result<String, JsValue> {
        match self.hasher.take() {
            Some(h) => Ok(pack(&h.finish(), self.id_type)),
            None => done(Err(finished())),
        }
    }

    fn push(&mut self, chunk: &[u8]) -> Result<String, Fail> {
        let h = self.hasher.as_mut().ok_or_else(finished)?;
        if chunk.len() > MAX_CALL_BYTES {
            return Err(too_large());
        }
        h.push(chunk);
        let out = h.swap_output(std::mem::take(&mut self.spare));
        let packed = pack(&out, self.id_type);
        self.spare = out;
        Ok(packed)
    }
}

fn finished() -> Fail {
    Fail::of(
        "hasher_finished",
        "the line hasher is finished; create another one",
    )
}

// --- Benchmark only ------------------------------------------------------------------------------
// The ceiling of bench/audience.mjs: SHA-256 of every line of already normalized text and nothing
// else (no normalization, no hex, no output), with the engine's one-value SHA-256
// (`preflight::audience::sha256`: in wasm the crate's own, src/audience/sha256x1.rs, which every
// value not hashed four at a time goes through); `benchSha256Hex` lets the tests check it against
// node:crypto and the published vectors. Not part of the package's API, and in no shipped build
// (the `bench` feature: scripts/build-wasm.sh's preflight_bench, outside pkg/).

// SHA-256 of every `\n`-separated line of `text` (UTF-8 bytes, so that only a copy goes in; no
// normalization, no hex, no output); returns the number of lines hashed.
/// Benchmark only: SHA-256 of each line; the count of lines.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchRawSha256Lines)]
pub fn bench_raw_sha256_lines(text: &[u8]) -> u32 {
    let mut n = 0u32;
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    if text.is_empty() {
        return 0;
    }
    for line in text.split(|&b| b == b'\n') {
        std::hint::black_box(preflight::audience::sha256(line));
        n = n.wrapping_add(1);
    }
    n
}

/// Benchmark only: SHA-256 of `text` as 64 lowercase hex digits (checks the ceiling's hash).
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchSha256Hex)]
pub fn bench_sha256_hex(text: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(64);
    for b in preflight::audience::sha256(text.as_bytes()) {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}
