import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './ApiRequestError'
import { ApiValidationError, errorFromAnswer, placeOf } from './ApiValidationError'

describe('placeOf', () => {
  it('names the field without the leading body, indexes in brackets', () => {
    expect(placeOf(['body', 'plugin_data', 'version'])).toBe('plugin_data.version')
    expect(placeOf(['body', 'module_data', 0, 'layout', 'minWidth'])).toBe('module_data[0].layout.minWidth')
    expect(placeOf(['query', 'force'])).toBe('query.force')
    expect(placeOf('nope')).toBe('')
  })
})

describe('errorFromAnswer', () => {
  it('lists each broken rule with its place for a 422', () => {
    const error = errorFromAnswer(422, 'Unprocessable Entity', {
      detail: [
        { loc: ['body', 'plugin_data', 'version'], msg: 'must be a semantic version', type: 'value_error' },
        { loc: ['body', 'module_data', 1, 'name'], msg: 'Field required', type: 'missing' },
        { nonsense: true },
      ],
    })
    expect(error).toBeInstanceOf(ApiValidationError)
    expect((error as ApiValidationError).problems).toEqual([
      { where: 'plugin_data.version', msg: 'must be a semantic version' },
      { where: 'module_data[1].name', msg: 'Field required' },
    ])
    expect(error.status).toBe(422)
    expect(error.detail).toBe(
      'plugin_data.version: must be a semantic version; module_data[1].name: Field required',
    )
  })

  it('keeps a string detail as it is', () => {
    const error = errorFromAnswer(400, 'Bad Request', { detail: 'The plugin package is not a .zip' })
    expect(error).not.toBeInstanceOf(ApiValidationError)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error.detail).toBe('The plugin package is not a .zip')
  })

  it('falls back to the status line for a body without a detail', () => {
    expect(errorFromAnswer(502, 'Bad Gateway', undefined).detail).toBe(
      'The request failed (502 Bad Gateway).',
    )
    expect(errorFromAnswer(500, '', { detail: [] }).detail).toBe('The request failed (500).')
  })
})
