import { describe, expect, it } from 'vitest'
import { comparedTerms } from './comparedTerms'

describe('comparedTerms', () => {
  it('reads the two things a question compares, as people type it', () => {
    expect(comparedTerms('diff between a program and a process?')).toEqual(['a program', 'a process'])
    expect(comparedTerms("what's the difference between TCP and UDP")).toEqual(['TCP', 'UDP'])
    expect(comparedTerms('docker vs podman')).toEqual(['docker', 'podman'])
    expect(comparedTerms('Rust versus Go?')).toEqual(['Rust', 'Go'])
  })

  it('leaves other questions alone', () => {
    expect(comparedTerms('what is a process')).toBeNull()
    expect(
      comparedTerms('how do revenue and profit compare between 2021 and 2022 in the annual report'),
    ).toBeNull()
    expect(
      comparedTerms('what changed between the first draft and the version the committee adopted in May'),
    ).toBeNull()
  })
})
