import { hideFilePaths } from '../../../web/core/api/hideFilePaths'

/**
 * What a failed model load is reported as: transformers.js names the file it looked for
 * (`file was not found locally at "/srv/quire/models/Xenova/x/config.json"`), and that message
 * reaches people (`GET /api/settings/embedder-status`, a failed document's `metadata.error`). A
 * missing model is said in the operator's terms (MODELS_DIR, ALLOW_REMOTE_MODELS); any other failure
 * keeps its words with every absolute path on the server cut out.
 */
export function modelLoadFailure(
  error: unknown,
  modelId: string,
  folders: { modelsDir?: string; cacheDir?: string; allowRemote: boolean },
): Error {
  const message = error instanceof Error ? error.message : String(error)
  if (/not found locally|could not locate file/i.test(message) && !folders.allowRemote) {
    return new Error(
      `The model ${modelId} is not in the server’s model folder (MODELS_DIR${folders.modelsDir ? '' : ', which is not set'}), and downloading models is off (ALLOW_REMOTE_MODELS=1 turns it on)`,
    )
  }
  return new Error(withoutServerPaths(message, folders))
}

/** `text` with the server's model folders named and any other absolute file path hidden (hideFilePaths). */
export function withoutServerPaths(text: string, folders: { modelsDir?: string; cacheDir?: string }): string {
  let shown = text
  if (folders.modelsDir) shown = shown.replaceAll(folders.modelsDir, 'MODELS_DIR')
  if (folders.cacheDir) shown = shown.replaceAll(folders.cacheDir, 'the model cache')
  return hideFilePaths(shown)
}
