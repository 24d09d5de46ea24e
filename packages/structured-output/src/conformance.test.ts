import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'
import type { StructuredOutputSchema } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { backEndsAgree } from './__fixtures__/back-ends-agree.js'

/**
 * The official JSON Schema Test Suite (draft 2020-12), vendored with its licence and the commit it
 * came from in vendor/json-schema-test-suite at the repository root, three levels above this file
 * (packages/structured-output/src).
 */
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const suiteRoot = resolve(repositoryRoot, 'vendor/json-schema-test-suite')
const testsDirectory = join(suiteRoot, 'tests', 'draft2020-12')

interface SuiteTest {
  readonly description: string
  readonly data: unknown
  readonly valid: boolean
}

interface SuiteCase {
  readonly description: string
  readonly schema: unknown
  readonly tests: readonly SuiteTest[]
}

/**
 * Every case of the suite, with the file it came from. A missing suite is a failure, never a
 * skip: without it the MUST of SPEC §4 would go untested.
 */
function readSuite(directory: string): { file: string; testCase: SuiteCase }[] {
  if (!existsSync(directory)) {
    throw new Error(
      `the JSON Schema Test Suite is missing: expected its draft 2020-12 files in ${directory} ` +
        '(vendor/json-schema-test-suite in the repository)',
    )
  }
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
  if (files.length === 0)
    throw new Error(`the JSON Schema Test Suite has no test files in ${directory}`)
  return files.flatMap((file) => {
    const cases = JSON.parse(readFileSync(join(directory, file), 'utf8')) as SuiteCase[]
    return cases.map((testCase) => ({ file, testCase }))
  })
}

/** The case's schema without its top-level `$schema`, as the subset would receive it. */
function withoutDialect(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== '$schema'))
}

describe('JSON Schema Test Suite (draft 2020-12)', () => {
  it('fails loudly, rather than skipping, when the suite is not where it should be', () => {
    expect(() => readSuite(join(suiteRoot, 'no-such-directory'))).toThrow(
      /^the JSON Schema Test Suite is missing: expected its draft 2020-12 files in /,
    )
  })

  it('agrees with every test of every case the subset accepts', () => {
    const suite = readSuite(testsDirectory)
    const { accepted, refused, agreed, acceptedCases, disagreements } = runSuite(suite)

    console.log(
      `JSON Schema Test Suite: ${suite.length} cases, ${accepted} accepted, ${refused} refused; ` +
        `${agreed} tests agreed, ${disagreements.length} disagreed\n` +
        acceptedCases.map((name) => `  accepted: ${name}`).join('\n'),
    )
    expect(disagreements).toEqual([])
    expect(accepted + refused).toBe(suite.length)
    // A subset that refused everything would agree vacuously: pin what is accepted today (the
    // suite is pinned at one commit), including every single-type case of type.json. Before the
    // SPEC §9.1 keywords: 9 cases, 66 tests; with them: 12 cases, 74 tests (most suite schemas
    // have no "type", which every typed node of the subset needs).
    expect(accepted).toBeGreaterThanOrEqual(12)
    expect(agreed).toBeGreaterThanOrEqual(74)
    expect(acceptedCases).toContain('anyOf.json: nested anyOf, to check validation semantics')
    expect(acceptedCases).toContain(
      'pattern.json: pattern with Unicode property escape requires unicode mode',
    )
    for (const type of ['integer', 'number', 'string', 'object', 'array', 'boolean']) {
      expect(acceptedCases).toContain(`type.json: ${type} type matches ${type}s`)
    }
    expect(acceptedCases).toContain('type.json: null type matches only the null object')
    expect(acceptedCases).toContain('items.json: nested items')
  })
})

/**
 * Every case of `suite` the subset accepts, each test checked both ways: how many cases were
 * accepted and refused (a refusal must be a clean `OutputSchemaError`), how many tests agreed,
 * the accepted cases by name, and each disagreement.
 */
function runSuite(suite: ReturnType<typeof readSuite>) {
  let accepted = 0
  let refused = 0
  let agreed = 0
  const acceptedCases: string[] = []
  const disagreements: string[] = []

  for (const { file, testCase } of suite) {
    const wrapped = {
      type: 'object',
      properties: { value: withoutDialect(testCase.schema) },
      required: ['value'],
    }
    try {
      assertSupportedOutputSchema(wrapped)
    } catch (error) {
      // Anything but a clean refusal is a bug in the schema check itself.
      expect(error).toBeInstanceOf(OutputSchemaError)
      refused++
      continue
    }
    accepted++
    acceptedCases.push(`${file}: ${testCase.description}`)
    const schema: StructuredOutputSchema = wrapped
    for (const test of testCase.tests) {
      const issues = validateBothWays(schema, { value: test.data })
      // The code generator's test and the closures' agree on every test of the suite.
      expect(backEndsAgree(schema, { value: test.data })).toBe(issues.length === 0)
      backEndsAgree(schema, { value: test.data }, 'args')
      if ((issues.length === 0) === test.valid) {
        agreed++
      } else {
        disagreements.push(
          `${file} › ${testCase.description} › ${test.description}: suite says ` +
            `${test.valid ? 'valid' : 'invalid'}, got ${JSON.stringify(issues)}`,
        )
      }
    }
  }
  return { accepted, refused, agreed, acceptedCases, disagreements }
}
