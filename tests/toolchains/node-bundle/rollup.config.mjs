// The same Node bundle with Rollup: node-resolve with the node condition (it adds "module" and
// "default" itself), so the package's /inline entries come in; output CommonJS.
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default { input: 'main.mjs', output: { file: 'dist/rollup.cjs', format: 'cjs' }, plugins: [nodeResolve({ exportConditions: ['node'] })] };
