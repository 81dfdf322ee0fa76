//! The upload-bodies export (`buildAudienceBodies`), the `audience-bodies` feature: left out of
//! the hash-only package (scripts/build-wasm.sh), where it would be about a seventh of the .wasm.
//! Same conventions as every export (docs/BOUNDARY.md): one options object read here
//! (`crate::opts`), a failed call throws (`crate::fail`), and the result is JSON text written by
//! the engine's writer:
//! `{"bodies":[<body as a string>...],"users":[<users per body>...],"rejected":[<problem>...],
//! "dropped":[<problem>...]}`, each problem `[<index>,<field>|null,<value index>|null,<code>]`:
//! the users left out (`Bodies::rejected`) and the values left out of users that were kept
//! (`Bodies::dropped`). The bodies are byte for byte as the native crate builds them.

use crate::audience::{push_num, split_fail, Cut};
use crate::fail::{done, Fail};
use crate::opts::{self, Member, Members, HASH_KEYS};
use preflight::__private::json_string;
use preflight::audience::batch::{
    AudienceRecord, BatchOptions, BodyBuilder, Endpoint, MAX_BODY_BYTES, MAX_USERS_PER_BODY,
};
use preflight::audience::IdType;
use wasm_bindgen::prelude::*;

/// The bodies options' member names, besides the hash options.
const BODY_KEYS: &[&str] = &[
    "operation",
    "effectiveAt",
    "expiresAt",
    "now",
    "maxUsersPerBody",
    "maxBodyBytes",
];

/// Every member of the options.
const BODY_AND_HASH_KEYS: [&str; 9] = [
    BODY_KEYS[0],
    BODY_KEYS[1],
    BODY_KEYS[2],
    BODY_KEYS[3],
    BODY_KEYS[4],
    BODY_KEYS[5],
    HASH_KEYS[0],
    HASH_KEYS[1],
    HASH_KEYS[2],
];
const UNKNOWN: &str = "unknown option; expected operation, effectiveAt, expiresAt, now, \
                       maxUsersPerBody, maxBodyBytes, phoneFormat, defaultCountryCode, prehashed";

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
        text_member(call, "endpoint")
            .and_then(|endpoint| build_bodies(&endpoint, &options, text, numbers)),
    )
}

fn text_member(o: &impl Members, name: &str) -> Result<String, Fail> {
    const MESSAGE: &str = "the endpoint must be custom_audience_users or do_not_reach_users";
    opts::text(o, name, "unknown_endpoint", MESSAGE)?
        .ok_or_else(|| Fail::of("unknown_endpoint", MESSAGE))
}

/// A limit option: absent is the documented limit; else an integer from 1 to `max`.
fn limit(
    o: &impl Members,
    name: &str,
    max: usize,
    message: &'static str,
) -> Result<Option<usize>, Fail> {
    match o.member(name) {
        Member::Absent => Ok(None),
        Member::Number(n) if n.fract() == 0.0 && n >= 1.0 && n <= max as f64 => {
            Ok(Some(n as usize))
        }
        _ => Err(Fail::of("invalid_limits", message)),
    }
}

/// The batch options of `o` (members [`BODY_KEYS`] and the hash options).
fn batch_options(o: &impl Members) -> Result<BatchOptions, Fail> {
    opts::known(o, &BODY_AND_HASH_KEYS, UNKNOWN)?;
    if !matches!(o.member("operation"), Member::Text(_)) {
        return Err(Fail::of(
            "bad_options",
            "operation must be 'Update' or 'Delete'",
        ));
    }
    let operation = opts::text(o, "operation", "bad_options", "")?.unwrap_or_default();
    let mut batch = BatchOptions::default();
    batch.operation = operation.parse().map_err(batch_fail)?;
    batch.effective_at = date(o, "effectiveAt", "effectiveAt must be a string or a Date")?;
    batch.expires_at = date(o, "expiresAt", "expiresAt must be a string or a Date")?;
    batch.now = date(o, "now", "now must be a string or a Date")?;
    const USERS: &str = "maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)";
    const BYTES: &str = "maxBodyBytes must be an integer from 1 to MAX_BODY_BYTES (5,000,000)";
    if let Some(n) = limit(o, "maxUsersPerBody", MAX_USERS_PER_BODY, USERS)? {
        batch.max_users_per_body = n;
    }
    if let Some(n) = limit(o, "maxBodyBytes", MAX_BODY_BYTES, BYTES)? {
        batch.max_body_bytes = n;
    }
    batch.hash = opts::hash_options(o)?;
    Ok(batch)
}

/// A field name or a code (snake_case ASCII, nothing to escape) as a JSON string.
fn quoted(out: &mut String, name: &str) {
    out.push('"');
    out.push_str(name);
    out.push('"');
}

fn date(o: &impl Members, name: &str, message: &'static str) -> Result<Option<String>, Fail> {
    opts::text(o, name, "bad_options", message)
}

fn batch_fail(e: preflight::audience::batch::BatchError) -> Fail {
    Fail::of(e.code(), e.message())
}

fn build_bodies(
    endpoint: &str,
    options: &impl Members,
    text: &str,
    numbers: &[u32],
) -> Result<String, Fail> {
    let endpoint: Endpoint = endpoint.parse().map_err(batch_fail)?;
    let opts = batch_options(options)?;
    let mut builder = BodyBuilder::new(endpoint, &opts).map_err(batch_fail)?;
    // The number of records, their counts, then the value lengths; anything that does not add up
    // is `split_character` (the values cannot be cut as given).
    let (&records, rest) = numbers.split_first().ok_or_else(split_fail)?;
    let counts_len = (records as usize)
        .checked_mul(COUNTS_PER_RECORD)
        .filter(|&n| n <= rest.len())
        .ok_or_else(split_fail)?;
    let (counts, lens) = rest.split_at(counts_len);
    let mut bodies = Vec::new();
    let mut users = Vec::new();
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
        if let Some(body) = builder.push(&record) {
            users.push(body.records.len());
            bodies.push(body.json);
        }
    }
    if cut.broken || cut.pos != text.len() || cut.lens.len() != 0 {
        return Err(split_fail());
    }
    let tail = builder.finish();
    for body in tail.bodies {
        users.push(body.records.len());
        bodies.push(body.json);
    }
    let size: usize = bodies.iter().map(|b| b.len() + b.len() / 4 + 3).sum();
    let mut out = String::with_capacity(size + 64);
    out.push_str("{\"bodies\":[");
    for (i, b) in bodies.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(&mut out, b);
    }
    out.push_str("],\"users\":[");
    for (i, &n) in users.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_num(&mut out, n);
    }
    for (name, list) in [("rejected", &tail.rejected), ("dropped", &tail.dropped)] {
        out.push_str("],\"");
        out.push_str(name);
        out.push_str("\":[");
        for (i, r) in list.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            push_num(&mut out, r.index);
            out.push(',');
            match r.field {
                Some(f) => quoted(&mut out, f.name()),
                None => out.push_str("null"),
            }
            out.push(',');
            match r.value_index {
                Some(v) => push_num(&mut out, v),
                None => out.push_str("null"),
            }
            out.push(',');
            quoted(&mut out, r.error.code());
            out.push(']');
        }
    }
    out.push_str("]}");
    Ok(out)
}
