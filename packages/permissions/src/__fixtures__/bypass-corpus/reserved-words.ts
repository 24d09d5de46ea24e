import { base, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'

/**
 * Reserved words and builtins as bash reads them (SPEC §18.2: "any simple command that is denied
 * denies the call"; §26: `coproc` is a wrapper for deny and ask rules): tree-sitter-bash reads no
 * compound command after `coproc`, `time` or `!`, so `coproc { rm x; }` was a command named
 * `coproc` and its `rm` unseen; `jobs -x` runs its words; `select NAME` and `wait -p NAME` assign
 * NAME. Each deny row ran `rm` in real bash (a `wait` lets the coprocess finish first).
 */

const bashManual = (page: string) => `https://www.gnu.org/software/bash/manual/html_node/${page}`

/** Lines that wait for a job, and a loop over a variable, with the everyday programs allowed. */
const jobsAllowed = { allow: ['Bash(git *)', 'Bash(wait *)', 'Bash(ls *)'], deny: ['Bash(rm *)'] }

export const reservedWordRows: readonly CorpusRow[] = [
  // bash(1), "Coprocesses": `coproc [NAME] command [redirections]`; NAME only before a compound.
  ...rows(
    base,
    bashManual('Coprocesses.html'),
    [
      ['coproc { rm -f notes.txt; }; wait', 'deny'],
      ['coproc NAME { rm -f notes.txt; }; wait', 'deny'],
      ['coproc NAME for f in notes.txt; do rm "$f"; done; wait', 'deny'],
      ['coproc NAME ( rm -f notes.txt ); wait', 'deny'],
      ['coproc NAME while rm -f notes.txt; do break; done; wait', 'deny'],
      ['coproc NAME if true; then rm -f notes.txt; fi; wait', 'deny'],
      ['coproc NAME case x in x) rm -f notes.txt;; esac; wait', 'deny'],
      ['coproc { coproc { rm -f notes.txt; }; wait; }; wait', 'deny'],
      // NAME is expanded: its substitution runs.
      ['coproc $(rm -f notes.txt) { ls; }; wait', 'deny'],
      ['coproc rm -f notes.txt; wait', 'deny'],
    ],
    { realBash: { hides: 'rm' } },
  ),
  ...rows(base, bashManual('Coprocesses.html'), [
    // No allow rule allows what a coprocess runs, as none allows `coproc ls`.
    ['coproc NAME { ls; }; wait', 'ask'],
    ['coproc ls; wait', 'ask'],
    ['coproc { ls; } > out.txt', 'ask'],
  ]),
  // bash(1), "Pipelines": `[time [-p]] [!] command1 [| command2 …]`, a compound command too.
  ...rows(
    base,
    bashManual('Pipelines.html'),
    [
      ['time { rm -f notes.txt; }', 'deny'],
      ['time -p { rm -f notes.txt; }', 'deny'],
      ['time -p -- for f in notes.txt; do rm "$f"; done', 'deny'],
      ['! { rm -f notes.txt; }', 'deny'],
      ['! if true; then rm -f notes.txt; fi', 'deny'],
      ['! ! { rm -f notes.txt; }', 'deny'],
      ['! time coproc { rm -f notes.txt; }; wait', 'deny'],
      // bash(1), "Definitions": `\` + newline is removed before a word is read (`ti\⏎me`).
      ['ti\\\nme { rm -f notes.txt; }', 'deny'],
      ['ti\\\nme -p { rm -f notes.txt; }', 'deny'],
      ['time -\\\np { rm -f notes.txt; }', 'deny'],
      ['cop\\\nroc { rm -f notes.txt; }; wait', 'deny'],
    ],
    { realBash: { hides: 'rm' } },
  ),
  // After `|` or `|&` bash reads no `time` (parse.y, `time_command_acceptable`): it is the time
  // program on PATH, which runs its words `! echo hi` as a command: no rule allows `!`.
  ...rows(base, bashManual('Pipelines.html'), [
    ['echo | time ! echo hi', 'ask'],
    ['echo |& time [[ -n x ]]', 'ask'],
    ['echo |\n time ! echo hi', 'ask'],
  ]),
  ...rows(
    base,
    bashManual('Pipelines.html'),
    [
      ['time { ls; }', 'allow'],
      ['time -p ( ls src )', 'allow'],
      ['! { ls; } && echo none', 'allow'],
    ],
    { realBash: {} },
  ),
  // bash(1), "Job Control Builtins": `jobs -x command [arguments]` runs the command.
  ...rows(
    base,
    bashManual('Job-Control-Builtins.html'),
    [
      ['jobs -x rm -f notes.txt', 'deny'],
      ['jobs -x -- rm -f notes.txt', 'deny'],
      ['jobs -x timeout 5 rm -f notes.txt', 'deny'],
    ],
    { realBash: { hides: 'rm' } },
  ),
  ...rows(base, bashManual('Job-Control-Builtins.html'), [
    ['jobs -x sh -c "rm -f notes.txt"', 'deny'],
    ['jobs -xl bash -c "rm -f notes.txt"', 'deny'],
    ['jobs -x ls', 'ask'],
  ]),
  // `select NAME in …` and `wait -p NAME` assign NAME (bash(1), "Conditional Constructs", "Job
  // Control Builtins"): to PATH, `select PATH in /tmp/bin; do git status; done` ran /tmp/bin/git.
  ...rows(jobsAllowed, bashManual('Conditional-Constructs.html'), [
    ['select PATH in /tmp/bin; do git status; done <<< 1', 'ask'],
    ['select IFS in /; do git status; done', 'ask'],
    ['select BASH_ENV in ./env.sh; do git status; done', 'ask'],
    ['select name in a b; do git status; done', 'allow'],
  ]),
  ...rows(jobsAllowed, bashManual('Job-Control-Builtins.html'), [
    ['ls & wait -n -p PATH; git status', 'ask'],
    ['wait -p PROMPT_COMMAND', 'ask'],
    ['wait -np OPTIND', 'ask'],
    ['ls & wait -n -p pid; git status', 'allow'],
  ]),
]
