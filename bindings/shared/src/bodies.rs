//! Upload bodies: their options (the batch options and the hash options in one object), and the
//! one JSON result every binding returns:
//! `{"bodies":[<body as a string>...],"users":[<users per body>...],"rejected":[<problem>...],
//! "dropped":[<problem>...]}`, each problem `[<index>,<field>|null,<value index>|null,<code>]`:
//! the users left out (`Bodies::rejected`) and the values left out of users that were kept
//! (`Bodies::dropped`). The bodies are byte for byte as the native crate builds them.

use crate::opts::{self, hash_options, Member, Members, HASH_KEYS};
use crate::{spelled, spelled_list, Fail};
use preflight::__private::{json_string, json_uint};
use preflight::audience::batch::{
    AudienceRecord, BatchOptions, Body, BodyBuilder, Endpoint, MAX_BODY_BYTES, MAX_USERS_PER_BODY,
};

const ENDPOINT: &str = "the endpoint must be custom_audience_users or do_not_reach_users";

/// The endpoint of a call: a text member of `o` named `name`.
pub fn endpoint_member(o: &impl Members, name: &str) -> Result<String, Fail> {
    opts::text(o, name, "unknown_endpoint", ENDPOINT)?
        .ok_or_else(|| Fail::of("unknown_endpoint", ENDPOINT))
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

fn date(o: &impl Members, name: &str, message: &'static str) -> Result<Option<String>, Fail> {
    opts::text(o, name, "bad_options", message)
}

/// The upload-body options' member names (camelCase), besides the hash options
/// ([`HASH_KEYS`]).
pub const BODY_KEYS: &[&str] = &[
    "operation",
    "effectiveAt",
    "expiresAt",
    "now",
    "maxUsersPerBody",
    "maxBodyBytes",
];

/// The batch options of `o`: [`BODY_KEYS`] and the hash options ([`HASH_KEYS`]), nothing else.
pub fn batch_options(o: &impl Members) -> Result<BatchOptions, Fail> {
    opts::known(
        o,
        spelled_list!(
            o,
            [
                BODY_KEYS[0],
                BODY_KEYS[1],
                BODY_KEYS[2],
                BODY_KEYS[3],
                BODY_KEYS[4],
                BODY_KEYS[5],
                HASH_KEYS[0],
                HASH_KEYS[1],
                HASH_KEYS[2],
            ]
        ),
        spelled!(
            o,
            "unknown option; expected operation, effectiveAt, expiresAt, now, \
             maxUsersPerBody, maxBodyBytes, phoneFormat, defaultCountryCode, prehashed"
        ),
    )?;
    let operation = match o.member("operation") {
        Member::Text(s) => s,
        _ => {
            return Err(Fail::of(
                "bad_options",
                "operation must be 'Update' or 'Delete'",
            ))
        }
    };
    let mut batch = BatchOptions::default();
    batch.operation = operation.parse()?;
    batch.effective_at = date(
        o,
        spelled!(o, "effectiveAt"),
        spelled!(o, "effectiveAt must be a string or a Date"),
    )?;
    batch.expires_at = date(
        o,
        spelled!(o, "expiresAt"),
        spelled!(o, "expiresAt must be a string or a Date"),
    )?;
    batch.now = date(o, "now", "now must be a string or a Date")?;
    let users = spelled!(
        o,
        "maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)"
    );
    let bytes = spelled!(
        o,
        "maxBodyBytes must be an integer from 1 to MAX_BODY_BYTES (5,000,000)"
    );
    if let Some(n) = limit(o, spelled!(o, "maxUsersPerBody"), MAX_USERS_PER_BODY, users)? {
        batch.max_users_per_body = n;
    }
    if let Some(n) = limit(o, spelled!(o, "maxBodyBytes"), MAX_BODY_BYTES, bytes)? {
        batch.max_body_bytes = n;
    }
    batch.hash = hash_options(o)?;
    Ok(batch)
}

/// Where a binding puts its records, one at a time, in input order ([`build_bodies`]).
pub struct Sink {
    builder: BodyBuilder,
    // Each body's text and its number of users, kept apart from the rest of the `Body` (the
    // records' indexes), which is dropped at once: what a call holds stays that of the bodies.
    bodies: Vec<String>,
    users: Vec<usize>,
}

impl Sink {
    /// The next record.
    #[inline]
    pub fn push(&mut self, record: &AudienceRecord) {
        if let Some(body) = self.builder.push(record) {
            self.keep(body);
        }
    }

    fn keep(&mut self, body: Body) {
        self.users.push(body.records.len());
        self.bodies.push(body.json);
    }
}

/// The upload bodies of the records `feed` puts into its [`Sink`], for the endpoint named
/// `endpoint` with the options `options` ([`batch_options`]), as the one JSON result (the
/// module's docs). The endpoint and options are checked before `feed` runs.
pub fn build_bodies(
    endpoint: &str,
    options: &impl Members,
    feed: impl FnOnce(&mut Sink) -> Result<(), Fail>,
) -> Result<String, Fail> {
    let endpoint: Endpoint = endpoint.parse()?;
    let opts = batch_options(options)?;
    let mut sink = Sink {
        builder: BodyBuilder::new(endpoint, &opts)?,
        bodies: Vec::new(),
        users: Vec::new(),
    };
    feed(&mut sink)?;
    let tail = sink.builder.finish();
    let Sink {
        mut bodies,
        mut users,
        ..
    } = sink;
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
        json_uint(&mut out, n as u64);
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
            json_uint(&mut out, r.index as u64);
            out.push(',');
            match r.field {
                Some(f) => quoted(&mut out, f.name()),
                None => out.push_str("null"),
            }
            out.push(',');
            match r.value_index {
                Some(v) => json_uint(&mut out, v as u64),
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

/// A field name or a code (snake_case ASCII, nothing to escape) as a JSON string.
fn quoted(out: &mut String, name: &str) {
    out.push('"');
    out.push_str(name);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opts::{Camel, Snake};
    use preflight::audience::IdType;

    fn update(extra: Vec<(&'static str, Member)>) -> Vec<(&'static str, Member)> {
        let mut m = vec![("operation", Member::Text("Update".into()))];
        m.extend(extra);
        m
    }

    #[test]
    fn the_lists_are_whole() {
        assert_eq!(BODY_KEYS.len(), 6);
        assert_eq!(HASH_KEYS.len(), 3);
    }

    #[test]
    fn batch_options_are_read_here_once() {
        let code = |m| batch_options(&Camel::of(m)).err().map_or("ok", |f| f.code);
        assert_eq!(code(update(vec![])), "ok");
        assert_eq!(code(vec![]), "bad_options");
        assert_eq!(
            code(update(vec![("maxUsersPerBody", Member::Number(0.0))])),
            "invalid_limits"
        );
        assert_eq!(
            code(update(vec![("maxUsersPerBody", Member::Number(2501.0))])),
            "invalid_limits"
        );
        assert_eq!(
            code(update(vec![("maxBodyBytes", Member::Text("1".into()))])),
            "invalid_limits"
        );
        assert_eq!(
            code(update(vec![("effectiveAt", Member::Flag(true))])),
            "bad_options"
        );
        assert_eq!(
            code(update(vec![("max_users_per_body", Member::Number(1.0))])),
            "bad_options"
        );
        let snake = batch_options(&Snake::of(update(vec![(
            "max_users_per_body",
            Member::Number(0.0),
        )])));
        assert_eq!(
            snake.err().map(|f| f.message),
            Some(
                "max_users_per_body must be an integer from 1 to MAX_USERS_PER_BODY (2500)".into()
            )
        );
        let ok = batch_options(&Snake::of(update(vec![(
            "max_users_per_body",
            Member::Number(2.0),
        )])));
        assert_eq!(ok.map(|b| b.max_users_per_body), Ok(2));
    }

    #[test]
    fn the_result_is_one_json_text() {
        let options = Camel::of(update(vec![("maxUsersPerBody", Member::Number(1.0))]));
        let out = build_bodies("custom_audience_users", &options, |sink| {
            sink.push(&AudienceRecord::new().with(IdType::PartnerUserId, "a"));
            sink.push(&AudienceRecord::new());
            sink.push(&AudienceRecord::new().with(IdType::PartnerUserId, "b"));
            Ok(())
        });
        let out = out.unwrap_or_default();
        assert!(out.starts_with("{\"bodies\":[\""), "{out}");
        assert!(
            out.ends_with(
                "],\"users\":[1,1],\"rejected\":[[1,null,null,\"no_identifiers\"]],\"dropped\":[]}"
            ),
            "{out}"
        );
        let bad = build_bodies("nope", &options, |_| Ok(()));
        assert_eq!(bad.err().map(|f| f.code), Some("unknown_endpoint"));
    }
}
