import { describe, expect, it } from 'vitest'
import { DEFAULT_INGEST_LIMITS } from '../../web/core/ingest/IngestLimits'
import { configFromEnv } from './config'

describe('configFromEnv: how far a document may expand', () => {
  it('defaults to the limits the browser uses', () => {
    expect(configFromEnv({}).ingestLimits).toEqual(DEFAULT_INGEST_LIMITS)
  })

  it('reads MAX_DOCUMENT_CHARS and MAX_DOCUMENT_CHUNKS', () => {
    expect(
      configFromEnv({ MAX_DOCUMENT_CHARS: '50000000', MAX_DOCUMENT_CHUNKS: '100000' }).ingestLimits,
    ).toEqual({
      maxChars: 50_000_000,
      maxChunks: 100_000,
    })
  })

  it('refuses values that are not whole numbers of at least 1, naming the variable', () => {
    expect(() => configFromEnv({ MAX_DOCUMENT_CHARS: '0' })).toThrow(
      'MAX_DOCUMENT_CHARS must be a whole number of at least 1, got "0"',
    )
    expect(() => configFromEnv({ MAX_DOCUMENT_CHARS: '10M' })).toThrow(/MAX_DOCUMENT_CHARS/)
    expect(() => configFromEnv({ MAX_DOCUMENT_CHUNKS: '2.5' })).toThrow(/MAX_DOCUMENT_CHUNKS/)
  })

  it('reads INGEST_MEMORY_MB, 1024 MB when unset, and refuses less than 64 MB', () => {
    expect(configFromEnv({}).ingestMemoryMb).toBe(1024)
    expect(configFromEnv({ INGEST_MEMORY_MB: '2048' }).ingestMemoryMb).toBe(2048)
    expect(() => configFromEnv({ INGEST_MEMORY_MB: '16' })).toThrow(
      'INGEST_MEMORY_MB must be a whole number of at least 64, got "16"',
    )
  })
})
