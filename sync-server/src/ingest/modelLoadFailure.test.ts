import { describe, expect, it } from 'vitest'
import { modelLoadFailure, withoutServerPaths } from './modelLoadFailure'

describe('modelLoadFailure', () => {
  const folders = { modelsDir: '/srv/quire/models', cacheDir: '/var/lib/quire/cache', allowRemote: true }

  it('cuts the server’s folders and any other absolute path out, and leaves URLs whole', () => {
    expect(
      withoutServerPaths(
        'Could not read "/srv/quire/models/x/onnx/model.onnx"; cached at /var/lib/quire/cache/x, see /etc/quire/conf or C:\\quire\\models\\x; fetched https://huggingface.co/x/resolve/main/config.json',
        folders,
      ),
    ).toBe(
      'Could not read "MODELS_DIR/x/onnx/model.onnx"; cached at the model cache/x, see <server path> or <server path>; fetched https://huggingface.co/x/resolve/main/config.json',
    )
  })

  it('says a model missing with downloads off in the operator’s terms', () => {
    const error = new Error('file was not found locally at "/srv/quire/models/x/config.json".')
    expect(modelLoadFailure(error, 'x', { ...folders, allowRemote: false }).message).toBe(
      'The model x is not in the server’s model folder (MODELS_DIR), and downloading models is off (ALLOW_REMOTE_MODELS=1 turns it on)',
    )
    expect(modelLoadFailure(error, 'x', folders).message).toBe(
      'file was not found locally at "MODELS_DIR/x/config.json".',
    )
  })
})
