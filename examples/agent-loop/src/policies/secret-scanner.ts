import type { ContentBlock, ToolRegistryPlugin } from 'toolpipe'

const secretPatterns: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: 'an API key', pattern: /\bsk-[A-Za-z0-9_-]{20,}/ },
  { what: 'an AWS access key', pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { what: 'a GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}/ },
  { what: 'a private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
]

/** What looks like a secret in text blocks, and on which line, or `undefined`. */
export function findSecret(
  content: readonly ContentBlock[],
): { what: string; line: number } | undefined {
  for (const block of content) {
    if (block.type !== 'text') continue
    const lines = block.text.split('\n')
    for (const [index, line] of lines.entries()) {
      const found = secretPatterns.find(({ pattern }) => pattern.test(line))
      if (found !== undefined) return { what: found.what, line: index + 1 }
    }
  }
  return undefined
}

/**
 * A `tools/post-execute` policy: when a result's text holds what looks like a secret, the result
 * is blocked, and the model gets feedback instead of the secret. Registered before other
 * post-execute listeners, so it reviews what they decided too.
 */
export function secretScanner(): ToolRegistryPlugin {
  return (registry) =>
    registry.on('tools/post-execute', async (exec, result, next) => {
      const decision = await next()
      if (decision.kind === 'block') return decision
      const secret = findSecret(decision.content ?? result.content)
      if (secret === undefined) return decision
      const feedback = `Blocked by the secret-scanner policy: the output of ${exec.name} contains what looks like ${secret.what} (line ${secret.line}), so it was withheld. Do not read credential files; if a task needs a credential, ask the user.`
      return {
        kind: 'block',
        feedback: [{ type: 'text', text: feedback }],
        ...(decision.additionalContext === undefined
          ? {}
          : { additionalContext: decision.additionalContext }),
      }
    })
}
