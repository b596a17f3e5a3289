import { describe, expect, it } from 'vitest'
import { listItems } from './conversationsApi'

describe('listItems', () => {
  it('reads a bare array and the pagination envelope alike', () => {
    expect(listItems([1, 2])).toEqual([1, 2])
    expect(listItems({ items: [3], total_items: 1, page: 1, page_size: 20, total_pages: 1 })).toEqual([3])
  })

  it('answers nothing for bodies that hold no list', () => {
    expect(listItems(null)).toEqual([])
    expect(listItems({ detail: 'x' })).toEqual([])
  })
})
