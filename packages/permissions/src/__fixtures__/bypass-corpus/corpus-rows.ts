import type { PermissionSettings } from '@toolpipe/settings-files'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'

// What every theme of the bypass corpus shares: the row shapes, where cases come from, and the
// rule sets most rows meet. The themes are concatenated in ../bypass-corpus.ts.

/**
 * One row of the bypass corpus (STYLE habit 15): a command line (or a path, a URL, a call), the
 * rules it meets, the decision it must get, and where the case came from.
 */
export interface CorpusRow {
  readonly line: string
  readonly rules: PermissionSettings
  readonly expected: 'allow' | 'ask' | 'deny'
  readonly source: string
  /** What `line` is (default: a command line). */
  readonly kind?: 'command' | 'read' | 'edit' | 'fetch' | 'call'
  readonly mode?: Mode
  /** The tool's rule name (default `Bash`; for `call`, the tool matched by name). */
  readonly ruleName?: string
  /** A `call`'s arguments. */
  readonly args?: Record<string, unknown>
  /** Paths are inside a real scratch project with symlinks (see symlink rows). */
  readonly onDisk?: boolean
  /**
   * Run by real bash too, in a scratch project with stub programs (bypass-corpus.test.ts): where
   * the line is allowed, every program bash runs must be allowed; `hides` names the program bash
   * runs that the judge cannot see, so the row is shown to be a real hole.
   */
  readonly realBash?: { readonly hides?: string }
}

export const docs = 'https://code.claude.com/docs/en/permissions'
export const geminiDocs =
  'https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/policy-engine.md'
export const claude = (number: number) =>
  `https://github.com/anthropics/claude-code/issues/${number}`
export const claudePull = (number: number) =>
  `https://github.com/anthropics/claude-code/pull/${number}`
export const gemini = (number: number) =>
  `https://github.com/google-gemini/gemini-cli/issues/${number}`
export const geminiPull = (number: number) =>
  `https://github.com/google-gemini/gemini-cli/pull/${number}`
export const codex = (number: number) => `https://github.com/openai/codex/issues/${number}`
export const codexPull = (number: number) => `https://github.com/openai/codex/pull/${number}`

/** The small rule set most rows meet: a few everyday commands allowed, a few dangerous ones denied. */
export const base: PermissionSettings = {
  allow: [
    'Bash(npm test *)',
    'Bash(npm run lint)',
    'Bash(git status)',
    'Bash(git diff *)',
    'Bash(git commit *)',
    'Bash(ls *)',
    'Bash(echo *)',
    'Bash(cat *)',
    'Bash(grep *)',
    'Bash(mkdir *)',
  ],
  deny: [
    'Bash(rm *)',
    'Bash(curl *)',
    'Bash(git push *)',
    'Edit(.env)',
    'Edit(//etc/**)',
    'Read(.env)',
  ],
}

export const paths: PermissionSettings = {
  allow: ['Read(src/**)', 'Edit(src/**)'],
  deny: ['Read(.env)', 'Read(secrets/**)', 'Edit(//etc/**)', 'Read(~/.ssh/**)'],
}

export const fetches: PermissionSettings = {
  allow: ['WebFetch(domain:example.com)', 'WebFetch(domain:*.docs.rs)'],
  deny: ['WebFetch(domain:evil.com)'],
}

export const rows = (
  rules: PermissionSettings,
  source: string,
  list: readonly (readonly [string, CorpusRow['expected']])[],
  extra: Partial<CorpusRow> = {},
): CorpusRow[] => list.map(([line, expected]) => ({ line, rules, expected, source, ...extra }))

/** Rows for Gemini CLI policy files: a TOML policy, a line, the decision. */
export interface GeminiCorpusRow {
  readonly policy: string
  readonly line: string
  readonly expected: 'allow' | 'ask' | 'deny'
  readonly source: string
  readonly rules?: PermissionSettings
}
