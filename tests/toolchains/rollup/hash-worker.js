// The package's hashFileInWorker worker (one self-contained script), as an entry point of the build.
import 'preflight-wasm/hash-worker';
