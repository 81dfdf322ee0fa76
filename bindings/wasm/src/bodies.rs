//! The upload-bodies export (`buildAudienceBodies`), the `audience-bodies` feature: left out of
//! the hash-only package (scripts/build-wasm.sh), where it would be about a seventh of the .wasm.
//! Same conventions as every export (docs/BOUNDARY.md): one options object, read by the readers
//! every binding shares (`preflight_bindings::bodies`), a failed call throws (`crate::fail`), and
//! the result is the one JSON text of `preflight_bindings::bodies::build_bodies`:
//! `{"bodies":[<body as a string>...],"users":[<users per body>...],"rejected":[<problem>...],
//! "dropped":[<problem>...]}`. This file only cuts the records out of the values as they cross.

use crate::audience::{split_fail, Cut};
use crate::fail::{done, Fail};
use crate::opts::Js;
use preflight::audience::batch::AudienceRecord;
use preflight::audience::IdType;
use preflight_bindings::bodies::{build_bodies, endpoint_member};
use wasm_bindgen::prelude::*;

/// Per record: how many values each field has (in [`IdType::ALL`]'s order), then 0 or 1: whether
/// the record has its own country (its value follows the record's field values in the text).
const COUNTS_PER_RECORD: usize = 7;

// `call`: `{endpoint, options}` (`options`: the caller's, see `crate::opts`); `text`: every value
// back to back; `numbers`: the number of records, then `COUNTS_PER_RECORD` counts per record, then
// the UTF-16 length of each value of `text` in order. (`///` docs of exports are copied into the
// glue: one line.)
/// Upload bodies: JSON text `{bodies, users, rejected, dropped}`.
#[wasm_bindgen(js_name = audienceBuildBodies)]
pub fn audience_build_bodies(
    call: &JsValue,
    text: &str,
    numbers: &[u32],
) -> Result<String, JsValue> {
    let options =
        js_sys::Reflect::get(call, &JsValue::from_str("options")).unwrap_or(JsValue::NULL);
    done(
        endpoint_member(&Js(call), "endpoint")
            .and_then(|endpoint| bodies_of(&endpoint, &options, text, numbers)),
    )
}

/// The bodies of the records in `text` and `numbers` (see `audience_build_bodies`).
fn bodies_of(
    endpoint: &str,
    options: &JsValue,
    text: &str,
    numbers: &[u32],
) -> Result<String, Fail> {
    build_bodies(endpoint, &Js(options), |sink| {
        // The number of records, their counts, then the value lengths; anything that does not
        // add up is `split_character` (the values cannot be cut as given).
        let (&records, rest) = numbers.split_first().ok_or_else(split_fail)?;
        let counts_len = (records as usize)
            .checked_mul(COUNTS_PER_RECORD)
            .filter(|&n| n <= rest.len())
            .ok_or_else(split_fail)?;
        let (counts, lens) = rest.split_at(counts_len);
        let mut cut = Cut {
            text,
            pos: 0,
            lens: lens.iter(),
            broken: false,
        };
        let mut record = AudienceRecord::new();
        for fields in counts.chunks_exact(COUNTS_PER_RECORD) {
            for (&t, &n) in IdType::ALL.iter().zip(fields) {
                let values = record.values_mut(t);
                values.truncate(n as usize);
                for i in 0..n as usize {
                    let Some(v) = cut.next() else {
                        return Err(split_fail());
                    };
                    match values.get_mut(i) {
                        Some(s) => {
                            s.clear();
                            s.push_str(v);
                        }
                        None => values.push(v.to_owned()),
                    }
                }
            }
            record.country = match fields.get(IdType::ALL.len()) {
                Some(0) => None,
                Some(1) => Some(cut.next().ok_or_else(split_fail)?.to_owned()),
                _ => return Err(split_fail()),
            };
            sink.push(&record);
        }
        if cut.broken || cut.pos != text.len() || cut.lens.len() != 0 {
            return Err(split_fail());
        }
        Ok(())
    })
}
