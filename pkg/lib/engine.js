// One instance of the WebAssembly module, and what happens when a call fails inside it.
//
// A raw export returns its value or throws a wrong call as a plain Error with a string `code`
// (bindings/wasm/src/fail.rs), which `call` makes a PreflightError: the one place that does. Any
// other throw is a trap: a WebAssembly.RuntimeError (out of memory, `unreachable`), a RangeError
// (stack overflow), or another error out of the glue. A trapped instance is not to be trusted
// again: the call never freed what it allocated, its stack pointer and its allocator may be
// half-way through a change. So the first failure discards the instance: the glue
// (scripts/build-wasm.sh builds it with --experimental-reset-state-function) instantiates the
// compiled module afresh (`__wbg_reset_state`, synchronous, nothing fetched again) and every
// later call, of every area, runs on the new instance. The failing call itself throws a
// PreflightError `internal_error` whose `cause` is the original error.
//
// Objects made on the old instance (a line hasher) belong to its memory: `generation` counts the
// instances, and lib/audience.js refuses a hasher of an earlier one (`hasher_invalidated`) rather
// than hand its pointer to the new instance.
import { PreflightError } from './core.js';

/** @type {WeakMap<object, Engine>} one engine per glue module, shared by every area. */
const engines = new WeakMap();

/**
 * @typedef {object} Engine
 * @property {<T>(call: () => T) => T} call runs a call of the raw exports; a throw from it
 *   discards the instance and becomes `internal_error`
 * @property {number} generation how many times the instance was replaced
 * @property {boolean} ready whether the module is instantiated: always for the nodejs glue (it
 *   instantiates at require), after `init`/`initSync` (lib/load.js) for the web glue
 */

/**
 * The engine of a glue module (its raw exports): the same object for every caller, so that all
 * areas of an entry point share one instance and see one reset.
 * @param {Record<string, any>} raw
 * @returns {Engine}
 */
export function engineOf(raw) {
  let engine = engines.get(raw);
  if (engine === undefined) {
    engine = createEngine(raw);
    engines.set(raw, engine);
  }
  return engine;
}

/** A wrong call as the module throws it: a plain Error (a trap is a subclass) with its own string `code`. */
function isFailedCall(e) {
  return e !== null && typeof e === 'object' && Object.getPrototypeOf(e) === Error.prototype &&
    Object.prototype.hasOwnProperty.call(e, 'code') && typeof e.code === 'string';
}

/** @param {Record<string, any>} raw */
function createEngine(raw) {
  /** True while the instance in use trapped and could not be replaced yet. */
  let stale = false;
  const engine = {
    generation: 0,
    // The web glue (it exports initSync) has no instance until it is initialized.
    ready: typeof raw.initSync !== 'function',
    call(thunk) {
      if (!engine.ready) {
        throw new PreflightError(
          'not_initialized',
          'the WebAssembly module is not loaded yet: await init() (or call initSync(bytes)) from this entry point before the first call',
        );
      }
      if (stale) restart();
      try {
        return thunk();
      } catch (e) {
        // The wrapper's own errors (thrown from inside a thunk) say what they are.
        if (e instanceof PreflightError) throw e;
        if (isFailedCall(e)) throw new PreflightError(e.code, e.message);
        stale = true;
        try {
          restart();
        } catch {
          // Tried again at the next call.
        }
        throw new PreflightError(
          'internal_error',
          'the WebAssembly module failed during this call (see cause); the next call runs on a fresh instance',
          { cause: e },
        );
      }
    },
  };

  function restart() {
    if (typeof raw.__wbg_reset_state !== 'function') {
      throw new PreflightError(
        'internal_error',
        'an earlier call failed inside the WebAssembly module and this build of the glue cannot start a fresh instance',
      );
    }
    // Counted first: objects of the old instance are refused from now on, even if starting the
    // new one fails.
    engine.generation++;
    try {
      raw.__wbg_reset_state();
    } catch (e) {
      throw new PreflightError('internal_error', 'an earlier call failed inside the WebAssembly module and a fresh instance could not be started (see cause)', {
        cause: e,
      });
    }
    stale = false;
  }

  return engine;
}
