import { check, checkEqual } from '../check'
import type { ContractClient, ContractRequest } from './ContractClient'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

/**
 * Helpers of the platform record contracts (plugin state, conversations, tags, personas). Every case
 * shares one user with the rest of the suite, so cases make their own uniquely named records and
 * check relative facts (their own records present, in order) rather than whole-list totals.
 */

/** A name no other case (or earlier run) uses. */
export function unique(label: string): string {
  return `${label} ${uniqueSuffix()}`
}

/** Sends a request, asserts the status, and answers the JSON body (undefined for 204). */
export async function call<T = Record<string, unknown>>(
  client: ContractClient,
  method: string,
  path: string,
  json: unknown,
  status: number,
): Promise<T> {
  const request: ContractRequest = { method, path }
  if (json !== undefined) request.json = json
  const response = await client(request)
  checkEqual(response.status, status, `${method} ${path} status (body ${response.text.slice(0, 300)})`)
  if (status === 204) {
    checkEqual(response.text, '', `${method} ${path} has no body`)
    return undefined as T
  }
  return responseJson<T>(response)
}

/** Asserts a platform 422 whose issues name `field` in their `loc`. */
export async function expectInvalid(
  client: ContractClient,
  method: string,
  path: string,
  json: unknown,
  field: string | number,
): Promise<void> {
  const request: ContractRequest = { method, path }
  if (json !== undefined) request.json = json
  expectValidationIssue(await client(request), (loc) => loc.includes(field))
}

/** Asserts a 404 with a string detail containing `detailPart`. */
export async function expectNotFound(
  client: ContractClient,
  method: string,
  path: string,
  json: unknown,
  detailPart: string,
): Promise<void> {
  const body = await call<{ detail: unknown }>(client, method, path, json, 404)
  check(
    typeof body.detail === 'string' && body.detail.includes(detailPart),
    `404 detail ${JSON.stringify(body.detail)} names ${detailPart}`,
  )
}

/** The caller's user id, as the per-user paths want it. */
export async function callerId(client: ContractClient): Promise<string> {
  const me = await call<{ id: string }>(client, 'GET', '/api/v1/auth/me', undefined, 200)
  check(typeof me.id === 'string', 'auth/me has an id')
  return me.id
}

export interface PageBody<T> {
  items: T[]
  total_items: number
  page: number
  page_size: number
  total_pages: number
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
