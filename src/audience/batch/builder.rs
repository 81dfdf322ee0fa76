//! Building the bodies: one user object per accepted record, greedily packed into bodies that
//! respect both limits.

use super::record::FIELD_ORDER;
use super::{
    AudienceRecord, BatchError, BatchOptions, Endpoint, RecordError, Rejection, MAX_BODY_BYTES,
    MAX_USERS_PER_BODY,
};
use crate::audience::{digest, prepare_in, record_country, HashOptions, IdType, Prepared, Scratch};
use crate::json::write::string as push_json_str;
use crate::time::{parse_iso8601, DateTime, Offset};
use std::fmt;

/// One request body. `Debug` shows its size and number of users, not its text (hashes, and
/// `partner_user_id` values as they are).
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Body {
    /// The compact JSON text, at most the byte limit.
    pub json: String,
    /// The input indexes of the records in it, in order (user `i` of the body is record
    /// `records[i]`; `operation_errors` indexes of the response map through this).
    pub records: Vec<usize>,
}

impl fmt::Debug for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Body")
            .field("json_bytes", &self.json.len())
            .field("records", &self.records.len())
            .finish()
    }
}

/// The result of [`build_bodies`] (or of [`BodyBuilder::finish`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bodies {
    /// The bodies, in order. None when no record was accepted.
    pub bodies: Vec<Body>,
    /// Why each user left out was left out, in input order: a user is left out only when it
    /// has nothing left to send (every value invalid or not taken by the endpoint, no value at
    /// all) or is too large for a body. Every problem of such a user is here.
    pub rejected: Vec<Rejection>,
    /// Values left out of users that were sent (an invalid value, or a field the endpoint does
    /// not take, beside valid ones), in input order. The user keeps every valid identifier.
    pub dropped: Vec<Rejection>,
}

/// Builds bodies record by record (for inputs too large to hold): [`BodyBuilder::push`] returns
/// each body as soon as it is complete; [`BodyBuilder::finish`] returns the last one, the
/// rejections and the dropped values. `Debug` shows the settings and counts, never a value or the
/// body text.
#[derive(Clone)]
pub struct BodyBuilder {
    endpoint: Endpoint,
    hash: HashOptions,
    max_users: usize,
    max_bytes: usize,
    prefix: String,
    current: String,
    records: Vec<usize>,
    next_index: usize,
    rejected: Vec<Rejection>,
    dropped: Vec<Rejection>,
    user: String,
    scratch: Scratch,
    errors: Vec<Rejection>,
    /// Where each value of the field being written lies in `user`.
    spans: Vec<(usize, usize)>,
}

impl fmt::Debug for BodyBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BodyBuilder")
            .field("endpoint", &self.endpoint)
            .field("hash", &self.hash)
            .field("max_users", &self.max_users)
            .field("max_bytes", &self.max_bytes)
            .field("current_bytes", &self.current.len())
            .field("current_records", &self.records.len())
            .field("next_index", &self.next_index)
            .field("rejected", &self.rejected.len())
            .finish_non_exhaustive()
    }
}

const SUFFIX: &str = "]}}]";

fn utc(s: &str) -> Option<DateTime> {
    parse_iso8601(s).filter(|d| d.has_time && d.offset == Offset::Utc)
}

impl BodyBuilder {
    /// Checks the options and prepares the body prefix.
    pub fn new(endpoint: Endpoint, opts: &BatchOptions) -> Result<Self, BatchError> {
        opts.hash
            .validate()
            .map_err(BatchError::InvalidHashOptions)?;
        if !(1..=MAX_USERS_PER_BODY).contains(&opts.max_users_per_body)
            || !(1..=MAX_BODY_BYTES).contains(&opts.max_body_bytes)
        {
            return Err(BatchError::InvalidLimits);
        }
        let parse = |v: &Option<String>, e: BatchError| match v {
            None => Ok(None),
            Some(s) => utc(s).map(Some).ok_or(e),
        };
        let effective = parse(&opts.effective_at, BatchError::InvalidEffectiveAt)?;
        let expires = parse(&opts.expires_at, BatchError::InvalidExpiresAt)?;
        // Like validation: `now` when given, else the clock (`crate::clock::now`: the system
        // clock natively, `Date.now()` in the wasm package), so a body is never built with an
        // `expires_at` that validating it would refuse.
        let now = parse(&opts.now, BatchError::InvalidNow)?.or_else(crate::clock::now);
        if endpoint == Endpoint::DoNotReachUsers {
            if effective.is_some() {
                return Err(BatchError::EffectiveAtNotAllowed);
            }
            if expires.is_none() {
                return Err(BatchError::MissingExpiresAt);
            }
        }
        if let Some(exp) = expires {
            match (effective, now) {
                (Some(eff), _) if exp.key() <= eff.key() => {
                    return Err(BatchError::ExpiresNotAfterEffective)
                }
                (None, Some(now)) if exp.key() <= now.key() => {
                    return Err(BatchError::ExpiresNotAfterNow)
                }
                _ => {}
            }
        }
        let mut prefix = String::from("[{\"operation_type\":\"");
        prefix.push_str(opts.operation.name());
        prefix.push_str("\",\"params\":{");
        for (name, value) in [
            ("effective_at", &opts.effective_at),
            ("expires_at", &opts.expires_at),
        ] {
            if let Some(v) = value {
                push_json_str(&mut prefix, name);
                prefix.push(':');
                push_json_str(&mut prefix, v);
                prefix.push(',');
            }
        }
        prefix.push_str("\"users\":[");
        Ok(BodyBuilder {
            endpoint,
            hash: opts.hash.clone(),
            max_users: opts.max_users_per_body,
            max_bytes: opts.max_body_bytes,
            prefix,
            current: String::new(),
            records: Vec::new(),
            next_index: 0,
            rejected: Vec::new(),
            dropped: Vec::new(),
            user: String::new(),
            scratch: Scratch::default(),
            errors: Vec::new(),
            spans: Vec::new(),
        })
    }

    /// The bytes every body spends outside its users (`[{…"users":[` and `]}}]`).
    pub fn overhead_bytes(&self) -> usize {
        self.prefix.len() + SUFFIX.len()
    }

    /// Adds the next record (input index = number of records pushed before). Returns the
    /// previous body when this record did not fit in it. The user keeps every valid value; the
    /// others go to [`BodyBuilder::dropped`], or with the user to [`BodyBuilder::rejected`] when
    /// nothing is left.
    pub fn push(&mut self, record: &AudienceRecord) -> Option<Body> {
        let index = self.next_index;
        self.next_index += 1;
        if !self.user_json(index, record) {
            self.rejected.append(&mut self.errors);
            return None;
        }
        if self.prefix.len() + self.user.len() + SUFFIX.len() > self.max_bytes {
            self.rejected.append(&mut self.errors);
            self.rejected.push(Rejection {
                index,
                field: None,
                value_index: None,
                error: RecordError::TooLarge,
            });
            return None;
        }
        self.dropped.append(&mut self.errors);
        let fits = !self.records.is_empty()
            && self.records.len() < self.max_users
            && self.current.len() + 1 + self.user.len() + SUFFIX.len() <= self.max_bytes;
        let done = if fits || self.records.is_empty() {
            None
        } else {
            self.close()
        };
        if self.records.is_empty() {
            self.current.clear();
            self.current.push_str(&self.prefix);
        } else {
            self.current.push(',');
        }
        self.current.push_str(&self.user);
        self.records.push(index);
        done
    }

    /// The rejections so far, in input order.
    pub fn rejected(&self) -> &[Rejection] {
        &self.rejected
    }

    /// Takes the rejections so far, in input order (a caller streaming a long input reports them
    /// as it goes, so they do not pile up); [`BodyBuilder::finish`] returns only later ones.
    pub fn take_rejected(&mut self) -> Vec<Rejection> {
        std::mem::take(&mut self.rejected)
    }

    /// The values dropped so far from users that were kept, in input order.
    pub fn dropped(&self) -> &[Rejection] {
        &self.dropped
    }

    /// Takes the dropped values so far, as [`BodyBuilder::take_rejected`] does the rejections.
    pub fn take_dropped(&mut self) -> Vec<Rejection> {
        std::mem::take(&mut self.dropped)
    }

    /// Closes the last body and returns it (if any) with every rejection and dropped value not
    /// taken yet.
    pub fn finish(mut self) -> Bodies {
        let bodies = self.close().into_iter().collect();
        Bodies {
            bodies,
            rejected: self.rejected,
            dropped: self.dropped,
        }
    }

    fn close(&mut self) -> Option<Body> {
        if self.records.is_empty() {
            return None;
        }
        let mut json = std::mem::take(&mut self.current);
        json.push_str(SUFFIX);
        Some(Body {
            json,
            records: std::mem::take(&mut self.records),
        })
    }

    /// Writes the user object of `record` into `self.user`, with every valid value, and each
    /// problem into `self.errors`; false when nothing is left to send.
    fn user_json(&mut self, index: usize, record: &AudienceRecord) -> bool {
        self.user.clear();
        self.user.push('{');
        let mut any = false;
        for t in FIELD_ORDER {
            let values = record.values(t);
            if values.is_empty() {
                continue;
            }
            any = true;
            if !self.endpoint.accepts(t) {
                self.errors.push(Rejection {
                    index,
                    field: Some(t),
                    value_index: None,
                    error: RecordError::FieldNotAllowed,
                });
                continue;
            }
            // The record's country is read only for its phone numbers.
            let country = record
                .country
                .as_deref()
                .filter(|_| t == IdType::PhoneNumber);
            let own = match record_country(country) {
                Ok(own) => own,
                Err(e) => {
                    self.errors.push(Rejection {
                        index,
                        field: Some(t),
                        value_index: None,
                        error: RecordError::Id(e),
                    });
                    continue;
                }
            };
            let field_open = self.user.len();
            if self.user.len() > 1 {
                self.user.push(',');
            }
            self.user.push('"');
            self.user.push_str(t.name());
            self.user.push_str("\":[");
            let field_start = self.user.len();
            self.spans.clear();
            for (i, raw) in values.iter().enumerate() {
                match prepare_in(t, raw, &self.hash, own.as_ref(), &mut self.scratch) {
                    Ok(p) => {
                        let start = self.user.len();
                        if start > field_start {
                            self.user.push(',');
                        }
                        let value_start = self.user.len();
                        match p {
                            Prepared::Hash(b) => {
                                self.user.push('"');
                                digest::push_sha256_hex(b, &mut self.user);
                                self.user.push('"');
                            }
                            Prepared::Final(s) => push_json_str(&mut self.user, s),
                        }
                        // Send a value repeated within the field once.
                        let new = &self.user[value_start..];
                        if self.spans.iter().any(|&(a, b)| &self.user[a..b] == new) {
                            self.user.truncate(start);
                        } else {
                            self.spans.push((value_start, self.user.len()));
                        }
                    }
                    Err(e) => self.errors.push(Rejection {
                        index,
                        field: Some(t),
                        value_index: Some(i),
                        error: RecordError::Id(e),
                    }),
                }
            }
            if self.user.len() == field_start {
                // No valid value: the field is left out, not sent empty.
                self.user.truncate(field_open);
            } else {
                self.user.push(']');
            }
        }
        let kept = self.user.len() > 1;
        self.user.push('}');
        if !any {
            self.errors.push(Rejection {
                index,
                field: None,
                value_index: None,
                error: RecordError::NoIdentifiers,
            });
        }
        kept
    }
}

/// Builds every body for `records`. Fails only for bad options; users left out are reported in
/// [`Bodies::rejected`], invalid values of users that were kept in [`Bodies::dropped`].
///
/// ```
/// use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
/// use preflight::audience::IdType;
/// let records = vec![
///     AudienceRecord::new().with(IdType::Email, "Support@X.com"),
///     AudienceRecord::new().with(IdType::Email, "not an email"),
///     AudienceRecord::new()
///         .with(IdType::Email, "a@x.com")
///         .with(IdType::PhoneNumber, "555"),
/// ];
/// let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &BatchOptions::default())
///     .unwrap();
/// assert_eq!(out.bodies.len(), 1);
/// assert_eq!(out.bodies[0].records, [0, 2]);
/// assert!(out.bodies[0].json.starts_with("[{\"operation_type\":\"Update\",\"params\":{\"users\":\
///     [{\"email\":[\"6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381\"]},"));
/// // The second user is left out: nothing valid is left.
/// assert_eq!(out.rejected[0].index, 1);
/// assert_eq!(out.rejected[0].error.code(), "invalid_email");
/// // The third keeps its email; its phone number is dropped (no country code).
/// assert_eq!(out.dropped[0].index, 2);
/// assert_eq!(out.dropped[0].error.code(), "missing_country_code");
/// ```
pub fn build_bodies(
    endpoint: Endpoint,
    records: &[AudienceRecord],
    opts: &BatchOptions,
) -> Result<Bodies, BatchError> {
    let mut builder = BodyBuilder::new(endpoint, opts)?;
    let mut bodies = Vec::new();
    for record in records {
        bodies.extend(builder.push(record));
    }
    let mut tail = builder.finish();
    bodies.append(&mut tail.bodies);
    tail.bodies = bodies;
    Ok(tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_record_reads_its_own_country() {
        let records: Vec<AudienceRecord> = serde_json::from_str(
            r#"[{"phone_number": "020 7183 8750", "country": "GB"},
                {"phone_number": "(657) 777-0000", "country": ""},
                {"phone_number": "919876543210", "country": "+91"},
                {"phone_number": "020 7183 8750", "email": "a@x.com", "country": "UK"},
                {"email": "b@x.com", "country": "UK"}]"#,
        )
        .unwrap();
        let opts = BatchOptions {
            hash: HashOptions::default()
                .with_default_country_code("1")
                .unwrap(),
            ..BatchOptions::default()
        };
        let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &opts).unwrap();
        let body = &out.bodies[0].json;
        // +442071838750 and +16577770000 (the default for an empty country).
        assert!(body.contains("e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"));
        assert!(body.contains("a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"));
        assert!(!body.contains("country"));
        let codes = |v: &[Rejection]| -> Vec<(usize, &str)> {
            v.iter().map(|r| (r.index, r.error.code())).collect()
        };
        // The calling code written without + read per record; a country that names none
        // leaves the phone numbers out, and only them (an email-only record ignores it).
        assert_eq!(codes(&out.rejected), [(2, "ambiguous_country_code")]);
        assert_eq!(codes(&out.dropped), [(3, "invalid_country")]);
        assert_eq!(out.bodies[0].records, [0, 1, 3, 4]);
    }

    #[test]
    fn dates() {
        let o = |eff: Option<&str>, exp: Option<&str>, now: Option<&str>| BatchOptions {
            effective_at: eff.map(str::to_owned),
            expires_at: exp.map(str::to_owned),
            now: now.map(str::to_owned),
            ..BatchOptions::default()
        };
        let ca = Endpoint::CustomAudienceUsers;
        let dnr = Endpoint::DoNotReachUsers;
        let a = Some("2026-01-01T00:00:00Z");
        let b = Some("2026-02-01T00:00:00+00:00");
        let err = |e, o: &BatchOptions| BodyBuilder::new(e, o).err();
        assert_eq!(err(ca, &o(a, b, None)), None);
        assert_eq!(
            err(ca, &o(b, a, None)),
            Some(BatchError::ExpiresNotAfterEffective)
        );
        assert_eq!(
            err(ca, &o(a, a, None)),
            Some(BatchError::ExpiresNotAfterEffective)
        );
        assert_eq!(
            err(ca, &o(None, a, b)),
            Some(BatchError::ExpiresNotAfterNow)
        );
        // Without `now` the clock decides, as validation's: a past `expires_at` is refused (the
        // body that validation would refuse is never built), a far future one is taken.
        let past = Some("2020-01-01T00:00:00Z");
        let future = Some("2999-01-01T00:00:00Z");
        assert_eq!(
            err(dnr, &o(None, past, None)),
            Some(BatchError::ExpiresNotAfterNow)
        );
        assert_eq!(
            err(ca, &o(None, past, None)),
            Some(BatchError::ExpiresNotAfterNow)
        );
        assert_eq!(err(dnr, &o(None, future, None)), None);
        assert_eq!(
            err(ca, &o(Some("2026-01-01"), None, None)),
            Some(BatchError::InvalidEffectiveAt)
        );
        assert_eq!(
            err(ca, &o(None, Some("2026-01-01T00:00:00+01:00"), None)),
            Some(BatchError::InvalidExpiresAt)
        );
        assert_eq!(
            err(ca, &o(None, Some("2026-01-01T00:00:00"), None)),
            Some(BatchError::InvalidExpiresAt)
        );
        assert_eq!(
            err(ca, &o(None, None, Some("x"))),
            Some(BatchError::InvalidNow)
        );
        assert_eq!(
            err(dnr, &o(None, None, None)),
            Some(BatchError::MissingExpiresAt)
        );
        assert_eq!(
            err(dnr, &o(a, b, None)),
            Some(BatchError::EffectiveAtNotAllowed)
        );
        assert_eq!(err(dnr, &o(None, b, a)), None);
        let limits = BatchOptions {
            max_users_per_body: 2501,
            ..BatchOptions::default()
        };
        assert_eq!(err(ca, &limits), Some(BatchError::InvalidLimits));
    }

    #[test]
    fn rejections_taken_as_they_come() {
        let mut b = BodyBuilder::new(
            Endpoint::DoNotReachUsers,
            &BatchOptions {
                expires_at: Some("2030-01-01T00:00:00Z".into()),
                ..BatchOptions::default()
            },
        )
        .expect("valid options");
        assert_eq!(
            b.push(&AudienceRecord::new().with(IdType::Handle, "jack")),
            None
        );
        let first = b.take_rejected();
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].error, RecordError::FieldNotAllowed);
        assert!(b.rejected().is_empty());
        assert_eq!(b.push(&AudienceRecord::new()), None);
        assert_eq!(
            b.push(&AudienceRecord::new().with(IdType::Email, "a@x.com")),
            None
        );
        let rest = b.finish();
        assert_eq!(rest.bodies.len(), 1);
        assert_eq!(rest.rejected.len(), 1);
        assert_eq!(rest.rejected[0].index, 1);
    }

    #[test]
    fn duplicate_values_sent_once() {
        let r = AudienceRecord::new()
            .with(IdType::Email, "A@x.com")
            .with(IdType::Email, "a@x.com ")
            .with(IdType::Email, "b@x.com")
            .with(IdType::PartnerUserId, "p")
            .with(IdType::PartnerUserId, "p");
        let out = build_bodies(
            Endpoint::CustomAudienceUsers,
            &[r],
            &BatchOptions::default(),
        )
        .expect("valid options");
        let v: serde_json::Value = serde_json::from_str(&out.bodies[0].json).expect("json");
        let user = &v[0]["params"]["users"][0];
        assert_eq!(user["email"].as_array().map(Vec::len), Some(2));
        assert_eq!(user["partner_user_id"], serde_json::json!(["p"]));
    }

    /// Issue 15.6: one invalid identifier no longer costs the user its valid ones.
    #[test]
    fn a_user_keeps_every_valid_identifier() {
        let dnr = BatchOptions {
            expires_at: Some("2030-01-01T00:00:00Z".into()),
            ..BatchOptions::default()
        };
        let records = [
            // A valid email, a phone number without a country code.
            AudienceRecord::new()
                .with(IdType::Email, "a@x.com")
                .with(IdType::PhoneNumber, "555 0100"),
            // Nothing valid: rejected, with both problems.
            AudienceRecord::new()
                .with(IdType::Email, "nope")
                .with(IdType::PhoneNumber, "555 0100"),
            // A field the endpoint does not take beside a valid one; an invalid second email.
            AudienceRecord::new()
                .with(IdType::Handle, "jack")
                .with(IdType::Email, "bad")
                .with(IdType::Email, "b@x.com"),
        ];
        let out = build_bodies(Endpoint::DoNotReachUsers, &records, &dnr).expect("options");
        assert_eq!(out.bodies.len(), 1);
        assert_eq!(out.bodies[0].records, [0, 2]);
        let v: serde_json::Value = serde_json::from_str(&out.bodies[0].json).expect("json");
        let users = &v[0]["params"]["users"];
        // SHA-256 of "a@x.com" and "b@x.com" (Python hashlib); no phone_number or handle member.
        assert_eq!(
            users[0],
            serde_json::json!({"email": ["478abec7430569163161dfea8513b8ce89d05f559456a26e945c66e1fe55a29d"]})
        );
        assert_eq!(
            users[1],
            serde_json::json!({"email": ["d2e87fa97059800526a17d47411565f78bf08bb07877a806ec7013a04f8e567d"]})
        );
        let codes = |v: &[Rejection]| {
            v.iter()
                .map(|r| {
                    (
                        r.index,
                        r.field.map(IdType::name),
                        r.value_index,
                        r.error.code(),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            codes(&out.rejected),
            [
                (1, Some("email"), Some(0), "invalid_email"),
                (1, Some("phone_number"), Some(0), "missing_country_code"),
            ]
        );
        assert_eq!(
            codes(&out.dropped),
            [
                (0, Some("phone_number"), Some(0), "missing_country_code"),
                (2, Some("email"), Some(0), "invalid_email"),
                (2, Some("handle"), None, "field_not_allowed"),
            ]
        );
    }
}
