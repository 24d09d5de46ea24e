import { checkArgs, schemaSpecToJsonSchema, ToolArgsError, validateArgs } from '@toolpipe/schema'
import type { SchemaSpec } from '@toolpipe/schema'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Type } from 'typebox'
import { Compile } from 'typebox/compile'
import * as valibot from 'valibot'
import { z } from 'zod'
import { mediumArgs, smallArgs } from './fixtures.js'
import type { BenchCase, Comparison, Suite } from './harness.js'

/** A `read_file`-like tool: `{ path (required), offset?, limit?, encoding? enum }`. */
const readFileSpec = {
  path: { type: 'string', required: true, description: 'the file to read' },
  offset: { type: 'number', description: 'first line, 0-based' },
  limit: { type: 'number', description: 'how many lines' },
  encoding: { type: 'string', enum: ['utf8', 'base64'] },
} as const satisfies SchemaSpec

/** An `edit_files`-like tool: `{ edits: { path, old_text, new_text (required), replace_all? }[] }`. */
const editFilesSpec = {
  edits: {
    type: 'array',
    required: true,
    items: {
      type: 'object',
      properties: {
        path: { type: 'string', required: true },
        old_text: { type: 'string', required: true },
        new_text: { type: 'string', required: true },
        replace_all: { type: 'boolean' },
      },
    },
  },
} as const satisfies SchemaSpec

const readFileValid = smallArgs
/** Three mistakes a model makes: a missing path, a number as a string, an unknown encoding. */
const readFileInvalid = { offset: '120', limit: 80, encoding: 'utf-8' }

// The shared fixture writes `replace_all` as a string; a real edit tool takes a boolean.
const editFilesValid = {
  edits: mediumArgs.edits.map(({ replace_all: replaceAll, ...edit }) =>
    replaceAll === undefined ? edit : { ...edit, replace_all: replaceAll === 'true' },
  ),
}
/** Two mistakes deep in the list: a number for a path, a missing new_text. */
const editFilesInvalid = {
  edits: editFilesValid.edits.map((edit, index) => {
    if (index === 7) return { ...edit, path: 7 }
    if (index === 13) return { path: edit.path, old_text: edit.old_text }
    return edit
  }),
}

const ajv = new Ajv2020({ allErrors: true, strictNumbers: true })

const readFileZod = z.object({
  path: z.string(),
  offset: z.number().optional(),
  limit: z.number().optional(),
  encoding: z.enum(['utf8', 'base64']).optional(),
})
const editFilesZod = z.object({
  edits: z.array(
    z.object({
      path: z.string(),
      old_text: z.string(),
      new_text: z.string(),
      replace_all: z.boolean().optional(),
    }),
  ),
})

const readFileValibot = valibot.object({
  path: valibot.string(),
  offset: valibot.optional(valibot.number()),
  limit: valibot.optional(valibot.number()),
  encoding: valibot.optional(valibot.picklist(['utf8', 'base64'])),
})
const editFilesValibot = valibot.object({
  edits: valibot.array(
    valibot.object({
      path: valibot.string(),
      old_text: valibot.string(),
      new_text: valibot.string(),
      replace_all: valibot.optional(valibot.boolean()),
    }),
  ),
})

const readFileTypebox = Compile(
  Type.Object({
    path: Type.String(),
    offset: Type.Optional(Type.Number()),
    limit: Type.Optional(Type.Number()),
    encoding: Type.Optional(Type.Union([Type.Literal('utf8'), Type.Literal('base64')])),
  }),
)
const editFilesTypebox = Compile(
  Type.Object({
    edits: Type.Array(
      Type.Object({
        path: Type.String(),
        old_text: Type.String(),
        new_text: Type.String(),
        replace_all: Type.Optional(Type.Boolean()),
      }),
    ),
  }),
)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What a careful engineer would write by hand for `read_file`: messages included. */
function handReadFile(args: unknown): string[] {
  if (!isRecord(args)) return ['arguments must be an object']
  const problems: string[] = []
  if (typeof args.path !== 'string') problems.push('path must be a string')
  if (args.offset !== undefined && !Number.isFinite(args.offset)) {
    problems.push('offset must be a number')
  }
  if (args.limit !== undefined && !Number.isFinite(args.limit)) {
    problems.push('limit must be a number')
  }
  if (args.encoding !== undefined && args.encoding !== 'utf8' && args.encoding !== 'base64') {
    problems.push('encoding must be utf8 or base64')
  }
  return problems
}

function handEditFiles(args: unknown): string[] {
  if (!isRecord(args)) return ['arguments must be an object']
  const edits = args.edits
  if (!Array.isArray(edits)) return ['edits must be an array']
  const problems: string[] = []
  for (let index = 0; index < edits.length; index++) {
    const edit: unknown = edits[index]
    if (!isRecord(edit)) {
      problems.push(`edits[${index}] must be an object`)
      continue
    }
    if (typeof edit.path !== 'string') problems.push(`edits[${index}].path must be a string`)
    if (typeof edit.old_text !== 'string')
      problems.push(`edits[${index}].old_text must be a string`)
    if (typeof edit.new_text !== 'string')
      problems.push(`edits[${index}].new_text must be a string`)
    if (edit.replace_all !== undefined && typeof edit.replace_all !== 'boolean') {
      problems.push(`edits[${index}].replace_all must be a boolean`)
    }
  }
  return problems
}

interface Contenders {
  readonly spec: SchemaSpec
  readonly zod: z.ZodType
  readonly valibot: valibot.GenericSchema
  readonly typebox: { Check(value: unknown): boolean; Errors(value: unknown): unknown[] }
  readonly hand: (args: unknown) => string[]
}

function comparison(title: string, contenders: Contenders, value: unknown): Comparison {
  const { spec } = contenders
  const ajvValidate = ajv.compile(schemaSpecToJsonSchema(spec))
  const expectValid = checkArgs(spec, value).length === 0
  if (ajvValidate(value) !== expectValid || (contenders.hand(value).length === 0) !== expectValid) {
    throw new Error(`${title}: the contenders disagree on the fixture`)
  }
  const toolpipe: BenchCase[] = expectValid
    ? [
        {
          name: 'validateArgs',
          run: () => {
            validateArgs(spec, value)
          },
        },
        { name: 'checkArgs', run: () => checkArgs(spec, value) },
      ]
    : [
        { name: 'checkArgs', run: () => checkArgs(spec, value) },
        {
          name: 'validateArgs (throws)',
          run: () => {
            try {
              validateArgs(spec, value)
            } catch (error) {
              if (error instanceof ToolArgsError) return error.issues
            }
            throw new Error('expected a ToolArgsError')
          },
        },
      ]
  return {
    title,
    baseline: 'ajv',
    cases: [
      ...toolpipe,
      {
        name: 'ajv',
        run: () => (ajvValidate(value) ? undefined : ajvValidate.errors),
      },
      { name: 'zod', run: () => contenders.zod.safeParse(value) },
      { name: 'valibot', run: () => valibot.safeParse(contenders.valibot, value) },
      {
        name: 'typebox (compiled)',
        run: () =>
          expectValid ? contenders.typebox.Check(value) : contenders.typebox.Errors(value),
      },
      { name: 'hand-written', run: () => contenders.hand(value) },
    ],
  }
}

const readFile: Contenders = {
  spec: readFileSpec,
  zod: readFileZod,
  valibot: readFileValibot,
  typebox: readFileTypebox,
  hand: handReadFile,
}
const editFiles: Contenders = {
  spec: editFilesSpec,
  zod: editFilesZod,
  valibot: editFilesValibot,
  typebox: editFilesTypebox,
  hand: handEditFiles,
}

export const schemaSuite: Suite = {
  name: 'schema',
  comparisons: () => [
    comparison('validate: read_file args, valid', readFile, readFileValid),
    comparison('validate: read_file args, 3 mistakes', readFile, readFileInvalid),
    comparison('validate: edit_files args (20 edits), valid', editFiles, editFilesValid),
    comparison('validate: edit_files args (20 edits), 2 mistakes', editFiles, editFilesInvalid),
  ],
}
