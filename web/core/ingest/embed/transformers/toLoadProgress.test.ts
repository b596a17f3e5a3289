import { describe, expect, it } from 'vitest'
import { toLoadProgress } from './toLoadProgress'

describe('toLoadProgress', () => {
  it("keeps one file's byte counts and drops the other events", () => {
    const progress = {
      status: 'progress',
      name: 'm',
      file: 'onnx/model.onnx',
      progress: 50,
      loaded: 5,
      total: 10,
    }
    expect(toLoadProgress(progress)).toEqual({ file: 'onnx/model.onnx', loaded: 5, total: 10 })
    expect(toLoadProgress({ status: 'initiate', name: 'm', file: 'config.json' })).toBeUndefined()
    expect(toLoadProgress({ status: 'progress_total', loaded: 1, total: 2, files: {} })).toBeUndefined()
    expect(toLoadProgress(null)).toBeUndefined()
  })
})
