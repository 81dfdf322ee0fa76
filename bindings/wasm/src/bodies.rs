//! The upload-bodies export (`buildAudienceBodies`), the `audience-bodies` feature: left out of
//! the hash-only package (scripts/build-wasm.sh), where it would be about a seventh of the .wasm.
//! Same conventions as `audience.rs`: a failed call throws (`crate::fail`); otherwise the first
//! string of the result is the packed meta text `<users per body>,...|<rejected>|<dropped>`, each
//! list with `<index>:<field>:<value index>:<code>,` per item (field and value index may be
//! empty): the users left out (`Bodies::rejected`) and the values left out of users that were
//! kept (`Bodies::dropped`). The others are the bodies, byte for byte as the native crate builds
//! them.

use crate::audience::{hash_options, split_fail, Cut};
use crate::fail::{done, Fail};
use preflight::audience::batch::{AudienceRecord, BatchOptions, BodyBuilder, Endpoint, Operation};
use preflight::audience::IdType;
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;

// `text`/`lens` carry every value back to back with their UTF-16 lengths (as `hashIdentifiers`
// stages them for `audienceHashStaged`); `counts` has six numbers per record: how many values each
// field has, in the order `email, phone_number, handle, device_id, service_id, partner_user_id`.
// Returns `[meta, body...]` (module docs). `max_users_per_body` and `max_body_bytes` of 0 mean the
// documented limits. (`///` docs of exports are copied into the glue: one line.)
/// Upload bodies: `[meta, body...]`.
#[wasm_bindgen(js_name = audienceBuildBodies)]
#[allow(clippy::too_many_arguments)]
pub fn audience_build_bodies(
    endpoint: &str,
    text: &str,
    lens: &[u32],
    counts: &[u32],
    operation: &str,
    effective_at: Option<String>,
    expires_at: Option<String>,
    now: Option<String>,
    max_users_per_body: u32,
    max_body_bytes: u32,
    phone_format: &str,
    default_country_code: Option<String>,
    prehashed: bool,
) -> Result<Vec<String>, JsValue> {
    done(build_bodies(
        endpoint,
        text,
        lens,
        counts,
        operation,
        [effective_at, expires_at, now],
        [max_users_per_body, max_body_bytes],
        (phone_format, default_country_code, prehashed),
    ))
}

#[allow(clippy::too_many_arguments)]
fn build_bodies(
    endpoint: &str,
    text: &str,
    lens: &[u32],
    counts: &[u32],
    operation: &str,
    [effective_at, expires_at, now]: [Option<String>; 3],
    [max_users, max_bytes]: [u32; 2],
    (phone_format, default_country_code, prehashed): (&str, Option<String>, bool),
) -> Result<Vec<String>, Fail> {
    let batch_fail = |e: preflight::audience::batch::BatchError| Fail::of(e.code(), e.message());
    let endpoint: Endpoint = endpoint.parse().map_err(batch_fail)?;
    let operation: Operation = operation.parse().map_err(batch_fail)?;
    let hash = hash_options(phone_format, default_country_code, prehashed)?;
    let defaults = BatchOptions::default();
    let opts = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.operation = operation;
        batch_opts.effective_at = effective_at;
        batch_opts.expires_at = expires_at;
        batch_opts.now = now;
        batch_opts.max_users_per_body = match max_users {
            0 => defaults.max_users_per_body,
            n => n as usize,
        };
        batch_opts.max_body_bytes = match max_bytes {
            0 => defaults.max_body_bytes,
            n => n as usize,
        };
        batch_opts.hash = hash;
        batch_opts
    };
    let mut builder = BodyBuilder::new(endpoint, &opts).map_err(batch_fail)?;
    let mut out = vec![String::new()];
    let mut users = Vec::new();
    let mut cut = Cut {
        text,
        pos: 0,
        lens: lens.iter(),
        broken: false,
    };
    // Six counts per record: a shorter last group would leave fields of the record before.
    if counts.len() % IdType::ALL.len() != 0 {
        return Err(split_fail());
    }
    let mut record = AudienceRecord::new();
    for fields in counts.chunks_exact(IdType::ALL.len()) {
        for (&t, &n) in IdType::ALL.iter().zip(fields) {
            let values = field(&mut record, t);
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
        if let Some(body) = builder.push(&record) {
            users.push(body.records.len());
            out.push(body.json);
        }
    }
    if cut.broken || cut.pos != text.len() || cut.lens.len() != 0 {
        return Err(split_fail());
    }
    let tail = builder.finish();
    for body in tail.bodies {
        users.push(body.records.len());
        out.push(body.json);
    }
    let mut meta = String::new();
    for n in users {
        let _ = write!(meta, "{n},");
    }
    for list in [&tail.rejected, &tail.dropped] {
        meta.push('|');
        for r in list {
            let _ = write!(meta, "{}:", r.index);
            if let Some(f) = r.field {
                meta.push_str(f.name());
            }
            meta.push(':');
            if let Some(i) = r.value_index {
                let _ = write!(meta, "{i}");
            }
            let _ = write!(meta, ":{},", r.error.code());
        }
    }
    if let Some(first) = out.first_mut() {
        *first = meta;
    }
    Ok(out)
}

fn field(record: &mut AudienceRecord, t: IdType) -> &mut Vec<String> {
    record.values_mut(t)
}
