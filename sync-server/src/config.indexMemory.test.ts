import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config'

describe('configFromEnv: INDEX_MEMORY_MB', () => {
  it('gives loaded search indexes 1 GB unless told otherwise, and refuses what is not a size', () => {
    expect(configFromEnv({}).indexMemoryBytes).toBe(1024 * 1024 * 1024)
    expect(configFromEnv({ INDEX_MEMORY_MB: '256' }).indexMemoryBytes).toBe(256 * 1024 * 1024)
    expect(() => configFromEnv({ INDEX_MEMORY_MB: '0' })).toThrow(/INDEX_MEMORY_MB/)
    expect(() => configFromEnv({ INDEX_MEMORY_MB: 'lots' })).toThrow(/INDEX_MEMORY_MB/)
  })
})
