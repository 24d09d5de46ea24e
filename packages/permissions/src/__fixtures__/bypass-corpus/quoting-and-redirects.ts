import { base, claude, codexPull, docs, gemini, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'

/** Quoting tricks, redirections as edit and read subjects, lookalike characters. */
export const quotingRows: readonly CorpusRow[] = [
  // Quoting tricks: matched on the words the shell runs.
  ...rows(base, codexPull(20277), [
    ['"rm" -rf /', 'deny'],
    ["'rm' -rf /", 'deny'],
    ['r\\m -rf /', 'deny'],
    ['\\rm -rf /', 'deny'],
    ['r""m x', 'deny'],
    ["r''m x", 'deny'],
    ["$'\\x72\\x6d' -rf /", 'deny'],
    ["$'\\162\\155' x", 'deny'],
    ["$'\\u0072m' x", 'deny'],
    ['git "push" origin', 'deny'],
    ['git pu\\sh origin', 'deny'],
    ["git 'p'ush", 'deny'],
    ['rm$IFS-rf$IFS/', 'ask'],
    ['git $SUBCOMMAND origin', 'ask'],
    ['rm $DIR', 'deny'],
    ['{rm,-rf,/}', 'ask'],
    ['echo {a,b} && git {push,status}', 'ask'],
  ]),
  ...rows(base, docs, [
    ['echo "rm -rf /"', 'allow'],
    ["echo 'a; rm -rf /'", 'allow'],
    ['git commit -m "fix: a && b"', 'allow'],
    ['grep -r "TODO|FIXME" src', 'allow'],
    ['echo "it\'s"', 'allow'],
    ['echo done # rm -rf /', 'allow'],
    ['echo "unterminated', 'ask'],
    ['npm test &&', 'ask'],
  ]),
  ...rows(
    { allow: ['Bash(git status:*)'] },
    'https://github.com/anthropics/claude-code/issues/13371',
    [
      ['git status --short', 'allow'],
      ['git statusx', 'ask'],
      ['git status; git push', 'ask'],
    ],
  ),
  ...rows({ allow: ['Bash(ls *)'] }, docs, [
    ['ls -la', 'allow'],
    ['ls', 'allow'],
    ['lsof -i', 'ask'],
  ]),
  ...rows({ allow: ['Bash(ls*)'] }, docs, [
    ['lsof -i', 'allow'],
    ['ls', 'allow'],
  ]),
  ...rows({ allow: ['Bash(git * main)'] }, docs, [
    ['git checkout main', 'allow'],
    ['git merge main', 'allow'],
    ['git merge main && rm x', 'ask'],
  ]),
  ...rows({ deny: ['Bash(rm -rf /:*)'] }, claude(18613), [
    ['rm -rf /', 'deny'],
    ['rm -rf / --no-preserve-root', 'deny'],
    ['rm -fr /', 'ask'],
  ]),

  // Redirects: their targets are edit subjects (reads: deny and ask rules only).
  ...rows(base, claude(81667), [
    ['echo x > .env', 'deny'],
    ['echo x >> .env', 'deny'],
    ['git status > .env', 'deny'],
    ['echo x &> /etc/passwd', 'deny'],
    ['echo x >| .env', 'deny'],
    ['echo x 2> .env', 'deny'],
    ['echo x &>> .env', 'deny'],
    ['echo x >&/etc/hosts', 'deny'],
    ['echo x > src/../.env', 'deny'],
    ['echo x > out.txt', 'ask'],
    ['git status --short --branch > b.txt', 'ask'],
    ['echo x > $FILE', 'ask'],
    ['cat < .env', 'deny'],
    ['cat < input.txt', 'allow'],
    ['{ echo x; } > .env', 'deny'],
    ['(echo x) >> .env', 'deny'],
  ]),
  ...rows(base, claude(27899), [
    ['npm test 2>&1', 'allow'],
    ['npm test > /dev/null 2>&1', 'allow'],
    ['echo x >&2', 'allow'],
    ['npm test 2>/dev/null', 'allow'],
    ['echo x >&-', 'allow'],
  ]),
  ...rows(
    base,
    claude(81667),
    [
      ['echo x > out.txt', 'allow'],
      ['echo x > /tmp/out.txt', 'ask'],
    ],
    { mode: 'acceptEdits' },
  ),
  ...rows({ allow: ['Bash(printf *)'] }, claude(94742), [
    ['printf x > redirected.txt', 'ask'],
    ['printf x', 'allow'],
  ]),
  ...rows({ allow: ['Bash(echo *)', 'Bash(mkdir *)'] }, gemini(16454), [
    ['mkdir -p "bar" && echo "x" > bar/test.md', 'ask'],
  ]),

  // Lookalike characters: another name is another command, never the allowed one.
  ...rows(base, claude(29489), [
    ['rм -rf /', 'ask'],
    ['ｒｍ -rf /', 'ask'],
    ['rm\u200b -rf /', 'ask'],
    ['echo\u00a0hi; rm x', 'deny'],
  ]),
  ...rows({ allow: ['Bash(git push *)', 'Bash(git status)'] }, claude(29489), [
    ['git рush origin', 'ask'],
    ['git sta\u200btus', 'ask'],
    ['git push origin', 'allow'],
  ]),
]
