import { adaptersSuite } from './adapters.bench.js'
import { coreSuite } from './core.bench.js'
import { engineCostsSuite } from './engine-costs.js'
import { formatTable, measureComparison } from './harness.js'
import { instructionsSuite, runInstructions } from './instructions.bench.js'
import { runHooksCheck } from './hooks.bench.js'
import { mcpSuite } from './mcp.bench.js'
import { otelSuite } from './otel.bench.js'
import { outputBudgetSuite, runHugeCut } from './output-budget.bench.js'
import { runHostileLines } from './permissions-hostile.bench.js'
import { runRedactCheck } from './redact.bench.js'
import { runSandboxCheck } from './sandbox.bench.js'
import { runToolSearchCheck } from './tool-search.bench.js'
import { permissionsSuite } from './permissions.bench.js'
import { schemaSuite } from './schema.bench.js'
import { standardSchemaSuite } from './standard-schema.bench.js'
import { structuredOutputSuite } from './structured-output.bench.js'
import type { Suite } from './harness.js'
import { runMemoryCheck } from './tools-memory.js'
import { toolsSuite } from './tools.bench.js'
import {
  runValidatorInstructions,
  validatorInstructionsSuite,
} from './validator-instructions.bench.js'

/** The heap check of `tools-memory.ts`: not a comparison, so it prints its own table. */
const memorySuite: Suite = { name: 'tools-memory', comparisons: () => [] }
/** The hook processes of `hooks.bench.ts`: timed by the wall clock, so it prints its own table. */
const hooksSuite: Suite = { name: 'hooks', comparisons: () => [] }
/** Decisions on hostile lines (`permissions-hostile.bench.ts`): a table of its own. */
const hostileSuite: Suite = { name: 'permissions-hostile', comparisons: () => [] }
/** Sandboxed processes (`sandbox.bench.ts`): timed by the wall clock, a table of its own. */
const sandboxSuite: Suite = { name: 'sandbox', comparisons: () => [] }
/** Secrets found and missed (`redact.bench.ts`): recall, false positives and cost, a table of its own. */
const redactSuite: Suite = { name: 'redact', comparisons: () => [] }
/** Tool search relevance, tokens and speed (`tool-search.bench.ts`): a table of its own. */
const toolSearchSuite: Suite = { name: 'tool-search', comparisons: () => [] }
const suites: Suite[] = [
  coreSuite,
  structuredOutputSuite,
  schemaSuite,
  toolsSuite,
  standardSchemaSuite,
  memorySuite,
  otelSuite,
  mcpSuite,
  adaptersSuite,
  permissionsSuite,
  hostileSuite,
  hooksSuite,
  sandboxSuite,
  redactSuite,
  toolSearchSuite,
  outputBudgetSuite,
  instructionsSuite,
  validatorInstructionsSuite,
  // Last: its many small schemas leave V8's shared validator code less specialised for what follows.
  engineCostsSuite,
]

/** `pnpm bench [suite…]`: every suite, or only the named ones. */
const wanted = process.argv.slice(2).filter((argument) => argument !== '--')
const selected = wanted.length === 0 ? suites : suites.filter((s) => wanted.includes(s.name))
if (selected.length === 0) {
  console.error(`unknown suite; choose from: ${suites.map((s) => s.name).join(', ')}`)
  process.exit(2)
}

console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`)
for (const suite of selected) {
  console.log(`### ${suite.name}\n`)
  for (const comparison of await suite.comparisons()) {
    console.log(formatTable(comparison, await measureComparison(comparison)))
  }
  if (suite === memorySuite) console.log(await runMemoryCheck())
  if (suite === hooksSuite) console.log(await runHooksCheck())
  if (suite === sandboxSuite) console.log(await runSandboxCheck())
  if (suite === redactSuite) console.log(await runRedactCheck())
  if (suite === toolSearchSuite) console.log(await runToolSearchCheck())
  if (suite === hostileSuite) console.log(await runHostileLines())
  if (suite === outputBudgetSuite) console.log(await runHugeCut())
  if (suite === instructionsSuite) console.log(await runInstructions())
  if (suite === validatorInstructionsSuite) console.log(await runValidatorInstructions())
}
