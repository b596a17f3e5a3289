import { describe, expect, it } from 'vitest'
import { ApiError } from '../../kernel/ApiError'
import { readLifecycleManager } from './readLifecycleManager'

/** The 422's issues, for asserting on what the reader says. */
function refusal(source: string): Array<{ loc: Array<string | number>; msg: string; type: string }> {
  try {
    readLifecycleManager(source)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    return (error as ApiError).detail as Array<{ loc: Array<string | number>; msg: string; type: string }>
  }
  throw new Error('expected a 422')
}

function plugin(literal: string): unknown {
  return readLifecycleManager(`plugin_data = ${literal}\nmodule_data = []\n`).plugin_data
}

describe('readLifecycleManager: Python literals', () => {
  it('reads dicts, lists, tuples, strings, numbers, booleans and None', () => {
    expect(
      plugin(`{"a": [1, 2.5, -3, +4, 1_000, 0x1F, 0o17, 0b101, 1e3, .5], 'b': (1, 'x'), "c": (), "d": (7,)}`),
    ).toEqual({
      a: [1, 2.5, -3, 4, 1000, 31, 15, 5, 1000, 0.5],
      b: [1, 'x'],
      c: [],
      d: [7],
    })
    expect(plugin(`{"t": True, "f": False, "n": None}`)).toEqual({ t: true, f: false, n: null })
  })

  it('reads every string form: quotes, triple quotes, escapes, raw strings, u prefix, implicit joining', () => {
    const value = plugin(String.raw`{
      "d": "say \"hi\"\n\t\x41\u00e9\U0001F600\101",
      's': 'it\'s',
      "t": """three
lines""",
      "u": '''single ''triple''',
      "r": r"C:\path\n",
      "R": R'\d+\'',
      "uni": u"plain",
      "joined": "abc" 'def'
                "ghi",
      "paren": ("one "
                "two"),
      "cont": "back\
slash",
      "unknown": "\q",
    }`)
    expect(value).toEqual({
      d: 'say "hi"\n\tAé😀A',
      s: "it's",
      t: 'three\nlines',
      u: "single ''triple",
      r: 'C:\\path\\n',
      R: "\\d+\\'",
      uni: 'plain',
      joined: 'abcdefghi',
      paren: 'one two',
      cont: 'backslash',
      unknown: '\\q',
    })
  })

  it('takes trailing commas, comments and line continuations in its stride', () => {
    const source = [
      'plugin_data = \\',
      '    {  # a comment with "quotes" and { braces',
      '        "a": [1, 2,],  # trailing comma',
      '        "b": {"c": 3,},',
      '    }',
      'module_data = [',
      '    {"name": "A"},',
      ']',
    ].join('\r\n')
    expect(readLifecycleManager(source)).toEqual({
      plugin_data: { a: [1, 2], b: { c: 3 } },
      module_data: [{ name: 'A' }],
    })
  })

  it('keeps keys like __proto__ as plain data and the last of a repeated key, as Python does', () => {
    const value = plugin(`{"__proto__": {"polluted": True}, "k": 1, "k": 2}`) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__', 'k'])
    expect(value.k).toBe(2)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('readLifecycleManager: finding the assignments', () => {
  it('finds self.plugin_data inside a class, skipping strings, comments and other code that mention it', () => {
    const source = `
"""Docstring: plugin_data = {"fake": True}"""
# plugin_data = {"commented": True}
import os
class Manager(Base):
    def __init__(self, plugins_base_dir: str = None):
        note = "self.module_data = []"
        self.plugin_data = {"name": "Real", "path": f"{os.sep}"[0:0] and "x"} if False else None
`
    // The first real assignment is an expression: the reader refuses it, naming the line.
    const issues = refusal(source)
    expect(issues[0]?.loc).toEqual(['body', 'lifecycle_manager.py', 'plugin_data'])
    expect(issues[0]?.msg).toMatch(/line 8/)
  })

  it('reads annotated assignments and module-level ones; the first assignment of each name wins', () => {
    const source = `
plugin_data: Dict[str, Any] = {"name": "First"}
plugin_data = {"name": "Second"}
class M:
    def __init__(self):
        self.module_data: list = [{"name": "M1"}]
        self.module_data = [{"name": "M2"}]
        x = self.plugin_data['name']
`
    expect(readLifecycleManager(source)).toEqual({
      plugin_data: { name: 'First' },
      module_data: [{ name: 'M1' }],
    })
  })

  it('follows a bare name to the constant assigned a literal (BrainDrive’s Library plugin)', () => {
    const source = `
PLUGIN_DATA: Dict[str, Any] = {"name": "Library", "plugin_slug": "BrainDriveLibrary"}
MODULES = [{"name": "LibraryView"}]
class M:
    def __init__(self):
        self.plugin_data = PLUGIN_DATA
        self.module_data = MODULES
`
    expect(readLifecycleManager(source)).toEqual({
      plugin_data: { name: 'Library', plugin_slug: 'BrainDriveLibrary' },
      module_data: [{ name: 'LibraryView' }],
    })
    // A name nothing assigns, or one assigned code, is still not a literal.
    expect(refusal('plugin_data = NOWHERE\nmodule_data = []\n')[0]?.msg).toMatch(/the name `NOWHERE`/)
    expect(refusal('BUILT = make()\nplugin_data = BUILT\nmodule_data = []\n')[0]?.msg).toMatch(
      /must be a Python literal/,
    )
  })

  it('reads a file after an f-string with nested quotes, a decorator and other Python it does not need', () => {
    const source = `
@property
def path(self): return f"{self.plugin_data['plugin_slug']}/v{self.version}"
x = lambda a: a ** 2 // 3 -> None
plugin_data = {"ok": True}; module_data = [1]
`
    expect(readLifecycleManager(source)).toEqual({ plugin_data: { ok: true }, module_data: [1] })
  })
})

describe('readLifecycleManager: refusals', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['a name', 'plugin_data = PLUGIN\n', /the name `PLUGIN` at line 1/],
    ['a JSON word', 'plugin_data = {"a": false}\n', /the name `false` \(Python writes False\) at line 1/],
    ['a call', 'plugin_data = dict(a=1)\n', /a call to `dict\(\.\.\.\)` at line 1/],
    ['an attribute', 'plugin_data = {"v": os.environ}\n', /the attribute `os.environ` at line 1/],
    ['an f-string', 'plugin_data = {"v": f"{x}"}\n', /an f-string \(f"\{x\}"\) at line 1/],
    ['a ** spread', 'plugin_data = {**base, "a": 1}\n', /a `\*\*` spread in a dict at line 1/],
    ['a * spread', 'plugin_data = [*base]\n', /a `\*` spread in a list at line 1/],
    ['an expression', 'plugin_data = {"n": 1 + 2}\n', /an expression \(`\+` after a value\) at line 1/],
    ['a subscript', 'plugin_data = {"n": [1][0]}\n', /a subscript/],
    ['a conditional', 'plugin_data = {} if x else {}\n', /an expression \(`if` after a value\)/],
    ['a comprehension', 'plugin_data = [a for a in b]\n', /the name `a`/],
    ['a tuple without parentheses', 'plugin_data = {}, {}\n', /`,` after the value/],
    ['a set', 'plugin_data = {"a", "b"}\n', /a set/],
    ['a bytes literal', 'plugin_data = b"x"\n', /a bytes literal/],
    ['a complex number', 'plugin_data = 1j\n', /a complex number/],
    ['a huge integer', 'plugin_data = 123456789012345678901234567890\n', /too large/],
    ['a non-string key', 'plugin_data = {1: "a"}\n', /a dict key that is not a string/],
    [
      'an unterminated string',
      'plugin_data = {"a": "open\n}\n',
      /a string that ends at the end of its line at line 1/,
    ],
    ['nothing', 'plugin_data =\n', /no value/],
    ['a stray token', 'plugin_data = {"a" "b"}\n', /a set/],
    ['missing comma', 'plugin_data = [1 2]\n', /an expression \(`2` after a value\)/],
  ]
  for (const [what, line, message] of cases)
    it(`refuses ${what}, naming plugin_data and the line`, () => {
      const issues = refusal(`${line}module_data = []\n`)
      expect(issues).toHaveLength(1)
      expect(issues[0]?.loc).toEqual(['body', 'lifecycle_manager.py', 'plugin_data'])
      expect(issues[0]?.msg).toMatch(message)
    })

  it('refuses a bracket left open at the end of the file', () => {
    const issues = refusal('module_data = []\nplugin_data = {"a": [1, 2\n\n')
    expect(issues).toHaveLength(1)
    expect(issues[0]?.msg).toMatch(/`\[` opened on line 2 and never closed/)
  })

  it('names the line of a problem deep in a multi-line module_data', () => {
    const issues = refusal('plugin_data = {}\nmodule_data = [\n  {"name": "A"},\n  {"name": NAME},\n]\n')
    expect(issues).toEqual([
      {
        loc: ['body', 'lifecycle_manager.py', 'module_data'],
        msg: expect.stringMatching(/found the name `NAME` at line 4/),
        type: 'value_error',
      },
    ])
  })

  it('reports both assignments missing at once', () => {
    const issues = refusal('print("hello")\n')
    expect(issues.map((issue) => [issue.loc[2], issue.type])).toEqual([
      ['plugin_data', 'missing'],
      ['module_data', 'missing'],
    ])
  })

  it('refuses absurd nesting with a 422, not a stack overflow', () => {
    const issues = refusal(`plugin_data = ${'['.repeat(10_000)}${']'.repeat(10_000)}\nmodule_data = []\n`)
    expect(issues[0]?.msg).toMatch(/nested more than 64 deep/)
  })

  it('refuses a file far larger than any lifecycle manager before reading it', () => {
    const source = 'plugin_data = {}\nmodule_data = []\n' + '#'.repeat(2_000_000)
    expect(refusal(source)).toEqual([
      {
        loc: ['body', 'lifecycle_manager.py'],
        msg: `lifecycle_manager.py is ${source.length} characters; at most 2000000 are read`,
        type: 'too_long',
      },
    ])
  })

  it('never runs anything: a file of hostile Python is only read', () => {
    const source =
      'import os\nos.system("rm -rf /")\nplugin_data = __import__("os").system("x")\nmodule_data = []\n'
    expect(refusal(source)[0]?.msg).toMatch(/a call to `__import__\(\.\.\.\)` at line 3/)
  })
})
