import { rules as secretlintRules } from '@secretlint/secretlint-rule-preset-recommend'

/** One compiled rule: its id, and the `[start, end)` ranges it finds in a text. */
export interface Scanner {
  readonly id: string
  /** Whether a text may hold what the rule finds (its keywords); undefined: always searched. */
  readonly mayHold?: ((text: string) => boolean) | undefined
  scan(text: string): [number, number][]
}

/** The part of a secretlint rule creator this package drives (`@secretlint/types`). */
interface SecretlintRule {
  readonly meta: { readonly id: string; readonly type?: string }
  create(
    context: {
      createTranslator: () => (id: string, values?: Record<string, unknown>) => unknown
      report: (descriptor: { message: unknown; range: readonly [number, number] }) => void
      ignore: () => void
    },
    options: Record<string, unknown>,
  ): { file?: (source: SecretlintSource) => unknown }
}

interface SecretlintSource {
  readonly content: string
  readonly filePath: string
  readonly ext: string
  readonly contentType: 'text'
}

/**
 * Rules of secretlint's recommended preset that are not scanners of a text: `filter-comments`
 * reads `secretlint-disable` comments in files, which a tool's output must not be able to use to
 * switch the scan off.
 */
const notScanners = new Set(['filter-comments'])

/**
 * secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, MIT), each
 * scanner rule run as it runs in secretlint — its own patterns and checks — on the text as one
 * `.txt` source, its reports read back as ranges. Ids drop the `@secretlint/secretlint-rule-`
 * prefix: `github`, `aws`, `privatekey`.
 */
export function recommendedScanners(): Scanner[] {
  return (secretlintRules as unknown as readonly SecretlintRule[]).flatMap((rule) => {
    const id = rule.meta.id.replace('@secretlint/secretlint-rule-', '')
    if (rule.meta.type !== 'scanner' || notScanners.has(id)) return []
    const within = secretWithin.get(id)
    const scan =
      within === undefined
        ? (text: string) => runRule(rule, text)
        : (text: string) => narrowed(text, runRule(rule, text), within)
    return [{ id, scan }]
  })
}

/** Where the secret lies within what a rule reported, as offsets into it; undefined: all of it. */
type SecretWithin = (reported: string) => readonly [number, number] | undefined

/**
 * The rules whose report is wider than the secret in it, and where in the report the secret is
 * (SPEC §25: `allow` holds exact values, so a finding must be the value). secretlint's
 * `basicauth` reports the whole `https://user:password@host.tld`: the secret is the password,
 * so `allow: [password]` exempts it, and a redacted URL keeps its scheme, user and host
 * (`https://alice:[REDACTED:basicauth]@example.com`).
 */
const secretWithin: ReadonlyMap<string, SecretWithin> = new Map([['basicauth', userinfoPassword]])

/**
 * The password of a URL's userinfo (`scheme://user:password@…`): what follows the first `:` after
 * `://`, up to the `@`. Undefined for a URL without one.
 */
function userinfoPassword(url: string): readonly [number, number] | undefined {
  return /^[^:/]+:\/\/[^:@/]*:(?<password>[^@/]+)@/du.exec(url)?.indices?.groups?.password
}

/** Each of `found` cut down to the secret `within` finds in it (or kept whole). */
function narrowed(
  text: string,
  found: readonly [number, number][],
  within: SecretWithin,
): [number, number][] {
  return found.map(([start, end]) => {
    const inner = within(text.slice(start, end))
    return inner === undefined ? [start, end] : [start + inner[0], start + inner[1]]
  })
}

function runRule(rule: SecretlintRule, text: string): [number, number][] {
  const found: [number, number][] = []
  // The occurrences earlier reports were placed on: each report is placed on its own.
  const taken = new Set<string>()
  const handler = rule.create(
    {
      // The message's values are kept: they name the secret the rule found (see `located`).
      createTranslator: () => (_id, values) => ({ values }),
      report: ({ message, range }) => {
        found.push(located(text, range, message, taken))
      },
      ignore: () => undefined,
    },
    {},
  )
  const pending = handler.file?.({
    content: text,
    filePath: 'tool-output.txt',
    ext: '.txt',
    contentType: 'text',
  })
  // A rule that only answers later (none of the preset's text scanners does) cannot hold up a
  // result: what it reports after this point is not read.
  if (pending instanceof Promise) pending.catch(() => undefined)
  return found
}

/** How far around a reported range the value it names is looked for. */
const searchMargin = 256

/**
 * Where the secret a rule reported really is. A rule names the value in its message, and its
 * range is not always that value's (secretlint's AWS rule reports the key's length from the
 * start of `aws_secret_access_key=`, which would redact the name and leave the key): the value
 * named is looked for within 256 characters around the range, and the occurrence nearest the
 * range kept that no earlier report of the rule was placed on (`taken`, which this adds to). A
 * value that appears twice is reported twice, and each report is placed on its own occurrence,
 * never both on the first (SPEC §25: every match counts). A range whose text is the value, or a
 * value with no free occurrence there, keeps the range.
 */
function located(
  text: string,
  range: readonly [number, number],
  message: unknown,
  taken: Set<string>,
): [number, number] {
  const [start, end] = range
  const values = Object.values(
    (message as { values?: Record<string, unknown> } | undefined)?.values ?? {},
  )
    .filter((value): value is string => typeof value === 'string' && value.length >= 8)
    .sort((a, b) => b.length - a.length)
  for (const value of values) {
    const at = text.slice(start, end) === value ? start : nearestFree(text, value, range, taken)
    if (at === undefined) continue
    taken.add(`${String(at)}:${String(value.length)}`)
    return [at, at + value.length]
  }
  return [start, end]
}

/**
 * The start of the occurrence of `value` nearest `[start, end)` (one overlapping the range first,
 * then by the characters between them, then by distance from `start`) that begins within
 * {@link searchMargin} characters of the range and is not `taken`; undefined when there is none.
 * Only the characters around the range are searched: bounded work per report.
 */
function nearestFree(
  text: string,
  value: string,
  [start, end]: readonly [number, number],
  taken: ReadonlySet<string>,
): number | undefined {
  const from = Math.max(0, start - value.length - searchMargin)
  const area = text.slice(from, end + searchMargin + value.length)
  let best: { at: number; gap: number; distance: number } | undefined
  for (let index = area.indexOf(value); index !== -1; index = area.indexOf(value, index + 1)) {
    const at = from + index
    if (taken.has(`${String(at)}:${String(value.length)}`)) continue
    const gap = Math.max(0, at - end, start - (at + value.length))
    const distance = Math.abs(at - start)
    if (best === undefined || gap < best.gap || (gap === best.gap && distance < best.distance)) {
      best = { at, gap, distance }
    }
  }
  return best?.at
}

/**
 * A rule of your own, compiled: every match of its pattern (a copy with the `g` flag, and `d` to
 * read a named group `secret`, which then is the value).
 */
export function customScanner(rule: {
  readonly id: string
  readonly pattern: RegExp
  readonly keywords?: readonly string[] | undefined
}): Scanner {
  let flags = rule.pattern.flags.replace('y', '')
  if (!flags.includes('g')) flags += 'g'
  if (!flags.includes('d')) flags += 'd'
  const pattern = new RegExp(rule.pattern.source, flags)
  const keywords = rule.keywords ?? []
  // One case-insensitive search for any keyword: cheaper than lower-casing the text.
  const anyKeyword =
    keywords.length === 0
      ? undefined
      : new RegExp(
          keywords.map((keyword) => keyword.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|'),
          'iu',
        )
  return {
    id: rule.id,
    mayHold: anyKeyword === undefined ? undefined : (text) => anyKeyword.test(text),
    scan(text) {
      const found: [number, number][] = []
      for (const match of text.matchAll(pattern)) {
        const range = match.indices?.groups?.secret ?? [match.index, match.index + match[0].length]
        if (range[1] > range[0]) found.push([range[0], range[1]])
      }
      return found
    },
  }
}
