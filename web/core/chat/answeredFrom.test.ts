import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../store/ChatMessage'
import { answeredFrom } from './answeredFrom'

const message = (role: 'user' | 'assistant', content: string, sources?: unknown[]): ChatMessage => ({
  id: content,
  session_id: 's1',
  role,
  content,
  metadata: sources ? { source_documents: sources } : {},
  created_at: '2026-01-01T00:00:00Z',
  collection_id: null,
})
const passage = (number: number, document_id: string) => ({
  number,
  document_id,
  chunk_id: `${document_id}#${number}`,
})

describe('answeredFrom', () => {
  it('is the document of the first passage the last reply cites', () => {
    const messages = [
      message('user', 'tea exports 2023'),
      message('assistant', 'Old answer. [1]', [passage(1, 'old.pdf')]),
      message('user', 'tea exports 2024'),
      message('assistant', 'Tea exports rose to 40 tonnes. [2][1]', [
        passage(1, 'trade.pdf'),
        passage(2, 'tea.docx'),
      ]),
    ]
    expect(answeredFrom(messages)).toBe('tea.docx')
  })

  it('is the first passage’s document when the reply cites none, and null without a reply or a document', () => {
    expect(answeredFrom([message('assistant', 'Not found.', [passage(1, 'tea.docx')])])).toBe('tea.docx')
    expect(answeredFrom([message('user', 'hello')])).toBeNull()
    expect(answeredFrom([message('assistant', 'Hello!')])).toBeNull()
    const web = { kind: 'web', number: 1, url: 'https://example.com', title: 'Tea', content: 'Tea.' }
    expect(answeredFrom([message('assistant', 'Tea. [1]', [web])])).toBeNull()
  })
})
