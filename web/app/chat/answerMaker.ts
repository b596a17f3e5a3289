import { providerLabel } from '../settings/modelChoices'

/**
 * What wrote an answer, as its bubble says it: sentences quoted from the documents (the extractive
 * answerer, no model), the extractive answerer's set greeting, or a language model by name and provider.
 */
export interface AnswerMaker {
  kind: 'quotes' | 'greeting' | 'model'
  label: string
}

/** Where a model runs, for the providers a generator id can name besides the registry's. */
const LOCAL_PROVIDERS: Record<string, string> = { webllm: 'WebLLM, in this browser' }

/**
 * Reads an assistant message's `metadata.generator` (the answer generator's id: `extractive`, or
 * `<provider>:<model>` such as `ollama:llama3.2:1b`, whose model name may hold colons of its own). A message
 * stored without it (older ones, or one copied from elsewhere) says nothing rather than guess. Small talk
 * answered with no model (search_method `none`) was not quoted from anything, so it does not claim to be.
 */
export function answerMaker(metadata: Readonly<Record<string, unknown>>): AnswerMaker | undefined {
  const generator = metadata.generator
  if (typeof generator !== 'string' || generator === '') return undefined
  if (generator === 'extractive') {
    return metadata.search_method === 'none'
      ? { kind: 'greeting', label: 'A set greeting, written by no model' }
      : { kind: 'quotes', label: 'Quoted from your documents' }
  }
  const colon = generator.indexOf(':')
  if (colon <= 0 || colon === generator.length - 1) return undefined
  const provider = generator.slice(0, colon)
  const model = generator.slice(colon + 1)
  return {
    kind: 'model',
    label: `Written by ${model} (${LOCAL_PROVIDERS[provider] ?? providerLabel(provider)})`,
  }
}
