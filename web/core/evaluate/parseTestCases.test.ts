import { describe, expect, it } from 'vitest'
import { MAX_TEST_CASES, parseTestCases, TestCaseError } from './parseTestCases'
import type { TestCase } from './TestCase'
import { toTestCaseFile } from './toTestCaseFile'

function errorOf(text: string): string {
  try {
    parseTestCases(text)
  } catch (error) {
    expect(error).toBeInstanceOf(TestCaseError)
    return (error as Error).message
  }
  throw new Error('expected a TestCaseError')
}

const two = [
  { id: 'q1', question: 'Who wrote it?', ground_truth: 'Ada', category: 'people' },
  { id: 'q2', question: 'When?', ground_truth: '1843' },
]
const expected: TestCase[] = [
  { id: 'q1', question: 'Who wrote it?', ground_truth: 'Ada', answers: ['Ada'], category: 'people' },
  { id: 'q2', question: 'When?', ground_truth: '1843', answers: ['1843'], category: null },
]

describe('parseTestCases: shapes', () => {
  it('reads {test_cases: [...]}', () => {
    expect(parseTestCases(JSON.stringify({ test_cases: two }, null, 2))).toEqual(expected)
  })

  it('reads a bare JSON array', () => {
    expect(parseTestCases(JSON.stringify(two))).toEqual(expected)
  })

  it('reads JSON Lines, with blank lines, CRLF and a byte order mark', () => {
    const text = '\uFEFF' + two.map((item) => JSON.stringify(item)).join('\r\n\r\n') + '\r\n'
    expect(parseTestCases(text)).toEqual(expected)
  })

  it('reads a one-line JSON Lines file', () => {
    expect(parseTestCases(`${JSON.stringify(two[0])}\n`)).toEqual([expected[0]])
  })

  it('numbers missing ids by position, stringifies numeric ids and trims strings', () => {
    const cases = parseTestCases(
      JSON.stringify([
        { question: '  First?\n', ground_truth: ' one ' },
        { id: 7, question: 'Second?', ground_truth: 2, category: '  ' },
        { id: null, question: 'Third?', ground_truth: 'three', category: ' maths ' },
      ]),
    )
    expect(cases).toEqual([
      { id: '1', question: 'First?', ground_truth: 'one', answers: ['one'], category: null },
      { id: '7', question: 'Second?', ground_truth: '2', answers: ['2'], category: null },
      { id: '3', question: 'Third?', ground_truth: 'three', answers: ['three'], category: 'maths' },
    ])
  })

  it('accepts several acceptable answers: a ground_truth list, an answers list, or both', () => {
    const cases = parseTestCases(
      JSON.stringify({
        test_cases: [
          { question: 'How many?', ground_truth: ['four', '4'] },
          { question: 'Who?', answers: ['Kawann Short', 'Short'] },
          { question: 'Where?', ground_truth: 'Paris', answers: ['Paris', 'in Paris'] },
        ],
      }),
    )
    expect(cases.map((c) => [c.ground_truth, c.answers])).toEqual([
      ['four', ['four', '4']],
      ['Kawann Short', ['Kawann Short', 'Short']],
      ['Paris', ['Paris', 'in Paris']],
    ])
  })

  it('ignores fields it does not know', () => {
    const [only] = parseTestCases(
      JSON.stringify([{ question: 'Q?', ground_truth: 'A', doc: 'x.md', extra: {} }]),
    )
    expect(only).toEqual({ id: '1', question: 'Q?', ground_truth: 'A', answers: ['A'], category: null })
  })

  it('round-trips through toTestCaseFile', () => {
    const cases: TestCase[] = [
      { id: 'a', question: 'One?', ground_truth: 'x', answers: ['x', 'ex'], category: 'c' },
      { id: 'b', question: 'Two?', ground_truth: 'y', answers: ['y'], category: null },
    ]
    const file = toTestCaseFile(cases)
    expect(JSON.parse(file)).toEqual({
      test_cases: [
        { id: 'a', question: 'One?', ground_truth: 'x', answers: ['x', 'ex'], category: 'c' },
        { id: 'b', question: 'Two?', ground_truth: 'y' },
      ],
    })
    expect(parseTestCases(file)).toEqual(cases)
  })
})

describe('parseTestCases: errors a person can act on', () => {
  it('rejects an empty file and a file with no cases', () => {
    expect(errorOf('')).toBe('the test-case file is empty')
    expect(errorOf('\uFEFF \n\t\n')).toBe('the test-case file is empty')
    expect(errorOf('{"test_cases": []}')).toBe('the test-case file has no test cases')
    expect(errorOf('[]')).toBe('the test-case file has no test cases')
  })

  it('names the line and column of invalid JSON', () => {
    const text = '{\n  "test_cases": [\n    {"question": "Q?", "ground_truth": "A"},\n  ]\n}\n'
    expect(errorOf(text)).toBe(
      "the test-case file is not valid JSON: trailing comma before ']' at line 4, column 3",
    )
    expect(errorOf('{\n  "test_cases": [\n    {"question": "Q?" "ground_truth": "A"}\n  ]\n}')).toBe(
      "the test-case file is not valid JSON: expected ',' or '}' at line 3, column 23",
    )
    expect(errorOf('[{"question": Paris}]')).toBe(
      "the test-case file is not valid JSON: unexpected 'P', expected a value (strings need double quotes) at line 1, column 15",
    )
    expect(errorOf('{"test_cases": [{"question": "Q?"')).toBe(
      "the test-case file is not valid JSON: unexpected end of file, expected ',' or '}' at line 1, column 34",
    )
    expect(errorOf('[{"question": "two\nlines"}]')).toMatch(
      /line break or control character inside a string .* at line 1, column 19$/u,
    )
  })

  it('names the broken line of a JSON Lines file', () => {
    const text = [
      '{"question": "One?", "ground_truth": "1"}',
      '',
      '{"question": "Two?", "ground_truth": "2"}',
      '{"question": "Three?", "ground_truth": 3',
      '{"question": "Four?", "ground_truth": "4"}',
    ].join('\n')
    expect(errorOf(text)).toBe(
      "line 4 is not valid JSON: unexpected end of file, expected ',' or '}' at line 1, column 41",
    )
  })

  it('names the case, its line and the field of a wrong value', () => {
    const file = (cases: unknown[]) => JSON.stringify({ test_cases: cases }, null, 2)
    const good = { question: 'Q?', ground_truth: 'A' }
    // In the pretty-printed file, case n starts on line 3 + 4 × (n - 1) (each good case takes 4 lines).
    expect(errorOf(file([good, good, { question: 'Q?', ground_truth: '' }]))).toBe(
      'test case 3 (line 11): ground_truth must be a non-empty string',
    )
    expect(errorOf(file([good, { question: '', ground_truth: 'A' }]))).toBe(
      'test case 2 (line 7): question must be a non-empty string',
    )
    expect(errorOf(file([{ question: 42, ground_truth: 'A' }]))).toBe(
      'test case 1 (line 3): question must be a non-empty string',
    )
    expect(errorOf(file([{ question: 'Q?' }]))).toBe(
      'test case 1 (line 3): ground_truth must be a non-empty string (or a list of acceptable answers)',
    )
    expect(errorOf(file([{ question: 'Q?', ground_truth: true }]))).toBe(
      'test case 1 (line 3): ground_truth must be a non-empty string or a non-empty list of non-empty strings, found true',
    )
    expect(errorOf(file([{ question: 'Q?', ground_truth: [] }]))).toMatch(
      /ground_truth .* found an empty list$/u,
    )
    expect(errorOf(file([{ question: 'Q?', ground_truth: ['a', ''] }]))).toMatch(
      /^test case 1 \(line 3\): ground_truth/u,
    )
    expect(errorOf(file([{ question: 'Q?', ground_truth: 'A', answers: [{}] }]))).toBe(
      'test case 1 (line 3): answers must be a non-empty string or a non-empty list of non-empty strings, found a list',
    )
  })

  it('rejects wrong ids, categories and cases that are not objects', () => {
    expect(errorOf('[{"id": true, "question": "Q?", "ground_truth": "A"}]')).toBe(
      'test case 1 (line 1): id must be a non-empty string or a number, found true',
    )
    expect(errorOf('[{"id": " ", "question": "Q?", "ground_truth": "A"}]')).toMatch(
      /id must be .* found an empty string$/u,
    )
    expect(errorOf('[{"question": "Q?", "ground_truth": "A", "category": 3}]')).toBe(
      'test case 1 (line 1): category must be a string, found a number',
    )
    expect(errorOf('["Q?"]')).toBe(
      'test case 1 (line 1): expected an object with question and ground_truth, found a string',
    )
    expect(errorOf('{"test_cases": {"question": "Q?"}}')).toBe('test_cases must be a list of test cases')
    expect(errorOf('{"cases": []}')).toMatch(/^the test-case file must be \{"test_cases": \[\.\.\.\]\}/u)
    expect(errorOf('"just text"')).toMatch(/^the test-case file must be/u)
  })

  it('rejects duplicate ids, including one that clashes with a position-based id', () => {
    const lines = (ids: unknown[]) =>
      ids.map((id, i) => JSON.stringify({ id, question: `Q${i}?`, ground_truth: 'A' })).join('\n')
    expect(errorOf(lines(['a', 'b', 'a']))).toBe(
      'test case 3 (line 3): id "a" is already used by test case 1 (a case without an id takes its position as id)',
    )
    expect(errorOf(lines([undefined, 1]))).toMatch(
      /^test case 2 \(line 2\): id "1" is already used by test case 1/u,
    )
    expect(errorOf(lines([2, '2']))).toMatch(/^test case 2 \(line 2\): id "2" is already used/u)
  })

  it(`accepts ${MAX_TEST_CASES} cases and no more`, () => {
    const cases = (n: number) =>
      JSON.stringify({
        test_cases: Array.from({ length: n }, (_, i) => ({ question: `Q${i}?`, ground_truth: 'A' })),
      })
    expect(parseTestCases(cases(MAX_TEST_CASES))).toHaveLength(MAX_TEST_CASES)
    expect(errorOf(cases(MAX_TEST_CASES + 1))).toBe(
      `the test-case file has ${MAX_TEST_CASES + 1} test cases; at most ${MAX_TEST_CASES} are allowed`,
    )
  })
})
