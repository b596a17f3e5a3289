import { describe, expect, it } from 'vitest'
import { PullProgress, stageOf } from './pullProgress'

describe('PullProgress', () => {
  it('sums the bytes of every layer into one percent', () => {
    const progress = new PullProgress()
    expect(progress.read({ status: 'pulling manifest' })).toMatchObject({
      stage: 'pulling manifest',
      percent: 0,
    })
    progress.read({ status: 'pulling aaa', digest: 'sha256:aaa', total: 300, completed: 0 })
    progress.read({ status: 'pulling bbb', digest: 'sha256:bbb', total: 100, completed: 0 })
    expect(
      progress.read({ status: 'pulling aaa', digest: 'sha256:aaa', total: 300, completed: 300 }),
    ).toMatchObject({
      stage: 'downloading',
      message: 'pulling aaa',
      percent: 75,
      completed_bytes: 300,
      total_bytes: 400,
    })
    expect(
      progress.read({ status: 'pulling bbb', digest: 'sha256:bbb', total: 100, completed: 50 }).percent,
    ).toBe(87)
  })

  it('keeps each layer’s largest figures and never goes back', () => {
    const progress = new PullProgress()
    progress.read({ status: 'pulling aaa', digest: 'sha256:aaa', total: 100, completed: 80 })
    // A repeated, older line changes nothing.
    expect(
      progress.read({ status: 'pulling aaa', digest: 'sha256:aaa', total: 100, completed: 20 }),
    ).toMatchObject({
      percent: 80,
      completed_bytes: 80,
    })
    // A layer seen later makes the sum smaller; the percent shown stays.
    const later = progress.read({ status: 'pulling bbb', digest: 'sha256:bbb', total: 100, completed: 0 })
    expect(later).toMatchObject({ percent: 80, completed_bytes: 80, total_bytes: 200 })
  })

  it('holds 99 until Ollama says success, and follows its stages', () => {
    const progress = new PullProgress()
    progress.read({ status: 'pulling aaa', digest: 'sha256:aaa', total: 10, completed: 10 })
    expect(progress.snapshot.percent).toBe(99)
    expect(progress.read({ status: 'verifying sha256 digest' })).toMatchObject({
      stage: 'verifying sha256 digest',
      percent: 99,
    })
    expect(progress.read({ status: 'writing manifest' }).stage).toBe('writing manifest')
    expect(progress.read({ status: 'success' })).toMatchObject({ stage: 'success', percent: 100 })
  })

  it('ignores what it cannot read', () => {
    const progress = new PullProgress()
    expect(progress.read(null)).toMatchObject({ stage: 'queued', percent: 0 })
    expect(
      progress.read({ status: 'pulling x', digest: 'sha256:x', total: 'big', completed: -5 }),
    ).toMatchObject({ stage: 'downloading', percent: 0, total_bytes: 0 })
  })
})

describe('stageOf', () => {
  it('names Ollama’s status lines', () => {
    expect(stageOf('pulling manifest')).toBe('pulling manifest')
    expect(stageOf('pulling 6a0746a1ec1a', 'sha256:6a07')).toBe('downloading')
    expect(stageOf('verifying sha256 digest')).toBe('verifying sha256 digest')
    expect(stageOf('removing any unused layers')).toBe('writing manifest')
    expect(stageOf('success')).toBe('success')
    expect(stageOf('something new')).toBeUndefined()
  })
})
