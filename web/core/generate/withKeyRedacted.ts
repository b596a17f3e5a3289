import type { ChatModel } from './ChatModel'
import { GeneratorError } from './GeneratorError'

/**
 * The model, with its API key cut out of every error it throws. A provider's error body is quoted in
 * the message people see ("answered 401: Invalid key sk-..."), and some servers and proxies echo the
 * Authorization header they got: the key would reach the chat, the stream's error event and "test
 * connection". Text the model streams is its answer and is passed through as it is.
 */
export function withKeyRedacted(model: ChatModel, key: string): ChatModel {
  const redacted = (error: unknown): unknown => {
    if (!(error instanceof GeneratorError) || !error.message.includes(key)) return error
    return new GeneratorError(error.message.replaceAll(key, '[API key]'), error.status)
  }
  return {
    id: model.id,
    async *stream(request) {
      try {
        yield* model.stream(request)
      } catch (error) {
        throw redacted(error)
      }
    },
    async listModels(options) {
      try {
        return await model.listModels(options)
      } catch (error) {
        throw redacted(error)
      }
    },
  }
}
