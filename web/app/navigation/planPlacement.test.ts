import { describe, expect, it } from 'vitest'
import { node } from './navigationTestData'
import { describeDrop, planDrop, planMove, planPlacement } from './planPlacement'

/** A, B (holding B1, B2), C at the top, numbered as the API keeps them. */
function tree() {
  const a = node('A', 'a', { display_order: 0 })
  const b1 = node('B1', 'b1', { display_order: 0 })
  const b2 = node('B2', 'b2', { display_order: 1 })
  const b = node('B', 'b', { display_order: 1, children: [b1, b2] })
  const c = node('C', 'c', { display_order: 2 })
  b1.parent_id = b.id
  b2.parent_id = b.id
  return { tree: [a, b, c], a, b, b1, b2, c }
}

describe('planPlacement', () => {
  it('renumbers every sibling whose order changes, in the new and the old parent, with the entries that undo it', () => {
    const t = tree()
    const plan = planPlacement(t.tree, t.c.id, t.b.id, 0)
    expect(plan?.changes).toEqual([
      { id: t.c.id, parent_id: t.b.id, display_order: 0 },
      { id: t.b1.id, parent_id: t.b.id, display_order: 1 },
      { id: t.b2.id, parent_id: t.b.id, display_order: 2 },
    ])
    expect(plan?.undo).toEqual([
      { id: t.c.id, parent_id: null, display_order: 2 },
      { id: t.b1.id, parent_id: t.b.id, display_order: 0 },
      { id: t.b2.id, parent_id: t.b.id, display_order: 1 },
    ])
    expect(plan?.announcement).toBe('Moved C under B, position 1')
    // Leaving a parent closes the gap it leaves behind.
    expect(planPlacement(t.tree, t.a.id, t.b.id, 9)?.changes).toEqual([
      { id: t.a.id, parent_id: t.b.id, display_order: 2 },
      { id: t.b.id, parent_id: null, display_order: 0 },
      { id: t.c.id, parent_id: null, display_order: 1 },
    ])
  })

  it('fills gaps in the stored orders, and is null when nothing changes or the place is inside the route', () => {
    const t = tree()
    t.c.display_order = 7
    expect(planPlacement(t.tree, t.a.id, null, 0)?.changes).toEqual([
      { id: t.c.id, parent_id: null, display_order: 2 },
    ])
    t.c.display_order = 2
    expect(planPlacement(t.tree, t.a.id, null, 0)).toBeNull()
    expect(planPlacement(t.tree, t.b.id, t.b1.id, 0)).toBeNull()
    expect(planPlacement(t.tree, t.b.id, t.b.id, 0)).toBeNull()
  })
})

describe('planMove', () => {
  it('moves up and down among siblings, not past the ends', () => {
    const t = tree()
    const up = planMove(t.tree, t.b.id, 'up')
    expect(up?.changes).toEqual([
      { id: t.b.id, parent_id: null, display_order: 0 },
      { id: t.a.id, parent_id: null, display_order: 1 },
    ])
    expect(up?.announcement).toBe('Moved B to the top level, position 1')
    expect(planMove(t.tree, t.b.id, 'down')?.announcement).toBe('Moved B to the top level, position 3')
    expect(planMove(t.tree, t.a.id, 'up')).toBeNull()
    expect(planMove(t.tree, t.c.id, 'down')).toBeNull()
  })

  it('indents under the sibling before (last among its children) and outdents to just after the parent', () => {
    const t = tree()
    expect(planMove(t.tree, t.c.id, 'indent')?.changes).toEqual([
      { id: t.c.id, parent_id: t.b.id, display_order: 2 },
    ])
    expect(planMove(t.tree, t.c.id, 'indent')?.announcement).toBe('Moved C under B, position 3')
    expect(planMove(t.tree, t.a.id, 'indent')).toBeNull()
    const out = planMove(t.tree, t.b1.id, 'outdent')
    expect(out?.announcement).toBe('Moved B1 to the top level, position 3')
    expect(out?.changes).toEqual([
      { id: t.b1.id, parent_id: null, display_order: 2 },
      { id: t.c.id, parent_id: null, display_order: 3 },
      { id: t.b2.id, parent_id: t.b.id, display_order: 0 },
    ])
    expect(planMove(t.tree, t.a.id, 'outdent')).toBeNull()
  })
})

describe('planDrop', () => {
  it('drops before or after a route among its siblings, inside it (last), or last at the top level', () => {
    const t = tree()
    expect(planDrop(t.tree, t.c.id, t.a.id, 'before')?.announcement).toBe(
      'Moved C to the top level, position 1',
    )
    expect(planDrop(t.tree, t.a.id, t.b.id, 'after')?.changes).toEqual([
      { id: t.b.id, parent_id: null, display_order: 0 },
      { id: t.a.id, parent_id: null, display_order: 1 },
    ])
    expect(planDrop(t.tree, t.a.id, t.b1.id, 'after')?.changes).toContainEqual({
      id: t.a.id,
      parent_id: t.b.id,
      display_order: 1,
    })
    expect(planDrop(t.tree, t.a.id, t.b.id)?.announcement).toBe('Moved A under B, position 3')
    expect(planDrop(t.tree, t.b1.id, null)?.announcement).toBe('Moved B1 to the top level, position 4')
    // Onto itself or its descendants, or where it already is: nothing to do.
    expect(planDrop(t.tree, t.b.id, t.b1.id, 'before')).toBeNull()
    expect(planDrop(t.tree, t.b.id, t.b.id, 'inside')).toBeNull()
    expect(planDrop(t.tree, t.a.id, t.b.id, 'before')).toBeNull()
    expect(planDrop(t.tree, t.c.id, null)).toBeNull()
  })

  it('says where a drop would go', () => {
    expect(describeDrop('C', 'A', 'before')).toBe('Drop to put C before A')
    expect(describeDrop('C', 'A', 'inside')).toBe('Drop to put C under A')
    expect(describeDrop('C', null, 'inside')).toBe('Drop to put C last at the top level')
  })
})
