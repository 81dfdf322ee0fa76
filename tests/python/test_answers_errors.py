"""The error-body and token-answer wrappers (preflight._answers_errors): arguments converted, the
engine's results and codes as they are, and token answers whose repr never shows a token, a
secret or the user's identity (the vectors hold the readers' rules: test_answers_vectors.py)."""

import json

import pytest

import preflight
from preflight import PreflightError

RFC_5849_2_1 = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true"
ACCESS = "oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU&user_id=6253282&screen_name=twitterapi"


def test_error_body_passes_content_type_and_status():
    body = '{"code":89,"message":"Invalid or expired token."}'
    read = preflight.read_error_body(body, content_type="application/json; charset=utf-8", status=401)
    assert read["shape"] == "error"
    assert read["error"]["meaning"] == "token_invalid"
    assert read["issues"] == []
    mismatch = preflight.read_error_body(body, status=403)
    assert [i["code"] for i in mismatch["issues"]] == ["status_mismatch"]
    as_problem = preflight.read_error_body(b'{"detail":"x"}', content_type="application/problem+json")
    assert as_problem["shape"] == "problem"
    assert [i["path"] for i in as_problem["issues"]] == ["/type", "/title"]


def test_error_body_errors():
    with pytest.raises(PreflightError) as e:
        preflight.read_error_body("<html>502</html>")
    assert e.value.code == "invalid_json"
    with pytest.raises(PreflightError) as e:
        preflight.read_error_body("{}", status=600)
    assert e.value.code == "bad_arguments"
    with pytest.raises(PreflightError) as e:
        preflight.read_error_body(5)  # type: ignore[arg-type]
    assert e.value.code == "invalid_argument"


def test_request_token_reads_and_hides_its_secrets():
    answer = preflight.read_request_token(RFC_5849_2_1)
    assert isinstance(answer, preflight.TokenAnswer)
    assert answer["oauth_token"] == "hh5s93j4hdidpola"
    assert answer["oauth_token_secret"] == "hdhd0244k9j7ao03"
    assert answer["oauth_callback_confirmed"] is True
    for shown in (repr(answer), str(answer), f"{answer}", repr([answer])):
        assert "hh5s93j4hdidpola" not in shown and "hdhd0244k9j7ao03" not in shown, shown
        assert "<redacted>" in shown
    # A dict all the same: json.dumps writes its members.
    assert json.loads(json.dumps(answer))["oauth_token_secret"] == "hdhd0244k9j7ao03"


@pytest.mark.parametrize(
    "tail", ["", "&oauth_callback_confirmed=false", "&oauth_callback_confirmed=True", "&oauth_callback_confirmed=1"]
)
def test_a_callback_not_confirmed_raises(tail):
    text = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03" + tail
    with pytest.raises(PreflightError) as e:
        preflight.read_request_token(text)
    assert e.value.code == "callback_not_confirmed"
    assert "hh5s93j4hdidpola" not in str(e.value) and "hdhd0244k9j7ao03" not in repr(e.value)


def test_access_and_invalidate_tokens():
    answer = preflight.read_access_token(ACCESS.encode())
    assert (answer["user_id"], answer["screen_name"]) == ("6253282", "twitterapi")
    shown = repr(answer)
    for value in ("eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY", "2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU", "6253282", "twitterapi"):
        assert value not in shown, shown
    with pytest.raises(PreflightError) as e:
        preflight.read_access_token(ACCESS + "&user_id=1")
    assert e.value.code == "invalid_token_answer"
    revoked = preflight.read_invalidate_token('{"access_token":"AAAA%2FAAA","x":"hidden-extra"}')
    assert revoked["access_token"] == "AAAA%2FAAA"
    assert "AAAA" not in repr(revoked) and "hidden-extra" not in repr(revoked)
    assert "x" in revoked.redacted()["extra"]
