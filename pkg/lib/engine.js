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
//
// That state (the generation, whether the instance trapped, whether it is loaded) belongs to the
// instance, not to this file: one glue module can be reached by two copies of pkg/lib/ in one
// process (the ES module entry and its CommonJS bundle, pkg/*.cjs, both load pkg/wasm/<build>.cjs:
// an application whose dependencies mix `import` and `require`). So it is kept in one record per
// glue module in a registry under a `Symbol.for` key of the global object, which every copy
// reaches; each copy wraps it in its own engine (the PreflightError class is shared the same way,
// lib/core.js).
import { PreflightError } from './core.js';

/**
 * @typedef {object} State what every copy of this file shares about one glue module's instance
 * @property {number} generation how many times the instance was replaced
 * @property {boolean} stale the instance in use trapped and could not be replaced yet
 * @property {boolean} ready the module is instantiated
 */

const REGISTRY = Symbol.for('preflight-wasm.engine-state');

/** @returns {WeakMap<object, State>} the registry every copy of this file shares. */
function registry() {
  if (local !== undefined) return local;
  const found = Object.getOwnPropertyDescriptor(globalThis, REGISTRY)?.value;
  if (found instanceof WeakMap) return found;
  const created = new WeakMap();
  try {
    // Neither enumerable nor writable nor configurable: once there, it stays the one registry.
    Object.defineProperty(globalThis, REGISTRY, { value: created });
  } catch {
    // A frozen global object: this copy keeps its own (the one registry of a single copy).
    return (local ??= created);
  }
  return created;
}
/** @type {WeakMap<object, State> | undefined} */
let local;

/** @type {WeakMap<object, Engine>} this copy's engine per glue module, shared by every area. */
const engines = new WeakMap();

/**
 * @typedef {object} Engine
 * @property {<T>(call: () => T) => T} call runs a call of the raw exports; a throw from it
 *   discards the instance and becomes `internal_error`
 * @property {number} generation how many times the instance was replaced (read only)
 * @property {boolean} ready whether the module is instantiated: always for the nodejs glue (it
 *   instantiates at require), after `init`/`initSync` (lib/load.js) for the web glue
 */

/**
 * The engine of a glue module (its raw exports): the same object for every caller of this copy,
 * over the state every copy shares, so that all areas of every entry point over one glue module
 * share one instance and see one reset.
 * @param {Record<string, any>} raw
 * @returns {Engine}
 */
export function engineOf(raw) {
  let engine = engines.get(raw);
  if (engine === undefined) {
    const states = registry();
    let state = states.get(raw);
    if (state === undefined) {
      // The web glue (it exports initSync) has no instance until it is initialized.
      state = { generation: 0, stale: false, ready: typeof raw.initSync !== 'function' };
      states.set(raw, state);
    }
    engine = createEngine(raw, state);
    engines.set(raw, engine);
  }
  return engine;
}

/** A wrong call as the module throws it: a plain Error (a trap is a subclass) with its own string `code`. */
function isFailedCall(e) {
  return e !== null && typeof e === 'object' && Object.getPrototypeOf(e) === Error.prototype &&
    Object.prototype.hasOwnProperty.call(e, 'code') && typeof e.code === 'string';
}

/** @param {Record<string, any>} raw @param {State} state */
function createEngine(raw, state) {
  const engine = {
    get generation() {
      return state.generation;
    },
    get ready() {
      return state.ready;
    },
    set ready(v) {
      state.ready = v;
    },
    call(thunk) {
      if (!state.ready) {
        throw new PreflightError(
          'not_initialized',
          'the WebAssembly module is not loaded yet: await init() (or call initSync(bytes)) from this entry point before the first call',
        );
      }
      if (state.stale) restart();
      try {
        return thunk();
      } catch (e) {
        // The wrapper's own errors (thrown from inside a thunk) say what they are.
        if (e instanceof PreflightError) throw e;
        if (isFailedCall(e)) throw new PreflightError(e.code, e.message);
        state.stale = true;
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
    state.generation++;
    try {
      raw.__wbg_reset_state();
    } catch (e) {
      throw new PreflightError('internal_error', 'an earlier call failed inside the WebAssembly module and a fresh instance could not be started (see cause)', {
        cause: e,
      });
    }
    state.stale = false;
  }

  return engine;
}
