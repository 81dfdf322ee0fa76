// Signing and verification: CRC tokens, event signatures, OAuth 1.0a, app-only credentials.
// Filled in by the signing work (issue 4).

/** @param {Record<string, Function>} raw */
export function signingApi(raw) {
  void raw;
  return {};
}
