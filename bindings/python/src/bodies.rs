//! Upload bodies for the custom audience users and do-not-reach users endpoints: the one JSON
//! result of `preflight_bindings::bodies::build_bodies`, as in the wasm binding.

use crate::fail::{done, Fail};
use crate::opts::members;
use preflight::audience::batch::AudienceRecord;
use preflight::audience::IdType;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Per record: how many values each field has (in `IdType::ALL`'s order), then 0 or 1: whether
/// the record has its own country (its value follows the record's field values).
const COUNTS_PER_RECORD: usize = 7;

fn mismatch() -> Fail {
    Fail::of(
        "invalid_argument",
        "the record counts do not match the values",
    )
}

/// The bodies of the records in `values` and `counts`, for `endpoint` (`custom_audience_users`
/// or `do_not_reach_users`) with `options` (the batch and hash options): JSON text
/// `{bodies, users, rejected, dropped}`. `values`: every value of every record in order, each
/// record's country (when it has one) after its field values; `counts`: `COUNTS_PER_RECORD`
/// numbers per record. Built with the GIL released.
#[pyfunction]
#[pyo3(signature = (endpoint, values, counts, options=None))]
pub(crate) fn audience_bodies(
    py: Python<'_>,
    endpoint: &str,
    values: Vec<String>,
    counts: Vec<u32>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = members(options);
    let r = py.detach(|| {
        preflight_bindings::bodies::build_bodies(endpoint, &options, |sink| {
            if !counts.len().is_multiple_of(COUNTS_PER_RECORD) {
                return Err(mismatch());
            }
            let mut values = values.into_iter();
            let mut record = AudienceRecord::new();
            for fields in counts.chunks_exact(COUNTS_PER_RECORD) {
                for (&t, &n) in IdType::ALL.iter().zip(fields) {
                    let list = record.values_mut(t);
                    list.clear();
                    for _ in 0..n {
                        list.push(values.next().ok_or_else(mismatch)?);
                    }
                }
                record.country = match fields.get(IdType::ALL.len()) {
                    Some(0) => None,
                    Some(1) => Some(values.next().ok_or_else(mismatch)?),
                    _ => return Err(mismatch()),
                };
                sink.push(&record);
            }
            if values.next().is_some() {
                return Err(mismatch());
            }
            Ok(())
        })
    });
    done(py, r)
}
