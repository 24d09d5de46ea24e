import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Where the permission rules written from always-answers go, in the sandbox. */
export const localSettingsPath = '.toolpipe/settings.local.json'

/**
 * The rules always-answers added to the sandbox's `.toolpipe/settings.local.json`, as
 * `allow Bash(wc *)` lines. `expected`: an always-answer was given, so wait (up to a second) for
 * the permissions plugin's write to land; otherwise read what is there now.
 */
export async function rememberedRules(sandbox: string, expected: boolean): Promise<string[]> {
  const deadline = Date.now() + (expected ? 1_000 : 0)
  for (;;) {
    const rules = await readRules(join(sandbox, localSettingsPath))
    if (rules.length > 0 || Date.now() >= deadline) return rules
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function readRules(path: string): Promise<string[]> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(path, 'utf8'))
  } catch {
    return []
  }
  const permissions = (value as { permissions?: Record<string, unknown> } | null)?.permissions
  const lines: string[] = []
  for (const list of ['allow', 'ask', 'deny'] as const) {
    const rules = permissions?.[list]
    if (!Array.isArray(rules)) continue
    for (const rule of rules) if (typeof rule === 'string') lines.push(`${list} ${rule}`)
  }
  return lines
}
