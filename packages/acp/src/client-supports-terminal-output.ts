import type { ClientCapabilities } from '@agentclientprotocol/sdk'

/**
 * Whether a client advertised terminal output, by the `_meta` convention of ACP clients such as
 * Zed: `clientCapabilities._meta.terminal_output === true` in its `initialize` request. Pass the
 * answer as `terminalOutput` to the bridge. Never throws, whatever it is given.
 *
 * @example
 * acp.agent().onRequest(acp.methods.agent.initialize, ({ params }) => {
 *   terminalOutput = clientSupportsTerminalOutput(params.clientCapabilities)
 *   return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }
 * })
 */
export function clientSupportsTerminalOutput(
  capabilities: ClientCapabilities | null | undefined,
): boolean {
  try {
    const meta: unknown = capabilities?._meta
    return (
      typeof meta === 'object' &&
      meta !== null &&
      (meta as { terminal_output?: unknown }).terminal_output === true
    )
  } catch {
    return false
  }
}
