import { gemini, geminiDocs } from './corpus-rows.js'
import type { GeminiCorpusRow } from './corpus-rows.js'

const allowGit = `[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n`
const denyRm = `[[rule]]\ntoolName = "Bash"\ncommandPrefix = "rm -rf"\ndecision = "deny"\npriority = 100\n`

/** Gemini CLI policy files: a TOML policy, a line, the decision. */
export const geminiCorpus: readonly GeminiCorpusRow[] = [
  { policy: allowGit, line: 'git status', expected: 'allow', source: geminiDocs },
  { policy: allowGit, line: 'gitk', expected: 'ask', source: geminiDocs },
  { policy: allowGit, line: 'git status && rm -rf /', expected: 'ask', source: gemini(11766) },
  {
    policy: allowGit + denyRm,
    line: 'git status && rm -rf /',
    expected: 'deny',
    source: gemini(11766),
  },
  { policy: allowGit, line: 'git log > out.txt', expected: 'ask', source: gemini(16454) },
  {
    policy: allowGit.replace('priority = 100', 'priority = 100\nallowRedirection = true'),
    line: 'git log > /tmp/out.txt',
    expected: 'ask',
    source: gemini(23096),
  },
  {
    policy: allowGit,
    line: 'git diff $(git merge-base main HEAD)',
    expected: 'ask',
    source: gemini(6436),
  },
  { policy: denyRm, line: 'timeout 5 rm -rf /', expected: 'deny', source: geminiDocs },
  {
    policy: `[[rule]]\ntoolName = "Bash"\ncommandRegex = "git (commit|push)"\ndecision = "ask_user"\npriority = 10\n`,
    line: 'git push origin',
    expected: 'ask',
    source: geminiDocs,
  },
  {
    policy: `[[rule]]\ntoolName = "Bash"\ndecision = "deny"\npriority = 1\n\n[[rule]]\ntoolName = "Bash"\ncommandPrefix = "npm test"\ndecision = "allow"\npriority = 500\n`,
    line: 'npm test',
    expected: 'allow',
    source: geminiDocs,
  },
  {
    policy: `[[rule]]\ntoolName = "Bash"\ndecision = "deny"\npriority = 900\n\n[[rule]]\ntoolName = "Bash"\ncommandPrefix = "npm test"\ndecision = "allow"\npriority = 500\n`,
    line: 'npm test',
    expected: 'deny',
    source: geminiDocs,
  },
  {
    policy: allowGit,
    line: 'git push',
    expected: 'deny',
    source: geminiDocs,
    rules: { deny: ['Bash(git push *)'] },
  },
  {
    policy: denyRm,
    line: 'rm -rf /',
    expected: 'deny',
    source: geminiDocs,
    rules: { allow: ['Bash(rm *)'] },
  },
  {
    policy: allowGit,
    line: 'git status && npm test',
    expected: 'allow',
    source: geminiDocs,
    rules: { allow: ['Bash(npm test)'] },
  },
]
