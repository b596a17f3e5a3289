import { expect, it } from 'vitest'
import { numberedPlaceholders } from './numberedPlaceholders'

it('numbers ? placeholders in order, leaving those in literals, quoted names and comments', () => {
  expect(numberedPlaceholders('SELECT a FROM t WHERE b = ? AND c IN (?, ?) LIMIT ?')).toBe(
    'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3) LIMIT $4',
  )
  expect(
    numberedPlaceholders(
      `SELECT '?', 'it''s ?', "odd?name" FROM t -- why?\nWHERE x = ? /* or ? */ AND y = ?`,
    ),
  ).toBe(`SELECT '?', 'it''s ?', "odd?name" FROM t -- why?\nWHERE x = $1 /* or ? */ AND y = $2`)
  expect(numberedPlaceholders('SELECT 1')).toBe('SELECT 1')
})
