import { asCallId } from '@toolpipe/core'
import { editFilesSpec, readFileSpec } from '@toolpipe/tool-schemas'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { DefineToolParameters, ToolDefinition } from '@toolpipe/tools'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { mediumArgs, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/*
 * SPEC §10 (issue #17): a tool whose parameters are a Standard Schema (zod, valibot, arktype)
 * validates with the library's own `validate` at step 4. The goal: the Standard Schema path adds
 * no more than the library's own `validate` cost, i.e. execute() of such a tool costs at most
 * execute() of a tool without a check + 2 × the library's `validate` alone.
 */

const okContent = [{ type: 'text' as const, text: 'ok' }]

/** The SMALL fixture (a `read_file` call) in each library, optional members optional. */
const small = {
  zod: z.object({
    path: z.string(),
    offset: z.number().optional(),
    limit: z.number().optional(),
    encoding: z.enum(['utf8', 'base64']).optional(),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      path: v.string(),
      offset: v.optional(v.number()),
      limit: v.optional(v.number()),
      encoding: v.optional(v.picklist(['utf8', 'base64'])),
    }),
  ),
  arktype: type({
    path: 'string',
    'offset?': 'number',
    'limit?': 'number',
    'encoding?': "'utf8' | 'base64'",
  }),
}

/** The MEDIUM fixture (an `edit_files` call with 20 edits) in each library. */
const medium = {
  zod: z.object({
    edits: z.array(
      z.object({
        path: z.string(),
        old_text: z.string(),
        new_text: z.string(),
        replace_all: z.boolean().optional(),
      }),
    ),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      edits: v.array(
        v.object({
          path: v.string(),
          old_text: v.string(),
          new_text: v.string(),
          replace_all: v.optional(v.boolean()),
        }),
      ),
    }),
  ),
  arktype: type({
    edits: type({
      path: 'string',
      old_text: 'string',
      new_text: 'string',
      'replace_all?': 'boolean',
    }).array(),
  }),
}

/** The same parameters as toolpipe schema specs: the step-4 cost of a tool toolpipe validates. */
const specs = { small: readFileSpec, medium: editFilesSpec }

function standardTool(parameters: DefineToolParameters): ToolDefinition {
  return defineTool<DefineToolParameters>({
    name: 'tool',
    description: 'A tool.',
    parameters,
    execute: () => Promise.resolve(okContent),
  })
}

function comparison(
  label: string,
  library: keyof typeof small,
  schema: (typeof small)[keyof typeof small] | (typeof medium)[keyof typeof medium],
  fixture: unknown,
  spec: DefineToolParameters,
): Comparison {
  const args: unknown = JSON.parse(JSON.stringify(fixture))
  const input = { callId: asCallId('call_1'), name: 'tool', arguments: args }
  const withSchema = createToolRegistry()
  withSchema.register(standardTool(schema))
  const withoutCheck = createToolRegistry()
  withoutCheck.register({
    name: 'tool',
    description: 'A tool without an argument check.',
    parameters: { type: 'object', properties: {} },
    execute: () => Promise.resolve(okContent),
  })
  const withSpec = createToolRegistry()
  withSpec.register(standardTool(spec))
  const validate = schema['~standard'].validate
  return {
    title: `Standard Schema tool (${library}), ${label}: execute() against the library's own validate`,
    baseline: `${library} validate(args) alone`,
    cases: [
      { name: `${library} validate(args) alone`, run: () => validate(args) },
      { name: 'execute(), tool without a check', run: () => withoutCheck.execute(input) },
      { name: 'execute(), defineTool spec tool', run: () => withSpec.execute(input) },
      { name: `execute(), ${library} tool`, run: () => withSchema.execute(input) },
    ],
  }
}

export const standardSchemaSuite: Suite = {
  name: 'standard-schema',
  comparisons: () =>
    (Object.keys(small) as (keyof typeof small)[]).flatMap((library) => [
      comparison('SMALL args (4 fields)', library, small[library], smallArgs, specs.small),
      comparison('MEDIUM args (20 edits)', library, medium[library], mediumArgs, specs.medium),
    ]),
}
