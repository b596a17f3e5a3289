import { describe, expect, it } from 'vitest'
import { attendanceQuery } from './attendanceQuery'

describe('attendanceQuery', () => {
  it("asks who attended in the minutes' other word", () => {
    expect(attendanceQuery('who attended the pta meeting')).toBe('who was present at the pta meeting')
    expect(attendanceQuery('Who came to the AGM?')).toBe('Who was present at the AGM?')
  })

  it('asks nothing else again', () => {
    expect(attendanceQuery('who chaired the pta meeting')).toBeNull()
    expect(attendanceQuery('when was the meeting attended by the mayor')).toBeNull()
  })
})
