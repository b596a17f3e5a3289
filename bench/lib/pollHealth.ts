import { Agent, request } from 'node:http'

/** One answer to `GET /api/health`: when it was sent (ms since the poll started) and how long it took. */
export interface HealthSample {
  atMs: number
  latencyMs: number
  status: number
}

export interface HealthPoll {
  /** Ends the poll after the request in flight and resolves with every sample, in order. */
  stop(): Promise<HealthSample[]>
}

/**
 * Asks `GET <url>/api/health` every `intervalMs` over one keep-alive connection, one request at a
 * time: the next one leaves `intervalMs` after the previous one left, or at once when that one took
 * longer. A server whose event loop is blocked answers late, so the latencies are its stalls (a stall
 * of 2 s shows as one 2 s sample, not as 200 missing ones). A connection error is a sample with
 * status 0.
 */
export function pollHealth(url: string, intervalMs = 10): HealthPoll {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples: HealthSample[] = []
  const started = performance.now()
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const sentAt = performance.now()
      const status = await healthStatus(`${url}/api/health`, agent)
      const answeredAt = performance.now()
      samples.push({ atMs: sentAt - started, latencyMs: answeredAt - sentAt, status })
      const wait = sentAt + intervalMs - answeredAt
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      agent.destroy()
      return samples
    },
  }
}

function healthStatus(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (response) => {
      response.resume()
      response.once('end', () => resolve(response.statusCode ?? 0))
      response.once('error', () => resolve(0))
    })
    req.once('error', () => resolve(0))
    req.end()
  })
}
