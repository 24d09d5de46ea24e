import { generateKeyPairSync } from 'node:crypto'
import type { KeyExportOptions, KeyObject } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { redactSecrets } from './redact-secrets.js'
import { supplementaryRules } from './supplementary-rules.js'

// SPEC §25: recall on realistic keys, false positives ≤ 1% of lines on ordinary tool output (a
// program's source among it), and bounded work (redact-secrets.bounded-work.test.ts).

const pemRule = supplementaryRules.find(({ id }) => id === 'pem-private-key')
if (pemRule === undefined) throw new Error('no pem-private-key rule')
const alone = redactSecrets({ rules: [pemRule] })
const recommended = redactSecrets()

/** A key's PEM text, without its last line end. */
const pemOf = (key: KeyObject, options: KeyExportOptions<'pem'>) =>
  String(key.export(options)).trim()

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
const encrypted = { format: 'pem', passphrase: 'fixture' } as const
const keys = {
  'RSA (PKCS#1)': pemOf(rsa, { type: 'pkcs1', format: 'pem' }),
  'RSA (PKCS#8)': pemOf(rsa, { type: 'pkcs8', format: 'pem' }),
  'RSA, encrypted (Proc-Type and DEK-Info headers)': pemOf(rsa, {
    ...encrypted,
    type: 'pkcs1',
    cipher: 'aes-128-cbc',
  }),
  'PKCS#8, encrypted': pemOf(rsa, { ...encrypted, type: 'pkcs8', cipher: 'aes-256-cbc' }),
  'EC (SEC1)': pemOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, {
    type: 'sec1',
    format: 'pem',
  }),
  Ed25519: pemOf(generateKeyPairSync('ed25519').privateKey, { type: 'pkcs8', format: 'pem' }),
}

/** The places a key turns up in a tool's output, each a way of writing its lines. */
const places: readonly [string, (pem: string) => string][] = [
  ['as a file', (pem) => pem],
  ['in JSON', (pem) => JSON.stringify({ key: pem })],
  ['in JSON of JSON', (pem) => JSON.stringify(JSON.stringify({ key: pem }))],
  ['with CRLF line ends', (pem) => pem.replace(/\n/gu, '\r\n')],
  ['indented in YAML', (pem) => `key: |\n${pem.replace(/^/gmu, '    ')}`],
  ['added in a diff', (pem) => pem.replace(/^/gmu, '+')],
  ['on one line', (pem) => pem.replace(/\n/gu, ' ')],
]

const found = Object.entries(keys).flatMap(([kind, pem]) =>
  places.map(([place, write]) => ({ kind, place, pem, text: write(pem) })),
)

describe('§25 pem-private-key: a key is its markers with a body between them', () => {
  it.each(found)('finds an $kind key $place, body and all', ({ pem, text }) => {
    const body = pem
      .split('\n')
      .slice(1, -1)
      .filter((line) => line !== '')
    for (const scanner of [alone, recommended]) {
      const redacted = scanner.redact(text)
      for (const line of body) expect(redacted).not.toContain(line)
    }
    expect(alone.scan(text)).toHaveLength(1)
  })

  it.each<[string, string]>([
    [
      'a PEM parser quoting both markers on one line',
      `if (line === '-----BEGIN PRIVATE KEY-----') { inKey = true } else if (line === '-----END PRIVATE KEY-----') inKey = false`,
    ],
    [
      'the same, each marker on its own line',
      [
        "const begin = '-----BEGIN RSA PRIVATE KEY-----'",
        'function parse(text: string) { return text.split(begin)[1] }',
        "const end = '-----END RSA PRIVATE KEY-----'",
      ].join('\n'),
    ],
    [
      'a test that prints the markers around a placeholder',
      '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----',
    ],
    [
      'a usage message',
      'expected "-----BEGIN EC PRIVATE KEY-----" ... "-----END EC PRIVATE KEY-----", got "ssh-ed25519 AAAA"',
    ],
  ])('finds no key in %s', (_name, text) => {
    expect(alone.scan(text)).toEqual([])
    expect(recommended.scan(text)).toEqual([])
  })

  it('finds each of two keys printed one after the other', () => {
    const text = `${keys.Ed25519}\n${keys['EC (SEC1)']}`
    expect(alone.scan(text)).toHaveLength(2)
  })
})
