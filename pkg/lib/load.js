// Loading the WebAssembly module of a browser entry: `init(input?)` and `initSync(input)`, the two
// functions of wasm-bindgen's web target, over the glue of one build (pkg/wasm/<build>.js). Every
// entry of a build (the one that awaits `init()` at import, the one that leaves it to the caller,
// the one with the module inlined) goes through here, so they share one instance and one
// readiness flag (lib/engine.js: a call before the module is loaded is `not_initialized`).
//
// A failure to load is a PreflightError `init_failed` whose `cause` is the original error (a 404,
// a wrong MIME type with no fallback, bytes that are not this build's module: each build's
// module imports from its own glue's name, so another build's module fails to link here instead
// of failing later with a missing function).
import { PreflightError } from './core.js';
import { engineOf } from './engine.js';

const INPUTS = 'a URL or URL string, a Request, a Response, bytes (ArrayBuffer or typed array) or a WebAssembly.Module';

const isBytes = (x) => x instanceof ArrayBuffer || ArrayBuffer.isView(x);
const isModule = (x) => typeof WebAssembly === 'object' && x instanceof WebAssembly.Module;

/**
 * @param {Record<string, any>} glue the web glue module's namespace (default export: init)
 * @returns {{ init: (input?: unknown) => Promise<void>, initSync: (input: unknown) => void }}
 */
export function loaderOf(glue) {
  const engine = engineOf(glue);

  /** Loads the module (by default the .wasm beside the glue, fetched); later calls do nothing. */
  async function init(input) {
    if (engine.ready) return;
    const given = await input;
    if (
      !(given === undefined || typeof given === 'string' || given instanceof URL || isBytes(given) || isModule(given) ||
        (typeof Request === 'function' && given instanceof Request) ||
        (typeof Response === 'function' && given instanceof Response))
    ) {
      throw new PreflightError('invalid_argument', `init: the module must be given as ${INPUTS}, or nothing`);
    }
    try {
      await glue.default(given === undefined ? undefined : { module_or_path: given });
    } catch (e) {
      throw new PreflightError('init_failed', 'init: the WebAssembly module could not be loaded (see cause)', { cause: e });
    }
    engine.ready = true;
  }

  /** Compiles (unless given compiled) and instantiates the module synchronously. */
  function initSync(input) {
    if (engine.ready) return;
    if (!isBytes(input) && !isModule(input)) {
      throw new PreflightError('invalid_argument', 'initSync: the module must be given as bytes (ArrayBuffer or typed array) or a WebAssembly.Module');
    }
    try {
      glue.initSync({ module: input });
    } catch (e) {
      throw new PreflightError('init_failed', 'initSync: the WebAssembly module could not be instantiated (see cause)', { cause: e });
    }
    engine.ready = true;
  }

  return { init, initSync };
}

/** init and initSync of a Node entry: its glue instantiated the module at require; nothing to do. */
export const loaded = Object.freeze({
  init: async () => {},
  initSync: () => {},
});

/** The bytes of base64 text (the inline entries' module). */
export function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  if (typeof Buffer === 'function') return Buffer.from(text, 'base64');
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
