import type { Page } from '@playwright/test'

export const WEBLLM_MODEL = 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC'

/** Chooses WebLLM, asks a question, and restores the extractive answerer. */
export async function askWithWebLlm(page: Page) {
  return page.evaluate(async (model) => {
    const send = async (method: string, path: string, body: unknown) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    }
    const tested = await send('POST', '/api/settings/test-generator', {
      generator: { kind: 'webllm', model },
    })
    await send('PUT', '/api/settings', { generator: { kind: 'webllm', model } })
    try {
      const session = await send('POST', '/api/chat/sessions', { name: 'WebLLM' })
      const reply = await send('POST', '/api/chat/message', {
        session_id: session.body.id,
        message: 'What is a trace tree?',
      })
      return { tested: tested.body, reply }
    } finally {
      await send('PUT', '/api/settings', { generator: { kind: 'extractive' } })
    }
  }, WEBLLM_MODEL)
}
