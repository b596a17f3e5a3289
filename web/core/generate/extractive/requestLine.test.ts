import { describe, expect, it } from 'vitest'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { endpointWord, printsRequestLine } from './requestLine'

/** A recipe service's API reference: each endpoint's request line under the heading saying what it does. */
const CONVENTIONS = answerSource(
  1,
  'Conventions\n\nEvery endpoint answers with JSON, and a deleted recipe cannot be brought back by any endpoint.',
  { filename: 'recipes-api.md', heading: 'Recipes API > Conventions' },
)
const DELETE = answerSource(
  2,
  'Remove a recipe\n\nDELETE /v1/recipes/:id\n\nRemoves a recipe and its photos.',
  {
    filename: 'recipes-api.md',
    heading: 'Recipes API > Remove a recipe',
  },
)
const LIST = answerSource(3, 'List recipes\n\nGET /v1/recipes\n\nLists the recipes of the signed-in cook.', {
  filename: 'recipes-api.md',
  heading: 'Recipes API > List recipes',
})

describe('requestLine', () => {
  it('reads a method and a path as a request line, and "endpoint" and "route" as its names', () => {
    expect(printsRequestLine('DELETE /v1/recipes/:id')).toBe(true)
    expect(printsRequestLine('`GET /v1/recipes`')).toBe(true)
    expect(printsRequestLine('curl -X DELETE http://localhost:8080/v1/recipes/7')).toBe(false)
    expect(printsRequestLine('Please GET in touch.')).toBe(false)
    expect(endpointWord('endpoint')).toBe(true)
    expect(endpointWord('routes')).toBe(true)
    expect(endpointWord('recipe')).toBe(false)
  })

  it('answers which endpoint does a thing with the request line under the heading that says it', () => {
    const asked: Array<[string, string]> = [
      ['which endpoint removes a recipe', 'DELETE /v1/recipes/:id'],
      ['what endpoint do i call to list recipes', 'GET /v1/recipes'],
    ]
    for (const [question, line] of asked)
      expect(composedAnswer(question, [CONVENTIONS, DELETE, LIST]).text.startsWith(`\`${line}\``)).toBe(true)
  })
})
