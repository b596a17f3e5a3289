import { describe, expect, it } from 'vitest'
import { keptDataText, localDataLabel, localDataQuestion, sendKeptQuestion } from './localDataText'

describe('localDataText', () => {
  it('names the parts that are not zero, with "and" before the last', () => {
    expect(localDataLabel({ collections: 3, documents: 12, chats: 5 })).toBe(
      '3 collections, 12 documents and 5 chats',
    )
    expect(localDataLabel({ collections: 1, documents: 0, chats: 2 })).toBe('1 collection and 2 chats')
    expect(localDataLabel({ collections: 0, documents: 1, chats: 0 })).toBe('1 document')
  })

  it('asks in one sentence, the verb agreeing with the count', () => {
    expect(localDataQuestion({ collections: 3, documents: 12, chats: 5 })).toBe(
      'This device has 3 collections, 12 documents and 5 chats that are not in your account.',
    )
    expect(localDataQuestion({ collections: 0, documents: 0, chats: 1 })).toBe(
      'This device has 1 chat that is not in your account.',
    )
  })

  it('says what is kept on this device only, and what sending it does, with the same counts', () => {
    expect(keptDataText({ collections: 2, documents: 1, chats: 1 })).toBe(
      '2 collections, 1 document and 1 chat are kept on this device only: they do not sync to your account.',
    )
    expect(keptDataText({ collections: 0, documents: 1, chats: 0 })).toBe(
      '1 document is kept on this device only: it does not sync to your account.',
    )
    expect(sendKeptQuestion({ collections: 2, documents: 1, chats: 1 })).toBe(
      '2 collections, 1 document and 1 chat will be sent to your account and sync to your other devices, with what you add to them from now on.',
    )
    expect(sendKeptQuestion({ collections: 1, documents: 0, chats: 0 })).toBe(
      '1 collection will be sent to your account and sync to your other devices, with what you add to it from now on.',
    )
  })
})
