//! Bulk hashing: many values, newline-separated text, or text arriving in byte chunks.
//!
//! Results go into a [`HashOutput`]: one slot per input value, in input order, holding the
//! output form (64 lowercase hex digits, or the verbatim `partner_user_id`) or nothing for a
//! rejected value, plus the list of `(index, error)`. The hot path allocates nothing per value:
//! short ASCII emails are checked and lowercased eight bytes at a time into a stack buffer, other
//! normalizations reuse one scratch string, and the 64 hex digits are appended to the output's
//! single byte buffer.
//!
//! Line input (both [`hash_lines`] and [`LineHasher`]):
//! - lines end with `\n`; one `\r` right before the `\n` is part of the line ending (so `\r\n`
//!   works); a lone `\r` elsewhere stays in the value (and is trimmed for hashed types);
//! - a last line without a line ending counts as a line when it is not zero bytes long; a final
//!   line ending does not start another (empty) line, so `"a\nb\n"` and `"a\nb"` are both two
//!   lines, `""` is none and `"\n"` is one empty line (an [`IdError::Empty`]);
//! - empty lines in between are values like any other (errors `empty`), so line `i` of the input
//!   is always index `i` of the output;
//! - one U+FEFF (byte-order mark) at the very start of the input is removed (it belongs to the
//!   file, not the first value; hashed types would trim it anyway, `partner_user_id` would not);
//! - `partner_user_id` (written back verbatim, one per line): a value holding a character of
//!   [`LINE_BREAKS`] is [`IdError::LineBreak`], since a reader splitting the output into lines
//!   there (Python's `str.splitlines`, say) would shift every later row;
//! - [`LineHasher`] only: a line that is not valid UTF-8 is an [`IdError::InvalidUtf8`] for
//!   that line; a line longer than [`MAX_VALUE_BYTES`] is [`IdError::TooLong`] and is not
//!   buffered whole.
//!
//! On wasm32 with the `simd128` target feature ([`MULTI_BUFFER`]), values whose normalized form
//! fits one SHA-256 block (at most 55 bytes: nearly every email, phone number, handle and id)
//! are hashed four at a time by [`super::sha256x4`]: each gets its 64 bytes in the output at
//! once (in input order) and the digits are written there when the fourth arrives, or when the
//! call ends. Results are the same either way; every public call returns with nothing pending.

use super::digest::sha256_hex;
use super::sha256x4::Quad;
use super::{
    prepare_in, record_country, CallingCode, HashOptions, IdError, IdType, Prepared, Scratch,
    MAX_VALUE_BYTES,
};
use std::fmt;

/// Whether the bulk paths hash single-block values four at a time: on wasm32 with simd128, where
/// SHA-256 has no instructions of its own and four lanes cost little more than one. Native
/// builds hash one value at a time with `sha2` (SHA-NI where the CPU has it), which is faster.
const MULTI_BUFFER: bool = cfg!(all(target_arch = "wasm32", target_feature = "simd128"));

/// Single-block values waiting to be hashed together, and where their hex digits go in
/// [`HashOutput`]'s text. `Debug` shows how many, never the values.
#[derive(Clone, Default)]
struct Pending {
    quad: Quad,
    at: [usize; 4],
}

impl Pending {
    /// Takes `msg` (whose hex goes at offset `at`) when it fits one block and there is room.
    #[inline]
    fn push(&mut self, msg: &[u8], at: usize) -> bool {
        let lane = self.quad.len();
        match self.at.get_mut(lane) {
            Some(slot) if self.quad.push(msg) => {
                *slot = at;
                true
            }
            _ => false,
        }
    }
}

/// Results of bulk hashing, in input order. Indexes are absolute: the first slot is
/// [`HashOutput::first_index`] (0 unless the output was taken from a running [`LineHasher`]).
/// `Debug` shows counts and the errors (index and code), never an output (a verbatim
/// `partner_user_id` is one).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct HashOutput {
    /// Every accepted output, back to back (always UTF-8: hex digits and whole `str` values).
    text: Vec<u8>,
    /// End offset in `text` of each slot; a slot starts where the previous one ends.
    ends: Vec<usize>,
    errors: Vec<(usize, IdError)>,
    first_index: usize,
}

impl fmt::Debug for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pending")
            .field("values", &self.quad.len())
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for HashOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HashOutput")
            .field("first_index", &self.first_index)
            .field("len", &self.len())
            .field("ok_count", &self.ok_count())
            .field("output_bytes", &self.text.len())
            .field("errors", &self.errors)
            .finish()
    }
}

impl HashOutput {
    /// An empty output whose first slot is index 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty output with room for `values` hashed values (64 bytes each).
    pub fn with_capacity(values: usize) -> Self {
        HashOutput {
            text: Vec::with_capacity(values.saturating_mul(64)),
            ends: Vec::with_capacity(values),
            errors: Vec::new(),
            first_index: 0,
        }
    }

    fn starting_at(first_index: usize) -> Self {
        HashOutput {
            first_index,
            ..Self::default()
        }
    }

    /// Removes every slot, keeping the memory for reuse; the next value gets index 0.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.errors.clear();
        self.first_index = 0;
    }

    /// The index of the first slot.
    pub fn first_index(&self) -> usize {
        self.first_index
    }

    /// The number of slots (values seen, accepted or not).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no slots.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The index the next value will get.
    pub fn next_index(&self) -> usize {
        self.first_index + self.ends.len()
    }

    /// The number of accepted values.
    pub fn ok_count(&self) -> usize {
        self.ends.len() - self.errors.len()
    }

    /// The rejected values as `(index, error)`, in index order.
    pub fn errors(&self) -> &[(usize, IdError)] {
        &self.errors
    }

    /// The output of value `index`: `None` when it was rejected or is not in this output.
    /// (Accepted outputs are never empty, so an empty slot means rejected.)
    pub fn get(&self, index: usize) -> Option<&str> {
        let i = index.checked_sub(self.first_index)?;
        let end = *self.ends.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1],
        };
        slot(&self.text, start, end)
    }

    /// The result of value `index`, `None` when it is not in this output.
    pub fn result(&self, index: usize) -> Option<Result<&str, IdError>> {
        if let Some(s) = self.get(index) {
            return Some(Ok(s));
        }
        let pos = self.errors.binary_search_by_key(&index, |e| e.0).ok()?;
        Some(Err(self.errors[pos].1))
    }

    /// Every slot in order: the output, or `None` for a rejected value.
    pub fn iter(&self) -> impl Iterator<Item = Option<&str>> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let s = slot(&self.text, start, end);
            start = end;
            s
        })
    }

    /// The slots as owned strings.
    pub fn to_vec(&self) -> Vec<Option<String>> {
        self.iter().map(|s| s.map(str::to_owned)).collect()
    }

    /// Every accepted output back to back, in slot order (a rejected value adds nothing): for
    /// hashed types, 64 hex digits per accepted value. Cheaper than joining [`HashOutput::iter`].
    pub fn joined(&self) -> &str {
        // Always UTF-8 (see `text`); checked once here instead of once per slot.
        std::str::from_utf8(&self.text).unwrap_or_default()
    }

    /// Hashes one value into the next slot. With `MULTI`, a value that fits one block waits in
    /// `pending` (its slot reserved) until [`HashOutput::flush`].
    #[inline]
    fn push<const MULTI: bool>(
        &mut self,
        id_type: IdType,
        raw: &str,
        opts: &HashOptions,
        own: Option<&CallingCode>,
        scratch: &mut Scratch,
        pending: &mut Pending,
    ) {
        match prepare_in(id_type, raw, opts, own, scratch) {
            Ok(Prepared::Hash(b)) => {
                if MULTI && pending.push(b, self.text.len()) {
                    self.text.extend_from_slice(&[0; 64]);
                    if pending.quad.is_full() {
                        self.flush(pending);
                    }
                } else {
                    let mut hex = [0u8; 64];
                    sha256_hex(b, &mut hex);
                    self.text.extend_from_slice(&hex);
                }
            }
            Ok(Prepared::Final(s)) => self.text.extend_from_slice(s.as_bytes()),
            Err(e) => self.errors.push((self.next_index(), e)),
        }
        self.ends.push(self.text.len());
    }

    /// Hashes the values waiting in `pending` into their reserved slots.
    #[inline]
    fn flush(&mut self, pending: &mut Pending) {
        let n = pending.quad.len();
        if n == 0 {
            return;
        }
        let hex = pending.quad.hex();
        for (h, &at) in hex.iter().zip(&pending.at).take(n) {
            if let Some(dst) = self.text.get_mut(at..at + 64) {
                dst.copy_from_slice(h);
            }
        }
    }

    /// Where the indexes of an empty output start.
    pub(crate) fn set_first_index(&mut self, first: usize) {
        self.first_index = first;
    }

    fn push_error(&mut self, e: IdError) {
        self.errors.push((self.next_index(), e));
        self.ends.push(self.text.len());
    }
}

/// The text of a slot; `None` when empty (a rejected value).
#[inline]
fn slot(text: &[u8], start: usize, end: usize) -> Option<&str> {
    text.get(start..end)
        .filter(|b| !b.is_empty())
        .and_then(|b| std::str::from_utf8(b).ok())
}

/// The characters a line splitter may read as a line end: LF, VT, FF, CR, FS, GS, RS, NEL,
/// U+2028, U+2029 (Python's `str.splitlines`), and NUL (C strings). A `partner_user_id` holding
/// one is [`IdError::LineBreak`] wherever values are written one per line (line input, CSV
/// input); [`hash_many`] and [`super::hash`] keep them (a JSON body carries them safely).
pub const LINE_BREAKS: [char; 11] = [
    '\0', '\n', '\u{0B}', '\u{0C}', '\r', '\u{1C}', '\u{1D}', '\u{1E}', '\u{85}', '\u{2028}',
    '\u{2029}',
];

/// Whether `value` holds a character of [`LINE_BREAKS`].
pub fn breaks_line(value: &str) -> bool {
    value.contains(LINE_BREAKS)
}

/// Rows of a line-oriented output (lines, CSV records) going into a [`HashOutput`]: the value
/// rules of [`hash_many`], plus [`IdError::LineBreak`] for a `partner_user_id`.
#[derive(Clone, Default)]
pub(crate) struct Rows {
    scratch: Scratch,
    pending: Pending,
}

impl Rows {
    /// One row: its value, or why it was rejected before hashing, and its own country (a country
    /// column's cell: see [`record_country`]; read for phone numbers only, where one that names
    /// no country rejects the row).
    #[inline]
    pub(crate) fn push_in(
        &mut self,
        out: &mut HashOutput,
        id_type: IdType,
        row: Result<&str, IdError>,
        country: Option<&str>,
        opts: &HashOptions,
    ) {
        let own = match country {
            Some(c) if id_type == IdType::PhoneNumber => match record_country(Some(c)) {
                Ok(own) => own,
                Err(e) => return out.push_error(row.err().unwrap_or(e)),
            },
            _ => None,
        };
        match row {
            Ok(v) if id_type == IdType::PartnerUserId && breaks_line(v) => {
                out.push_error(IdError::LineBreak)
            }
            Ok(v) => out.push::<MULTI_BUFFER>(
                id_type,
                v,
                opts,
                own.as_ref(),
                &mut self.scratch,
                &mut self.pending,
            ),
            Err(e) => out.push_error(e),
        }
    }

    /// Hashes the values still waiting (call before reading `out`).
    pub(crate) fn flush(&mut self, out: &mut HashOutput) {
        out.flush(&mut self.pending);
    }
}

/// Hashes every value, in order. See [`super::hash`] for one value.
pub fn hash_many<'a, I>(id_type: IdType, values: I, opts: &HashOptions) -> HashOutput
where
    I: IntoIterator<Item = &'a str>,
{
    let values = values.into_iter();
    // Trust the size hint only so far (it is the caller's claim; memory may be scarce in wasm).
    let mut out = HashOutput::with_capacity(values.size_hint().0.min(1 << 20));
    hash_many_into(id_type, values, opts, &mut out);
    out
}

/// Like [`hash_many`], appending to `out` (indexes continue from [`HashOutput::next_index`]).
pub fn hash_many_into<'a, I>(id_type: IdType, values: I, opts: &HashOptions, out: &mut HashOutput)
where
    I: IntoIterator<Item = &'a str>,
{
    hash_many_with::<MULTI_BUFFER, I>(id_type, values, opts, out);
}

/// Like [`hash_many`], each value with its record's own country (a calling code or an ISO 3166-1
/// alpha-2 region; `None` or empty: the options' default country code), which phone numbers
/// read: one that names no country is [`IdError::InvalidCountry`] for that value, never a guess.
///
/// ```
/// use preflight::audience::{hash_many_with_countries, HashOptions, IdType};
/// let rows = [("020 7183 8750", Some("GB")), ("(657) 777-0000", Some("+1")), ("0301234567", Some("XX"))];
/// let out = hash_many_with_countries(IdType::PhoneNumber, rows, &HashOptions::default());
/// assert_eq!(out.get(1), Some("a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"));
/// assert_eq!(out.errors()[0].1.code(), "invalid_country");
/// ```
pub fn hash_many_with_countries<'a, I>(id_type: IdType, values: I, opts: &HashOptions) -> HashOutput
where
    I: IntoIterator<Item = (&'a str, Option<&'a str>)>,
{
    let mut out = HashOutput::new();
    let mut rows = Rows::default();
    for (raw, country) in values {
        rows.push_in(&mut out, id_type, Ok(raw), country, opts);
    }
    rows.flush(&mut out);
    out
}

fn hash_many_with<'a, const MULTI: bool, I>(
    id_type: IdType,
    values: I,
    opts: &HashOptions,
    out: &mut HashOutput,
) where
    I: IntoIterator<Item = &'a str>,
{
    let mut scratch = Scratch::default();
    let mut pending = Pending::default();
    for raw in values {
        out.push::<MULTI>(id_type, raw, opts, None, &mut scratch, &mut pending);
    }
    out.flush(&mut pending);
}

/// Hashes newline-separated `text` (line rules in the module docs), appending one slot per line
/// to `out` (indexes continue from [`HashOutput::next_index`]). Returns the number of lines.
pub fn hash_lines(id_type: IdType, text: &str, opts: &HashOptions, out: &mut HashOutput) -> usize {
    hash_lines_with::<MULTI_BUFFER>(id_type, text, opts, out)
}

fn hash_lines_with<const MULTI: bool>(
    id_type: IdType,
    text: &str,
    opts: &HashOptions,
    out: &mut HashOutput,
) -> usize {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let bytes = text.as_bytes();
    let before = out.len();
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    out.ends.reserve(lines);
    out.text.reserve(match id_type {
        IdType::PartnerUserId => bytes.len(),
        _ => lines.saturating_mul(64),
    });
    let mut scratch = Scratch::default();
    let mut pending = Pending::default();
    let mut start = 0;
    while start < bytes.len() {
        let end = find_newline(&bytes[start..]).map_or(bytes.len(), |p| start + p);
        // `\n` is ASCII, so both ends are character boundaries.
        let line = strip_cr(text.get(start..end).unwrap_or_default());
        if id_type == IdType::PartnerUserId && breaks_line(line) {
            out.push_error(IdError::LineBreak);
        } else {
            out.push::<MULTI>(id_type, line, opts, None, &mut scratch, &mut pending);
        }
        start = end + 1;
    }
    out.flush(&mut pending);
    out.len() - before
}

#[inline]
fn strip_cr(line: &str) -> &str {
    line.strip_suffix('\r').unwrap_or(line)
}

/// The position of the first `\n` in `b`, eight bytes at a time.
#[inline]
fn find_newline(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut chunks = b.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ NEWLINES;
        // The lowest set high bit marks the first zero byte of `x` (false positives only above it).
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&c| c == b'\n')
        .map(|p| offset + p)
}

/// The longest partial line kept: a value of [`MAX_VALUE_BYTES`] plus a byte-order mark and `\r`.
const MAX_PARTIAL: usize = MAX_VALUE_BYTES + 4;

/// Streaming [`hash_lines`]: feed the text in byte chunks of any size, split anywhere (inside a
/// line, between `\r` and `\n`, inside a UTF-8 sequence). Holds at most one partial line (bounded
/// by [`MAX_VALUE_BYTES`]); complete lines are hashed straight from the chunk.
///
/// ```
/// use preflight::audience::{HashOptions, IdType, LineHasher};
/// let mut h = LineHasher::new(IdType::Email, HashOptions::default());
/// h.push(b"A@x.com\r\nb@");
/// h.push(b"x.com\nnot-an-email");
/// let out = h.finish();
/// assert_eq!(out.len(), 3);
/// assert_eq!(out.errors()[0].0, 2);
/// assert_eq!(out.errors()[0].1.code(), "invalid_email");
/// ```
///
/// `Debug` shows the type, the options, the length of the partial line and the output's counts
/// ([`HashOutput`]'s `Debug`), never a value.
#[derive(Clone)]
pub struct LineHasher {
    id_type: IdType,
    opts: HashOptions,
    partial: Vec<u8>,
    /// The current partial line is longer than [`MAX_PARTIAL`]; its bytes are dropped.
    overflow: bool,
    /// No line has been completed yet (the byte-order mark rule applies).
    first_line: bool,
    scratch: Scratch,
    /// Empty between calls.
    pending: Pending,
    out: HashOutput,
}

impl fmt::Debug for LineHasher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LineHasher")
            .field("id_type", &self.id_type)
            .field("opts", &self.opts)
            .field("partial_bytes", &self.partial.len())
            .field("overflow", &self.overflow)
            .field("first_line", &self.first_line)
            .field("pending", &self.pending)
            .field("out", &self.out)
            .finish_non_exhaustive()
    }
}

impl LineHasher {
    /// A hasher for values of `id_type`.
    pub fn new(id_type: IdType, opts: HashOptions) -> Self {
        LineHasher {
            id_type,
            opts,
            partial: Vec::new(),
            overflow: false,
            first_line: true,
            scratch: Scratch::default(),
            pending: Pending::default(),
            out: HashOutput::new(),
        }
    }

    /// A hasher for text that continues a stream begun elsewhere (a piece of a larger input cut
    /// at a line end, hashed on another thread): like [`LineHasher::new`], except that no
    /// byte-order mark is removed, since this text does not start the input.
    pub fn continuing(id_type: IdType, opts: HashOptions) -> Self {
        LineHasher {
            first_line: false,
            ..LineHasher::new(id_type, opts)
        }
    }

    /// Feeds the next chunk. Complete lines are hashed now; the tail waits for the next chunk.
    pub fn push(&mut self, chunk: &[u8]) {
        self.push_with::<MULTI_BUFFER>(chunk);
    }

    fn push_with<const MULTI: bool>(&mut self, chunk: &[u8]) {
        self.feed::<MULTI>(chunk);
        self.out.flush(&mut self.pending);
    }

    fn feed<const MULTI: bool>(&mut self, chunk: &[u8]) {
        let mut rest = chunk;
        if !self.partial.is_empty() || self.overflow {
            match find_newline(rest) {
                None => {
                    self.keep(rest);
                    return;
                }
                Some(p) => {
                    self.keep(&rest[..p]);
                    let partial = std::mem::take(&mut self.partial);
                    self.line::<MULTI>(&partial);
                    self.partial = partial;
                    self.partial.clear();
                    self.overflow = false;
                    rest = &rest[p + 1..];
                }
            }
        }
        // The complete lines are checked as UTF-8 together, one pass instead of one call per
        // line; where that fails, line by line, so that only the lines that are not UTF-8 are
        // errors.
        let complete = rest.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let (lines, tail) = rest.split_at(complete);
        let text = std::str::from_utf8(lines).ok();
        let mut start = 0;
        while let Some(p) = find_newline(&lines[start..]) {
            let end = start + p;
            // `\n` is ASCII, so both ends are character boundaries of `text`.
            match text.and_then(|t| t.get(start..end)) {
                Some(line) => self.line_str::<MULTI>(line),
                None => self.line::<MULTI>(&lines[start..end]),
            }
            start = end + 1;
        }
        self.keep(tail);
    }

    /// Hashes the last line (when not zero bytes long) and returns every result not yet taken.
    pub fn finish(self) -> HashOutput {
        self.finish_with::<MULTI_BUFFER>()
    }

    fn finish_with<const MULTI: bool>(mut self) -> HashOutput {
        // An input that is only the byte-order mark is empty once the mark is removed: no line,
        // as `hash_lines` counts it.
        let only_bom = self.first_line && self.partial == "\u{FEFF}".as_bytes();
        if (!self.partial.is_empty() || self.overflow) && !only_bom {
            let partial = std::mem::take(&mut self.partial);
            self.line::<MULTI>(&partial);
        }
        self.out.flush(&mut self.pending);
        self.out
    }

    /// The results of the lines completed so far and not yet taken.
    pub fn output(&self) -> &HashOutput {
        &self.out
    }

    /// Takes the results so far (to write them out and free memory on long streams); later
    /// results continue with the following indexes.
    pub fn take_output(&mut self) -> HashOutput {
        let next = self.out.next_index();
        std::mem::replace(&mut self.out, HashOutput::starting_at(next))
    }

    /// Like [`LineHasher::take_output`], but later results go into `spare` (cleared first), so
    /// a caller alternating two outputs allocates nothing once they have grown.
    pub fn swap_output(&mut self, mut spare: HashOutput) -> HashOutput {
        spare.clear();
        spare.first_index = self.out.next_index();
        std::mem::replace(&mut self.out, spare)
    }

    fn keep(&mut self, bytes: &[u8]) {
        if self.overflow || bytes.is_empty() {
            return;
        }
        if self.partial.len() + bytes.len() > MAX_PARTIAL {
            self.overflow = true;
            self.partial.clear();
        } else {
            self.partial.extend_from_slice(bytes);
        }
    }

    /// The line rules, on the bytes of one line (without its `\n`): the range of its value (no
    /// byte-order mark on the first line, no `\r` before the `\n`), or `TooLong`. Both ends are
    /// character boundaries: the mark and `\r` are whole characters.
    fn value_range(&mut self, line: &[u8]) -> Result<std::ops::Range<usize>, IdError> {
        let bom = "\u{FEFF}".as_bytes();
        let start = if std::mem::take(&mut self.first_line) && line.starts_with(bom) {
            bom.len()
        } else {
            0
        };
        let end = line.len() - usize::from(line.len() > start && line.ends_with(b"\r"));
        if self.overflow || end - start > MAX_VALUE_BYTES {
            return Err(IdError::TooLong);
        }
        Ok(start..end)
    }

    /// One line (without its `\n`), checked as UTF-8 here (a line too long is `TooLong` first).
    fn line<const MULTI: bool>(&mut self, bytes: &[u8]) {
        match std::str::from_utf8(bytes) {
            Ok(line) => self.line_str::<MULTI>(line),
            Err(_) => {
                let e = self
                    .value_range(bytes)
                    .err()
                    .unwrap_or(IdError::InvalidUtf8);
                self.out.push_error(e);
            }
        }
    }

    /// One line (without its `\n`) of UTF-8 text.
    fn line_str<const MULTI: bool>(&mut self, line: &str) {
        match self.value_range(line.as_bytes()) {
            Ok(r)
                if self.id_type == IdType::PartnerUserId
                    && line.get(r.clone()).is_some_and(breaks_line) =>
            {
                self.out.push_error(IdError::LineBreak)
            }
            Ok(r) => self.out.push::<MULTI>(
                self.id_type,
                line.get(r).unwrap_or_default(),
                &self.opts,
                None,
                &mut self.scratch,
                &mut self.pending,
            ),
            Err(e) => self.out.push_error(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic values of every shape: valid and not, for every type; lengths 0 to ~120
    /// (so both sides of the one-block limit); ASCII and not (NFC and NFD, non-ASCII trimming).
    fn mixed_values(n: usize) -> Vec<String> {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-";
        (0..n)
            .map(|_| {
                let r = next();
                let len = (r % 112) as usize;
                let local: String = (0..len)
                    .map(|_| char::from(CHARS[(next() % CHARS.len() as u64) as usize]))
                    .collect();
                let digits = (r >> 8) % 1_000_000_000;
                match (r >> 56) % 16 {
                    0 => String::new(),
                    1 => format!("{local} {local}"),
                    2 => format!(" {local}@Ex.com\t"),
                    3 => format!("{local}\u{e9}@ex\u{e4}mple.com"),
                    4 => format!("\u{3000}{local}E\u{301}@x.com\u{feff}"),
                    5 => format!("+44 20 {digits}"),
                    6 => format!("@h{}", digits % 100_000),
                    7 => format!("{digits}"),
                    8 => format!("4B61639E-47CC-4056-A16A-C8217E{:06}", digits % 1_000_000),
                    9 => local,
                    _ => format!("{local}@x.io"),
                }
            })
            .collect()
    }

    #[test]
    fn batched_values_match_one_at_a_time() {
        let o = HashOptions::default();
        let values = mixed_values(2000);
        let sizes = (0..=13).chain([63, 64, 65, 2000]);
        for t in IdType::ALL {
            for n in sizes.clone() {
                let vals = || values[..n].iter().map(String::as_str);
                let mut one = HashOutput::new();
                hash_many_with::<false, _>(t, vals(), &o, &mut one);
                let mut four = HashOutput::new();
                hash_many_with::<true, _>(t, vals(), &o, &mut four);
                assert_eq!(one, four, "{t} {n}");
                // Appending to an output that already holds slots.
                hash_many_with::<false, _>(t, vals().rev(), &o, &mut one);
                hash_many_with::<true, _>(t, vals().rev(), &o, &mut four);
                assert_eq!(one, four, "{t} {n} appended");
                assert_eq!(one.len(), 2 * n);
            }
        }
        // Against the one-value path, and the data covers what it should: accepted values on
        // both sides of the one-block limit, and rejected ones.
        let mut out = HashOutput::new();
        let all = values.iter().map(String::as_str);
        hash_many_with::<true, _>(IdType::Email, all, &o, &mut out);
        assert!(out.ok_count() > 500 && out.errors().len() > 500);
        let lens: Vec<usize> = values
            .iter()
            .filter_map(|v| super::super::normalize(IdType::Email, v, &o).ok())
            .map(|n| n.len())
            .collect();
        assert!(lens.iter().any(|&l| l <= 55) && lens.iter().any(|&l| l > 55));
        for (i, v) in values.iter().enumerate() {
            let want = super::super::hash(IdType::Email, v, &o);
            assert_eq!(out.result(i), Some(want.as_deref().map_err(|e| *e)));
        }
    }

    #[test]
    fn batched_lines_and_chunks_match_one_at_a_time() {
        let o = HashOptions::default();
        let values = mixed_values(1000);
        for t in [IdType::Email, IdType::PhoneNumber, IdType::PartnerUserId] {
            for (n, ending) in [(0, "\n"), (1, "\n"), (3, "\r\n"), (5, "\n"), (1000, "\r\n")] {
                // No generated value holds a line ending: line i is value i.
                let text: String = values[..n].iter().map(|v| format!("{v}{ending}")).collect();
                let mut one = HashOutput::new();
                hash_lines_with::<false>(t, &text, &o, &mut one);
                let mut four = HashOutput::new();
                hash_lines_with::<true>(t, &text, &o, &mut four);
                assert_eq!(one, four, "{t} {n}");
                for size in [1, 3, 7, 64, 4096] {
                    let mut h = LineHasher::new(t, o.clone());
                    let mut streamed: Vec<Option<String>> = Vec::new();
                    for (k, chunk) in text.as_bytes().chunks(size).enumerate() {
                        h.push_with::<true>(chunk);
                        if k % 5 == 0 {
                            streamed.extend(h.take_output().to_vec());
                        }
                    }
                    streamed.extend(h.finish_with::<true>().to_vec());
                    assert_eq!(streamed, one.to_vec(), "{t} {n} chunks of {size}");
                }
            }
        }
    }

    #[test]
    fn newline_search() {
        for len in 0..40 {
            for at in 0..len {
                let mut v = vec![b'x'; len];
                v[at] = b'\n';
                if at + 1 < len {
                    v[len - 1] = b'\n';
                }
                assert_eq!(find_newline(&v), Some(at), "{len} {at}");
            }
            assert_eq!(find_newline(&vec![b'x'; len]), None);
        }
        // Bytes one above '\n' and high bytes are not matches.
        assert_eq!(
            find_newline(b"\x0b\x0b\x8a\x8a\x09\x09\xff\xff\x0a"),
            Some(8)
        );
    }

    #[test]
    fn chunk_checked_whole_or_line_by_line() {
        // A chunk whose complete lines are all UTF-8 is checked in one pass; one that holds a
        // line that is not goes line by line. Pushed whole, and a byte at a time (every line
        // through the partial line), the results are the same.
        let o = HashOptions::default();
        let mut bad = b"\xEF\xBB\xBFA@x.com\r\n\xffbad@x.com\nb@x.com\n".to_vec();
        bad.extend(vec![0xfe; MAX_VALUE_BYTES + 1]);
        bad.extend(b"\n\xC3\x89@X.COM\r\nlast@x.com");
        let good = "\u{FEFF}A@x.com\r\nb@x.com\n\u{C9}@X.COM\r\nlast@x.com";
        for (input, errors) in [
            (
                &bad[..],
                &[(1, IdError::InvalidUtf8), (3, IdError::TooLong)][..],
            ),
            (good.as_bytes(), &[][..]),
        ] {
            let mut whole = LineHasher::new(IdType::Email, o.clone());
            whole.push(input);
            let whole = whole.finish();
            let mut bytewise = LineHasher::new(IdType::Email, o.clone());
            for b in input {
                bytewise.push(std::slice::from_ref(b));
            }
            assert_eq!(whole, bytewise.finish());
            assert_eq!(whole.errors(), errors);
            let hash = |v| super::super::hash(IdType::Email, v, &o).ok();
            assert_eq!(whole.get(0).map(str::to_owned), hash("a@x.com"));
            assert_eq!(
                whole.get(whole.len() - 2).map(str::to_owned),
                hash("\u{E9}@x.com")
            );
            assert_eq!(
                whole.get(whole.len() - 1).map(str::to_owned),
                hash("last@x.com")
            );
        }
    }

    /// Each character Python's `str.splitlines` splits at (its documentation's table: \n \r
    /// \x0b \x0c \x1c \x1d \x1e \x85 \u2028 \u2029), and NUL, is refused in a
    /// partner_user_id written one per line; the same value stays in `hash_many` (JSON bodies).
    #[test]
    fn partner_user_ids_that_split_lines_are_refused() {
        let o = HashOptions::default();
        for c in [
            '\r', '\u{0B}', '\u{0C}', '\u{1C}', '\u{1D}', '\u{1E}', '\u{85}', '\u{2028}',
            '\u{2029}', '\0',
        ] {
            let v = format!("a{c}b");
            let text = format!("x\n{v}\ny\n");
            let mut out = HashOutput::new();
            hash_lines(IdType::PartnerUserId, &text, &o, &mut out);
            assert_eq!(out.errors(), &[(1, IdError::LineBreak)], "{c:?}");
            let mut h = LineHasher::new(IdType::PartnerUserId, o.clone());
            for b in text.as_bytes() {
                h.push(std::slice::from_ref(b));
            }
            let out = h.finish();
            assert_eq!(out.errors(), &[(1, IdError::LineBreak)], "{c:?}");
            assert_eq!(out.to_vec()[2].as_deref(), Some("y"));
            assert_eq!(
                hash_many(IdType::PartnerUserId, [v.as_str()], &o).errors(),
                &[]
            );
        }
        // Other controls and separators are ordinary characters.
        let mut out = HashOutput::new();
        hash_lines(
            IdType::PartnerUserId,
            "a\tb\nc\u{1F}d\n\u{A0}",
            &o,
            &mut out,
        );
        assert_eq!(out.errors(), &[]);
    }

    #[test]
    fn line_rules() {
        let o = HashOptions::default();
        let mut out = HashOutput::new();
        assert_eq!(hash_lines(IdType::PartnerUserId, "", &o, &mut out), 0);
        assert_eq!(hash_lines(IdType::PartnerUserId, "\n", &o, &mut out), 1);
        assert_eq!(out.errors(), &[(0, IdError::Empty)]);
        let mut out = HashOutput::new();
        hash_lines(
            IdType::PartnerUserId,
            "\u{FEFF}a\r\n\rb\r\r\n\nc",
            &o,
            &mut out,
        );
        assert_eq!(
            out.to_vec(),
            vec![
                Some("a".into()),
                // A lone `\r` stays in the line; for a partner_user_id written back one per
                // line, it is refused (a line splitter would cut the output there).
                None,
                None,
                Some("c".into())
            ]
        );
        assert_eq!(out.errors()[0], (1, IdError::LineBreak));
        assert_eq!(
            hash_lines(IdType::Email, "\rb@x.com\r", &o, &mut HashOutput::new()),
            1
        );
        assert_eq!(out.result(2), Some(Err(IdError::Empty)));
        assert_eq!(out.result(3), Some(Ok("c")));
        assert_eq!(out.result(4), None);
    }

    #[test]
    fn continuing_keeps_a_leading_bom() {
        let o = HashOptions::default();
        let mut h = LineHasher::continuing(IdType::PartnerUserId, o.clone());
        h.push("\u{FEFF}a\nb".as_bytes());
        assert_eq!(
            h.finish().to_vec(),
            vec![Some("\u{FEFF}a".into()), Some("b".into())]
        );
        let mut h = LineHasher::new(IdType::PartnerUserId, o);
        h.push("\u{FEFF}a\nb".as_bytes());
        assert_eq!(h.finish().get(0), Some("a"));
    }

    #[test]
    fn streaming_limits() {
        let mut h = LineHasher::new(IdType::PartnerUserId, HashOptions::default());
        let long = vec![b'a'; MAX_VALUE_BYTES + 10];
        h.push(&long[..100]);
        h.push(&long[100..]);
        h.push(b"\nok\n");
        h.push(&vec![b'b'; MAX_VALUE_BYTES]);
        h.push(b"\r\n\xff\xfe\n");
        let first = h.take_output();
        assert_eq!(first.first_index(), 0);
        assert_eq!(
            first.errors(),
            &[(0, IdError::TooLong), (3, IdError::InvalidUtf8)]
        );
        assert_eq!(first.get(1), Some("ok"));
        assert_eq!(first.get(2).map(str::len), Some(MAX_VALUE_BYTES));
        h.push(b"tail");
        let spare = h.swap_output(first);
        assert_eq!(spare.first_index(), 4);
        assert!(spare.is_empty());
        let rest = h.finish();
        assert_eq!(rest.first_index(), 4);
        assert_eq!(rest.get(4), Some("tail"));
    }
}
