/* eslint-disable @typescript-eslint/no-deprecated -- the SDK deprecates its low-level `Server` for
   servers whose tools it defines itself (McpServer, with zod shapes); serving a registry whose JSON
   Schemas come from elsewhere is the advanced use it keeps `Server` for, and SPEC §13 names it. */
import { asCallId } from '@toolpipe/core'
import type { CallId } from '@toolpipe/core'
import type { ToolProgress } from '@toolpipe/tools'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ServerOptions } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  EmptyResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type {
  CallToolRequest,
  CallToolResult,
  Implementation,
  ProgressToken,
  RequestId,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js'
import { listPage } from './list-page.js'
import type { RegistryView } from './registry-view.js'
import { toCallToolResult } from './to-call-tool-result.js'

/** A `tools/call` request being served: what its progress and approval requests relate to. */
interface ServedCall {
  readonly requestId: RequestId
  readonly sendNotification: (notification: ServerNotification) => Promise<void>
  /** The request's progress token: progress is sent only when the client asked for it. */
  readonly progressToken: ProgressToken | undefined
  /** The last progress value sent, which a report without one counts on from. */
  lastProgress: number
  /** Whether a progress notification was sent for the call. */
  progressSent: boolean
}

/** How long the answer of a call that reported progress waits for the client's pong, at most. */
const progressFlushTimeoutMs = 5_000

/**
 * The server `createMcpServer` returns: the SDK's `Server` with the tools handlers installed. It
 * listens to the registry while connected (from `connect` until its transport closes; an `onclose`
 * the transport already had is kept, as the SDK calls it first), and remembers which MCP request
 * each running call serves, so that an elicitation for its approval goes with that request.
 */
export class ToolpipeMcpServer extends Server {
  readonly #view: RegistryView
  readonly #calls = new Map<CallId, ServedCall>()

  constructor(
    info: Implementation,
    options: ServerOptions,
    view: RegistryView,
    pageSize: number | undefined,
  ) {
    super(info, options)
    this.#view = view
    this.setRequestHandler(ListToolsRequestSchema, (request) =>
      listPage(view.descriptors(), request.params?.cursor, pageSize),
    )
    this.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.#serveCall(view, request, extra),
    )
  }

  /** The id of the MCP request a running call of this server serves, if `server` is one. */
  static relatedRequestId(server: object, callId: CallId): RequestId | undefined {
    return #calls in server ? server.#calls.get(callId)?.requestId : undefined
  }

  override async connect(...[transport]: Parameters<Server['connect']>): Promise<void> {
    const stop = this.#listen()
    const previous = transport.onclose
    transport.onclose = () => {
      stop()
      previous?.()
    }
    try {
      await super.connect(transport)
    } catch (error) {
      stop()
      throw error
    }
  }

  /**
   * `tools/call`: `execute()` with a fresh call id, the request's abort signal and the view's
   * agent; the result as an MCP tool result (an error result too: never a protocol error).
   */
  async #serveCall(
    view: RegistryView,
    request: CallToolRequest,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult> {
    const callId = asCallId(`mcp-${crypto.randomUUID()}`)
    this.#calls.set(callId, {
      requestId: extra.requestId,
      sendNotification: extra.sendNotification,
      progressToken: request.params._meta?.progressToken,
      lastProgress: 0,
      progressSent: false,
    })
    try {
      const result = await view.execute({
        callId,
        name: request.params.name,
        arguments: request.params.arguments ?? {},
        signal: extra.signal,
      })
      if (this.#calls.get(callId)?.progressSent === true) {
        // The SDK's client hands a notification to its handler a microtask after reading it but
        // settles a response at once, and forgets the request's progress handler then: progress
        // read in the same chunk as the response is lost, and reported as an error for an
        // unknown token (modelcontextprotocol/typescript-sdk#2580). A ping round trip first
        // (answered only after those microtasks ran) lets the progress arrive before the answer.
        await extra
          .sendRequest({ method: 'ping' }, EmptyResultSchema, {
            timeout: progressFlushTimeoutMs,
            signal: extra.signal,
          })
          .catch(() => undefined)
      }
      return toCallToolResult(result)
    } finally {
      this.#calls.delete(callId)
    }
  }

  /** Starts listening to the registry; returns how to stop. */
  #listen(): () => void {
    const stopChanges = this.#view.onChange(() => {
      // Before `initialize`, the client has not asked for anything it could have to list again.
      if (this.getClientCapabilities() === undefined) return
      this.sendToolListChanged().catch((error: unknown) => {
        this.#report(error)
      })
    })
    const stopProgress = this.#view.onProgress((exec, update) => {
      this.#forwardProgress(exec.callId, update)
    })
    return () => {
      stopChanges()
      stopProgress()
    }
  }

  /**
   * A progress report of a call this server serves, as `notifications/progress` for the request's
   * progress token (SPEC §12.2): `progress` and `total` as reported (a report without `progress`
   * counts one on from the last), the `message`, or else the text of the report's content.
   */
  #forwardProgress(callId: CallId, update: ToolProgress): void {
    const call = this.#calls.get(callId)
    if (call?.progressToken === undefined) return
    const progress = update.progress ?? call.lastProgress + 1
    call.lastProgress = progress
    call.progressSent = true
    const message =
      update.message ??
      update.content?.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
    call
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: call.progressToken,
          progress,
          ...(update.total === undefined ? {} : { total: update.total }),
          ...(message === undefined || message === '' ? {} : { message }),
        },
      })
      .catch((error: unknown) => {
        this.#report(error)
      })
  }

  #report(error: unknown): void {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)))
  }
}
