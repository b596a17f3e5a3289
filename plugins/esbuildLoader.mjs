// A webpack loader that compiles the samples' TypeScript/JSX with the esbuild the repo already has
// (BrainDrive's template uses ts-loader; the output webpack bundles is the same kind of module).
// Classic JSX (React.createElement), as the template's `"jsx": "react"` does, so every element goes
// through the `react` that Module Federation shares.
import { transform } from 'esbuild'

export default function esbuildLoader(source) {
  const done = this.async()
  transform(source, {
    loader: this.resourcePath.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'transform',
    jsxFactory: 'React.createElement',
    jsxFragment: 'React.Fragment',
    format: 'esm',
    target: 'es2020',
    sourcefile: this.resourcePath,
  }).then(
    (result) => done(null, result.code),
    (error) => done(error),
  )
}
