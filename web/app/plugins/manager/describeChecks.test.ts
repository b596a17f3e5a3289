import { describe, expect, it } from 'vitest'
import type { UpdateCheck } from '../../api/pluginsApi'
import { describeChecks } from './describeChecks'

const check = (slug: string, fields: Partial<UpdateCheck> = {}): UpdateCheck => ({
  plugin_id: `${slug}-id`,
  plugin_slug: slug,
  plugin_name: `${slug} name`,
  current_version: '1.0.0',
  latest_version: '1.0.0',
  update_available: false,
  checked: true,
  last_update_check: null,
  repo_url: null,
  ...fields,
})

describe('describeChecks', () => {
  it('says when there is nothing installed or nothing new', () => {
    expect(describeChecks([])).toMatch(/No plugins are installed/)
    expect(describeChecks([check('A')])).toBe('No updates available.')
  })

  it('names the plugins with a newer version, and those that could not be checked with why', () => {
    const text = describeChecks([
      check('A', { update_available: true, latest_version: '1.2.0' }),
      check('B', { checked: false, reason: 'offline' }),
      check('C'),
    ])
    expect(text).toBe('An update is available: A 1.2.0. Not checked: B (offline).')
  })
})
