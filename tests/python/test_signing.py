"""Signing through Python: the platform's and RFC 5849's published vectors, independent
recomputation with `hmac`/`hashlib`/`base64`, and the native command line's output byte for
byte (`preflight oauth1 --json`, `preflight crc --token-only`)."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import re
import time
import urllib.parse

import pytest

import preflight
from preflight import PreflightError

from _cli import run

# shared/spec/signing.md "Public vectors" (tests/signing.rs, tests/node/signing.test.mjs).
CRC_SECRET = "z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu"
CRC_TOKEN = "9b4507b3-9040-4669-9ca3-6b94edb50553"
CRC_EXPECTED = "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8="


def hmac_header(secret: str, text: str) -> str:
    mac = hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()
    return "sha256=" + base64.b64encode(mac).decode()


def code_of(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(PreflightError) as e:
        call()
    return e.value.code


# -- CRC ------------------------------------------------------------------------------------------


def test_crc_spec_vector_and_hmac() -> None:
    assert preflight.crc_response(CRC_SECRET, CRC_TOKEN) == CRC_EXPECTED
    assert preflight.crc_response(CRC_SECRET.encode(), CRC_TOKEN) == CRC_EXPECTED
    assert hmac_header(CRC_SECRET, CRC_TOKEN) == CRC_EXPECTED


def test_crc_same_bytes_as_the_command_line() -> None:
    for token in [CRC_TOKEN, "A" * 16, "a+b/c=d_e-f" + "x" * 20]:
        out = run(["crc", "--token", token, "--token-only"], env={"PREFLIGHT_CONSUMER_SECRET": CRC_SECRET})
        assert out.returncode == 0, out.stderr
        assert out.stdout.decode().strip() == preflight.crc_response(CRC_SECRET, token)


def test_crc_token_policy_options() -> None:
    wide = dict(min_length=8, max_length=200, extra_chars=".~")
    # Refused by the default shape, signed under a wider policy, and the HMAC is the plain one.
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, "abc.def~")) == "crc_token_shape"
    assert preflight.crc_response(CRC_SECRET, "abc.def~", **wide) == hmac_header(CRC_SECRET, "abc.def~")
    assert preflight.crc_response(CRC_SECRET, "a" * 200, **wide) == hmac_header(CRC_SECRET, "a" * 200)
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, "a" * 201, **wide)) == "crc_token_shape"
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, "abc def~", **wide)) == "crc_token_shape"
    assert preflight.crc_response(CRC_SECRET, CRC_TOKEN, **wide) == CRC_EXPECTED
    assert preflight.crc_response(CRC_SECRET, "a" * 129, max_length=1024) == hmac_header(CRC_SECRET, "a" * 129)
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, "a" * 15, max_length=1024)) == "crc_token_shape"
    # None is an option not given.
    assert preflight.crc_response(CRC_SECRET, CRC_TOKEN, min_length=None) == CRC_EXPECTED


def test_crc_refusals() -> None:
    assert code_of(lambda: preflight.crc_response("", CRC_TOKEN)) == "empty_secret"
    assert code_of(lambda: preflight.crc_response(None, CRC_TOKEN)) == "empty_secret"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.crc_response(42, CRC_TOKEN)) == "invalid_argument"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, None)) == "missing_crc_token"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, 1234567890123456)) == "invalid_argument"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.crc_response(CRC_SECRET, "<script>alert(1)</script>")) == "crc_token_shape"


def test_verify_crc_request() -> None:
    query = f"crc_token={CRC_TOKEN}&nonce=abc"
    header = hmac_header(CRC_SECRET, query)
    assert preflight.verify_crc_request(CRC_SECRET, query, header) is True
    assert preflight.verify_crc_request(CRC_SECRET.encode(), query.encode(), header) is True
    # The query exactly as received: re-ordered, with its `?`, another secret, no header.
    assert preflight.verify_crc_request(CRC_SECRET, f"nonce=abc&crc_token={CRC_TOKEN}", header) is False
    assert preflight.verify_crc_request(CRC_SECRET, "?" + query, header) is False
    assert preflight.verify_crc_request("other", query, header) is False
    assert preflight.verify_crc_request(CRC_SECRET, query, None) is False
    assert preflight.verify_crc_request(CRC_SECRET, query, header.replace("sha256=", "sha1=")) is False
    assert preflight.verify_crc_request(CRC_SECRET, b"\xff", header) is False
    assert preflight.verify_crc_request(CRC_SECRET, "a\ud800", header) is False
    assert code_of(lambda: preflight.verify_crc_request(CRC_SECRET, 5, header)) == "invalid_argument"  # type: ignore[arg-type]
    assert code_of(lambda: preflight.verify_crc_request(CRC_SECRET, query, 5)) == "invalid_argument"  # type: ignore[arg-type]


# -- OAuth 1.0a -----------------------------------------------------------------------------------

# Twitter developer documentation, "Creating a signature" (tests/signing.rs, same inputs).
TWITTER = dict(
    consumer_key="xvz1evFS4wEEPTGEFPHBog",
    consumer_secret="kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
    token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
    token_secret="LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
    nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
    timestamp=1318622958,
)
TWITTER_URL = "https://api.twitter.com/1.1/statuses/update.json?include_entities=true"
STATUS = "Hello Ladies + Gentlemen, a signed OAuth request!"


def test_oauth1_twitter_docs_example() -> None:
    signed = preflight.oauth1_sign("post", TWITTER_URL, params={"status": STATUS}, **TWITTER)  # type: ignore[arg-type]
    assert signed.base_string == (
        "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities"
        "%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFab"
        "xSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp"
        "%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"
        "%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520"
        "a%2520signed%2520OAuth%2520request%2521"
    )
    assert signed.signature == "hCtSmYh+iHYCEqBWrE7C7hYmtUk="
    assert signed.authorization_header == (
        'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", '
        'oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", '
        'oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", '
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", '
        'oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", '
        'oauth_version="1.0"'
    )
    assert (signed.nonce, signed.timestamp) == (TWITTER["nonce"], 1318622958)
    # The same signature, independently: HMAC-SHA1 keyed with enc(consumer secret)&enc(token secret).
    key = f"{TWITTER['consumer_secret']}&{TWITTER['token_secret']}".encode()
    mac = hmac.new(key, signed.base_string.encode(), hashlib.sha1).digest()
    assert base64.b64encode(mac).decode() == signed.signature
    # The earlier revision of the docs used the /1/ URL.
    v1 = preflight.oauth1_sign("POST", TWITTER_URL.replace("/1.1/", "/1/"), params={"status": STATUS}, **TWITTER)  # type: ignore[arg-type]
    assert v1.signature == "tnnArxj06cWHq44gCs1OSKk/jLY="
    # Every params form signs the same, and query or body parameters sign the same.
    for params in (
        {"status": STATUS},
        {"status": [STATUS]},
        [("status", STATUS)],
        urllib.parse.parse_qsl("status=Hello+Ladies+%2B+Gentlemen%2C+a+signed+OAuth+request%21"),
    ):
        again = preflight.oauth1_sign("POST", TWITTER_URL, params=params, **TWITTER)  # type: ignore[arg-type]
        assert again.signature == "hCtSmYh+iHYCEqBWrE7C7hYmtUk=", params
    moved = preflight.oauth1_sign(
        "POST", TWITTER_URL.split("?")[0], params=[("include_entities", "true"), ("status", STATUS)], **TWITTER  # type: ignore[arg-type]
    )
    assert moved.signature == "hCtSmYh+iHYCEqBWrE7C7hYmtUk="
    # The timestamp as its decimal text or as an aware datetime in that second.
    for ts in ("1318622958", dt.datetime.fromtimestamp(1318622958.9, dt.timezone.utc)):
        t = dict(TWITTER, timestamp=ts)
        assert preflight.oauth1_sign("POST", TWITTER_URL, params={"status": STATUS}, **t).signature == signed.signature  # type: ignore[arg-type]


PHOTOS = dict(consumer_key="dpf43f3p2l4k3l03", consumer_secret="kd94hf93k423kf44", realm="Photos", omit_version=True)


def test_oauth1_rfc_5849_walk_through() -> None:
    # RFC 5849 §1.2: the three signed requests of the photos.example.net walk-through.
    initiate = preflight.oauth1_sign(
        "POST", "https://photos.example.net/initiate", nonce="wIjqoS", timestamp=137131200,
        callback="http://printer.example.com/ready", step="request_token", **PHOTOS,  # type: ignore[arg-type]
    )
    assert initiate.signature == "74KNZJeDHnMBp0EMJ9ZHt/XKycU="
    assert 'oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"' in initiate.authorization_header
    assert initiate.authorization_header.startswith('OAuth realm="Photos"')
    token = preflight.oauth1_sign(
        "POST", "https://photos.example.net/token", token="hh5s93j4hdidpola", token_secret="hdhd0244k9j7ao03",
        nonce="walatlh", timestamp=137131201, verifier="hfdp7dh39dks9884", **PHOTOS,  # type: ignore[arg-type]
    )
    assert token.signature == "gKgrFCywp7rO0OXSjdot/IHF7IU="
    resource = preflight.oauth1_sign(
        "GET", "http://photos.example.net/photos?file=vacation.jpg&size=original", token="nnch734d00sl2jdk",
        token_secret="pfkkdhi9sl3r4s00", nonce="chapoH", timestamp=137131202, **PHOTOS,  # type: ignore[arg-type]
    )
    assert resource.signature == "MdpQcU8iPSUjWoN/UDMsK2sui9I="
    # OAuth Core 1.0 Appendix A.5 (with oauth_version).
    a5 = preflight.oauth1_sign(
        "GET", "http://photos.example.net/photos?file=vacation.jpg&size=original",
        consumer_key="dpf43f3p2l4k3l03", consumer_secret="kd94hf93k423kf44", token="nnch734d00sl2jdk",
        token_secret="pfkkdhi9sl3r4s00", nonce="kllo9940pd9333jh", timestamp=1191242096,
    )
    assert a5.base_string == (
        "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg"
        "%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh"
        "%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096"
        "%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal"
    )
    assert a5.signature == "tR3+Ty81lMeYAr/Fid0kMTYa/WM="


def test_oauth1_same_bytes_as_the_command_line() -> None:
    out = run(
        ["oauth1", "--method", "POST", "--url", TWITTER_URL, "--param", f"status={STATUS}",
         "--consumer-key", TWITTER["consumer_key"], "--token", TWITTER["token"],
         "--nonce", TWITTER["nonce"], "--timestamp", "1318622958", "--json"],  # type: ignore[list-item]
        env={"PREFLIGHT_CONSUMER_SECRET": TWITTER["consumer_secret"], "PREFLIGHT_TOKEN_SECRET": TWITTER["token_secret"]},  # type: ignore[dict-item]
    )
    assert out.returncode == 0, out.stderr
    native = json.loads(out.stdout)
    signed = preflight.oauth1_sign("POST", TWITTER_URL, params={"status": STATUS}, **TWITTER)  # type: ignore[arg-type]
    assert native == signed._asdict()


def test_oauth1_generates_nonce_and_timestamp() -> None:
    before = int(time.time())
    a = preflight.oauth1_sign("GET", "https://api.example.com/x", consumer_key="k", consumer_secret="s")
    b = preflight.oauth1_sign("GET", "https://api.example.com/x", consumer_key="k", consumer_secret="s")
    after = int(time.time())
    assert a.nonce != b.nonce
    assert re.fullmatch(r"[0-9a-f]{64}", a.nonce), a.nonce
    assert before <= a.timestamp <= after
    assert f'oauth_nonce="{a.nonce}"' in a.authorization_header
    assert f'oauth_timestamp="{a.timestamp}"' in a.authorization_header
    # A given nonce with a generated timestamp, and the other way round.
    assert preflight.oauth1_sign("GET", "https://api.example.com/x", consumer_key="k", consumer_secret="s", nonce="n1").nonce == "n1"
    assert preflight.oauth1_sign("GET", "https://api.example.com/x", consumer_key="k", consumer_secret="s", timestamp=1700000000).timestamp == 1700000000


def test_oauth1_refusals() -> None:
    def sign(**kw):  # type: ignore[no-untyped-def]
        args = dict(consumer_key="k", consumer_secret="s", nonce="n", timestamp=1700000000)
        args.update(kw)
        return preflight.oauth1_sign("GET", "https://api.example.com/x", **args)  # type: ignore[arg-type]

    assert code_of(lambda: sign(timestamp=0)) == "invalid_timestamp"
    assert code_of(lambda: sign(timestamp=-1)) == "invalid_timestamp"
    assert code_of(lambda: sign(timestamp=2**64)) == "invalid_timestamp"
    assert code_of(lambda: sign(timestamp="01700000000")) == "invalid_timestamp"
    assert code_of(lambda: sign(timestamp=dt.datetime(2026, 1, 1))) == "invalid_timestamp"
    assert code_of(lambda: sign(params={"oauth_token": "x"})) != ""
    assert code_of(lambda: sign(params={"a": 1})) == "invalid_argument"
    assert code_of(lambda: sign(params="a=1")) == "invalid_argument"
    assert code_of(lambda: sign(params=[("a", "b", "c")])) == "invalid_argument"
    assert code_of(lambda: sign(params={"a": "\ud800"})) == "invalid_argument"
    assert code_of(lambda: sign(step="nope")) == "unknown_flow_step"
    assert code_of(lambda: sign(consumer_secret="")) != ""


# -- App-only credentials -------------------------------------------------------------------------


def test_app_only_twitter_docs_example() -> None:
    key, secret = "xvz1evFS4wEEPTGEFPHBog", "L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg"
    value = preflight.basic_credentials(key, secret)
    assert value == "eHZ6MWV2RlM0d0VFUFRHRUZQSEJvZzpMOHFxOVBaeVJnNmllS0dFS2hab2xHQzB2SldMdzhpRUo4OERSZHlPZw=="
    quote = lambda s: urllib.parse.quote(s, safe="-._~")  # noqa: E731
    assert value == base64.b64encode(f"{quote(key)}:{quote(secret)}".encode()).decode()
    odd = preflight.basic_credentials("a b+c", "é:/")
    assert odd == base64.b64encode(f"{quote('a b+c')}:{quote('é:/')}".encode()).decode()
    assert preflight.token_request_body() == "grant_type=client_credentials"
    assert code_of(lambda: preflight.basic_credentials("", secret)) == "empty_api_key"
    assert code_of(lambda: preflight.basic_credentials(key, 5)) == "invalid_argument"  # type: ignore[arg-type]
