import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../api/chatApi'
import { questionBefore, showSessionMessage } from './showSessionMessage'

const message = (role: ChatMessage['role'], content: string, metadata: ChatMessage['metadata'] = {}) =>
  ({
    id: content,
    session_id: 's',
    role,
    content,
    metadata,
    created_at: '',
    collection_id: null,
  }) as ChatMessage

describe('showSessionMessage', () => {
  it('shows an answer with its sources, whether it was stopped, and what its searches left out', () => {
    const shown = showSessionMessage(
      message('assistant', 'Yes [1].', {
        source_documents: [],
        stopped: true,
        search_note: 'Keyword search only.',
        web_search_note: 'The web could not be searched.',
        generator: 'extractive',
      }),
    )
    expect(shown).toEqual({
      role: 'assistant',
      content: 'Yes [1].',
      sources: [],
      stopped: true,
      note: 'Keyword search only. The web could not be searched.',
      maker: { kind: 'quotes', label: 'Quoted from your documents' },
    })
  })

  it('says what wrote an answer, and nothing of a question or of an answer stored without it', () => {
    expect(showSessionMessage(message('assistant', 'Six.', { generator: 'ollama:llama3.2' })).maker).toEqual({
      kind: 'model',
      label: 'Written by llama3.2 (Ollama)',
    })
    expect(showSessionMessage(message('assistant', 'Six.')).maker).toBeUndefined()
    expect(
      showSessionMessage(message('user', 'How many?', { generator: 'extractive' })).maker,
    ).toBeUndefined()
  })

  it('has no note when nothing was left out', () => {
    expect(showSessionMessage(message('user', 'Why?')).note).toBeUndefined()
  })
})

describe('questionBefore', () => {
  it('finds the question an answer answered, past other answers', () => {
    const thread = [message('user', 'First'), message('assistant', 'A'), message('assistant', 'B')]
    expect(questionBefore(thread, 2)).toBe('First')
    expect(questionBefore(thread, 0)).toBeUndefined()
  })
})
