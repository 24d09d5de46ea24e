import type { IncomingMessage } from 'node:http'
import type { WebAnswer } from './web-message.js'
import type { PageQuestions } from './page-questions.js'

const maxAnswerBytes = 1024
const answers: readonly WebAnswer[] = ['allow-once', 'allow-always', 'reject']

/**
 * Answers `POST /<token>/answer`: only the page itself may answer (its origin, and a JSON body no
 * cross-site form can send), with `{"id", "answer"}` for a question still open.
 */
export async function takeAnswer(
  request: IncomingMessage,
  send: (status: number, body?: string) => void,
  questions: PageQuestions,
): Promise<void> {
  if (request.headers.origin !== `http://${request.headers.host ?? ''}`) {
    send(403, 'wrong origin')
    return
  }
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    send(415, 'JSON only')
    return
  }
  const body = await readBody(request, maxAnswerBytes)
  if (body === undefined) {
    send(413, 'too large')
    return
  }
  const answer = parseAnswer(body)
  if (answer === undefined) {
    send(400, 'expected {"id": string, "answer": "allow-once" | "allow-always" | "reject"}')
    return
  }
  if (!questions.answer(answer.id, answer.answer)) {
    send(409, 'no such question, or answered already')
    return
  }
  send(204)
}

/**
 * The body as text, or `undefined` as soon as it passes `limit` bytes (the response then closes
 * the connection, and the rest is never read) or the request fails.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) resolve(undefined)
      else chunks.push(chunk)
    })
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    request.on('error', () => {
      resolve(undefined)
    })
  })
}

/** `{"id": string, "answer": one of the three}` and nothing else, or `undefined`. */
export function parseAnswer(body: string): { id: string; answer: WebAnswer } | undefined {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { id, answer, ...rest } = value as Record<string, unknown>
  if (Object.keys(rest).length > 0 || typeof id !== 'string') return undefined
  const known = answers.find((each) => each === answer)
  return known === undefined ? undefined : { id, answer: known }
}
