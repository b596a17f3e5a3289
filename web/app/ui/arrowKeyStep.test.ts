import { describe, expect, it } from 'vitest'
import { arrowKeyStep, type ItemPlace } from './arrowKeyStep'

describe('a list', () => {
  it('goes down and up one item, and stays at either end', () => {
    expect(arrowKeyStep('ArrowDown', 0, 3)).toBe(1)
    expect(arrowKeyStep('ArrowDown', 2, 3)).toBe(2)
    expect(arrowKeyStep('ArrowUp', 2, 3)).toBe(1)
    expect(arrowKeyStep('ArrowUp', 0, 3)).toBe(0)
  })

  it('goes to the first and the last with Home and End', () => {
    expect(arrowKeyStep('Home', 2, 4)).toBe(0)
    expect(arrowKeyStep('End', 0, 4)).toBe(3)
  })

  it('leaves Left, Right, Enter, Space and other keys to the browser', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Tab', 'a'])
      expect(arrowKeyStep(key, 1, 3)).toBeUndefined()
  })

  it('does nothing from outside its items', () => {
    expect(arrowKeyStep('ArrowDown', -1, 3)).toBeUndefined()
    expect(arrowKeyStep('Home', 0, 0)).toBeUndefined()
  })
})

describe('a grid', () => {
  // Three cards a row, 100 px wide and 50 px tall; the last row has two.
  const places: ItemPlace[] = [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({
    top: Math.floor(index / 3) * 60,
    centre: (index % 3) * 110 + 50,
  }))
  const step = (key: string, from: number) => arrowKeyStep(key, from, places.length, places)

  it('goes right and left in reading order, across rows, and stays at either end', () => {
    expect(step('ArrowRight', 0)).toBe(1)
    expect(step('ArrowRight', 2)).toBe(3)
    expect(step('ArrowLeft', 3)).toBe(2)
    expect(step('ArrowLeft', 0)).toBe(0)
    expect(step('ArrowRight', 7)).toBe(7)
  })

  it('goes down and up to the card of the next row in the same column', () => {
    expect(step('ArrowDown', 1)).toBe(4)
    expect(step('ArrowDown', 4)).toBe(7)
    expect(step('ArrowUp', 7)).toBe(4)
    expect(step('ArrowUp', 5)).toBe(2)
  })

  it('goes to the nearest card of a shorter row, and stays in the first and last rows', () => {
    expect(step('ArrowDown', 5)).toBe(7)
    expect(step('ArrowDown', 6)).toBe(6)
    expect(step('ArrowUp', 1)).toBe(1)
  })

  it('is a list when the grid has one column', () => {
    const column = [0, 1, 2].map((index) => ({ top: index * 60, centre: 50 }))
    expect(arrowKeyStep('ArrowDown', 0, 3, column)).toBe(1)
    expect(arrowKeyStep('ArrowUp', 2, 3, column)).toBe(1)
  })
})
