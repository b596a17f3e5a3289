import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../web/core/store/ChatMessage'
import { memoryChatStore } from './memoryChatStore'

const message = (id: string, session_id = 's1'): ChatMessage => ({
  id,
  session_id,
  role: id.startsWith('q') ? 'user' : 'assistant',
  content: id,
  metadata: {},
  created_at: `2026-01-01T00:00:0${id.slice(1)}Z`,
  collection_id: null,
})

describe('memoryChatStore', () => {
  it("hands back a session's latest messages oldest first, as a follow-up reads its history", async () => {
    const chat = memoryChatStore()
    await chat.createSession({ id: 's1', name: 'a', collection_id: null, created_at: '2026-01-01T00:00:00Z' })
    await chat.addMessages([message('q1'), message('a2')])
    await chat.addMessages([message('q3'), message('a4')])
    expect((await chat.listMessages('s1', { limit: 3 })).map(({ id }) => id)).toEqual(['a2', 'q3', 'a4'])
    expect(await chat.getSession('s1')).toMatchObject({
      message_count: 4,
      updated_at: '2026-01-01T00:00:04Z',
    })
    expect(await chat.listMessages('other', { limit: 3 })).toEqual([])
  })

  it('refuses a message of an unknown session and a second session with one id', async () => {
    const chat = memoryChatStore()
    await expect(chat.addMessage(message('q1', 'nope'))).rejects.toThrow(/no chat session nope/)
    await chat.createSession({ id: 's1', name: 'a', collection_id: null, created_at: '2026-01-01T00:00:00Z' })
    await expect(
      chat.createSession({ id: 's1', name: 'b', collection_id: null, created_at: '2026-01-01T00:00:00Z' }),
    ).rejects.toThrow(/exists/)
  })
})
