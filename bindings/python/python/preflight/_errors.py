"""The one exception of the package (docs/BOUNDARY.md: one error shape)."""

from __future__ import annotations


class PreflightError(ValueError):
    """A wrong call: ``code`` is the engine's stable snake_case code, the message is fixed text
    that never contains an input value (an identifier, a secret, a payload)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> "tuple[type[PreflightError], tuple[str, str]]":
        return (type(self), (self.code, self.message))

    def __repr__(self) -> str:
        return f"PreflightError({self.code!r}, {self.message!r})"
