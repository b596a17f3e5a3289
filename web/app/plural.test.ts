import { expect, it } from 'vitest'
import { plural } from './plural'

it('adds an s for every count but one', () => {
  expect(plural(1, 'engine')).toBe('1 engine')
  expect(plural(0, 'engine')).toBe('0 engines')
  expect(plural(2, 'model')).toBe('2 models')
})
