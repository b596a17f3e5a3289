import { describe, expect, it } from 'vitest'
import { openAiEndpoint, usesServerKey, withServerKey } from './serverGeneratorKey'

const operator = { base_url: 'http://llm.internal:8000/v1', api_key: 'sk-operator' }
const openai = (base_url: string, api_key?: string) =>
  ({ kind: 'openai', base_url, model: 'm', ...(api_key === undefined ? {} : { api_key }) }) as const

describe('the operator’s generator key', () => {
  it('goes with requests to the operator’s endpoint however it is spelled', () => {
    for (const url of [
      'http://llm.internal:8000/v1',
      'http://llm.internal:8000',
      'http://LLM.internal:8000/v1/',
      'http://llm.internal:8000/x/../v1',
    ]) {
      expect(withServerKey(openai(url), operator), url).toEqual({ ...openai(url), api_key: 'sk-operator' })
      expect(usesServerKey(openai(url), operator), url).toBe(true)
    }
  })

  it('never goes anywhere else: another host, port, scheme, path, query, user or kind', () => {
    for (const url of [
      'http://llm.internal.evil.example:8000/v1',
      'http://llm.internal:8001/v1',
      'https://llm.internal:8000/v1',
      'http://llm.internal:8000/other/v1',
      'http://llm.internal:8000/v1/../../evil/v1',
      'http://llm.internal:8000/v1?x=1',
      'http://someone@llm.internal:8000/v1',
    ]) {
      expect(withServerKey(openai(url), operator), url).toEqual(openai(url))
      expect(usesServerKey(openai(url), operator), url).toBe(false)
    }
    const ollama = { kind: 'ollama', base_url: 'http://llm.internal:8000', model: 'm' } as const
    expect(withServerKey(ollama, operator)).toBe(ollama)
  })

  it('gives way to a key of the person’s own, and is absent on hosts without one', () => {
    const own = openai('http://llm.internal:8000/v1', 'sk-own')
    expect(withServerKey(own, operator)).toBe(own)
    expect(usesServerKey(own, operator)).toBe(false)
    expect(withServerKey(openai('http://llm.internal:8000/v1'), undefined)).toEqual(
      openai('http://llm.internal:8000/v1'),
    )
    expect(openAiEndpoint('not a url')).toBeUndefined()
  })
})
