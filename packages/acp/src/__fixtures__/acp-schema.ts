import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'

/**
 * The protocol's own JSON Schema, as the installed `@agentclientprotocol/sdk` publishes it
 * (`schema/v1/schema.json`): read from the package directory, never copied into this repository.
 */
function readAcpSchema(): Record<string, unknown> {
  // The package root is found from its main entry, so this keeps working if the exports map
  // stops exposing the schema file.
  let directory = dirname(fileURLToPath(import.meta.resolve('@agentclientprotocol/sdk')))
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
        name?: unknown
      }
      if (manifest.name === '@agentclientprotocol/sdk') break
    } catch {
      // Not the package root yet.
    }
    const parent = dirname(directory)
    if (parent === directory) throw new Error('@agentclientprotocol/sdk is not installed')
    directory = parent
  }
  return JSON.parse(readFileSync(join(directory, 'schema', 'v1', 'schema.json'), 'utf8')) as Record<
    string,
    unknown
  >
}

/** The `$defs` this package's output is checked against. */
export type AcpDefinition =
  | 'SessionNotification'
  | 'SessionUpdate'
  | 'RequestPermissionRequest'
  | 'RequestPermissionResponse'
  | 'ToolCallContent'

type SchemaNode = Record<string, unknown>

const structural = ['properties', 'allOf', 'anyOf', 'oneOf', '$ref'] as const

/**
 * A closed-world copy of the schema. The published schema leaves every object open (no
 * `additionalProperties: false` anywhere), so a misspelt member (`terminalID`, `oldtext`) would
 * validate and then be silently ignored by a client. This copy adds `unevaluatedProperties: false`
 * to every schema that describes an instance's value (the root, each `properties` member, `items`):
 * draft 2020-12 lets that keyword see the members declared through `$ref`, `allOf` and the
 * matching `oneOf` branch, so only members some part of the schema declares are accepted. Free-form
 * values (`rawInput`, `_meta`) declare no structure and stay open.
 */
function closeSchema(schema: SchemaNode): SchemaNode {
  const copy = structuredClone(schema)
  const visit = (node: unknown, isValue: boolean): void => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      for (const item of node) visit(item, false)
      return
    }
    const schemaNode = node as SchemaNode
    if (
      isValue &&
      !('additionalProperties' in schemaNode) &&
      structural.some((keyword) => keyword in schemaNode)
    ) {
      schemaNode.unevaluatedProperties = false
    }
    for (const [keyword, child] of Object.entries(schemaNode)) {
      if (keyword === 'properties' && typeof child === 'object' && child !== null) {
        for (const member of Object.values(child)) visit(member, true)
      } else if (keyword === 'items' || keyword === 'additionalProperties') {
        visit(child, true)
      } else if (keyword === '$defs') {
        for (const definition of Object.values(child as SchemaNode)) visit(definition, false)
      } else if (typeof child === 'object') {
        visit(child, false)
      }
    }
  }
  visit(copy, false)
  return copy
}

const uint = (bits: number) => (value: number) =>
  Number.isInteger(value) && value >= 0 && value <= 2 ** bits - 1
const int = (bits: number) => (value: number) =>
  Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value <= 2 ** (bits - 1) - 1

function createAjv(): Ajv2020 {
  // `strict: false`: the schema carries its generator's keywords (`x-deserialize-…`,
  // `discriminator`), which Ajv would otherwise refuse. Its numeric formats are enforced.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addFormat('uint16', { type: 'number', validate: uint(16) })
  ajv.addFormat('uint32', { type: 'number', validate: uint(32) })
  ajv.addFormat('uint64', {
    type: 'number',
    validate: (value) => Number.isSafeInteger(value) && value >= 0,
  })
  ajv.addFormat('int32', { type: 'number', validate: int(32) })
  ajv.addFormat('int64', { type: 'number', validate: Number.isSafeInteger })
  ajv.addFormat('double', { type: 'number', validate: Number.isFinite })
  ajv.addFormat('uri', { type: 'string', validate: (value) => URL.canParse(value) })
  return ajv
}

/** Validators of one `$def`: as published, and closed-world. */
interface Validators {
  readonly official: ValidateFunction
  readonly closed: ValidateFunction
}

/** Checks values against the protocol's JSON Schema (compiled once per checker). */
export interface AcpSchemaChecker {
  /**
   * Every complaint the official schema, then its closed-world copy, have about `value` as the
   * given `$def`: `[]` when both accept it. The value is round-tripped through JSON first, as it
   * travels on the wire.
   */
  errors(definition: AcpDefinition, value: unknown): string[]
  /** Whether the official schema alone (open objects) accepts `value` as the given `$def`. */
  officialAccepts(definition: AcpDefinition, value: unknown): boolean
}

/** Compiles the published schema and its closed-world copy with Ajv's draft 2020-12 validator. */
export function createAcpSchemaChecker(): AcpSchemaChecker {
  const schema = readAcpSchema()
  const official = createAjv()
  official.addSchema(schema, 'acp')
  const closed = createAjv()
  closed.addSchema(closeSchema(schema), 'acp')
  const cache = new Map<AcpDefinition, Validators>()
  const validators = (definition: AcpDefinition): Validators => {
    let found = cache.get(definition)
    if (found === undefined) {
      found = {
        official: official.compile({ $ref: `acp#/$defs/${definition}` }),
        closed: closed.compile({ $ref: `acp#/$defs/${definition}`, unevaluatedProperties: false }),
      }
      cache.set(definition, found)
    }
    return found
  }
  return {
    errors(definition, value) {
      const { official: openCheck, closed: closedCheck } = validators(definition)
      const wire: unknown = JSON.parse(JSON.stringify(value))
      const errors: string[] = []
      if (!openCheck(wire)) {
        errors.push(...describeErrors(openCheck.errors).map((error) => `official: ${error}`))
      }
      if (!closedCheck(wire)) {
        errors.push(...describeErrors(closedCheck.errors).map((error) => `closed: ${error}`))
      }
      return errors
    },
    officialAccepts(definition, value) {
      return validators(definition).official(JSON.parse(JSON.stringify(value)))
    },
  }
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  )
}
