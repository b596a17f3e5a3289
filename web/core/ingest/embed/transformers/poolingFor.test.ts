import { describe, expect, it } from 'vitest'
import { poolingFor } from './poolingFor'

describe('poolingFor', () => {
  it('pools BGE models by [CLS] and others by the mean', () => {
    expect(poolingFor('Xenova/bge-small-en-v1.5')).toBe('cls')
    expect(poolingFor('BAAI/bge-m3')).toBe('cls')
    expect(poolingFor('Xenova/all-MiniLM-L6-v2')).toBe('mean')
    expect(poolingFor('Xenova/e5-small-v2')).toBe('mean')
    expect(poolingFor('someone/bgeneric-model')).toBe('mean')
  })
})
