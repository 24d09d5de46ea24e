import { defineTool } from '@toolpipe/tools'
import type { DefineToolParameters, ToolDefinition } from '@toolpipe/tools'

/** A deferred tool that answers its name and arguments, for the searches of the tests. */
export function deferred(
  name: string,
  description: string,
  parameters: Record<
    string,
    { type: 'string' | 'integer'; description?: string; required?: boolean }
  > = {},
  extra: Partial<Pick<ToolDefinition, 'annotations' | 'searchText' | 'deferLoading'>> = {},
): ToolDefinition {
  return defineTool({
    name,
    description,
    parameters: parameters as DefineToolParameters,
    deferLoading: true,
    ...extra,
    execute: (args) => [{ type: 'text', text: `${name} ran with ${JSON.stringify(args)}` }],
  })
}

/** A small catalogue of deferred tools, the kind several mounted servers list. */
export const catalogue: readonly ToolDefinition[] = [
  deferred('github_create_issue', 'Create a new issue in a GitHub repository.', {
    owner: { type: 'string', required: true },
    repo: { type: 'string', required: true, description: 'Repository name' },
    title: { type: 'string', required: true },
    body: { type: 'string', description: 'Issue body in Markdown' },
  }),
  deferred('github_merge_pull_request', 'Merge a pull request in a GitHub repository.', {
    pull_number: { type: 'integer', required: true },
  }),
  deferred('slack_post_message', 'Post a new message to a Slack channel.', {
    channel_id: { type: 'string', required: true, description: 'The ID of the channel to post to' },
    text: { type: 'string', required: true },
  }),
  deferred(
    'fs_delete_file',
    'Permanently removes a file from disk.',
    {
      path: { type: 'string', required: true },
    },
    { annotations: { destructive: true } },
  ),
  deferred('maps_geocode', 'Convert an address into geographic coordinates.', {
    address: { type: 'string', required: true, description: 'The street address to look up' },
  }),
  deferred('stripe_create_refund', 'Refund a charge, fully or in part.', {
    charge: { type: 'string', required: true, description: 'The payment to give money back for' },
  }),
  deferred('browser_take_screenshot', 'Capture what the current page looks like as a PNG image.'),
  deferred(
    'db_query',
    'Run a read-only SQL statement.',
    {
      sql: { type: 'string', required: true },
    },
    { searchText: 'Postgres\nA PostgreSQL database of orders and customers' },
  ),
]

/** A tool shown from the start: not deferred. */
export const readFile = defineTool({
  name: 'read_file',
  description: 'Read a UTF-8 text file.',
  parameters: { path: { type: 'string', required: true } },
  execute: () => [{ type: 'text', text: 'contents' }],
})
