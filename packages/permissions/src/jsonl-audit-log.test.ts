import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { jsonlAuditLog } from './jsonl-audit-log.js'
import type { AuditLogLine } from './jsonl-audit-log.js'
import { permissions } from './permissions.js'

const scratch = scratchProjects()

function lines(path: string): AuditLogLine[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditLogLine)
}

describe('jsonlAuditLog', () => {
  it('appends one line per finished call: digest, not arguments; every decision; the outcome', async () => {
    const project = scratch()
    const path = join(project.root, 'logs', 'audit.jsonl')
    const { registry } = recordingRegistry(
      scriptedApproval({ kind: 'rejected', reason: 'not now' }),
    )
    registry.register(shellTool([]))
    registry.register(plainTool('status'))
    registry.use(jsonlAuditLog(path))
    registry.use(
      permissions({
        projectRoot: project.root,
        sources: [
          { kind: 'cli', settings: { permissions: { deny: ['Bash(rm *)'], allow: ['status'] } } },
        ],
      }),
    )
    await registry.execute(call('shell', { command: 'rm -rf /' }, { callId: 'c1' as never }))
    await registry.execute(call('status', {}, { callId: 'c2' as never }))
    await registry.execute(call('shell', { command: 'make' }, { callId: 'c3' as never }))
    await eventually(() => {
      expect(lines(path)).toHaveLength(3)
    })
    const [denied, allowed, rejected] = lines(path) as [AuditLogLine, AuditLogLine, AuditLogLine]
    expect(denied).toMatchObject({
      callId: 'c1',
      tool: 'shell',
      agentId: 'alice',
      argumentsSha256: createHash('sha256').update('{"command":"rm -rf /"}').digest('hex'),
      outcome: 'POLICY_DENIED',
    })
    expect(denied.arguments).toBeUndefined()
    expect(denied.decisions.map((decision) => [decision.stage, decision.outcome])).toEqual([
      ['rule', 'deny'],
      ['policy', 'deny'],
    ])
    expect(new Date(denied.time).toISOString()).toBe(denied.time)
    expect(allowed).toMatchObject({
      callId: 'c2',
      outcome: 'OK',
      decisions: [
        { stage: 'rule', outcome: 'allow', source: { kind: 'permissions', id: 'status' } },
      ],
    })
    expect(rejected.outcome).toBe('APPROVAL_REJECTED')
    expect(rejected.decisions.map((decision) => decision.stage)).toEqual([
      'rule',
      'policy',
      'approval',
    ])
  })

  it('writes the arguments only when asked, and a canonical digest (keys sorted)', async () => {
    const project = scratch()
    const path = join(project.root, 'audit.jsonl')
    const { registry } = recordingRegistry()
    registry.register({
      ...plainTool('echo'),
      parameters: { type: 'object', properties: { b: { type: 'number' }, a: { type: 'string' } } },
    })
    registry.use(jsonlAuditLog(path, { includeArguments: true }))
    await registry.execute(call('echo', { b: 1, a: 'x' }))
    await eventually(() => {
      expect(lines(path)).toHaveLength(1)
    })
    expect(lines(path)[0]).toMatchObject({
      arguments: { b: 1, a: 'x' },
      argumentsSha256: createHash('sha256').update('{"a":"x","b":1}').digest('hex'),
      decisions: [],
      outcome: 'OK',
    })
  })

  it('logs a write that fails and lets the calls go on', async () => {
    const project = scratch()
    const path = project.write('taken/audit.jsonl', 'x')
    const { registry, warnings } = recordingRegistry()
    registry.register(plainTool('status'))
    registry.use(jsonlAuditLog(join(path, 'inside.jsonl')))
    expect((await registry.execute(call('status'))).isError).toBe(false)
    await eventually(() => {
      expect(
        warnings.some((warning) =>
          warning.startsWith('toolpipe: could not append to the audit log'),
        ),
      ).toBe(true)
    })
  })

  describe('§25 the arguments it writes are the ones the tools/shown filters clean', () => {
    const hide = <TValue>(value: TValue): TValue =>
      JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as TValue

    async function logged(filter: <TValue>(value: TValue) => TValue) {
      const path = join(scratch().root, 'audit.jsonl')
      const { registry, warnings } = recordingRegistry()
      registry.register({
        ...plainTool('login'),
        parameters: { type: 'object', properties: { password: { type: 'string' } } },
      })
      registry.provide('tools/shown', filter)
      registry.use(jsonlAuditLog(path, { includeArguments: true }))
      const result = await registry.execute(call('login', { password: 'hunter2' }))
      await eventually(() => {
        expect(lines(path)).toHaveLength(1)
      })
      return { result, line: readFileSync(path, 'utf8'), warnings }
    }

    it('writes the arguments cleaned, the digest still of the call’s own', async () => {
      const { line } = await logged(hide)
      expect(JSON.parse(line)).toMatchObject({
        arguments: { password: '[hidden]' },
        argumentsSha256: createHash('sha256').update('{"password":"hunter2"}').digest('hex'),
        outcome: 'OK',
      })
      expect(line).not.toContain('hunter2')
    })

    it('§25 writes each decision’s reason cleaned: a policy’s, an ask’s and a guard’s', async () => {
      const path = join(scratch().root, 'audit.jsonl')
      const { registry } = recordingRegistry(scriptedApproval({ kind: 'allowed-once' }))
      registry.register(plainTool('login'))
      registry.register(plainTool('logout'))
      registry.provide('tools/shown', hide)
      registry.use(jsonlAuditLog(path))
      registry.on('tools/pre-execute', (exec) =>
        exec.name === 'login'
          ? { kind: 'deny', reason: 'the hook saw hunter2' }
          : { kind: 'ask', reason: 'it sends hunter2' },
      )
      registry.guard(() => 'the guard saw hunter2')
      await registry.execute(call('login'))
      await registry.execute(call('logout'))
      await eventually(() => {
        expect(lines(path)).toHaveLength(2)
      })
      const reasons = lines(path).map((line) => line.decisions.map((decision) => decision.reason))
      expect(reasons).toEqual([
        ['the hook saw [hidden]'],
        ['it sends [hidden]', undefined, 'the guard saw [hidden]'],
      ])
      expect(readFileSync(path, 'utf8')).not.toContain('hunter2')
    })

    it('leaves the arguments out of the line, never raw, when a filter throws', async () => {
      const { result, line, warnings } = await logged(() => {
        throw new Error('filter broke')
      })
      expect(result.isError).toBe(false)
      expect(line).not.toContain('hunter2')
      expect((JSON.parse(line) as AuditLogLine).arguments).toBeUndefined()
      expect(warnings).toContainEqual(
        expect.stringMatching(
          /^toolpipe: jsonlAuditLog: a tools\/shown filter failed on the arguments of call "[^"]+" of tool "login"; they are left out of its line$/,
        ),
      )
    })
  })
})
