import { Parser } from 'web-tree-sitter'
import { beforeAll, describe, expect, it } from 'vitest'
import { bypassCorpus, geminiCorpus } from '../../__fixtures__/bypass-corpus.js'
import { failClosedCorpus } from '../../__fixtures__/fail-closed-corpus.js'
import { failClosedGeminiCorpus } from '../../__fixtures__/fail-closed-gemini-corpus.js'
import { checkPermission } from '../check-permission.js'
import { loadBashParser } from './bash-parser.js'
import type { BashParser } from './bash-parser.js'

/**
 * When another caller loaded web-tree-sitter before this package did, its module's cursor
 * functions are not this package's to call: trees are copied through `TreeCursor`, and every
 * command line of the corpora is decided as with the direct copy.
 */
let parser: BashParser
beforeAll(async () => {
  await Parser.init()
  parser = await loadBashParser()
})

describe('a parser on a web-tree-sitter another caller loaded first', () => {
  it('copies trees through TreeCursor', () => {
    expect(parser.copy).toBeUndefined()
  })

  it('decides every command line of the corpora as the corpus says', () => {
    const rows = [...bypassCorpus, ...failClosedCorpus].filter(
      (row) => (row.kind ?? 'command') === 'command' && row.onDisk !== true,
    )
    expect(rows.length).toBeGreaterThan(300)
    for (const row of rows) {
      const explanation = checkPermission({
        parser,
        rules: row.rules,
        command: row.line,
        ruleName: row.ruleName,
        mode: row.mode,
        home: '/home/user',
      })
      expect(explanation.decision, `${row.line}: ${explanation.reason}`).toBe(row.expected)
    }
    for (const row of [...geminiCorpus, ...failClosedGeminiCorpus]) {
      const explanation = checkPermission({
        parser,
        command: row.line,
        gemini: row.policy,
        rules: row.rules ?? {},
      })
      expect(explanation.decision, `${row.line}: ${explanation.reason}`).toBe(row.expected)
    }
  })
})
