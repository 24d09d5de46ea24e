import { lintSource } from '@secretlint/core'
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend'
import { credentialKinds, fakeCredentials, ordinaryOutput } from '@toolpipe/fake-secrets'
import { redactSecrets } from '@toolpipe/redact'

const quick = process.env.BENCH_QUICK === '1'

/** secretlint's own linter on one text, the recommended preset: the `[start, end)` it reports. */
async function secretlint(text: string): Promise<[number, number][]> {
  const result = await lintSource({
    source: { filePath: 'tool-output.txt', content: text, ext: '.txt', contentType: 'text' },
    options: {
      config: {
        rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommendedPreset }],
      },
    },
  })
  return result.messages.map((message) => [message.range[0], message.range[1]])
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`

/** Recall per kind: ours and secretlint's own linter's, a table row each. */
async function recall(
  scan: (text: string) => readonly { start: number; end: number }[],
): Promise<{ rows: string[]; ours: number; theirs: number; total: number }> {
  const credentials = fakeCredentials(quick ? 5 : 40)
  const rows: string[] = []
  let ours = 0
  let theirs = 0
  for (const kind of credentialKinds) {
    const of = credentials.filter((credential) => credential.kind === kind)
    let found = 0
    let foundByLinter = 0
    for (const credential of of) {
      const start = credential.text.indexOf(credential.secret)
      const end = start + credential.secret.length
      if (scan(credential.text).some((finding) => finding.start <= start && finding.end >= end))
        found++
      if ((await secretlint(credential.text)).some(([from, to]) => from <= start && to >= end))
        foundByLinter++
    }
    ours += found
    theirs += foundByLinter
    rows.push(
      `| ${kind} | ${String(of.length)} | ${percent(found, of.length)} | ${percent(foundByLinter, of.length)} |`,
    )
  }
  return { rows, ours, theirs, total: credentials.length }
}

/**
 * Issue #41's bench: recall on realistic fake credentials of every kind (`@toolpipe/fake-secrets`:
 * each kind in the shapes its service issues and the places tools print it), false positives per
 * line on ordinary tool output, and scan cost per KB — `redactSecrets().scan` beside secretlint's
 * own linter (`@secretlint/core`'s `lintSource` with the recommended preset) on the same text. A
 * credential counts as found when a finding covers the whole value.
 */
export async function runRedactCheck(): Promise<string> {
  const redactor = redactSecrets()
  const scan = (text: string) => redactor.scan(text)
  const { rows, ours, theirs, total } = await recall(scan)
  const outputs = ordinaryOutput(quick ? 20 : 200)
  let lines = 0
  let flagged = 0
  let flaggedByLinter = 0
  const noisyKinds = new Set<string>()
  for (const output of outputs) {
    const count = output.text.split('\n').length
    lines += count
    const findings = scan(output.text)
    flagged += new Set(findings.map((finding) => finding.line)).size
    if (findings.length > 0) noisyKinds.add(output.kind)
    const linted = await secretlint(output.text)
    flaggedByLinter += new Set(
      linted.map(([from]) => output.text.slice(0, from).split('\n').length),
    ).size
  }
  const text = outputs.map((output) => output.text).join('\n')
  const kb = Buffer.byteLength(text) / 1024
  const time = async (run: () => unknown) => {
    const samples: number[] = []
    for (let round = 0; round < (quick ? 3 : 15); round++) {
      const start = performance.now()
      await run()
      samples.push(performance.now() - start)
    }
    samples.sort((a, b) => a - b)
    return ((samples[Math.floor(samples.length / 2)] ?? Number.NaN) * 1000) / kb
  }
  const perKb = await time(() => scan(text))
  const perKbLinter = await time(() => secretlint(text))
  return [
    '#### redact: recall on fake credentials, false positives on ordinary output, cost per KB',
    '',
    '| kind | credentials | `redactSecrets().scan` | secretlint `lintSource` (recommended) |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    `| **all** | ${String(total)} | **${percent(ours, total)}** | ${percent(theirs, total)} |`,
    '',
    `false positives on ordinary tool output (${String(lines)} lines of ${String(outputs.length)} outputs, ${String(new Set(outputs.map((output) => output.kind)).size)} kinds): ` +
      `redactSecrets ${percent(flagged, lines)} of lines${noisyKinds.size > 0 ? ` (${[...noisyKinds].join(', ')})` : ''}, secretlint ${percent(flaggedByLinter, lines)}`,
    `scan cost on that output (${kb.toFixed(0)} KB, median of ${quick ? '3' : '15'}): redactSecrets ${perKb.toFixed(1)} µs/KB, secretlint ${perKbLinter.toFixed(1)} µs/KB (${(perKb / perKbLinter).toFixed(2)}×)`,
    '',
  ].join('\n')
}
