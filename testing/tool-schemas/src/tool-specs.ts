/*
 * The family's two example tools as schema specs (`@toolpipe/schema`'s DSL), written `as const`
 * so that a test or a benchmark can infer their arguments. No dependency on the DSL's types: this
 * package sits below every package whose tests use it.
 */

/** A `read_file` tool: a required `path`, an optional `offset` and `limit`, one of two encodings. */
export const readFileSpec = {
  path: { type: 'string', required: true },
  offset: { type: 'number' },
  limit: { type: 'number' },
  encoding: { type: 'string', enum: ['utf8', 'base64'] },
} as const

/**
 * An `edit_files` tool: a required list of edits, each a `path`, an `old_text` and a `new_text`,
 * and an optional `replace_all` flag.
 */
export const editFilesSpec = {
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
} as const
