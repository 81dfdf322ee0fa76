//! Columns: many identifiers at once, from a list of `str` or from Arrow arrays (pyarrow, and
//! pandas and polars through pyarrow), hashed with the GIL released on several threads.
//!
//! Arrow arrays cross by the Arrow C data interface (`arrow::pyarrow`, PyCapsules): the values
//! are read in place from the array's buffers through the typed arrays (`StringArray`,
//! `LargeStringArray`, `StringViewArray`), never as a Python object per value, and the output
//! arrays are built from their buffers and handed back the same way. A list of `str` is copied
//! into one Arrow array first (with the GIL held), and takes the same path.
//!
//! A column is hashed in contiguous row ranges, one per thread (at most `threads`, and none
//! shorter than [`MIN_ROWS_PER_THREAD`]), each by the engine's bulk path
//! (`preflight::audience::hash_many_into`, or `hash_many_with_countries` with a country per
//! row). For hashed types each row's 64 digits go to `64 * row` of its chunk's output buffer,
//! which the threads share as disjoint slices ([`digit_arrays`]); partner ids (any length) are
//! joined in row order afterwards ([`arrays`]). Rejections' positions are offset by where their
//! range starts, so the result does not depend on the number of threads.
//!
//! Rules of a cell (the CLI's for a CSV cell): a null value is hashed as an empty one (null out,
//! rejected as `empty`); a null or empty country falls back to `default_country_code`, any
//! other country that names none rejects the row as `invalid_country`.

use crate::fail::{done, Fail};
use crate::hash::both;
use arrow::array::builder::{LargeStringBuilder, NullBufferBuilder};
use arrow::array::{
    Array, ArrayData, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray,
    StringViewArray,
};
use arrow::buffer::{Buffer, MutableBuffer, NullBuffer, OffsetBuffer};
use arrow::datatypes::DataType;
use arrow::pyarrow::{FromPyArrow, ToPyArrow};
use preflight::audience::{
    hash_many_into, hash_many_with_countries, HashOptions, HashOutput, IdError, IdType,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::Mutex;

/// The fewest rows a thread is given: below twice this, a column is hashed on one thread.
/// Starting a thread costs tens of microseconds; hashing this many emails about 4 ms of CPU
/// (release build, 117 ns a row), so a thread is started only where it pays many times over.
pub(crate) const MIN_ROWS_PER_THREAD: usize = 32_768;

/// The most threads one call starts, whatever `threads` asks for.
pub(crate) const MAX_THREADS: usize = 256;

/// The Arrow types a column of values or countries may have.
const ACCEPTED: &str = "string, large_string or string_view";

/// One chunk of a column: an Arrow string array (a list of `str` is copied into one).
enum Chunk {
    Utf8(StringArray),
    Large(LargeStringArray),
    View(StringViewArray),
}

impl Chunk {
    fn of(data: ArrayData, what: &str) -> Result<Chunk, Fail> {
        Ok(match data.data_type() {
            DataType::Utf8 => Chunk::Utf8(StringArray::from(data)),
            DataType::LargeUtf8 => Chunk::Large(LargeStringArray::from(data)),
            DataType::Utf8View => Chunk::View(StringViewArray::from(data)),
            _ => {
                return Err(Fail::of(
                    "invalid_argument",
                    format!("{what} must be an Arrow column of {ACCEPTED}"),
                ))
            }
        })
    }

    fn len(&self) -> usize {
        match self {
            Chunk::Utf8(a) => a.len(),
            Chunk::Large(a) => a.len(),
            Chunk::View(a) => a.len(),
        }
    }

    /// Cell `i` (< `len`): `None` when null.
    #[inline]
    fn get(&self, i: usize) -> Option<&str> {
        match self {
            Chunk::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }
}

/// A column: its chunks in order, and the row where each starts.
struct Column {
    chunks: Vec<Chunk>,
    starts: Vec<usize>,
    len: usize,
}

impl Column {
    fn new(chunks: Vec<Chunk>) -> Column {
        let mut starts = Vec::with_capacity(chunks.len());
        let mut len = 0;
        for c in &chunks {
            starts.push(len);
            len += c.len();
        }
        Column {
            chunks,
            starts,
            len,
        }
    }

    /// Arrow arrays (anything with `__arrow_c_array__`), one per chunk.
    fn from_arrow(arrays: &[Bound<'_, PyAny>], what: &str) -> Result<Column, Fail> {
        let mut chunks = Vec::with_capacity(arrays.len());
        for a in arrays {
            // The import checks the buffers (offsets in bounds, UTF-8) before any is read.
            let data = ArrayData::from_pyarrow_bound(a).map_err(|_| {
                Fail::of(
                    "invalid_argument",
                    format!("{what} must be an Arrow column of {ACCEPTED}"),
                )
            })?;
            chunks.push(Chunk::of(data, what)?);
        }
        Ok(Column::new(chunks))
    }

    /// Calls `each` with every piece of rows `from..to` (a chunk, and rows `lo..hi` of it), in
    /// order.
    fn pieces<'c>(&'c self, from: usize, to: usize, mut each: impl FnMut(&'c Chunk, usize, usize)) {
        for (chunk, &start) in self.chunks.iter().zip(&self.starts) {
            let (lo, hi) = part(start, chunk.len(), from, to);
            if lo < hi {
                each(chunk, lo, hi);
            }
        }
    }

    /// The cells of rows `from..to`, in order.
    fn cells(&self, from: usize, to: usize) -> impl Iterator<Item = Option<&str>> + '_ {
        self.chunks
            .iter()
            .zip(&self.starts)
            .flat_map(move |(chunk, &start)| {
                let (lo, hi) = part(start, chunk.len(), from, to);
                (lo..hi).map(move |i| chunk.get(i))
            })
    }
}

/// The rows of `from..to` (of the column) that fall in the chunk of `len` rows starting at row
/// `start`, as `lo..hi` of that chunk (empty when none do).
fn part(start: usize, len: usize, from: usize, to: usize) -> (usize, usize) {
    let end = start + len;
    (from.clamp(start, end) - start, to.clamp(start, end) - start)
}

/// Rows `from..to` hashed by the engine's bulk path; indexes from 0 (row `from`). Without a
/// country column each piece of a chunk goes through `hash_many_into` with its array's own
/// iterator (no per-row dispatch on the chunk's type).
fn hash_range(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    from: usize,
    to: usize,
) -> HashOutput {
    if let Some(c) = country {
        let values = values.cells(from, to).map(cell);
        return hash_many_with_countries(t, values.zip(c.cells(from, to)), opts);
    }
    let mut out = HashOutput::with_capacity(to - from);
    values.pieces(from, to, |chunk, lo, hi| {
        hash_piece(t, opts, chunk, lo, hi, &mut out)
    });
    out
}

/// Rows `lo..hi` of one chunk appended to `out`, through the chunk's own iterator.
fn hash_piece(
    t: IdType,
    opts: &HashOptions,
    chunk: &Chunk,
    lo: usize,
    hi: usize,
    out: &mut HashOutput,
) {
    let n = hi - lo;
    match chunk {
        Chunk::Utf8(a) => hash_many_into(t, a.slice(lo, n).iter().map(cell), opts, out),
        Chunk::Large(a) => hash_many_into(t, a.slice(lo, n).iter().map(cell), opts, out),
        Chunk::View(a) => hash_many_into(t, a.slice(lo, n).iter().map(cell), opts, out),
    }
}

/// A cell as the engine reads it: a null value is an empty one.
#[inline]
fn cell(v: Option<&str>) -> &str {
    v.unwrap_or("")
}

/// How many threads hash `rows` rows when the caller allows `threads` (0: every core).
fn thread_count(rows: usize, threads: usize) -> usize {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    threads
        .min(MAX_THREADS)
        .min(rows / MIN_ROWS_PER_THREAD)
        .max(1)
}

/// Where the `k` contiguous ranges of `n` rows start and end: range `j` is rows
/// `bounds[j]..bounds[j + 1]` (`n * j / k`, in u128 so that it cannot overflow).
fn bounds(n: usize, k: usize) -> Vec<usize> {
    (0..=k)
        .map(|j| usize::try_from(n as u128 * j as u128 / k.max(1) as u128).unwrap_or(n))
        .collect()
}

/// `job(0)`, ..., `job(k - 1)` in order, each but the first on a thread of its own (one that
/// cannot be started runs on this one); `None` if a job's thread panicked (the engine does not
/// panic; if it ever did, the call fails rather than lose rows).
fn run_all<T: Send>(k: usize, job: impl Fn(usize) -> T + Sync) -> Option<Vec<T>> {
    let job = &job;
    std::thread::scope(|s| {
        let handles: Vec<_> = (1..k)
            .map(|j| std::thread::Builder::new().spawn_scoped(s, move || job(j)))
            .collect();
        let mut outs = Vec::with_capacity(k);
        if k > 0 {
            outs.push(Some(job(0)));
        }
        for (j, h) in (1..k).zip(handles) {
            outs.push(match h {
                Ok(h) => h.join().ok(),
                Err(_) => Some(job(j)),
            });
        }
        outs.into_iter().collect()
    })
}

/// The whole column in `k` contiguous ranges, each on its own thread, outputs in row order
/// with the row where each range starts.
fn hash_all(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    k: usize,
) -> Result<Vec<(usize, HashOutput)>, Fail> {
    let b = bounds(values.len, k);
    run_all(k, |j| {
        (b[j], hash_range(t, opts, values, country, b[j], b[j + 1]))
    })
    .ok_or_else(lost)
}

/// The error of a call whose work was lost (a thread that panicked).
fn lost() -> Fail {
    Fail::of("internal_error", "the column could not be hashed")
}

/// The rejections of every range, positions over the whole column, ascending.
fn rejections(outs: &[(usize, HashOutput)]) -> Vec<(usize, &'static str)> {
    outs.iter()
        .flat_map(|(from, out)| out.errors().iter().map(move |(i, e)| (from + i, e.code())))
        .collect()
}

/// The values, the country column, checked against each other and the options.
fn check_country(t: IdType, values: &Column, country: &Option<Column>) -> Result<(), Fail> {
    match country {
        Some(_) if t != IdType::PhoneNumber => Err(Fail::of(
            "bad_options",
            "country applies to phone_number (other types have no country)",
        )),
        Some(c) if c.len != values.len => Err(Fail::of(
            "invalid_argument",
            "country must have as many rows as values",
        )),
        _ => Ok(()),
    }
}

/// Rows hashed at a time into one reused output before their digits go to the column (few
/// enough to stay in cache).
const BLOCK_ROWS: usize = 4096;

/// Rows `lo..hi` of chunk `chunk` (row `row` of the column), and the bytes their digits go to.
struct Piece<'b> {
    chunk: usize,
    lo: usize,
    hi: usize,
    row: usize,
    digits: &'b mut [u8],
}

/// Copies each accepted slot's 64 digits to its row's place in `dst` (64 bytes a row); `None`
/// unless there is one slot per row and every output is 64 bytes long.
fn place(out: &HashOutput, dst: &mut [u8]) -> Option<()> {
    let digits = out.joined().as_bytes();
    if out.len().checked_mul(64)? != dst.len() || digits.len() != out.ok_count().checked_mul(64)? {
        return None;
    }
    let mut errors = out.errors().iter().map(|e| e.0).peekable();
    let mut src = digits.chunks_exact(64);
    for (i, d) in dst.chunks_exact_mut(64).enumerate() {
        if errors.next_if_eq(&i).is_none() {
            d.copy_from_slice(src.next()?);
        }
    }
    Some(())
}

/// One thread's pieces hashed a block at a time, digits in place; the rejections by row.
fn hash_digits(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    pieces: Vec<Piece<'_>>,
) -> Option<Vec<(usize, IdError)>> {
    let mut out = HashOutput::with_capacity(BLOCK_ROWS);
    let mut errors = Vec::new();
    for p in pieces {
        let chunk = values.chunks.get(p.chunk)?;
        let mut lo = p.lo;
        for dst in p.digits.chunks_mut(64 * BLOCK_ROWS) {
            let hi = lo + dst.len() / 64;
            let row = p.row + (lo - p.lo);
            match country {
                None => {
                    out.clear();
                    hash_piece(t, opts, chunk, lo, hi, &mut out);
                }
                Some(c) => {
                    let cells = values.cells(row, row + hi - lo).map(cell);
                    out = hash_many_with_countries(t, cells.zip(c.cells(row, row + hi - lo)), opts);
                }
            }
            place(&out, dst)?;
            errors.extend(out.errors().iter().map(|&(i, e)| (row + i, e)));
            lo = hi;
        }
        if lo != p.hi {
            return None;
        }
    }
    Some(errors)
}

/// Hashed types (every type but `partner_user_id`): each row's 64 hex digits at `64 * row` of
/// its chunk's values buffer (a rejected row's 64 bytes stay zero, under its null, as Arrow
/// allows), so each thread writes its rows in place and nothing is copied afterwards. The
/// arrays are `string`, or `large_string` when a chunk passes 2 GiB (33,554,431 rows).
#[allow(clippy::type_complexity)]
fn digit_arrays(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    k: usize,
) -> Result<(Vec<ArrayData>, Vec<(usize, &'static str)>), Fail> {
    let lengths: Vec<usize> = values.chunks.iter().map(Chunk::len).collect();
    let sizes: Vec<usize> = lengths
        .iter()
        .map(|l| l.checked_mul(64))
        .collect::<Option<_>>()
        .ok_or_else(lost)?;
    let mut buffers: Vec<Vec<u8>> = sizes.iter().map(|&s| vec![0u8; s]).collect();
    let b = bounds(values.len, k);
    let mut work: Vec<Vec<Piece<'_>>> = (0..k).map(|_| Vec::new()).collect();
    for (ci, (buffer, (&len, &start))) in buffers
        .iter_mut()
        .zip(lengths.iter().zip(&values.starts))
        .enumerate()
    {
        let mut rest: &mut [u8] = buffer;
        for (pieces, w) in work.iter_mut().zip(b.windows(2)) {
            let (lo, hi) = part(start, len, w[0], w[1]);
            if lo < hi {
                let (digits, later) = std::mem::take(&mut rest).split_at_mut(64 * (hi - lo));
                rest = later;
                pieces.push(Piece {
                    chunk: ci,
                    lo,
                    hi,
                    row: start + lo,
                    digits,
                });
            }
        }
    }
    // Each job takes its pieces; one whose thread could not start still finds them here.
    let work: Vec<Mutex<Vec<Piece<'_>>>> = work.into_iter().map(Mutex::new).collect();
    let results = run_all(k, |j| {
        let pieces = work
            .get(j)
            .and_then(|m| m.lock().ok().map(|mut p| std::mem::take(&mut *p)))
            .unwrap_or_default();
        hash_digits(t, opts, values, country, pieces)
    })
    .ok_or_else(lost)?;
    drop(work);
    let mut errors = Vec::new();
    for r in results {
        errors.extend(r.ok_or_else(lost)?);
    }
    let large = sizes.iter().any(|&s| i32::try_from(s).is_err());
    let mut rejected = errors.iter().map(|e| e.0).peekable();
    let mut arrays = Vec::with_capacity(buffers.len());
    for (buffer, (&len, &start)) in buffers.into_iter().zip(lengths.iter().zip(&values.starts)) {
        let mut valid = vec![true; len];
        while let Some(row) = rejected.next_if(|&r| r < start + len) {
            *valid.get_mut(row - start).ok_or_else(lost)? = false;
        }
        let nulls = valid.contains(&false).then(|| NullBuffer::from(valid));
        let values = Buffer::from_vec(buffer);
        let data = if large {
            string_data::<i64>(
                OffsetBuffer::try_from_repeated_length(64, len).ok(),
                values,
                nulls,
            )
        } else {
            string_data::<i32>(
                OffsetBuffer::try_from_repeated_length(64, len).ok(),
                values,
                nulls,
            )
        };
        arrays.push(data.ok_or_else(lost)?);
    }
    Ok((arrays, errors.iter().map(|&(i, e)| (i, e.code())).collect()))
}

/// A `string` (`i32` offsets) or `large_string` (`i64`) array of `values` cut by `offsets`;
/// `None` if the offsets could not be made or do not fit the values.
fn string_data<O: OffsetSizeTrait>(
    offsets: Option<OffsetBuffer<O>>,
    values: Buffer,
    nulls: Option<NullBuffer>,
) -> Option<ArrayData> {
    let a = GenericStringArray::<O>::try_new(offsets?, values, nulls).ok()?;
    Some(a.into_data())
}

/// The outputs of every range, back to back, read in order.
struct Bytes<'o> {
    parts: std::slice::Iter<'o, (usize, HashOutput)>,
    rest: &'o [u8],
}

impl Bytes<'_> {
    /// The next `n` bytes as a buffer (fewer only if the outputs end first).
    fn take(&mut self, n: usize) -> Buffer {
        let mut b = MutableBuffer::with_capacity(n);
        while b.len() < n {
            if self.rest.is_empty() {
                match self.parts.next() {
                    Some((_, o)) => self.rest = o.joined().as_bytes(),
                    None => break,
                }
            }
            let (now, later) = self.rest.split_at((n - b.len()).min(self.rest.len()));
            b.extend_from_slice(now);
            self.rest = later;
        }
        b.into()
    }
}

/// `partner_user_id` (outputs of any length): the rows' outputs as Arrow arrays of the values'
/// chunk lengths, `string`, or `large_string` when the outputs pass 2 GiB.
fn arrays(outs: &[(usize, HashOutput)], lengths: &[usize]) -> Option<Vec<ArrayData>> {
    let total: usize = outs.iter().map(|(_, o)| o.joined().len()).sum();
    let large = i32::try_from(total).is_err();
    let mut slots = outs
        .iter()
        .flat_map(|(_, o)| o.iter().map(|s| s.map(str::len)));
    let mut bytes = Bytes {
        parts: outs.iter(),
        rest: &[],
    };
    let mut arrays = Vec::with_capacity(lengths.len());
    for &len in lengths {
        let mut nulls = NullBufferBuilder::new(len);
        let mut sizes = Vec::with_capacity(len);
        for s in slots.by_ref().take(len) {
            nulls.append(s.is_some());
            sizes.push(s.unwrap_or(0));
        }
        let values = bytes.take(sizes.iter().sum());
        let nulls = nulls.finish();
        arrays.push(if large {
            string_data::<i64>(OffsetBuffer::try_from_lengths(sizes).ok(), values, nulls)?
        } else {
            string_data::<i32>(OffsetBuffer::try_from_lengths(sizes).ok(), values, nulls)?
        });
    }
    Some(arrays)
}

/// Arrow columns: `(outputs, rejections)`, the outputs one Arrow string array per chunk of
/// `values` (same lengths), null where rejected; rejections `(row, code)` over the whole column.
#[pyfunction]
#[pyo3(signature = (id_type, values, country=None, threads=0, options=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn hash_arrow<'py>(
    py: Python<'py>,
    id_type: &str,
    values: Vec<Bound<'py, PyAny>>,
    country: Option<Vec<Bound<'py, PyAny>>>,
    threads: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<(usize, &'static str)>)> {
    let (t, opts, values, country) = done(py, {
        both(id_type, options).and_then(|(t, opts)| {
            let values = Column::from_arrow(&values, "values")?;
            let country = match country {
                Some(c) => Some(Column::from_arrow(&c, "country")?),
                None => None,
            };
            check_country(t, &values, &country)?;
            Ok((t, opts, values, country))
        })
    })?;
    let k = thread_count(values.len, threads);
    let lengths: Vec<usize> = values.chunks.iter().map(Chunk::len).collect();
    let hashed = py.detach(|| {
        if t != IdType::PartnerUserId {
            return digit_arrays(t, &opts, &values, country.as_ref(), k);
        }
        let outs = hash_all(t, &opts, &values, country.as_ref(), k)?;
        // Arrays of checked lengths are always built; if one ever was not, the call fails.
        let data = arrays(&outs, &lengths).ok_or_else(lost)?;
        Ok((data, rejections(&outs)))
    });
    let (data, rejected) = done(py, hashed)?;
    let arrays = data
        .iter()
        .map(|d| d.to_pyarrow(py))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((arrays, rejected))
}

/// `str` cells copied out with the GIL held into one Arrow array (no allocation per value); a
/// `str` with a lone surrogate (no UTF-8 form) is written as `lone` and its row listed in
/// `lone_rows`.
fn texts<'a, 'py: 'a>(
    cells: impl ExactSizeIterator<Item = Option<&'a Bound<'py, PyString>>>,
    lone: &str,
    lone_rows: &mut Vec<usize>,
) -> Chunk {
    let mut b = LargeStringBuilder::with_capacity(cells.len(), cells.len().saturating_mul(24));
    for (i, cell) in cells.enumerate() {
        match cell.map(|s| s.to_cow()) {
            Some(Ok(s)) => b.append_value(s),
            Some(Err(_)) => {
                lone_rows.push(i);
                b.append_value(lone);
            }
            None => b.append_null(),
        }
    }
    Chunk::Large(b.finish())
}

/// A list of `str`: `(outputs, rejections)`, an output per value (`None` where rejected) and
/// `(index, code)` per rejected value, ascending (`invalid_utf8` for a `str` with a lone
/// surrogate, never a value with U+FFFD in its place). `country`: a `str` or `None` per value;
/// one with a lone surrogate names no country.
#[pyfunction]
#[pyo3(signature = (id_type, values, country=None, threads=0, options=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn hash_list<'py>(
    py: Python<'py>,
    id_type: &str,
    values: Vec<Bound<'py, PyString>>,
    country: Option<Vec<Option<Bound<'py, PyString>>>>,
    threads: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Bound<'py, PyList>, Vec<(usize, &'static str)>)> {
    let (t, opts) = done(py, both(id_type, options))?;
    // A value with a lone surrogate is hashed as an empty one and its rejection renamed below;
    // a country with one is U+FFFD, which names no country.
    let mut lone = Vec::new();
    let values = Column::new(vec![texts(values.iter().map(Some), "", &mut lone)]);
    let country = country.map(|c| {
        let cells = texts(c.iter().map(Option::as_ref), "\u{FFFD}", &mut Vec::new());
        Column::new(vec![cells])
    });
    done(py, check_country(t, &values, &country))?;
    let k = thread_count(values.len, threads);
    let hashed = py.detach(|| hash_all(t, &opts, &values, country.as_ref(), k));
    let outs = done(py, hashed)?;
    let outputs = PyList::new(py, outs.iter().flat_map(|(_, o)| o.iter()))?;
    let mut rejected = rejections(&outs);
    for (i, code) in rejected.iter_mut() {
        if lone.binary_search(i).is_ok() {
            *code = "invalid_utf8";
        }
    }
    Ok((outputs, rejected))
}
