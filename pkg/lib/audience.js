// Audience identifiers: normalize, hash (one, many, text, streaming) and upload bodies.
// Filled in by the audience work (issue 3).

/** @param {Record<string, Function>} raw */
export function audienceApi(raw) {
  void raw;
  return {};
}
