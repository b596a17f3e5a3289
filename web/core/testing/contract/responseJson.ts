import { check } from '../check'
import type { ContractResponse } from './ContractClient'

/** Parses a JSON response body, failing the case with the status and body when it is not JSON. */
export function responseJson<T = Record<string, unknown>>(response: ContractResponse): T {
  check(
    (response.headers['content-type'] ?? '').includes('application/json'),
    `expected a JSON response, got content-type ${response.headers['content-type']} (status ${response.status})`,
  )
  try {
    return JSON.parse(response.text) as T
  } catch {
    throw new Error(`response body is not JSON (status ${response.status}): ${response.text.slice(0, 200)}`)
  }
}
