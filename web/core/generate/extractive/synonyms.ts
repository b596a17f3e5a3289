import { wordForm } from './wordForms'

/**
 * Words people type for what documents print in other words: "cap" for "limit", "rating" for an
 * analyst's "recommendation", "pay" for "salary", "kids" for "children". Each group holds words of one
 * meaning in the plain sense a question uses them; a word of several meanings is in none ("end", "run").
 * A closed list of everyday pairs (no English thesaurus ships small enough for the browser's API worker);
 * a match through it counts as another form of the word (`VARIANT_MATCH`), never as the word itself.
 */
const GROUPS: readonly string[] = [
  'cap limit ceiling maximum max',
  'rating recommendation',
  'price cost',
  'fee charge',
  'pay salary wage compensation',
  'staff employees personnel workforce headcount',
  'boss supervisor',
  // "how much notice to quit": "notice before resignation".
  'quit resign',
  // "how long is the contract": "This Agreement runs for six months"; "when are invoices due": "payable within".
  'contract agreement',
  'due payable',
  // "who owns the policy": its "Owner: People Operations".
  'own owner',
  'buy purchase',
  'sell sale',
  'kids children',
  'car automobile',
  'job position',
  'begin start commence',
  'goal aim objective',
  'rule regulation',
  'size dimensions',
  // "how heavy is it", "how deep can it dig": a spec sheet prints the measure's noun.
  'heavy weight',
  'deep depth',
  'wide width',
  'tall height',
  'thick thickness',
  'doctor physician',
  'medicine medication drug',
  'illness disease',
  'fix repair',
  // "get rid of the ocr text layer", "when did argparse drop lodash": remove it ("Removed lodash dependency").
  'rid remove drop',
  'mistake error',
  'allowed permitted',
  'banned prohibited forbidden',
  'need require',
  'author writer',
  'photo photograph picture',
  'movie film',
  'lawyer attorney',
  'teacher instructor',
  'pupil student',
  'big large',
  'fast quick rapid',
  'choice option',
  'revenue turnover',
  'yearly annual annually',
  'profit earnings',
  'shown displayed',
  'attendees participants',
  'speed throughput',
  // "how much ram does it have": a spec sheet's "Memory | 16 GB".
  'ram memory',
  // "the loan period for books": "Books are lent for three weeks".
  'loan lend',
  // "who is organising the volunteers": "Sophie Turner will coordinate volunteers".
  'organise organize coordinate',
  // "what database does it use": "our in-house metadata store, Edgestore".
  'database db datastore store',
  // "install it on mac": a readme's "macOS Homebrew".
  'mac macos osx',
  // A word clipped as people type it: "repo" for "repository", "stats" for "statistics".
  'repo repository',
  'config configuration',
  'info information',
  'docs documentation',
  'stats statistics',
  'demo demonstration',
  'admin administrator',
  'spec specification',
  'intro introduction',
  'param parameter',
  // "how fast is the cpu": a spec sheet's "Processor | 8-core, 3.2 GHz"; "the wifi speed needed": "a
  // reliable internet connection of at least 25 Mbps"; "how big is the screen": "Display | 14-inch".
  'cpu processor',
  'wifi internet',
  'screen display',
  // "max sq ft": square feet as a spec or a code prints them.
  'sq square',
  'ft feet foot',
]

const GROUP_OF = new Map<string, readonly string[]>()
for (const group of GROUPS) {
  const forms = group.split(' ').map(wordForm)
  for (const form of forms) GROUP_OF.set(form, forms)
}

/** The forms (`wordForm`) of the words that mean what `term` means, itself aside; empty for most words. */
export function synonymForms(term: string): string[] {
  const form = wordForm(term)
  return (GROUP_OF.get(form) ?? []).filter((other) => other !== form)
}
