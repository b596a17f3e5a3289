import { expect, test } from './support/test'
import { askWithWebLlm } from './support/askWithWebLlm'
import { openApp } from './support/openApp'

test.describe('WebLLM without WebGPU', () => {
  test('chat says plainly that WebGPU is missing and names the alternatives', async ({ page }) => {
    await openApp(page)
    const { tested, reply } = await askWithWebLlm(page)
    expect(tested.ok).toBe(false)
    expect(tested.detail).toMatch(/WebGPU/)
    expect(reply.status).toBe(502)
    expect(reply.body.detail).toMatch(/WebGPU.*extractive.*Ollama.*OpenAI-compatible/)
  })
})
