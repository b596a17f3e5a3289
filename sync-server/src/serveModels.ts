import type { Middleware } from 'koa'
import send from 'koa-send'

const PREFIX = '/models/'

/**
 * Serves the self-hosted model folder at /models/<model id>/... (config.json, tokenizer files,
 * onnx/*.onnx), so the browser's transformers.js can load a model from this server instead of the
 * Hugging Face hub. koa-send refuses paths that leave the folder.
 */
export function serveModels(root: string): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(PREFIX)) return next()
    try {
      await send(ctx, ctx.path.slice(PREFIX.length), {
        root,
        setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400'),
      })
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 404 || status === 400 || status === 403) {
        ctx.status = 404
        ctx.body = { detail: 'Model file not found' }
        return
      }
      throw error
    }
  }
}
