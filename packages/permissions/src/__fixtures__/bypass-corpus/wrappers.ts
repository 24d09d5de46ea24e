import { base, claude, codex, codexPull, docs, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'
import { programsRunningProgramsRows } from './programs-running-programs.js'
import { reservedWordRows } from './reserved-words.js'

/** Wrappers and prefixes: wrappers stripped with their options, `VAR=` prefixes, path-named programs. */
export const wrapperRows: readonly CorpusRow[] = [
  // Wrappers: stripped, with their own options, before matching.
  ...rows(base, claude(92542), [
    ['timeout 10 rm -rf /', 'deny'],
    ['timeout -s KILL 10 rm x', 'deny'],
    ['timeout --signal=KILL -k 5 10 rm x', 'deny'],
    ['nice -n 5 rm x', 'deny'],
    ['nice -10 rm x', 'deny'],
    ['nohup rm x &', 'deny'],
    ['stdbuf -oL rm x', 'deny'],
    ['command rm x', 'deny'],
    ["builtin eval 'rm x'", 'deny'],
    ['noglob rm *', 'deny'],
    ['time rm x', 'deny'],
    ['time -p rm x', 'deny'],
    ['timeout 5 nice -n 1 nohup rm x', 'deny'],
    ['timeout --weird 5 rm x', 'ask'],
    ['exec rm x', 'deny'],
    ['sudo rm -rf /', 'deny'],
    ['sudo -u root rm x', 'deny'],
  ]),
  ...rows(base, 'https://github.com/princezuda/safestclaw/issues/59', [
    ['env rm x', 'deny'],
    ['env -i PATH=/bin rm x', 'deny'],
    ['env -u HOME rm x', 'deny'],
    ["env -S 'rm -rf /'", 'deny'],
    ['env -- rm x', 'deny'],
  ]),
  // SPEC §26's wrappers with combined and long flags: each spelling strips to the command.
  ...rows(base, 'https://man7.org/linux/man-pages/man1/env.1.html', [
    ['env -vS "rm -rf x"', 'deny'],
    ["env -iS'rm -rf x'", 'deny'],
    ['chrt --other 0 rm -rf x', 'deny'],
    ['chrt --idle 0 rm -rf x', 'deny'],
    ['flock --verbose /tmp/l rm -rf x', 'deny'],
    ['flock --no-fork /tmp/l rm -rf x', 'deny'],
    ['nice --5 rm -rf x', 'deny'],
    ['sudo --preserve-env rm -rf x', 'deny'],
    ['sudo --preserve-env=HOME rm -rf x', 'deny'],
    ['sudo VAR=1 rm -rf x', 'deny'],
    ['sudo -E VAR=1 OTHER=2 rm -rf x', 'deny'],
    ['env -xS "rm -rf x"', 'ask'],
  ]),
  // env(1)'s `-C dir`/`--chdir=dir` runs the command in dir: the paths it opens are there.
  ...rows(base, 'https://man7.org/linux/man-pages/man1/env.1.html', [
    ["env -C /etc sh -c 'echo x > passwd'", 'deny'],
    ['env -C /etc git diff --output=passwd', 'deny'],
    ['env --chdir=/etc git diff --output=passwd', 'deny'],
    ['env -iC/etc git diff --output=passwd', 'deny'],
  ]),
  ...rows(
    base,
    'https://man7.org/linux/man-pages/man1/env.1.html',
    [
      ['env -C /tmp git diff --output=notes', 'ask'],
      ['env -C src git diff --output=notes', 'allow'],
      ['git diff --output=notes', 'allow'],
    ],
    { mode: 'acceptEdits' },
  ),
  // A hook copied into a repository's git folder through `env -C` ran at the next commit.
  ...rows(
    { allow: ['Bash(mkdir *)', 'Bash(cp *)', 'Bash(cd *)', 'Bash(git commit *)'] },
    'https://man7.org/linux/man-pages/man1/env.1.html',
    [
      [
        'env -C repo/.git mkdir hooks; env -C repo/.git/hooks cp ../../../tmpl/hooks/pre-commit .; cd repo && git commit --allow-empty -qm x',
        'ask',
      ],
    ],
    { realBash: { hides: 'rm' } },
  ),
  ...rows(base, 'https://github.com/danielmiessler/LifeOS/issues/732', [
    ['xargs rm < list', 'deny'],
    ['ls | xargs rm', 'deny'],
    ['ls | xargs -0 rm -f', 'deny'],
    ['find / | xargs -I% rm -f %', 'deny'],
    ["find . -name '*.tmp' -exec rm {} \\;", 'deny'],
    ["find . -exec sh -c 'rm {}' \\;", 'deny'],
    ['find . -execdir rm {} +', 'deny'],
  ]),
  ...rows(base, docs, [
    ['timeout 30 npm test', 'allow'],
    ['nice -n 10 npm test -- --watch=false', 'allow'],
    ['nohup npm test', 'allow'],
    ['time npm test', 'allow'],
    ['env NODE_ENV=test npm test', 'allow'],
    ['ls | xargs grep TODO', 'allow'],
    ['command -v rm', 'ask'],
    ['timeout 30 npm publish', 'ask'],
    ['xargs -n1 echo < list', 'ask'],
  ]),
  ...rows({ allow: ['Bash(find *)', 'Bash(grep *)'] }, claude(6036), [
    ['find . -name "*.json" -exec grep -l pattern {} \\;', 'allow'],
    ['find . -exec curl x \\;', 'ask'],
  ]),
  ...rows(
    { allow: ['Bash(xargs *)'] },
    'https://github.com/intelligentcode-ai/claude-code-vm/issues/4',
    [
      ['ls | xargs rm -rf /', 'ask'],
      ['xargs -0 sh -c "rm x"', 'ask'],
    ],
  ),

  // VAR= prefixes: skipped for deny rules; only safe variables for allow rules.
  ...rows(base, 'https://github.com/anthropics/claude-code/issues/31558', [
    ['FOO=1 rm x', 'deny'],
    ['A=1 B=2 rm -rf /', 'deny'],
    ['LD_PRELOAD=/tmp/x.so npm test', 'ask'],
    ['NODE_OPTIONS=--require=/tmp/x.js npm test', 'ask'],
    ['PATH=/tmp:$PATH npm test', 'ask'],
    ['BASH_ENV=/tmp/x npm test', 'ask'],
    ["GIT_SSH_COMMAND='sh -c x' git status", 'ask'],
    ['NODE_ENV=test npm test', 'allow'],
    ['CI=1 NODE_ENV=production npm test', 'allow'],
    ['env LD_PRELOAD=x npm test', 'ask'],
    ['X=1; rm y', 'deny'],
    ['export PATH=/tmp; npm test', 'ask'],
    ['PYTHONPATH=/tmp git status', 'ask'],
  ]),

  // Absolute-path binaries: their basename for deny and ask; allow rules as written.
  ...rows(base, claude(92542), [
    ['/bin/rm -rf /', 'deny'],
    ['/usr/bin/rm x', 'deny'],
    ['./rm x', 'deny'],
    ['../bin/rm x', 'deny'],
    ['/usr/bin/git push origin main', 'deny'],
    ['"/bin/rm" x', 'deny'],
  ]),
  ...rows({ allow: ['Bash(sed *)', 'Bash(cat *)'] }, codex(28732), [
    ['./sed -n 1p file.txt', 'ask'],
    ['/usr/bin/sed -n 1p file.txt', 'ask'],
    ['sed -n 1p file.txt', 'allow'],
  ]),
  ...rows({ allow: ['Bash(cat *)'] }, codexPull(20277), [
    ['/tmp/cat file', 'ask'],
    ['c\\at file', 'allow'],
  ]),
  ...reservedWordRows,
  ...programsRunningProgramsRows,
]
