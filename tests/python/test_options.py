"""Options through Python: read by the readers the wasm binding uses (bindings/shared), so every
misspelt or mistyped option gives the wasm binding's code, and a message that is the wasm
binding's with the names in Python's spelling (`phone_format` where JavaScript says
`phoneFormat`), never a camelCase name."""

from __future__ import annotations

import re
from typing import Any, Callable, Dict

import pytest

import preflight
from preflight import PreflightError

SECRET = "consumer-secret"
TOKEN = "9b4507b3-9040-4669-9ca3-6b94edb50553"


def snake(camel: str) -> str:
    """The rule of bindings/shared/src/spell.rs, written again: a capital after a lowercase
    letter or a digit starts a new word."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: "_" + m.group(1).lower(), camel)


def hash_(**kw: Any) -> Any:
    return preflight.hash_identifier("phone_number", "+1 202 555 0100", **kw)


def hashes(**kw: Any) -> Any:
    return preflight.hash_identifiers("phone_number", ["+1 202 555 0100"], **kw)


def normalize(**kw: Any) -> Any:
    return preflight.normalize_identifier("phone_number", "+1 202 555 0100", **kw)


def crc(**kw: Any) -> Any:
    return preflight.crc_response(SECRET, TOKEN, **kw)


def sign(**kw: Any) -> Any:
    return preflight.oauth1_sign("GET", "https://api.example.com/", consumer_key="k", consumer_secret="s", **kw)


def bodies(**kw: Any) -> Any:
    args: Dict[str, Any] = {"operation": "Update"}
    args.update(kw)
    return preflight.audience_bodies("custom_audience_users", [{"email": "a@b.co"}], **args)


HASH_UNKNOWN = "unknown option; expected phoneFormat, defaultCountryCode, prehashed"
BODY_UNKNOWN = (
    "unknown option; expected operation, effectiveAt, expiresAt, now, maxUsersPerBody, "
    "maxBodyBytes, phoneFormat, defaultCountryCode, prehashed"
)
REQUEST_UNKNOWN = (
    "oauth1Sign: the request has an unknown member; allowed: method, url, params, consumerKey, "
    "consumerSecret, token, tokenSecret, nonce, timestamp, callback, verifier, realm, step, omitVersion"
)
WHOLE = "the CRC token policy is invalid: minLength and maxLength must be whole numbers"
STRINGS = "token, tokenSecret, nonce, callback, verifier, realm and step must be strings"

# (call, keyword arguments, the wasm binding's code, its message with JavaScript's names)
CASES = [
    *[
        (f, kw, "bad_options", message)
        for f in (hash_, hashes, normalize)
        for kw, message in [
            ({"phoneFormat": "digits"}, HASH_UNKNOWN),
            ({"phone_fromat": "digits"}, HASH_UNKNOWN),
            ({"phone_format": 1}, "phoneFormat must be a string"),
            ({"phone_format": b"digits"}, "phoneFormat must be a string"),
            ({"default_country_code": 1}, "defaultCountryCode must be a string"),
            ({"prehashed": "yes"}, "prehashed must be a boolean"),
            ({"prehashed": 1}, "prehashed must be a boolean"),
        ]
    ],
    (crc, {"minLength": 20}, "bad_options", "unknown option; expected minLength, maxLength, extraChars"),
    (crc, {"max_len": 20}, "bad_options", "unknown option; expected minLength, maxLength, extraChars"),
    (crc, {"min_length": 0.5}, "invalid_crc_policy", WHOLE),
    (crc, {"min_length": -1}, "invalid_crc_policy", WHOLE),
    (crc, {"max_length": "200"}, "invalid_crc_policy", WHOLE),
    (crc, {"max_length": True}, "invalid_crc_policy", WHOLE),
    (crc, {"max_length": 2**40}, "invalid_crc_policy", WHOLE),
    (crc, {"extra_chars": True}, "invalid_crc_policy", "the CRC token policy is invalid: extraChars must be a string"),
    (crc, {"extra_chars": "\ud800"}, "invalid_crc_policy", "the CRC token policy is invalid: extraChars must be a string"),
    (sign, {"consumerKey": "k"}, "bad_options", REQUEST_UNKNOWN),
    (sign, {"nonse": "n"}, "bad_options", REQUEST_UNKNOWN),
    (sign, {"omit_version": "yes"}, "invalid_argument", "omitVersion must be a boolean"),
    (sign, {"token": 5}, "invalid_argument", STRINGS),
    (sign, {"token_secret": 5}, "invalid_argument", STRINGS),
    (sign, {"realm": ["Photos"]}, "invalid_argument", STRINGS),
    (sign, {"nonce": "n", "timestamp": 1.5}, "invalid_timestamp", "oauth_timestamp must be a positive integer"),
    (sign, {"nonce": "n", "timestamp": True}, "invalid_timestamp", "oauth_timestamp must be a positive integer"),
    (bodies, {"operation": None}, "bad_options", "operation must be 'Update' or 'Delete'"),
    (bodies, {"operation": 1}, "bad_options", "operation must be 'Update' or 'Delete'"),
    (bodies, {"maxUsersPerBody": 1}, "bad_options", BODY_UNKNOWN),
    (bodies, {"phone_fromat": "digits"}, "bad_options", BODY_UNKNOWN),
    (bodies, {"max_users_per_body": 0}, "invalid_limits", "maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)"),
    (bodies, {"max_users_per_body": 2501}, "invalid_limits", "maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)"),
    (bodies, {"max_users_per_body": 1.5}, "invalid_limits", "maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)"),
    (bodies, {"max_body_bytes": "9"}, "invalid_limits", "maxBodyBytes must be an integer from 1 to MAX_BODY_BYTES (5,000,000)"),
    (bodies, {"max_body_bytes": 5_000_001}, "invalid_limits", "maxBodyBytes must be an integer from 1 to MAX_BODY_BYTES (5,000,000)"),
    (bodies, {"effective_at": 5}, "bad_options", "effectiveAt must be a string or a Date"),
    (bodies, {"expires_at": 5}, "bad_options", "expiresAt must be a string or a Date"),
    (bodies, {"now": 5}, "bad_options", "now must be a string or a Date"),
    (bodies, {"phone_format": 1}, "bad_options", "phoneFormat must be a string"),
    (bodies, {"prehashed": "no"}, "bad_options", "prehashed must be a boolean"),
]


@pytest.mark.parametrize("call,kwargs,code,camel", CASES)
def test_the_wasm_bindings_code_and_message_in_python_spelling(
    call: Callable[..., Any], kwargs: Dict[str, Any], code: str, camel: str
) -> None:
    with pytest.raises(PreflightError) as e:
        call(**kwargs)
    assert e.value.code == code
    assert str(e.value) == snake(camel)
    assert not re.search(r"\b[a-z]+[0-9]*[A-Z]", str(e.value)), str(e.value)


@pytest.mark.parametrize(
    "call,kwargs,code",
    [
        (hash_, {"phone_format": "national"}, "unknown_phone_format"),
        (normalize, {"phone_format": "national"}, "unknown_phone_format"),
        (hash_, {"default_country_code": "x"}, "invalid_default_country_code"),
        (normalize, {"default_country_code": "x"}, "invalid_default_country_code"),
        (crc, {"min_length": 0}, "invalid_crc_policy"),
        (bodies, {"operation": "Upsert"}, "unknown_operation"),
        (bodies, {"now": "yesterday"}, "invalid_now"),
    ],
)
def test_the_values_are_checked_by_the_core(call: Callable[..., Any], kwargs: Dict[str, Any], code: str) -> None:
    with pytest.raises(PreflightError) as e:
        call(**kwargs)
    assert e.value.code == code


def test_none_is_an_option_not_given() -> None:
    assert hash_(phone_format=None, default_country_code=None, prehashed=None) == hash_()
    assert crc(min_length=None, max_length=None, extra_chars=None) == crc()
    assert bodies(max_users_per_body=None, effective_at=None) == bodies()
    assert sign(nonce="n", timestamp=1, token=None, realm=None) == sign(nonce="n", timestamp=1)


def test_normalize_identifier_is_what_is_hashed() -> None:
    import hashlib

    for t, value, kw in [
        ("email", " Foo.Bar@Example.COM ", {}),
        ("phone_number", "(202) 555-0100", {"default_country_code": "1"}),
        ("phone_number", "+44 20 7946 0000", {"phone_format": "digits"}),
        ("handle", "@Preflight", {}),
    ]:
        normalized = preflight.normalize_identifier(t, value, **kw)
        assert hashlib.sha256(normalized.encode()).hexdigest() == preflight.hash_identifier(t, value, **kw)
    assert preflight.normalize_identifier("email", " Foo.Bar@Example.COM ") == "foo.bar@example.com"
    assert preflight.normalize_identifier("phone_number", "(202) 555-0100", default_country_code="1") == "+12025550100"
    assert preflight.normalize_identifier("partner_user_id", " ABC-1 ") == preflight.hash_identifier("partner_user_id", " ABC-1 ")
    with pytest.raises(PreflightError) as e:
        preflight.normalize_identifier("email", "not an email")
    assert e.value.code == "invalid_email"
