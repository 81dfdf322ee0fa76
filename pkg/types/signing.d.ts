// Types of the signing API (lib/signing.js). Filled in by the signing work.
export {};
