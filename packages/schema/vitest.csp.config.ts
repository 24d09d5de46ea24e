import { cspVitestConfig } from '../../vitest.csp.js'

// Every test again on the engine's fallback back end, the closures (see vitest.csp.ts).
export default cspVitestConfig(['./src/__fixtures__/csp-setup.ts'])
