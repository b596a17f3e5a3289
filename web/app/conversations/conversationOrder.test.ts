import { describe, expect, it } from 'vitest'
import type { Conversation } from '../api/conversationsApi'
import {
  conversationTitle,
  membershipFromConversations,
  newestFirst,
  tagsOf,
  withMembership,
  withoutConversation,
  withTag,
} from './conversationOrder'

const conversation = (id: string, updated: string, created = '2026-01-01T00:00:00.000Z'): Conversation => ({
  id,
  user_id: 'u',
  title: id,
  persona_id: null,
  created_at: created,
  updated_at: updated,
})

describe('conversation ordering and tags', () => {
  it('puts the latest activity first without changing the input', () => {
    const list = [
      conversation('a', '2026-01-02T00:00:00.000Z'),
      conversation('b', '2026-01-03T00:00:00.000Z'),
      conversation('c', '2026-01-01T00:00:00.000Z'),
    ]
    expect(newestFirst(list).map((c) => c.id)).toEqual(['b', 'a', 'c'])
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'c'])
  })

  it('filters by tag, and shows everything without one', () => {
    const list = [conversation('a', '1'), conversation('b', '2')]
    const membership = { t1: ['b'], t2: [] }
    expect(withTag(list, membership, 't1').map((c) => c.id)).toEqual(['b'])
    expect(withTag(list, membership, 't2')).toEqual([])
    expect(withTag(list, membership, 'unknown')).toEqual([])
    expect(withTag(list, membership, undefined)).toHaveLength(2)
  })

  it('attaches, detaches and forgets conversations without duplicates', () => {
    let membership = withMembership({}, 't1', 'a', true)
    membership = withMembership(membership, 't1', 'a', true)
    membership = withMembership(membership, 't2', 'a', true)
    expect(membership).toEqual({ t1: ['a'], t2: ['a'] })
    expect(tagsOf(membership, 'a')).toEqual(['t1', 't2'])
    expect(tagsOf(withMembership(membership, 't1', 'a', false), 'a')).toEqual(['t2'])
    expect(tagsOf(withoutConversation(membership, 'a'), 'a')).toEqual([])
  })

  it('names untitled conversations', () => {
    expect(conversationTitle({ title: null })).toBe('Untitled conversation')
    expect(conversationTitle({ title: '  ' })).toBe('Untitled conversation')
    expect(conversationTitle({ title: 'Trip' })).toBe('Trip')
  })

  it('reads tag membership off the conversations, or gives up when tags are missing', () => {
    const tag = { id: 't1', name: 'Work', color: '#000000' }
    const a = { ...conversation('a', '1'), tags: [tag] }
    const b = { ...conversation('b', '2'), tags: [] }
    expect(membershipFromConversations([a, b], ['t1', 't2'])).toEqual({ t1: ['a'], t2: [] })
    expect(membershipFromConversations([a, conversation('c', '3')], ['t1'])).toBeUndefined()
  })
})
