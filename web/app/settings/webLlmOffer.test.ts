import { describe, expect, it } from 'vitest'
import { describeDownload, offeredWebLlmModels, SUGGESTED_WEBLLM_MODEL } from './webLlmOffer'

const model = (id: string, vram_mb: number | null, low_resource = true) => ({ id, vram_mb, low_resource })

describe('offeredWebLlmModels', () => {
  it('offers the small models, the suggested one first and the rest smallest first', () => {
    const offered = offeredWebLlmModels([
      model('Big-8B', 5001, false),
      model('Phi-mini', 2520),
      model(SUGGESTED_WEBLLM_MODEL, 879),
      model('Tiny-135M', 360),
      model('Unknown', null),
    ])
    expect(offered.map((m) => m.id)).toEqual([SUGGESTED_WEBLLM_MODEL, 'Tiny-135M', 'Phi-mini', 'Unknown'])
  })

  it('offers every model, smallest first, where none is marked small, and none where there are none', () => {
    expect(offeredWebLlmModels([model('B', 3000, false), model('A', 2000, false)]).map((m) => m.id)).toEqual([
      'A',
      'B',
    ])
    expect(offeredWebLlmModels([])).toEqual([])
  })
})

describe('describeDownload', () => {
  it('says the most the download can be, in MB under a gigabyte and GB above', () => {
    expect(describeDownload(879.04)).toBe('at most about 880 MB')
    expect(describeDownload(2263.69)).toBe('at most about 2.2 GB')
    expect(describeDownload(null)).toBe('size unknown')
  })
})
