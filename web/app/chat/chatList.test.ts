import { describe, expect, it } from 'vitest'
import type { ChatSession } from '../api/chatApi'
import type { Conversation } from '../api/conversationsApi'
import { CHAT_NAME_LIMIT, mergeChats, nameFromQuestion } from './chatList'

const session = (id: string, updated: string): ChatSession => ({
  id,
  name: `Session ${id}`,
  collection_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: updated,
  message_count: 0,
})

const conversation = (id: string, updated: string, title: string | null = null): Conversation => ({
  id,
  user_id: 'u',
  title,
  persona_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: updated,
})

describe('mergeChats', () => {
  it('puts both kinds in one list, latest activity first', () => {
    const merged = mergeChats(
      [session('s1', '2026-03-01T00:00:00.000Z'), session('s2', '2026-01-05T00:00:00.000Z')],
      [
        conversation('c1', '2026-02-01T00:00:00.000Z', 'Voyage'),
        conversation('c2', '2026-04-01T00:00:00.000Z'),
      ],
    )
    expect(merged.map((item) => `${item.kind}:${item.id}`)).toEqual([
      'model:c2',
      'documents:s1',
      'model:c1',
      'documents:s2',
    ])
    expect(merged[0]?.name).toBe('Untitled conversation')
    expect(merged[2]?.name).toBe('Voyage')
  })
})

describe('nameFromQuestion', () => {
  it('keeps a short question whole, on one line', () => {
    expect(nameFromQuestion('  Where did the\n oystercatchers   nest? ')).toBe(
      'Where did the oystercatchers nest?',
    )
  })

  it('cuts a long question at a word and marks the cut', () => {
    const question =
      'How much calories per portion do berries have compared with the oats and the yoghurt in the table?'
    const name = nameFromQuestion(question)
    expect(name.length).toBeLessThanOrEqual(CHAT_NAME_LIMIT)
    expect(name.endsWith('…')).toBe(true)
    expect(question.startsWith(name.slice(0, -1))).toBe(true)
    // Cut between words, not inside one.
    expect(question.charAt(name.length - 1)).toBe(' ')
  })

  it('cuts one very long word where the limit falls', () => {
    expect(nameFromQuestion('x'.repeat(100))).toBe(`${'x'.repeat(CHAT_NAME_LIMIT - 1)}…`)
  })

  it('names nothing from whitespace', () => {
    expect(nameFromQuestion(' \n\t ')).toBe('')
  })
})
