import { describe, expect, it } from 'vitest'
import { ApiError } from '../kernel/ApiError'
import { toErrorResult } from './toErrorResult'

describe('toErrorResult', () => {
  it('answers an ApiError with its status, detail and headers', () => {
    expect(toErrorResult(new ApiError(429, 'Too many requests', { 'Retry-After': '3' }))).toEqual({
      status: 429,
      body: { detail: 'Too many requests' },
      headers: { 'Retry-After': '3' },
    })
  })

  it('answers anything else with a generic 500 and logs it', () => {
    const logged: unknown[] = []
    const error = new Error("ENOENT: no such file or directory, open '/srv/quire/data/x'")
    expect(toErrorResult(error, (e) => logged.push(e))).toEqual({
      status: 500,
      body: { detail: 'Internal server error' },
    })
    expect(logged).toEqual([error])
  })

  it('never lets a detail show a server file path, in either error style', () => {
    const quoted = toErrorResult(ApiError.badRequest("file: cannot read '/srv/quire/data/users/u1/files/ab'"))
    expect(quoted.body).toEqual({ detail: "file: cannot read '<server path>'" })
    const issues = toErrorResult(
      ApiError.unprocessable([
        {
          loc: ['body', 'file'],
          msg: 'Setting up fake worker failed: file:///opt/quire/pdf.worker.mjs',
          type: 'corrupt',
        },
      ]),
    )
    expect(issues.body).toEqual({
      detail: [
        { loc: ['body', 'file'], msg: 'Setting up fake worker failed: <server path>', type: 'corrupt' },
      ],
    })
  })

  it('answers a full disk or storage quota with 507 saying what to do, and logs it', () => {
    const logged: unknown[] = []
    const disk = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    const answer = toErrorResult(disk, (e) => logged.push(e))
    expect(answer.status).toBe(507)
    expect((answer.body as { detail: string }).detail).toMatch(/storage is full.*free disk space/)
    expect(logged).toEqual([disk])
    // Dexie aborts the transaction and keeps the browser's DOMException as `inner`.
    const quota = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    })
    const browser = toErrorResult(quota, () => undefined)
    expect(browser.status).toBe(507)
    expect((browser.body as { detail: string }).detail).toMatch(/browser’s storage .* is full.*kept/)
    expect(toErrorResult(Object.assign(new Error('x'), { code: 'EACCES' }), () => undefined).status).toBe(500)
  })
})
