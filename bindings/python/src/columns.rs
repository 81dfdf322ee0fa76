//! Columns: many identifiers at once, from a list of `str` or from Arrow arrays (pyarrow, and
//! pandas and polars through pyarrow), hashed with the GIL released on several threads.
//!
//! Arrow arrays cross by the Arrow C data interface (`arrow::pyarrow`, PyCapsules): the values
//! are read in place from the array's buffers through the typed arrays (`StringArray`,
//! `LargeStringArray`, `StringViewArray`), never as a Python object per value, and the outputs
//! are built with the arrow builders and handed back the same way.
//!
//! A column is hashed in contiguous row ranges, one per thread (at most `threads`, and none
//! shorter than [`MIN_ROWS_PER_THREAD`]), each by the engine's bulk path
//! (`preflight::audience::hash_many`, or `hash_many_with_countries` with a country per row);
//! the ranges' outputs are joined in row order, their rejections' positions offset by where
//! the range starts, so the result does not depend on the number of threads.
//!
//! Rules of a cell (the CLI's for a CSV cell): a null value is hashed as an empty one (null out,
//! rejected as `empty`); a null or empty country falls back to `default_country_code`, any
//! other country that names none rejects the row as `invalid_country`.

use crate::fail::{done, Fail};
use crate::hash::both;
use arrow::array::{
    Array, ArrayData, LargeStringArray, LargeStringBuilder, StringArray, StringBuilder,
    StringViewArray,
};
use arrow::datatypes::DataType;
use arrow::pyarrow::{FromPyArrow, ToPyArrow};
use preflight::audience::{hash_many, hash_many_with_countries, HashOptions, HashOutput, IdType};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The fewest rows a thread is given: below twice this, a column is hashed on one thread
/// (starting a thread costs about as much as hashing a few thousand values; measured with
/// bench/python/columns.py).
pub(crate) const MIN_ROWS_PER_THREAD: usize = 32_768;

/// The most threads one call starts, whatever `threads` asks for.
pub(crate) const MAX_THREADS: usize = 256;

/// The Arrow types a column of values or countries may have.
const ACCEPTED: &str = "string, large_string or string_view";

/// One chunk of a column: an Arrow string array, or `str` values copied out of a list.
enum Chunk {
    Utf8(StringArray),
    Large(LargeStringArray),
    View(StringViewArray),
    List(Vec<Option<String>>),
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
            Chunk::List(v) => v.len(),
        }
    }

    /// Cell `i` (< `len`): `None` when null.
    #[inline]
    fn get(&self, i: usize) -> Option<&str> {
        match self {
            Chunk::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::View(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::List(v) => v.get(i).and_then(Option::as_deref),
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

    /// The cells of rows `from..to`, in order.
    fn cells(&self, from: usize, to: usize) -> impl Iterator<Item = Option<&str>> + '_ {
        self.chunks
            .iter()
            .zip(&self.starts)
            .flat_map(move |(chunk, &start)| {
                let lo = from.clamp(start, start + chunk.len()) - start;
                let hi = to.clamp(start, start + chunk.len()) - start;
                (lo..hi).map(move |i| chunk.get(i))
            })
    }
}

/// Rows `from..to` hashed by the engine's bulk path; indexes from 0 (row `from`).
fn hash_range(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    from: usize,
    to: usize,
) -> HashOutput {
    let values = values.cells(from, to).map(|v| v.unwrap_or(""));
    match country {
        None => hash_many(t, values, opts),
        Some(c) => hash_many_with_countries(t, values.zip(c.cells(from, to)), opts),
    }
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

/// The whole column in `k` contiguous ranges, each on its own thread (the first on this one),
/// outputs in row order with the row where each range starts.
fn hash_all(
    t: IdType,
    opts: &HashOptions,
    values: &Column,
    country: Option<&Column>,
    k: usize,
) -> Vec<(usize, HashOutput)> {
    let n = values.len;
    // Range j is rows bounds[j]..bounds[j + 1] (n * j / k, in u128 so that it cannot overflow).
    let bounds: Vec<usize> = (0..=k)
        .map(|j| usize::try_from(n as u128 * j as u128 / k as u128).unwrap_or(n))
        .collect();
    let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(ranges.len());
        for &(from, to) in ranges.iter().skip(1) {
            let job = move || hash_range(t, opts, values, country, from, to);
            // A thread that cannot be started leaves its range to this thread.
            handles.push((
                from,
                to,
                std::thread::Builder::new().spawn_scoped(s, job).ok(),
            ));
        }
        let mut outs = Vec::with_capacity(ranges.len());
        if let Some(&(from, to)) = ranges.first() {
            outs.push((from, hash_range(t, opts, values, country, from, to)));
        }
        for (from, to, handle) in handles {
            // A range whose thread failed is hashed again here: the engine does not panic, and
            // if it ever did, this thread would report it as Python's exception.
            let out = match handle.map(|h| h.join()) {
                Some(Ok(out)) => out,
                _ => hash_range(t, opts, values, country, from, to),
            };
            outs.push((from, out));
        }
        outs
    })
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

/// The rows' outputs as Arrow arrays of the values' chunk lengths: `string`, or `large_string`
/// when the outputs pass what 32-bit offsets address (2 GiB, over 33 million hashes).
fn arrays(outs: &[(usize, HashOutput)], lengths: &[usize]) -> Vec<ArrayData> {
    let bytes: usize = outs.iter().map(|(_, o)| o.joined().len()).sum();
    let large = i32::try_from(bytes).is_err();
    let mut cells = outs.iter().flat_map(|(_, o)| o.iter());
    let mut arrays = Vec::with_capacity(lengths.len());
    for &len in lengths {
        let cells = cells.by_ref().take(len);
        arrays.push(if large {
            let mut b = LargeStringBuilder::with_capacity(len, len.saturating_mul(64));
            cells.for_each(|c| b.append_option(c));
            b.finish().into_data()
        } else {
            let mut b = StringBuilder::with_capacity(len, len.saturating_mul(64));
            cells.for_each(|c| b.append_option(c));
            b.finish().into_data()
        });
    }
    arrays
}

/// Arrow columns: `(outputs, rejections)`, the outputs one Arrow string array per chunk of
/// `values` (same lengths), null where rejected; rejections `(row, code)` over the whole column.
#[pyfunction]
#[pyo3(signature = (id_type, values, country=None, threads=0, phone_format=None, default_country_code=None, prehashed=false))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn hash_arrow<'py>(
    py: Python<'py>,
    id_type: &str,
    values: Vec<Bound<'py, PyAny>>,
    country: Option<Vec<Bound<'py, PyAny>>>,
    threads: usize,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<(usize, &'static str)>)> {
    let (t, opts, values, country) = done(py, {
        both(id_type, phone_format, default_country_code, prehashed).and_then(|(t, opts)| {
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
    let (data, rejected) = py.detach(|| {
        let outs = hash_all(t, &opts, &values, country.as_ref(), k);
        (arrays(&outs, &lengths), rejections(&outs))
    });
    let arrays = data
        .iter()
        .map(|d| d.to_pyarrow(py))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((arrays, rejected))
}

/// `str` values copied out with the GIL held; a `str` with a lone surrogate (no UTF-8 form)
/// is an empty cell, its row listed in `lone`.
fn texts(values: &[Bound<'_, PyString>], lone: &mut Vec<usize>) -> Vec<Option<String>> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| match v.to_cow() {
            Ok(s) => Some(s.into_owned()),
            Err(_) => {
                lone.push(i);
                Some(String::new())
            }
        })
        .collect()
}

/// A list of `str`: `(outputs, rejections)`, an output per value (`None` where rejected) and
/// `(index, code)` per rejected value, ascending (`invalid_utf8` for a `str` with a lone
/// surrogate, never a value with U+FFFD in its place). `country`: a `str` or `None` per value;
/// one with a lone surrogate names no country.
#[pyfunction]
#[pyo3(signature = (id_type, values, country=None, threads=0, phone_format=None, default_country_code=None, prehashed=false))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn hash_list(
    py: Python<'_>,
    id_type: &str,
    values: Vec<Bound<'_, PyString>>,
    country: Option<Vec<Option<Bound<'_, PyString>>>>,
    threads: usize,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> PyResult<(Vec<Option<String>>, Vec<(usize, &'static str)>)> {
    let (t, opts) = done(
        py,
        both(id_type, phone_format, default_country_code, prehashed),
    )?;
    let mut lone = Vec::new();
    let values = Column::new(vec![Chunk::List(texts(&values, &mut lone))]);
    let country = country.map(|c| {
        let cells = c
            .iter()
            .map(|v| {
                v.as_ref().map(|s| {
                    s.to_cow()
                        .map_or_else(|_| "\u{FFFD}".into(), |s| s.into_owned())
                })
            })
            .collect();
        Column::new(vec![Chunk::List(cells)])
    });
    done(py, check_country(t, &values, &country))?;
    let k = thread_count(values.len, threads);
    let (outputs, mut rejected) = py.detach(|| {
        let outs = hash_all(t, &opts, &values, country.as_ref(), k);
        let outputs: Vec<Option<String>> = outs
            .iter()
            .flat_map(|(_, o)| o.iter().map(|s| s.map(str::to_owned)))
            .collect();
        (outputs, rejections(&outs))
    });
    for (i, code) in rejected.iter_mut() {
        if lone.binary_search(i).is_ok() {
            *code = "invalid_utf8";
        }
    }
    Ok((outputs, rejected))
}
