import type { AnswerGenerator } from './AnswerGenerator'
import { buildAnswerPrompt } from './buildAnswerPrompt'
import type { ChatModel } from './ChatModel'
import { normalizeCitations } from './normalizeCitations'

/** Low temperature: answers should stay close to the sources' wording, not improvise. */
const TEMPERATURE = 0.2

/**
 * An answer generator over any chat model: the prompt carries the numbered sources and asks for [n]
 * citations; the model's text streams through with its citations kept (variant forms such as
 * "[1, 2]" normalised to "[1][2]"). Errors are the model's: GeneratorError, or the abort reason.
 */
export function llmAnswerGenerator(model: ChatModel): AnswerGenerator {
  return {
    id: model.id,
    answer(request) {
      const deltas = model.stream({
        messages: buildAnswerPrompt(request),
        signal: request.signal,
        temperature: TEMPERATURE,
      })
      return normalizeCitations(deltas, new Set(request.sources.map((source) => source.number)))
    },
  }
}
