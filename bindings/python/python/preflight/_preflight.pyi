# The native module (bindings/python/src/lib.rs). Not a public API: use `preflight`.
from typing import Any, List, Optional, Tuple

def validate_json(kind: str, payload: bytes, options: str) -> str: ...
def kinds() -> str: ...
def describe(kind: str) -> str: ...
def json_schema(kind: str) -> str: ...
def hash_identifier(
    id_type: str,
    value: str,
    phone_format: Optional[str] = ...,
    default_country_code: Optional[str] = ...,
    prehashed: bool = ...,
) -> str: ...
def hash_list(
    id_type: str,
    values: List[str],
    country: Optional[List[Optional[str]]] = ...,
    threads: int = ...,
    phone_format: Optional[str] = ...,
    default_country_code: Optional[str] = ...,
    prehashed: bool = ...,
) -> Tuple[List[Optional[str]], List[Tuple[int, str]]]: ...
def hash_arrow(
    id_type: str,
    values: List[Any],
    country: Optional[List[Any]] = ...,
    threads: int = ...,
    phone_format: Optional[str] = ...,
    default_country_code: Optional[str] = ...,
    prehashed: bool = ...,
) -> Tuple[List[Any], List[Tuple[int, str]]]: ...
def crc_response(consumer_secret: bytes, crc_token: str) -> str: ...
def verify_signature(consumer_secret: bytes, body: bytes, header: Optional[str]) -> bool: ...
