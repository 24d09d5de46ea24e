import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCliCaptured, temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import { completion, startFakeOpenAiServer, toolCall } from './__fixtures__/fake-openai-server.js'
import { systemPrompt, demoTask } from './demo-script.js'
import { DemoError } from '../cli/demo-error.js'
import { createOpenAiModel } from './openai-model.js'
import { readSessionLog } from '../session/read-session-log.js'
import type { SessionEvent } from '../session/session-event.js'

/** Two requests to the chat completions endpoint, each with the key and the model; their bodies. */
function expectRequests(
  received: readonly { readonly body: Record<string, unknown> }[],
): (Record<string, unknown> | undefined)[] {
  expect(received).toHaveLength(2)
  for (const request of received) {
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      authorization: 'Bearer test-key',
    })
    expect(request.body.model).toBe('test-model')
  }
  return received.map((request) => request.body)
}

/** The first request: the tools are exactly registry.schemas(agent), as function tools. */
function expectFirstRequest(
  first: Record<string, unknown> | undefined,
  events: SessionEvent[],
): void {
  const start = events[0]
  if (start?.type !== 'session/start') throw new Error('no session/start')
  expect(first?.tools).toEqual(
    start.tools.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, description, parameters },
    })),
  )
  // Nothing else leaks.
  expect(JSON.stringify(first)).not.toMatch(/timeoutMs|presentCall|presentResult|"strict"/)
  expect(first?.messages).toEqual([
    { role: 'system', content: systemPrompt },
    { role: 'user', content: demoTask },
  ])
}

/**
 * The second request: the assistant turn (with its reasoning sent back), one tool message per
 * call in call order, and the syntax-check context only after all of them.
 */
function expectSecondRequest(second: Record<string, unknown> | undefined, edit: string): void {
  const messages = second?.messages as Record<string, unknown>[]
  expect(
    messages.map((message) =>
      `${String(message.role)} ${(message.tool_call_id as string | undefined) ?? ''}`.trim(),
    ),
  ).toEqual(['system', 'user', 'assistant', 'tool c1', 'tool c2', 'tool c3', 'tool c4', 'user'])
  expect(messages[2]).toEqual({
    role: 'assistant',
    content: 'Fixing it.',
    reasoning_content: 'The greeting is wrong.',
    tool_calls: [
      toolCall('c1', 'edit_file', edit),
      toolCall('c2', 'read_file', '{"path":"greet.js"}'),
      toolCall('c3', 'run_shell', '{"command":"npm test"}'),
      toolCall('c4', 'run_shell', '{"command": "ls"'),
    ],
  })
  expect(messages[3]?.content).toBe('Edited greet.js: replaced 1 line(s) with 1 line(s).')
  expect(messages[4]?.content).toContain('return `Hello, ${name}!`')
  // A real model's commands are not approved blindly: npm test is in no rule of the sandbox, so it
  // asks, and no TTY and no --yes denies the ask.
  expect(messages[5]?.content).toBe(
    'Error: tool "run_shell" requires approval, but no approval channel is available',
  )
  expect(messages[6]?.content).toMatch(/^Error: the arguments of run_shell are not valid JSON \(/)
  expect(messages[7]).toEqual({
    role: 'user',
    content:
      '[context from plugin "syntax-check", not written by the user]\nAfter your edit, `node --check greet.js` passed: no syntax errors.',
  })
}

describe('the loop through the openai client, against a local OpenAI-compatible server', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  beforeEach(async () => {
    folder = await temporaryFolder()
  })
  afterEach(() => folder.remove())

  const paths = () => ({
    log: join(folder.path, 'session.jsonl'),
    sandbox: join(folder.path, 'sandbox'),
  })

  it('sends the schemas, answers each tool call in order, and appends context after the results', async () => {
    const edit = JSON.stringify({
      path: 'greet.js',
      oldText: "'Hi ' + name",
      newText: '`Hello, ${name}!`',
    })
    const server = await startFakeOpenAiServer([
      completion({
        content: 'Fixing it.',
        reasoning_content: 'The greeting is wrong.',
        tool_calls: [
          toolCall('c1', 'edit_file', edit),
          toolCall('c2', 'read_file', '{"path":"greet.js"}'),
          toolCall('c3', 'run_shell', '{"command":"npm test"}'),
          toolCall('c4', 'run_shell', '{"command": "ls"'),
        ],
      }),
      completion({ content: 'Done.' }),
    ])
    try {
      const { log, sandbox } = paths()
      const run = await runCliCaptured(['--log', log, '--sandbox', sandbox], {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key',
        MODEL: 'test-model',
      })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      expect(run.stdout).toContain(`model    test-model at ${server.baseURL}`)

      const [first, second] = expectRequests(server.received)
      const events = await readSessionLog(log)
      expectFirstRequest(first, events)
      expectSecondRequest(second, edit)
      expect(events.at(-1)).toEqual({ type: 'session/end', steps: 2, reason: 'answered' })
      expect(await readFile(join(sandbox, 'greet.js'), 'utf8')).toContain('`Hello, ${name}!`')
      expect(run.stdout).toContain('no approval channel: stdin is not a TTY and no --yes')
    } finally {
      await server.close()
    }
  })

  it('TOOL_SCHEMA_DIALECT=openai-strict: strict schemas with strict: true, and a null for a left-out member is absent to the tool', async () => {
    const server = await startFakeOpenAiServer([
      completion({
        tool_calls: [toolCall('c1', 'read_file', '{"path":"greet.js","maxLines":null}')],
      }),
      completion({ content: 'Read it.' }),
    ])
    try {
      const { log, sandbox } = paths()
      const run = await runCliCaptured(['--log', log, '--sandbox', sandbox], {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key',
        MODEL: 'test-model',
        TOOL_SCHEMA_DIALECT: 'openai-strict',
      })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      expect(run.stdout).toContain('tool schemas: openai-strict')
      const [first, second] = server.received.map((request) => request.body)
      const tools = first?.tools as { function: Record<string, unknown> }[]
      const readFileTool = tools.find((tool) => tool.function.name === 'read_file')
      expect(readFileTool?.function).toEqual({
        name: 'read_file',
        description: expect.any(String) as unknown,
        parameters: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'the file, relative to the sandbox' },
            maxLines: {
              type: ['number', 'null'],
              description: 'read at most this many lines (default: 200)',
            },
          },
          required: ['path', 'maxLines'],
          additionalProperties: false,
        },
        strict: true,
      })
      expect(tools.every((tool) => tool.function.strict === true)).toBe(true)
      // What the session log says the model was shown is what it was sent.
      const events = await readSessionLog(log)
      const start = events[0]
      if (start?.type !== 'session/start') throw new Error('no session/start')
      expect(start.tools.find((tool) => tool.name === 'read_file')?.strict).toBe(true)
      // The strict model's `"maxLines": null` meant "left out": the tool read the whole file.
      const messages = second?.messages as Record<string, unknown>[]
      expect(messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c1' })
      expect(messages.at(-1)?.content).toContain('function greet')
      const result = events.find((event) => event.type === 'tool/result')
      expect(JSON.stringify(result)).not.toContain('INVALID_ARGS')
    } finally {
      await server.close()
    }
  })

  it('prints one clear line and exits 1 when the endpoint refuses the key', async () => {
    const server = await startFakeOpenAiServer([
      {
        status: 401,
        body: {
          error: {
            message: 'Incorrect API key provided: wrong',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      },
    ])
    try {
      const { log, sandbox } = paths()
      const run = await runCliCaptured(['--log', log, '--sandbox', sandbox], {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'wrong',
        MODEL: 'test-model',
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toBe(
        `error: the endpoint ${server.baseURL} refused the API key (401: Incorrect API key provided: wrong); check OPENAI_API_KEY\n`,
      )
      expect(server.received).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it('prints one line naming what is missing when the variables are half set', async () => {
    const run = await runCliCaptured(['--sandbox', paths().sandbox], {
      OPENAI_BASE_URL: 'https://api.deepseek.com',
      MODEL: 'deepseek-chat',
    })
    expect(run).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'error: to use a real model set OPENAI_BASE_URL, OPENAI_API_KEY and MODEL; missing: OPENAI_API_KEY\n',
    })
  })

  it('names an unreachable endpoint in one line', async () => {
    const server = await startFakeOpenAiServer([])
    const baseURL = server.baseURL
    await server.close()
    const model = createOpenAiModel({ baseURL, apiKey: 'k', model: 'm', maxRetries: 0 })
    const failure = model.next({ step: 1, messages: [], tools: [] })
    await expect(failure).rejects.toBeInstanceOf(DemoError)
    await expect(failure).rejects.toMatchObject({
      code: 'MODEL_UNREACHABLE',
      message: expect.stringMatching(
        new RegExp(
          `^cannot reach the model endpoint ${baseURL.replaceAll('.', '\\.')}: .*ECONNREFUSED.*; check OPENAI_BASE_URL$`,
        ),
      ) as unknown,
    })
  })
})
