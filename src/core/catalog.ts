// The catalog of analytics sections, in report order: plain data, importing nothing, so that every
// layer can read it. Each entry holds the section's names in every form a reader sees, its headline
// numbers (their labels, and whether each can be compared in one request), the budget's names of its
// reads, whether it reads text that readers typed, whether it is a gap signal, and its outputs and
// files. The section's name, the headline keys and every list of sections are derived from here; the
// top layer (run/wiring.ts) adds the wiring, the part that reads a section and its renderer.
// Adding a section is one folder (sections/<name>/) and one entry here.

/** One read of a section: its name in the budget plan, and its name for people ("search terms"). */
export interface SectionReadName {
  key: string
  name: string
}

/** A headline number of a section. */
export interface HeadlineEntry {
  /** Its name for people: "Human visitors". */
  label: string
  /**
   * Whether its earlier value is read in one request with the comparison. One that would take every
   * page of the earlier period is not, and a per-cent alert rule over it never fires.
   */
  comparable: boolean
}

/** Everything the run says of a section, apart from how it reads and shows it. */
export interface SectionEntry {
  /** Its name in a failure: "Search analytics are incomplete: …". */
  failureName: string
  /** Its name in the report's banner and its block of the summary: "Searches". */
  banner: string
  /** Its noun in the run's last line: "searches read (partial)". */
  noun: string
  /** Its reads, the one that shows something first (the budget reserves a request for it). */
  reads: readonly [SectionReadName, ...SectionReadName[]]
  /** The budget's name of its comparison with the previous period. */
  comparison: string
  /** Whether it reads reader text: text readers typed (search terms, comments, questions), or pages their clients named. */
  readsReaderText: boolean
  /** Whether it says what readers could not find: the budget holds requests back for its further pages (budget.ts). */
  gapSignal: boolean
  /** Its headline numbers by key (what alert rules and the docs health issue call them), in report order. */
  headlines: Readonly<Record<string, HeadlineEntry>>
  /** The step outputs it sets. */
  outputs: readonly string[]
  /** The CSV files it writes to the analytics folder. */
  files: readonly string[]
}

/** The catalog, checked: every entry whole. */
export function sectionCatalog<const Catalog extends Readonly<Record<string, SectionEntry>>>(catalog: Catalog): Catalog {
  return catalog
}

export const SECTION_CATALOG = sectionCatalog({
  visitors: {
    failureName: 'Visitor analytics',
    banner: 'Visitors',
    noun: 'visitors',
    reads: [{ key: 'visitors', name: 'visitor rows' }],
    comparison: 'visitors:previous',
    readsReaderText: true,
    gapSignal: false,
    headlines: {
      visitorsHuman: { label: 'Human visitors', comparable: true },
      visitorsAi: { label: 'AI visitors', comparable: true }
    },
    outputs: ['visitorsHuman', 'visitorsAi', 'visitorsTotal', 'pageCount'],
    files: ['visitors.csv']
  },
  views: {
    failureName: 'Page views',
    banner: 'Page views',
    noun: 'page views',
    reads: [{ key: 'views', name: 'page views' }],
    comparison: 'views:previous',
    readsReaderText: true,
    gapSignal: false,
    headlines: { views: { label: 'Page views', comparable: true } },
    outputs: ['viewsHuman', 'viewsAi', 'viewsTotal'],
    files: ['views.csv']
  },
  searches: {
    failureName: 'Search analytics',
    banner: 'Searches',
    noun: 'searches',
    reads: [{ key: 'searches', name: 'search terms' }],
    comparison: 'searches:previous',
    readsReaderText: true,
    gapSignal: true,
    headlines: {
      searches: { label: 'Searches', comparable: true },
      searchesNoClick: { label: 'Searches with no click', comparable: false }
    },
    outputs: ['searchesTotal'],
    files: ['searches.csv']
  },
  feedback: {
    failureName: 'Feedback analytics',
    banner: 'Feedback',
    noun: 'feedback',
    reads: [
      { key: 'feedback:pages', name: 'feedback by page' },
      { key: 'feedback', name: 'feedback rows' }
    ],
    comparison: 'feedback:previous',
    readsReaderText: true,
    gapSignal: true,
    headlines: {
      thumbsDown: { label: 'Thumbs down', comparable: true },
      unhappyReaders: { label: 'Unhappy readers', comparable: false }
    },
    outputs: ['feedbackNegative'],
    files: ['feedback-pages.csv', 'feedback.csv']
  },
  assistant: {
    failureName: 'Assistant analytics',
    banner: 'Assistant',
    noun: 'assistant questions',
    reads: [
      { key: 'assistant', name: 'assistant questions' },
      { key: 'assistant:callers', name: 'assistant caller stats' }
    ],
    comparison: 'assistant:previous',
    readsReaderText: true,
    gapSignal: true,
    headlines: {
      assistantQuestions: { label: 'Assistant questions', comparable: true },
      assistantUnanswered: { label: 'Unanswered questions', comparable: false }
    },
    outputs: ['assistantUnanswered'],
    files: ['assistant.csv']
  }
})

type Catalog = typeof SECTION_CATALOG
export type SectionName = keyof Catalog
/** The section names, in report order. */
export const SECTION_NAMES = Object.keys(SECTION_CATALOG) as SectionName[]

/** Every headline number a report can show, by key. */
export type HeadlineKey = { [Name in SectionName]: keyof Catalog[Name]['headlines'] & string }[SectionName]

/** A headline of the catalog, with the section it comes from. */
interface HeadlineOf extends HeadlineEntry {
  key: HeadlineKey
  section: SectionName
}

const HEADLINES = SECTION_NAMES.flatMap((section): HeadlineOf[] => {
  const headlines: Readonly<Record<string, HeadlineEntry>> = SECTION_CATALOG[section].headlines
  return Object.entries(headlines).map(([key, entry]) => ({ key: key as HeadlineKey, section, ...entry }))
})

/** Each headline's name for people, in the order the report shows them. */
export const HEADLINE_NAMES = Object.fromEntries(HEADLINES.map((h) => [h.key, h.label])) as Readonly<Record<HeadlineKey, string>>

/** The section each headline comes from: an alert rule over it needs that section read. */
export const HEADLINE_SECTIONS = Object.fromEntries(HEADLINES.map((h) => [h.key, h.section])) as Readonly<Record<HeadlineKey, SectionName>>

/** Headlines with no earlier value: it would take every page of the earlier period (a per-cent alert rule over them never fires). */
export const UNCOMPARED_HEADLINES: ReadonlySet<HeadlineKey> = new Set(HEADLINES.filter((h) => !h.comparable).map((h) => h.key))

/** The budget's names of a section's reads, the one that shows something first. */
export function readKeys(name: SectionName): [string, ...string[]] {
  const [first, ...others] = SECTION_CATALOG[name].reads
  return [first.key, ...others.map((read) => read.key)]
}
