import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BRAINDRIVE_SERVICES } from './braindriveContract'
import { braindriveContractRows } from './braindriveContractTable'
import { SERVICE_METHODS, SERVICE_NAMES } from './frameProtocol'

/** A table row with its cells' padding gone (prettier aligns the columns). */
const squeeze = (row: string) => row.replace(/ *\| */g, '|').trim()

const doc = readFileSync(path.join(import.meta.dirname, '../../../../docs/braindrive-services.md'), 'utf8')

describe('the BrainDrive services table', () => {
  it('lists every method of the contract in docs/braindrive-services.md, as the contract says', () => {
    const rows = braindriveContractRows()
    expect(rows.length).toBe(Object.values(BRAINDRIVE_SERVICES).flatMap((m) => Object.keys(m)).length)
    const documented = doc
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map(squeeze)
    for (const row of rows) expect(documented).toContain(squeeze(row))
  })

  it('cites a source line for every method, and the frame stubs every one', () => {
    for (const service of SERVICE_NAMES) {
      for (const [method, contract] of Object.entries(BRAINDRIVE_SERVICES[service])) {
        expect(contract.source, `${service}.${method}`).toMatch(/\.tsx?:\d+$/)
        expect(SERVICE_METHODS[service]).toContain(method)
      }
    }
  })
})
