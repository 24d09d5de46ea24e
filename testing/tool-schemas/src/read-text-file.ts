/**
 * `read_text_file` of `@modelcontextprotocol/server-filesystem`, as the server lists its
 * `inputSchema`: draft-07, a closed object, `path` required, `head` and `tail` optional numbers
 * that accept no null — the members a strict model sends as `null` when it means "left out"
 * (SPEC §9.3). Shared by the tests of the null→absent step at every level: `@toolpipe/schema`'s
 * reading of a JSON Schema, `@toolpipe/tools`' step 4, `@toolpipe/mcp`'s mounted tools.
 */
export const readTextFileInputSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object' as const,
  properties: {
    path: { type: 'string' },
    tail: { type: 'number', description: 'If provided, returns only the last N lines of the file' },
    head: {
      type: 'number',
      description: 'If provided, returns only the first N lines of the file',
    },
  },
  required: ['path'],
  additionalProperties: false,
}
