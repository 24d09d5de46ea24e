import { credentialKinds, fakeCredentials, ordinaryOutput } from '@toolpipe/fake-secrets'
import { describe, expect, it } from 'vitest'
import { redactSecrets } from './redact-secrets.js'
import { supplementaryRules } from './supplementary-rules.js'

// The kinds issue #41 names, each in the shapes the service issues and the places tools print it
// (`@toolpipe/fake-secrets`); the recall and false-positive rates over a larger corpus are in bench/.
describe("'recommended': secretlint's preset and toolpipe's supplementary rules", () => {
  const { scan, redact } = redactSecrets()
  const credentials = fakeCredentials(3)

  it.each(credentialKinds)('finds %s credentials, the value itself', (kind) => {
    for (const credential of credentials.filter((item) => item.kind === kind)) {
      const start = credential.text.indexOf(credential.secret)
      const findings = scan(credential.text)
      expect(
        findings.some(
          (finding) => finding.start <= start && finding.end >= start + credential.secret.length,
        ),
        `${kind}: ${credential.text.slice(0, 60)}`,
      ).toBe(true)
      expect(redact(credential.text)).not.toContain(credential.secret)
    }
  })

  it('finds nothing in ordinary tool output: logs, diffs, lockfiles, digests, UUIDs, images, minified code', () => {
    const noisy = ordinaryOutput(20).filter((output) => scan(output.text).length > 0)
    expect(noisy.map((output) => output.kind)).toEqual([])
  })

  it("redacts the AWS key itself, not the name before it (secretlint's AWS rule reports the wrong range)", () => {
    const key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYz0QWERT9k3' // 40 characters
    expect(redact(`AWS_SECRET_ACCESS_KEY=${key}`)).toBe('AWS_SECRET_ACCESS_KEY=[REDACTED:aws]')
  })

  it('finds every credential inside JSON text, as a structured result’s content holds it', () => {
    // `content` defaults to the JSON of `structured`: quotes there are `\"`, and in JSON of JSON `\\\"`.
    for (const credential of credentials) {
      for (const text of [
        JSON.stringify({ out: credential.text }),
        JSON.stringify(JSON.stringify({ out: credential.text })),
      ]) {
        expect(redact(text), `${credential.kind}: ${text.slice(0, 60)}`).not.toContain(
          credential.secret,
        )
      }
    }
  })

  it('finds an AWS secret key after its JSON name, escaped or not', () => {
    const key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYz0QWERT9k3'
    const object = { SecretAccessKey: key }
    for (const text of [JSON.stringify(object), JSON.stringify(JSON.stringify(object))]) {
      expect(redact(text)).not.toContain(key)
    }
  })

  describe('§25 every match counts: a key printed two or three times is redacted every time', () => {
    const key = 'Er7zvEnfN5EzJBtv301vCVJqYTyU3jMdkaT1mWtl'
    const forms: readonly [string, (value: string) => string][] = [
      ['=', (value) => `AWS_SECRET_ACCESS_KEY=${value}`],
      [':', (value) => `aws_secret_access_key: ${value}`],
      ['=>', (value) => `{ :secret_access_key => "${value}" }`],
    ]
    const cases = forms.flatMap(([form, write]) =>
      [2, 3].map((copies) => ({
        form,
        copies,
        text: ['production', 'staging', 'test']
          .slice(0, copies)
          .map((stage) => `${stage}:    ${write(key)}`)
          .join('\n'),
      })),
    )
    const starts = (text: string) => {
      const found: number[] = []
      for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) found.push(at)
      return found
    }

    it.each(cases)('$copies copies after `$form`: each found by the aws rule', ({ text }) => {
      const findings = scan(text)
      expect(findings.map((finding) => [finding.ruleId, finding.start])).toEqual(
        starts(text).map((start) => ['aws', start]),
      )
      expect(redact(text)).not.toContain(key)
    })

    it.each(cases.filter(({ form }) => form === '=>'))(
      'the supplementary aws-secret-access-key rule alone reads `=>` too ($copies copies)',
      ({ text }) => {
        const rule = supplementaryRules.find(({ id }) => id === 'aws-secret-access-key')
        const alone = redactSecrets({ rules: rule === undefined ? [] : [rule] })
        expect(alone.scan(text).map((finding) => finding.start)).toEqual(starts(text))
        expect(alone.redact(text)).not.toContain(key)
      },
    )
  })
})

describe('§25 "allow … exact values never redacted": a basic-auth finding is the password', () => {
  const password = 'S3cr3tPassw0rd'
  const url = `git clone https://alice:${password}@example.com/repo.git`

  it('redacts or masks the password only: the scheme, user and host stay', () => {
    const { scan, redact } = redactSecrets()
    const start = url.indexOf(password)
    expect(scan(url)).toEqual([
      { ruleId: 'basicauth', start, end: start + password.length, line: 1 },
    ])
    expect(redact(url)).toBe('git clone https://alice:[REDACTED:basicauth]@example.com/repo.git')
    expect(redactSecrets({ action: 'mask' }).redact(url)).toBe(
      'git clone https://alice:S3cr******w0rd@example.com/repo.git',
    )
  })

  it('allow: [password] exempts it', () => {
    const allowed = redactSecrets({ allow: [password] })
    expect(allowed.scan(url)).toEqual([])
    expect(allowed.redact(url)).toBe(url)
  })

  it('finds each URL’s password, one printed twice both times, ftp too', () => {
    const other = 'ftp://bob:Zq9xWv8uT7@files.example.org'
    const text = `${url}\n${other} and https://alice:${password}@example.com`
    expect(redactSecrets().redact(text)).toBe(
      [
        'git clone https://alice:[REDACTED:basicauth]@example.com/repo.git',
        'ftp://bob:[REDACTED:basicauth]@files.example.org and https://alice:[REDACTED:basicauth]@example.com',
      ].join('\n'),
    )
  })
})
