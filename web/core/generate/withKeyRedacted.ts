import type { ChatModel } from './ChatModel'
import { GeneratorError } from './GeneratorError'

/** What a key is shown as where an error quoted it. */
const REDACTED = '[API key]'
/**
 * Keys shorter than this, and keys that are one plain word (letters only) shorter than
 * WORD_KEY_LENGTH, are placeholders ("x", "none", "ollama", "lmstudio": local servers take any
 * key), not secrets: cutting them out of a message cut into ordinary words ("loopbac[API key]
 * address" for the key "k").
 */
export const MIN_REDACTED_KEY_LENGTH = 8
const WORD_KEY_LENGTH = 20

/**
 * `text` with every place `key` stands as a token of its own replaced by `[API key]`: where neither
 * neighbour is a letter or digit, so a key inside a longer word is left alone (the key is random; a
 * word that merely contains it is not the key). Placeholder keys (see MIN_REDACTED_KEY_LENGTH) are
 * not looked for.
 */
export function redactKey(text: string, key: string): string {
  if (!isSecretLike(key) || !text.includes(key)) return text
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), REDACTED)
}

function isSecretLike(key: string): boolean {
  if (key.length < MIN_REDACTED_KEY_LENGTH) return false
  return key.length >= WORD_KEY_LENGTH || !/^\p{L}+$/u.test(key)
}

/**
 * The model, with its API key cut out of every error it throws. A provider's error body is quoted in
 * the message people see ("answered 401: Invalid key sk-..."), and some servers and proxies echo the
 * Authorization header they got: the key would reach the chat, the stream's error event and "test
 * connection". Text the model streams is its answer and is passed through as it is.
 */
export function withKeyRedacted(model: ChatModel, key: string): ChatModel {
  const redacted = (error: unknown): unknown => {
    if (!(error instanceof GeneratorError)) return error
    const message = redactKey(error.message, key)
    return message === error.message
      ? error
      : new GeneratorError(message, error.status, { refused: error.refused })
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
