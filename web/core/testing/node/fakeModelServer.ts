import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { GeneratorError } from '../../generate/GeneratorError'
import type { ChatModel, ChatTurn } from '../../generate/ChatModel'
import { scriptedServer, type ScriptedServer } from './scriptedServer'

/**
 * The fake model provider of one test file, over real HTTP: started before its tests, reset before
 * each (each test scripts `respond`), stopped after. `baseUrl` is known once it has started.
 */
export function fakeModelServer(): ScriptedServer & { readonly baseUrl: string } {
  const server = scriptedServer()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await server.start()
  })
  afterAll(() => server.stop())
  beforeEach(() => server.reset())
  return Object.defineProperty(server, 'baseUrl', { get: () => baseUrl }) as ScriptedServer & {
    readonly baseUrl: string
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every piece of a stream, in order (also into `seen`, so a test can look at them after a failure). */
export async function collect(stream: AsyncIterable<string>, seen: string[] = []): Promise<string[]> {
  for await (const piece of stream) seen.push(piece)
  return seen
}

/** The GeneratorError `run` rejects with (the test fails if it resolves or rejects with anything else). */
export async function failure(run: Promise<unknown>): Promise<GeneratorError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(GeneratorError)
  return error as GeneratorError
}

/**
 * Reads the model's stream and aborts it with `reason` at the first piece; expects the read to
 * reject with exactly that reason, and resolves the pieces seen before it did.
 */
export async function abortAtFirstPiece(
  model: ChatModel,
  messages: ChatTurn[],
  reason: unknown,
): Promise<string[]> {
  const controller = new AbortController()
  const seen: string[] = []
  const reading = (async () => {
    for await (const piece of model.stream({ messages, signal: controller.signal })) {
      seen.push(piece)
      controller.abort(reason)
    }
  })()
  await expect(reading).rejects.toBe(reason)
  return seen
}
