import { describe, expect, it } from 'vitest'
import { readTestCaseText, TestCaseFileError } from './readTestCaseFile'

const one = { question: 'Q?', ground_truth: 'A' }

describe('readTestCaseText', () => {
  it('reads the three shapes a test-case file may take', () => {
    expect(readTestCaseText(JSON.stringify({ test_cases: [one] }))).toEqual([one])
    expect(readTestCaseText(JSON.stringify([one, one]))).toEqual([one, one])
    expect(readTestCaseText(`${JSON.stringify(one)}\n\n${JSON.stringify(one)}\n`)).toEqual([one, one])
    expect(readTestCaseText(`\uFEFF${JSON.stringify(one)}`)).toEqual([one])
  })

  it('leaves the cases unchecked for the API to judge', () => {
    expect(readTestCaseText('[{"question": ""}]')).toEqual([{ question: '' }])
  })

  it('names the broken JSON Lines line', () => {
    expect(() => readTestCaseText(`${JSON.stringify(one)}\n{oops`)).toThrow(/Line 2/)
    expect(() => readTestCaseText('  ')).toThrow(TestCaseFileError)
    expect(() => readTestCaseText('42')).toThrow(TestCaseFileError)
  })
})
