// @toolpipe/acp as a consumer uses it, with its peer dependency installed beside it. The ACP SDK's
// own declarations use `Symbol.dispose`, so this program needs `lib: esnext.disposable` (see the
// configurations in scripts/check-consumers.mjs); toolpipe's types need nothing more.
import { toAcpToolCall, toAcpToolCallUpdate } from '@toolpipe/acp'
import { presentCallSafely } from '@toolpipe/presentation'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

const view = presentCallSafely({ name: 'read_file' }, { path: '/work/a.txt' })
const call = toAcpToolCall(view, { toolCallId: 'c1', cwd: '/work' })
const update = toAcpToolCallUpdate(
  { card: 'generic', content: [{ type: 'text', text: 'hello' }] },
  { toolCallId: 'c1', cwd: '/work', isError: false, pending: view },
)
if (call.sessionUpdate !== 'tool_call' || update.sessionUpdate !== 'tool_call_update') {
  throw new Error('consumer check failed: the ACP bridge')
}
log('consumer check passed')
