// init(input?) and initSync(input) of the browser entries (wasm-bindgen's web target), over one
// build's glue (pkg/wasm/<build>.js); every entry of a build shares its instance and its readiness
// (lib/engine.js: a call before loading is `not_initialized`). A failure is `init_failed` with the
// original error as `cause`; another build's module fails to link (its imports name its own glue).
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
