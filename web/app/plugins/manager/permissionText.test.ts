import { describe, expect, it } from 'vitest'
import { describePermissions, everyPermission } from './permissionText'

describe('describePermissions', () => {
  it('puts each known permission in plain words, in the order asked', () => {
    const lines = describePermissions(['storage.write', 'api.access'])
    expect(lines.map((l) => l.name)).toEqual(['storage.write', 'api.access'])
    expect(lines[0]?.text).toMatch(/its own/)
    expect(lines[1]?.text).toMatch(/your Quire data/)
    expect(lines.every((l) => !l.unknown)).toBe(true)
  })

  it('says plainly that an unknown permission allows nothing, and lists each one once', () => {
    const lines = describePermissions(['camera.use', 'camera.use', '', 7, 'network.request'])
    expect(lines).toEqual([
      { name: 'camera.use', text: expect.stringMatching(/allows nothing/) as unknown, unknown: true },
      { name: 'network.request', text: expect.stringMatching(/outside Quire/) as unknown, unknown: false },
    ])
  })

  it('answers nothing for a plugin that asks for nothing', () => {
    expect(describePermissions(undefined)).toEqual([])
    expect(describePermissions(null)).toEqual([])
  })
})

describe('everyPermission', () => {
  it('lists the spec’s six common permissions', () => {
    expect(everyPermission().map((l) => l.name)).toEqual([
      'api.access',
      'storage.read',
      'storage.write',
      'network.request',
      'file.access',
      'notification.send',
    ])
  })
})
