import type { ChatModel, ChatModelRequest } from './ChatModel'
import { GeneratorError } from './GeneratorError'

/**
 * A ChatModel whose provider is found only when it is used: a registry model (a server of the person's
 * settings) needs a store read, and answer generators are built synchronously. `resolve` runs once per
 * call, so a server edited in Settings is used from the next question on. A resolution that fails (a
 * server removed since it was chosen, a key cleared) becomes a GeneratorError with its reason, which the
 * chat shows as it shows a model that is down; an abort keeps the signal's reason.
 */
export function deferredChatModel(id: string, resolve: () => Promise<ChatModel>): ChatModel {
  const resolved = async (signal?: AbortSignal): Promise<ChatModel> => {
    try {
      return await resolve()
    } catch (failure) {
      if (signal?.aborted) throw signal.reason
      if (failure instanceof GeneratorError) throw failure
      const reason = failure instanceof Error ? failure.message : String(failure)
      throw new GeneratorError(`The model chosen in Settings (${id}) cannot be used: ${reason}`, undefined, {
        cause: failure,
      })
    }
  }
  return {
    id,
    async *stream(request: ChatModelRequest) {
      yield* (await resolved(request.signal)).stream(request)
    },
    async listModels(options) {
      return (await resolved(options?.signal)).listModels(options)
    },
  }
}
