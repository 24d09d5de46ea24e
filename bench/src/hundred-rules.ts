/** The programs the benchmark rules are about. */
export const programs = [
  'npm',
  'git',
  'pnpm',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'make',
  'python3',
  'node',
]

/**
 * 100 rules as a project keeps them: 80 allows and 20 denies over ten programs and their
 * subcommands, a few wildcards and path rules among them.
 */
export function hundredRules(): { allow: string[]; deny: string[] } {
  const allow: string[] = []
  const deny: string[] = []
  for (let index = 0; index < 72; index++)
    allow.push(`Bash(${programs[index % 10] ?? 'npm'} task${index} *)`)
  allow.push(
    'Bash(ls *)',
    'Bash(grep *)',
    'Bash(cat *)',
    'Bash(echo *)',
    'Bash(git status)',
    'Bash(git diff *)',
    'Read(src/**)',
    'Edit(src/**)',
  )
  for (let index = 0; index < 16; index++)
    deny.push(`Bash(${programs[index % 10] ?? 'npm'} danger${index} *)`)
  deny.push('Bash(rm *)', 'Bash(curl *)', 'Read(.env)', 'Edit(//etc/**)')
  return { allow, deny }
}
