import { describe, expect, it } from 'vitest'
import { answerMaker } from './answerMaker'

describe('answerMaker', () => {
  it('says an extractive answer is quoted from the documents', () => {
    expect(answerMaker({ generator: 'extractive', search_method: 'hybrid' })).toEqual({
      kind: 'quotes',
      label: 'Quoted from your documents',
    })
  })

  it('does not call the extractive greeting a quote: it searched nothing', () => {
    expect(answerMaker({ generator: 'extractive', search_method: 'none', intent: 'chat' })).toEqual({
      kind: 'greeting',
      label: 'A set greeting, written by no model',
    })
  })

  it('names the model and its provider, keeping colons of the model name', () => {
    expect(answerMaker({ generator: 'ollama:llama3.2:1b' })).toEqual({
      kind: 'model',
      label: 'Written by llama3.2:1b (Ollama)',
    })
    expect(answerMaker({ generator: 'openai:gpt-4o-mini' })?.label).toBe(
      'Written by gpt-4o-mini (OpenAI-compatible)',
    )
    expect(answerMaker({ generator: 'anthropic:claude-3-5-haiku' })?.label).toBe(
      'Written by claude-3-5-haiku (Anthropic)',
    )
    expect(answerMaker({ generator: 'webllm:Llama-3.2-1B-Instruct-q4f16_1-MLC' })?.label).toBe(
      'Written by Llama-3.2-1B-Instruct-q4f16_1-MLC (WebLLM, in this browser)',
    )
  })

  it('says nothing for a message stored without it, or with an id it cannot read', () => {
    expect(answerMaker({})).toBeUndefined()
    expect(answerMaker({ generator: 42 })).toBeUndefined()
    expect(answerMaker({ generator: '' })).toBeUndefined()
    expect(answerMaker({ generator: 'mystery' })).toBeUndefined()
    expect(answerMaker({ generator: ':model' })).toBeUndefined()
    expect(answerMaker({ generator: 'ollama:' })).toBeUndefined()
  })
})
