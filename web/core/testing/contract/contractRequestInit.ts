import type { ContractRequest } from './ContractClient'

/** The fetch options for a contract request; shared by every client so they send identical bytes. */
export function contractRequestInit({ method, json, raw, headers }: Omit<ContractRequest, 'multipart'>): {
  method: string
  headers: Record<string, string>
  body?: string
} {
  if (json !== undefined) {
    return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) }
  }
  return raw === undefined
    ? { method, headers: { ...headers } }
    : { method, headers: { ...headers }, body: raw }
}
