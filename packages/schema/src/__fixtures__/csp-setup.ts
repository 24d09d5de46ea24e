import { Ajv2020 } from 'ajv/dist/2020.js'
import { lendCodeGeneration } from '../../../../vitest.csp.js'

// The CSP run: Ajv, the differential tests' oracle, compiles schemas into code. `compile` is
// Ajv's core prototype's, which every Ajv class inherits.
lendCodeGeneration(Object.getPrototypeOf(Ajv2020.prototype) as Ajv2020, 'compile')
