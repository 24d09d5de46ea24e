import { describe, expect, it } from 'vitest'
import { bashParser, syntaxTree } from '../../__fixtures__/shell-words.js'
import { analyzeShell } from './analyze-shell.js'
import { bodyHiding, readHereDocuments, unquoteDelimiter } from './here-documents.js'

const parser = bashParser()

describe('bodyHiding', () => {
  it('finds what an expanded body runs: backticks, $(…), $[…], a subscript bash evaluates', () => {
    expect(bodyHiding('hello $HOME')).toEqual([])
    expect(bodyHiding('`rm x`')).toEqual(['a backtick substitution in a here-document'])
    expect(bodyHiding('$(rm x)')).toEqual(['a substitution $(…) in a here-document'])
    expect(bodyHiding('$[1]')).toEqual(['arithmetic $[…] in a here-document'])
    expect(bodyHiding('${a[$(x)]}')).toEqual([
      'an expansion ${…} in a here-document that bash evaluates',
      'a substitution $(…) in a here-document',
    ])
  })
})

describe('unquoteDelimiter', () => {
  it('reads the end word, and whether any quoting keeps the body from being expanded', () => {
    expect(unquoteDelimiter('EOF')).toEqual({ word: 'EOF', quoted: false })
    expect(unquoteDelimiter("'EOF'")).toEqual({ word: 'EOF', quoted: true })
    expect(unquoteDelimiter('"E"OF')).toEqual({ word: 'EOF', quoted: true })
    expect(unquoteDelimiter('E\\OF')).toEqual({ word: 'EOF', quoted: true })
  })
})

describe('here-documents as bash reads them', () => {
  it('hides a command in an unquoted body, and none in a quoted one', () => {
    expect(analyzeShell(parser(), 'cat <<E\n$(rm -rf ~)\nE').hidingConstructs).toEqual([
      'a substitution $(…) in a here-document',
      'a command substitution $(…)',
    ])
    expect(analyzeShell(parser(), "cat <<'E'\n$(rm -rf ~)\nE").hidingConstructs).toEqual([])
  })
})

describe('readHereDocuments', () => {
  it('reads each body as bash does, and whether bash expands it (an unquoted delimiter)', () => {
    const line = "cat <<E\nhi $(x)\nE\ncat <<-'F'\n\tbody\n\tF"
    const read = readHereDocuments(syntaxTree(parser(), line), line)
    expect(read.misread).toBeUndefined()
    expect(read.documents.map(({ body, expanded }) => ({ body, expanded }))).toEqual([
      { body: 'hi $(x)\n', expanded: true },
      { body: '\tbody\n', expanded: false },
    ])
  })

  it('says the line is misread where the parser ends a body where bash does not', () => {
    const line = 'cat <<E\nhi\n E\nE'
    expect(readHereDocuments(syntaxTree(parser(), line), line)).toEqual({
      documents: [],
      misread: 'the parser ended a here-document where bash does not (delimiter "E")',
    })
  })
})
