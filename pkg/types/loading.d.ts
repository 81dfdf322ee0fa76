// Types of the loading functions every entry point exports (pkg/lib/load.js). Hand-written.

/**
 * What `init` accepts: where to fetch the .wasm (a URL string or a `URL`), a `Request`, a fetched
 * `Response`, its bytes, or a compiled `WebAssembly.Module`. The objects are typed `object` so
 * that these types need neither the DOM nor Node's type library; a wrong one is refused at run
 * time (`invalid_argument`).
 */
export type InitInput = string | ArrayBuffer | ArrayBufferView | object;

/**
 * Loads the entry's WebAssembly module; resolves once calls can be made, and does nothing after
 * the first success. Without an argument, fetches the entry's own .wasm (`<build>_bg.wasm`)
 * beside the glue (`new URL(..., import.meta.url)`). In Node, and in the entries that load at
 * import (the default browser entries and `/inline`), it resolves at once. Rejects with a
 * PreflightError `init_failed` (the cause is the original error: a 404, another build's module)
 * or `invalid_argument`.
 */
export declare function init(input?: InitInput | Promise<InitInput>): Promise<void>;

/**
 * Instantiates the entry's module from its bytes or a compiled `WebAssembly.Module`, synchronously (in a
 * browser's main thread, prefer `init`: large synchronous compiles block the page). Throws a
 * PreflightError `init_failed` or `invalid_argument`; does nothing once loaded.
 */
export declare function initSync(input: ArrayBuffer | ArrayBufferView | object): void;
