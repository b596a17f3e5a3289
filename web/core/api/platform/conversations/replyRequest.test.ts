import { describe, expect, it } from 'vitest'
import type { StoredRecord } from '../../../store/StoredRecord'
import { REPLY_HISTORY, replyRequest } from './replyRequest'

const at = '2025-01-01T00:00:00.000Z'
const record = (kind: string, data: Record<string, unknown>, id = kind): StoredRecord => ({
  kind,
  id,
  parent_id: null,
  data,
  created_at: at,
  updated_at: at,
})
const message = (sender: string, text: string, id = text) => record('message', { sender, message: text }, id)

describe('replyRequest', () => {
  it('puts the persona prompt first, maps senders to roles and applies the model settings', () => {
    const persona = record('persona', {
      system_prompt: 'You are terse.',
      model_settings: { temperature: 0.2, max_tokens: 64, top_p: 0.9 },
    })
    const request = replyRequest(persona, [
      message('system', 'Answer in French.'),
      message('user', 'Hello'),
      message('assistant', 'Bonjour'),
      message('user', 'How are you?'),
    ])
    expect(request.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Bonjour' },
      { role: 'user', content: 'How are you?' },
    ])
    expect(request.temperature).toBe(0.2)
    expect(request.maxTokens).toBe(64)
  })

  it('without a persona (or with an empty prompt and no settings) sends the history alone', () => {
    const history = [message('user', 'Hi')]
    expect(replyRequest(undefined, history)).toEqual({ messages: [{ role: 'user', content: 'Hi' }] })
    const blank = record('persona', { system_prompt: '  ', model_settings: {} })
    expect(replyRequest(blank, history)).toEqual({ messages: [{ role: 'user', content: 'Hi' }] })
  })

  it('keeps only the latest messages of a long conversation, in order', () => {
    const history = Array.from({ length: REPLY_HISTORY + 5 }, (_, i) => message('user', `m${i}`))
    const sent = replyRequest(record('persona', { system_prompt: 'P' }), history).messages
    expect(sent).toHaveLength(REPLY_HISTORY + 1)
    expect(sent[0]).toEqual({ role: 'system', content: 'P' })
    expect(sent[1]!.content).toBe('m5')
    expect(sent.at(-1)!.content).toBe(`m${REPLY_HISTORY + 4}`)
  })
})
