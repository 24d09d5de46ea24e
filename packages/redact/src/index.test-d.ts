import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import { redactSecrets, supplementaryRules } from './index.js'
import type {
  RedactErrorCode,
  RedactSecretsPlugin,
  SecretFinding,
  SecretRule,
  SecretBlockedError,
} from './index.js'

describe('public types', () => {
  it('redactSecrets() is a plugin with scan, redact and approvalService', () => {
    const plugin = redactSecrets()
    expectTypeOf(plugin).toEqualTypeOf<RedactSecretsPlugin>()
    expectTypeOf(plugin).toExtend<ToolRegistryPlugin>()
    expectTypeOf(plugin.scan).returns.toEqualTypeOf<SecretFinding[]>()
    expectTypeOf(plugin.redact({ a: 'x' })).toEqualTypeOf<{ a: string }>()
  })

  it('rules are "recommended" or { id, pattern, keywords? }', () => {
    redactSecrets({
      rules: ['recommended', { id: 'acme', pattern: /acme_\w+/, keywords: ['acme_'] }],
    })
    // @ts-expect-error -- a pattern is a RegExp
    redactSecrets({ rules: [{ id: 'acme', pattern: 'acme_' }] })
    // @ts-expect-error -- only redact, mask or block
    redactSecrets({ action: 'hide' })
    expectTypeOf(supplementaryRules).toEqualTypeOf<readonly SecretRule[]>()
  })

  it('findings and errors are typed', () => {
    expectTypeOf<SecretFinding>().toEqualTypeOf<{
      readonly ruleId: string
      readonly start: number
      readonly end: number
      readonly line: number
    }>()
    expectTypeOf<SecretBlockedError['code']>().toEqualTypeOf<RedactErrorCode>()
    expectTypeOf<RedactErrorCode>().toEqualTypeOf<'SECRET_BLOCKED' | 'INVALID_OPTIONS'>()
  })
})
