export const id = 219;
export const ids = [219];
export const modules = {

/***/ 8219:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  HealthIssueRun: () => (/* binding */ HealthIssueRun),
  healthIssueFailure: () => (/* binding */ healthIssueFailure)
});

// UNUSED EXPORTS: statePlace, statePlaces

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 17 modules
var core = __webpack_require__(418);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/health/body.ts + 1 modules
var health_body = __webpack_require__(8842);
// EXTERNAL MODULE: ./src/render/html.ts
var html = __webpack_require__(4095);
// EXTERNAL MODULE: ./src/github/client.ts + 1 modules
var github_client = __webpack_require__(3595);
// EXTERNAL MODULE: ./src/core/counts.ts
var counts = __webpack_require__(3363);
;// CONCATENATED MODULE: ./src/health/period-sections.ts
// The period the analytics read, as the docs health issue takes it: which of the sections that hold a
// gap's numbers were read whole, every signal of every section, and each page's traffic. What each
// section says of pages comes from its renderer (`pageNumbers`, render/renderer.ts), so the run that
// reads the sections names none of them.

/**
 * The period's read from its overview and its sections: with no section (the overview's ranking is
 * kept), its traffic alone.
 */
function analyticsRead(overview, sections) {
    const signals = sections.flatMap((section) => section.signals);
    return {
        overview,
        ...(sections.length > 0 ? { sections: { signals, measured: measuredOf(sections) } } : {}),
        traffic: pageTraffic(sections)
    };
}
/** Which of the sections that hold a gap's numbers were read whole (read, not cut short, not failed). */
function measuredOf(sections) {
    const whole = (kind) => sections.some((section) => section.kind === kind && section.whole);
    const measured = { feedback: whole('feedback'), assistant: whole('assistant'), searches: whole('searches') };
    for (const section of sections) {
        const feedbackPages = section.pages?.feedbackPages;
        if (feedbackPages)
            measured.feedbackPages = new Set(feedbackPages);
        // Each page's visitors, from a whole read only (a page cut off the list is not known, not 0); the
        // paths the service gave that the site keeps as one page, summed.
        const rows = section.pages?.visitors;
        if (rows && section.whole) {
            const visitors = new Map();
            for (const row of rows)
                visitors.set(row.path, (0,counts/* addCounts */.c5)(visitors.get(row.path) ?? 0, row.count));
            measured.visitors = visitors;
        }
    }
    return measured;
}
/** Every page's human visitors and page views, as the sections read them. */
function pageTraffic(sections) {
    const pages = new Map();
    const page = (path) => {
        let seen = pages.get(path);
        if (!seen)
            pages.set(path, (seen = { path }));
        return seen;
    };
    for (const section of sections) {
        for (const row of section.pages?.visitors ?? [])
            page(row.path).visitors = row.count;
        for (const row of section.pages?.views ?? [])
            page(row.path).views = row.count;
    }
    return [...pages.values()];
}

;// CONCATENATED MODULE: ./src/health/edit-ticks.ts
// The boxes one edit of the docs health issue ticked: those ticked in the body it wrote and not in the
// body before it (GitHub's `changes.body.from`). A run started by an edit acts on these alone, so that
// ticks someone else made earlier (another app, say, whose own edit started nothing) are never counted
// for whoever edits next; they wait for a scheduled run.

/** The boxes ticked in `after` and not in `before`; none when the edit left the body as it was (`before` undefined). */
function editTicks(after, before) {
    if (before === undefined)
        return { gaps: new Set(), dismissed: new Set(), restored: new Set() };
    const added = (now, then) => new Set([...now].filter((id) => !then.has(id)));
    return {
        gaps: added((0,health_body/* tickedGaps */.Cq)(after), (0,health_body/* tickedGaps */.Cq)(before)),
        dismissed: added((0,health_body/* dismissTicks */.P8)(after), (0,health_body/* dismissTicks */.P8)(before)),
        restored: added((0,health_body/* restoreTicks */.rB)(after), (0,health_body/* restoreTicks */.rB)(before))
    };
}

// EXTERNAL MODULE: ./src/health/state.ts + 2 modules
var health_state = __webpack_require__(7227);
// EXTERNAL MODULE: ./src/api/schemas.ts
var schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/render/fix-first.ts
var fix_first = __webpack_require__(860);
;// CONCATENATED MODULE: ./src/health/page-history.ts


/** The most a kept count holds (the state's bound). */
const MOST = 1e12;
const countsOf = (t) => [t.down, t.up, t.notHelpful, t.unanswered, t.noClick].map((n) => Math.min(n, MOST));
const troubleFrom = (c) => ({
    down: c[0] ?? 0,
    up: c[1] ?? 0,
    notHelpful: c[2] ?? 0,
    unanswered: c[3] ?? 0,
    noClick: c[4] ?? 0
});
const heardIn = (c) => (c ? Math.max(c[0] ?? 0, c[2] ?? 0) + (c[1] ?? 0) + (c[3] ?? 0) + (c[4] ?? 0) : 0);
/** Whether a period read every count a page's share is made of. */
const readWhole = (measured) => measured.feedback && measured.assistant && measured.searches && measured.feedbackPages === undefined;
/**
 * The kept counts with the period `range` added (its pages' counts from `groups`), the oldest period
 * beyond PAGE_COUNT_PERIODS dropped, and the pages with the most readers heard from kept. A period
 * not read whole, or one that begins before a kept one ends (read before, or overlapping it), leaves
 * them as they are.
 */
function withPeriodCounts(kept, range, groups, measured) {
    if (!readWhole(measured))
        return kept;
    const periods = kept?.periods ?? [];
    // A period kept ends where this one begins at the latest: a reader is never in two kept periods.
    if (periods.some((period) => period.dateTo > range.dateFrom))
        return kept;
    // The oldest periods beyond PAGE_COUNT_PERIODS − 1 go, so that with this one PAGE_COUNT_PERIODS are kept.
    const drop = Math.max(0, periods.length + 1 - health_state/* PAGE_COUNT_PERIODS */.VP);
    const rows = new Map();
    for (const entry of kept?.pages ?? [])
        rows.set(entry.page, periods.map((_, at) => entry.counts[at] ?? null).slice(drop));
    const none = () => Array(periods.length - drop).fill(null);
    const added = new Map();
    // A page longer than the state keeps is not kept: its counts could not be found again by it.
    // Each page's thumbs up as Fix first credits them (credible): a script's beyond its visitors are not kept to pool.
    for (const [page, signals] of groups.pages)
        if (page.length <= health_state/* SUBJECT_CHARS */.NG)
            added.set(page, countsOf((0,fix_first/* credible */.z7)((0,fix_first/* withVisitors */._l)((0,fix_first/* troubleOf */.LH)(signals), groups.visitors.get(page)))));
    for (const page of added.keys())
        if (!rows.has(page))
            rows.set(page, none());
    const pages = [...rows]
        .map(([page, row]) => {
        const counts = [...row, added.get(page) ?? null];
        return { page, counts, heard: counts.reduce((sum, c) => sum + heardIn(c), 0) };
    })
        .filter((entry) => entry.heard > 0)
        .sort((a, b) => b.heard - a.heard || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0))
        .slice(0, health_state/* COUNTED_PAGES */.kQ)
        .map(({ page, counts }) => ({ page, counts }));
    return { periods: [...periods.slice(drop), { dateFrom: range.dateFrom, dateTo: range.dateTo }], pages };
}
/** The states of a gap whose pull request may have merged without the ledger knowing yet: it reads them after the period. */
const IN_FLIGHT = new Set(['asked', 'pr-open']);
/**
 * Each page's counts pooled over the kept periods before `range` (those that ended by its start), from
 * its fix's merge on where the ledger holds one (`gaps`): what Fix first pools the period's counts with.
 * A page whose fix the agent was asked for, and whose merge the ledger does not know yet, pools none:
 * its fix may already act on the period read.
 */
function earlierCounts(kept, range, gaps) {
    const earlier = new Map();
    if (!kept)
        return earlier;
    const from = new Map();
    for (const gap of gaps) {
        if (gap.kind !== 'page')
            continue;
        // No day sorts after this one: a page in flight pools nothing.
        const day = IN_FLIGHT.has(gap.state) ? '\uffff' : gap.mergedOn;
        const seen = from.get(gap.subject);
        if (day !== undefined && (seen === undefined || day > seen))
            from.set(gap.subject, day);
    }
    for (const entry of kept.pages) {
        const since = from.get(entry.page) ?? '';
        let pooled;
        entry.counts.forEach((c, at) => {
            const period = kept.periods[at];
            // Only a period that ended by the start of the one read: no reader of it is counted twice.
            if (!c || !period || period.dateTo > range.dateFrom || period.dateFrom < since)
                return;
            pooled = (0,fix_first/* plus */.tY)(troubleFrom(c), pooled);
        });
        if (pooled)
            earlier.set(entry.page, pooled);
    }
    return earlier;
}

// EXTERNAL MODULE: ./src/render/gap-words.ts
var gap_words = __webpack_require__(7248);
// EXTERNAL MODULE: ./src/text/dates.ts
var dates = __webpack_require__(8230);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(7388);
;// CONCATENATED MODULE: ./src/health/history.ts
// What the docs health issue's history adds to one period's report, at no extra request: the change of
// a headline the service cannot compare in one request (searches with no click, unanswered
// questions), from the value the issue holds for the period just before; and the pages whose traffic
// moved most since that period, from the counts of the top pages the issue keeps.


const dayOf = (date) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
/**
 * Whether `before` is the period of the same length, at least a day, that ends where `now` begins (a
 * date that does not parse is NaN, equal to none). A period within one day has none: it would be just
 * before itself.
 */
function justBefore(before, now) {
    const [from, to, nowFrom, nowTo] = [dayOf(before.dateFrom), dayOf(before.dateTo), dayOf(now.dateFrom), dayOf(now.dateTo)];
    return from < to && to === nowFrom && to - from === nowTo - nowFrom;
}
/**
 * The headlines with a change taken from the history where the run read none: only a headline read
 * whole whose earlier value counts alike, only from the period just before (same length, ending where this one begins). `filled` names
 * the headlines it filled.
 */
function withHistoryChanges(headlines, state, now) {
    // The latest reading of the period just before, whatever other periods were read since.
    const last = state.periods.filter((period) => justBefore(period, now)).at(-1);
    const filled = [];
    const out = headlines.map((headline) => {
        if (headline.previous || headline.partial || headline.unlike || !last)
            return headline;
        const value = last.headlines[headline.key];
        if (value === undefined)
            return headline;
        filled.push(headline.key);
        return { ...headline, previous: { value, dateFrom: last.dateFrom, dateTo: last.dateTo } };
    });
    return { headlines: out, filled };
}
/**
 * The movers rule: a page is named when its count was at least MOVER_MIN_BEFORE in the period just
 * before, and changed by at least MOVER_MIN_PERCENT of it; at most MOVERS pages, the largest change
 * in readers first. Human visitors are compared where both periods read them, page views otherwise.
 */
const MOVER_MIN_BEFORE = 50;
const MOVER_MIN_PERCENT = 20;
const MOVERS = 5;
/** The pages that moved most since the top pages the state keeps, when those are of the period just before. */
function movers(kept, now, pages) {
    if (!kept || !justBefore(kept, now))
        return [];
    const read = new Map(pages.map((page) => [page.path, page]));
    const found = [];
    for (const before of kept.pages) {
        const after = read.get(before.path);
        if (!after)
            continue;
        const measure = before.visitors !== undefined && after.visitors !== undefined ? 'visitors' : 'views';
        const from = before[measure];
        const to = after[measure];
        if (from === undefined || to === undefined || from < MOVER_MIN_BEFORE)
            continue;
        const changePercent = Math.round((0,counts/* bounded */.Mm)(((to - from) / from) * 100));
        if (Math.abs(changePercent) < MOVER_MIN_PERCENT)
            continue;
        found.push({ path: before.path, measure, before: from, after: to, changePercent });
    }
    return found
        .sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .slice(0, MOVERS);
}
/** The top pages of a period, as the state keeps them for the next one: the most visited first (by human visitors, else views). */
function visitedPages(now, pages) {
    const rank = (page) => page.visitors ?? page.views ?? 0;
    const top = [...pages]
        .filter((page) => rank(page) > 0)
        .sort((a, b) => rank(b) - rank(a))
        .slice(0, health_state/* VISITED_PAGES */.qD);
    return top.length === 0 ? undefined : { dateFrom: now.dateFrom, dateTo: now.dateTo, pages: top };
}

// EXTERNAL MODULE: ./src/health/ledger.ts + 1 modules
var ledger = __webpack_require__(2476);
// EXTERNAL MODULE: ./src/health/prompt.ts
var health_prompt = __webpack_require__(6098);
;// CONCATENATED MODULE: ./src/health/words.ts



/** One gap's words, each cut to what the state keeps, with how often each was written. */
function keptWords(id, words) {
    const comments = words.comments.slice(0, health_state/* WORDS_PER_KIND */.JC);
    return {
        id,
        questions: words.questions
            .slice(0, health_state/* WORDS_PER_KIND */.JC)
            .map((q) => ({ question: (0,text_escape/* oneLine */.TN)(q.question, health_state/* WORDS_CHARS */.wD), answer: (0,text_escape/* oneLine */.TN)(q.answer, health_state/* WORDS_CHARS */.wD), count: q.count })),
        comments: comments.map((comment) => (0,text_escape/* oneLine */.TN)(comment, health_state/* WORDS_CHARS */.wD)),
        commentCounts: words.commentCounts.slice(0, health_state/* WORDS_PER_KIND */.JC),
        searches: words.searches.slice(0, health_state/* WORDS_PER_KIND */.JC).map((s) => ({ search: (0,text_escape/* oneLine */.TN)(s.search, health_state/* SEARCH_WORDS_CHARS */.bb), count: s.count }))
    };
}
const wordCount = (gap) => gap.questions.length + gap.comments.length + gap.searches.length;
/** The gap with the most words, the first of those with as many; undefined when no gap has any. */
const mostWords = (gaps) => gaps.reduce((top, gap) => (wordCount(gap) > (top === undefined ? 0 : wordCount(top)) ? gap : top), undefined);
/** The group cut to READER_WORDS_CHARS of the encoded block (encodedChars): the last words of the gap with the most go first. */
function boundedWords(words) {
    const gaps = words.gaps.map((gap) => ({
        ...gap,
        questions: [...gap.questions],
        comments: [...gap.comments],
        ...(gap.commentCounts ? { commentCounts: [...gap.commentCounts] } : {}),
        searches: [...gap.searches]
    }));
    const size = () => (0,health_state/* encodedChars */.Y)({ ...words, gaps });
    for (let most = mostWords(gaps); most !== undefined && size() > health_state/* READER_WORDS_CHARS */.Wl; most = mostWords(gaps)) {
        const longest = [most.questions, most.comments, most.searches].reduce((a, b) => (b.length > a.length ? b : a));
        longest.pop();
        // A comment's count goes with it.
        if (most.commentCounts && most.commentCounts.length > most.comments.length)
            most.commentCounts.length = most.comments.length;
    }
    // A gap left with no words is left out, whatever it weighed.
    return { ...words, gaps: gaps.filter((gap) => wordCount(gap) > 0) };
}
/**
 * The state with the words of the period just read (`words` in the order of the ranked items), or
 * with none when they are undefined: reader text is hidden, and what was kept is forgotten.
 */
function withReaderWords(state, period, words) {
    if (words === undefined)
        return (0,health_state/* forgetGapWords */.l)(state);
    const gaps = [];
    for (const item of words) {
        const about = item.page !== undefined
            ? { kind: 'page', subject: item.page }
            : item.search !== undefined && item.search.trim() !== ''
                ? { kind: 'search', subject: item.search }
                : undefined;
        if (!about)
            continue;
        const kept = keptWords((0,ledger/* fingerprint */.Rj)(about.kind, about.subject), item);
        if (wordCount(kept) > 0)
            gaps.push(kept);
        if (gaps.length >= health_state/* WORDS_GAPS */.oU)
            break;
    }
    return { ...state, readerWords: boundedWords({ dateFrom: period.dateFrom, dateTo: period.dateTo, gaps }) };
}

// EXTERNAL MODULE: ./src/text/page-path.ts
var page_path = __webpack_require__(4450);
;// CONCATENATED MODULE: ./src/health/moves.ts
// A fix that moves its page: the merged pull request renamed or removed the page's file, or the site's
// configuration redirects the page elsewhere (text/site-moves.ts). The gap follows its page to the new
// path with its history (its numbers before, its pull request, its verdict so far), so that the
// verdict is judged on the readers of the page where they now read it, and a fix that failed comes
// back as the same gap, not as a new one with no history (a page whose visitors vanish with no move
// known: gone.ts). Pure.


/**
 * Leading folders of a file's path a page may lie under in the repository (`docs/guides/deploy.mdx`
 * serves `/guides/deploy` when the site lives in `docs/`): a move's paths are matched with up to this
 * many taken off, the fewest first.
 */
const FOLDERS_MAX = 3;
/** `path` without its first `folders` folders, or undefined when it has no more than that. */
function under(path, folders) {
    let at = 0;
    for (let i = 0; i < folders; i++) {
        at = path.indexOf('/', at + 1);
        if (at < 0)
            return undefined;
    }
    return path.slice(at);
}
/** A folder's index page, at the folder's path: `/guides/index` → `/guides`. */
const folded = (path) => (path.endsWith('/index') ? path.slice(0, -'/index'.length) || '/' : undefined);
/**
 * Where each page the moves name went, by the page as the run names it (readerPath): to its new page
 * (as the run names it), or to undefined when it was removed. `files` moves (a pull request's) are
 * matched under up to FOLDERS_MAX folders, but for a page the site still lists (`sitePages`); the
 * first move of a page wins.
 */
function destinations(moves, files, context) {
    const named = (path) => (0,page_path/* readerPath */.HH)(path, context.showWords, context.sitePages);
    const found = new Map();
    for (let folders = 0; folders <= (files ? FOLDERS_MAX : 0); folders++)
        for (const move of moves) {
            const from = under(move.from, folders);
            // A page the site still lists was not moved by a file of its name under another folder (a
            // draft, another version): taken off its folder, that file's move would take the gap elsewhere.
            if (from === undefined || (folders > 0 && context.sitePages?.has(from) === true))
                continue;
            const to = move.to === undefined ? undefined : under(move.to, folders);
            const pairs = [[from, to]];
            // A folder's index page is read at the folder's path as well: it goes to the new folder's.
            pairs.push([folded(from), to === undefined ? undefined : (folded(to) ?? to)]);
            for (const [page, next] of pairs) {
                if (page === undefined)
                    continue;
                const key = named(page);
                if (!found.has(key))
                    found.set(key, next === undefined ? undefined : named(next));
            }
        }
    return found;
}
/** The gap followed to `to`: its new page and id, the page it moved from, and none of its numbers since `since` (the merge) read at the old page. */
function movedGap(gap, to, since, numbersAt) {
    const moved = { ...gap, id: (0,ledger/* fingerprint */.Rj)('page', to), subject: to, movedFrom: gap.subject };
    if (since === undefined)
        return moved;
    const recent = gap.recent?.filter((numbers) => numbers.dateFrom < since);
    if (recent && recent.length > 0)
        moved.recent = recent;
    else
        delete moved.recent;
    delete moved.after;
    if (gap.now && gap.now.dateFrom >= since) {
        const now = numbersAt?.(moved);
        if (now)
            moved.now = now;
        else
            delete moved.now;
    }
    return moved;
}
/**
 * The state with each page gap `to` gives a new page for (by the run's names: destinations()) followed
 * there with its history; `since` gives each one's merge day, from which its numbers at the old page
 * are let go, and `numbersAt` its numbers at the new page in the period just read, when there is one.
 * A gap whose new page already has an open gap takes its place; one whose new page has a gap in any
 * other state (with the agent, fixed, dismissed) stays where it is. Also the pages followed, from → to.
 */
function withMoves(state, to, since, numbersAt) {
    let gaps = state.gaps;
    const followed = [];
    for (const gap of state.gaps) {
        const next = gap.kind === 'page' ? to(gap) : undefined;
        if (next === undefined || next === gap.subject)
            continue;
        const moved = movedGap(gap, next, since(gap), numbersAt);
        // By its id, or by its page: a page a client named keeps its path's id under its label (forgetReaderText).
        const there = gaps.find((other) => other.id === moved.id || (other !== gap && other.kind === 'page' && other.subject === next));
        if (there && there.state !== 'new' && there.state !== 'back')
            continue;
        gaps = gaps.flatMap((other) => (other === there ? [] : other.id === gap.id ? [moved] : [other]));
        followed.push({ from: gap.subject, to: next });
    }
    return { state: followed.length === 0 ? state : { ...state, gaps }, followed };
}

;// CONCATENATED MODULE: ./src/health/transition.ts














/**
 * The run's start: the state read from the issue (undefined when there is no issue, or its state does
 * not verify), with the asks of other runs that got no job open again, every word readers typed
 * forgotten where reader text is hidden, and the gaps a person said are not gaps, taken from `body`
 * (the issue's body, undefined when there is no issue) where ticks may be acted on.
 */
function begin(read, body, trigger, settings) {
    const stale = (0,ledger/* withStaleAsksOpen */.qc)(read ?? (0,health_state/* emptyState */.p$)(settings.projectId), settings.runId);
    // Where reader text is hidden, every word readers typed is forgotten at once, whatever earlier runs
    // kept while it was shown: nothing of it is sent or written back (and written() forgets again).
    const forgotten = settings.showWords ? stale : (0,health_state/* forgetReaderText */.AP)(stale, settings.sitePages);
    // A merged fix's page the site now redirects: its gap follows it before the period is read.
    const redirects = destinations(settings.redirects ?? [], false, settings);
    const { state, followed } = withMoves(forgotten, (gap) => (gap.state === 'merged' ? redirects.get(gap.subject) : undefined), (gap) => gap.mergedOn);
    const start = {
        settings,
        trigger,
        state,
        asked: [],
        dismissedNow: 0,
        resolved: 0,
        resolvedIds: new Set(),
        filled: [],
        moved: [],
        warnedTop: false,
        notes: followedNotes(followed)
    };
    // "Not a gap" is honoured from the same people as a tick that asks.
    if (!trigger.mayAct || body === undefined)
        return start;
    const own = ofThisEdit(start, (0,health_body/* dismissTicks */.P8)(body), 'dismissed');
    const back = ofThisEdit(start, (0,health_body/* restoreTicks */.rB)(body), 'restored');
    const next = (0,ledger/* withRestored */.Tw)((0,ledger/* withDismissed */.Uk)(start.state, own.ids, trigger.today, trigger.editor), back.ids);
    const changed = next.gaps.filter((gap, i) => gap.state !== start.state.gaps[i]?.state);
    const restored = changed.filter((gap) => gap.state === 'new').length;
    const dismissed = changed.length - restored;
    const notes = [...start.notes, ...own.notes, ...back.notes];
    if (dismissed > 0)
        notes.push(`${dismissed === 1 ? '1 gap was' : `${dismissed} gaps were`} marked not a gap in the docs health issue.`);
    if (restored > 0)
        notes.push(`${restored === 1 ? '1 gap was' : `${restored} gaps were`} brought back in the docs health issue.`);
    return { ...start, state: next, dismissedNow: changed.length, notes };
}
/** The boxes of each kind, as the log names them. */
const BOX_NAMES = {
    gaps: 'asking the agent',
    dismissed: 'saying "Not a gap"',
    restored: 'saying "Bring it back"'
};
/**
 * Of the boxes ticked in the issue, those the run acts on: all of them, or, in a run an edit started,
 * those the edit ticked. The others wait for a scheduled run, and the log says how many.
 */
function ofThisEdit(t, ticked, kind) {
    const edited = t.trigger.edited;
    if (edited === undefined)
        return { ids: new Set(ticked), notes: [] };
    const own = edited[kind];
    const waiting = [...ticked].filter((id) => !own.has(id) && t.state.gaps.some((gap) => gap.id === id && (kind === 'restored' ? gap.state === 'dismissed' : (0,ledger/* isOpen */.nT)(gap)))).length;
    const notes = waiting > 0
        ? [
            `${waiting === 1 ? '1 box' : `${waiting} boxes`} ${BOX_NAMES[kind]} ${waiting === 1 ? 'was' : 'were'} ticked before this edit, not by it: ` +
                'a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
        ]
        : [];
    return { ids: new Set([...ticked].filter((id) => own.has(id))), notes };
}
/** The jobs earlier runs asked for and left running (the step stopped waiting): the run asks the service whether they ended. */
function jobsToFollow(t) {
    return [
        ...new Set(t.state.gaps.flatMap((gap) => (gap.state === 'asked' && gap.jobId && gap.askedBy !== t.settings.runId ? [gap.jobId] : [])))
    ];
}
/** A job an earlier run asked for has ended: its gaps get its pull request (on the run's GitHub server), or are open again. */
function jobEnded(t, jobId, prLink) {
    return { ...t, state: (0,ledger/* withJobEnded */.Ah)(t.state, jobId, prLink), notes: [] };
}
/**
 * The gaps ticked in `body` that this run gives the agent, when there are any it may ask for: marked
 * asked in the transition it returns, which the run records in the issue before it asks, so that a
 * re-run or a second event asks nothing twice. When the issue cannot record them, the run goes on from
 * `t` (the gaps are not asked). Without asks, the transition returned only carries the log's notes.
 */
function ask(t, body) {
    if (!t.trigger.mayAct)
        return { transition: { ...t, notes: [] } };
    const own = ofThisEdit(t, (0,health_body/* tickedGaps */.Cq)(body), 'gaps');
    const notes = [...own.notes, ...unknownTicks(t.state, own.ids)];
    const gaps = (0,ledger/* askable */.gQ)(t.state, own.ids, t.settings.runId);
    if (gaps.length === 0)
        return { transition: { ...t, notes } };
    // Who ticked is known only of a run an edit started: the edit's author, whom the verdict's comment names.
    const by = t.trigger.edited === undefined ? undefined : t.trigger.editor;
    const state = (0,ledger/* withAsked */.J$)(t.state, new Set(gaps.map((gap) => gap.id)), t.settings.runId, t.trigger.today, by);
    const latest = gaps.reduce((at, gap) => (gap.lastSeen > at ? gap.lastSeen : at), '');
    const period = state.periods.find((p) => p.dateFrom === latest);
    const words = t.settings.showWords ? state.readerWords?.gaps : undefined;
    return {
        transition: { ...t, state, asked: gaps, notes },
        asks: {
            gaps,
            note: `Asking the agent for ${gaps.length === 1 ? '1 ticked gap' : `${gaps.length} ticked gaps`} of the docs health issue.`,
            ...(period ? { period: { dateFrom: period.dateFrom, dateTo: period.dateTo } } : {}),
            ...(words ? { words } : {})
        }
    };
}
/**
 * What the log says of the ticked boxes that name no gap of the state: nothing is asked for them. A
 * search gap is named by its words where reader text is shown and by a key where it is hidden, so a
 * box written before the repository's visibility or `readerText` changed names a gap the state holds
 * under another name; a gap the state no longer holds has no box to act on.
 */
/** The most ticked boxes of unknown gaps a note names: an edit can tick any number of them. */
const NAMED_TICKS = 5;
function unknownTicks(state, ticked) {
    const known = new Set(state.gaps.map((gap) => gap.id));
    const unknown = [...ticked].filter((id) => !known.has(id));
    if (unknown.length === 0)
        return [];
    return [
        `${unknown.length === 1 ? '1 ticked box names' : `${unknown.length} ticked boxes name`} no gap the docs health issue's state holds ` +
            `(gap ${unknown.slice(0, NAMED_TICKS).join(', gap ')}${unknown.length > NAMED_TICKS ? ', …' : ''}), so nothing is asked for ${unknown.length === 1 ? 'it' : 'them'}: a search gap is named otherwise once reader text is shown or hidden ` +
            '(the repository turned public or private, or readerText changed), and a gap the state no longer keeps has left the ledger. Tick the gap again in the issue as it is now.'
    ];
}
/**
 * The prompt for `asks`: it names the period the gaps' evidence was read over and, when `quote`, gives
 * what readers wrote about them; otherwise it gives counts alone, no search term included.
 */
function promptOf(asks, quote, marker) {
    const words = quote ? asks.words : undefined;
    return (0,health_prompt/* gapsPrompt */.AQ)(asks.gaps, { ...(asks.period ?? {}), ...(words ? { words } : {}), ...(quote ? {} : { countsAlone: true }) }, marker);
}
/** The job this run asked for has its id. */
function started(t, jobId) {
    if (t.asked.length === 0)
        return { ...t, notes: [] };
    return { ...t, state: (0,ledger/* withOutcome */.lt)(t.state, t.settings.runId, { jobId, reopen: false }), notes: [] };
}
/** What the job this run asked for came to. */
function jobReported(t, job) {
    if (t.asked.length === 0)
        return { ...t, notes: [] };
    // Ended on the service without a pull request: the gaps are open again. A job still running, or
    // one whose creation went unanswered, keeps them asked.
    // Only a pull request on the run's GitHub server (prNumber) is one: a gap is never "pull request
    // open" for another link the service returned.
    const prLink = job.prNumber === undefined ? undefined : job.prLink;
    const reopen = prLink === undefined && (job.outcome === 'opened' || job.outcome === 'no-pr' || job.outcome === 'failed' || job.outcome === 'archived');
    return { ...t, state: (0,ledger/* withOutcome */.lt)(t.state, t.settings.runId, { jobId: job.jobId, prLink, reopen }), notes: [] };
}
/**
 * Every job the issue records (of a gap asked for, with a pull request, merged or judged), once each,
 * that a request can carry: the source repository of each is one the agent has worked in, the newest
 * job's among them, whatever order the ledger keeps its gaps in.
 */
function recordedJobIds(t) {
    return [...new Set(t.state.gaps.flatMap((gap) => (gap.jobId !== undefined && (0,schemas/* jobIdProblem */.M3)(gap.jobId) === undefined ? [gap.jobId] : [])))];
}
/** The pages with a fix, and when each merged (ledger.ts, fixesOf). */
function fixes(t) {
    return (0,ledger/* fixesOf */.jv)(t.state);
}
/** The gaps in `state` that are resolved. */
const resolvedIn = (state) => new Set(state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => gap.id));
/** The gaps resolved in `after` and not in `before`, added to `known`. */
function newlyResolved(known, before, after) {
    const was = resolvedIn(before);
    return new Set([...known, ...[...resolvedIn(after)].filter((id) => !was.has(id))]);
}
/** The pages of the issue's page gaps: searches with no click may join them whatever else was read (fix-first.ts, grouped). */
const gapPages = (state) => state.gaps.filter((gap) => gap.kind === 'page').map((gap) => gap.subject);
/**
 * The period the analytics read: its headlines (a change the run could not read taken from the
 * history), its ranking without the gaps people dismissed, every gap's own numbers from every signal,
 * and the pages whose traffic moved. A read with neither headlines nor items changes nothing.
 */
function periodRead(t, read) {
    const { overview, sections } = read;
    if (overview.headlines.length === 0 && overview.items.length === 0)
        return { ...t, notes: [] };
    const range = { dateFrom: overview.dateFrom, dateTo: overview.dateTo };
    const history = withHistoryChanges(overview.headlines, t.state, range);
    const dismissed = (0,ledger/* dismissedIds */.mO)(t.state);
    const ranking = { known: gapPages(t.state), earlier: earlierCounts(t.state.pageCounts, range, t.state.gaps) };
    const items = sections
        ? (0,fix_first/* fixFirst */.Yy)(sections.signals, undefined, { ...ranking, leftOut: (item) => dismissed.has((0,ledger/* itemId */.XG)(item) ?? '') })
        : overview.items;
    const moved = read.traffic.length > 0 ? movers(t.state.topPages, range, read.traffic) : [];
    const before = t.state.periods.at(-1);
    const headlines = Object.fromEntries(overview.headlines.filter((h) => !h.partial).map((h) => [h.key, h.value]));
    const groups = sections ? (0,fix_first/* grouped */.zD)(sections.signals, ranking.known) : undefined;
    let state = (0,ledger/* withPeriod */.uA)(t.state, { ...range, headlines, items, ...(sections && groups ? { groups, measured: sections.measured } : {}) }, health_state/* HISTORY_PERIODS */.Kf, t.trigger.today);
    if (sections && groups) {
        const pageCounts = withPeriodCounts(state.pageCounts, range, groups, sections.measured);
        if (pageCounts)
            state = { ...state, pageCounts };
    }
    const kept = visitedPages(range, read.traffic);
    if (kept)
        state = { ...state, topPages: kept };
    // The words in the order of this ranking, which leaves out the dismissed gaps: the top quotes the page it names.
    const words = (0,gap_words/* wordsInOrder */.js)(items, overview.words);
    state = withReaderWords(state, overview, t.settings.showWords ? words : undefined);
    const after = state.periods.at(-1);
    return {
        ...t,
        state,
        overview: { ...overview, headlines: history.headlines, items, ...(words ? { words } : {}) },
        filled: history.filled,
        moved,
        resolved: after !== before ? (after?.resolved ?? 0) : 0,
        resolvedIds: newlyResolved(t.resolvedIds, t.state, state),
        notes: [],
        ...(sections ? { ranking } : {}),
        ...(sections && groups ? { numbersAt: (gap) => (0,ledger/* numbersOf */.cZ)(gap, groups, sections.measured, range) } : {})
    };
}
/** The pull requests the ledger waits on, by the link as it keeps them: the run asks GitHub for their states. */
function pullsToRead(t) {
    return [...new Set(t.state.gaps.flatMap(({ state, prLink }) => (state === 'pr-open' && prLink !== undefined ? [prLink] : [])))];
}
/**
 * The pull requests' states are known: merged ones get their verdict, closed unmerged ones are open
 * gaps again. A merged one's gap first follows its page where the pull request moved it (`moves`, by
 * the link: the pages its files renamed or removed), or else where the site redirects it.
 */
function pullsRead(t, pulls, moves = new Map()) {
    const resolvedBefore = t.state.periods.at(-1)?.resolved ?? 0;
    const redirects = destinations(t.settings.redirects ?? [], false, t.settings);
    const byPull = new Map([...moves].map(([link, list]) => [link, destinations(list, true, t.settings)]));
    const mergedPull = (gap) => (gap.state === 'pr-open' ? pulls.get(gap.prLink ?? '') : undefined);
    const { state: moved, followed } = withMoves(t.state, (gap) => mergedPull(gap)?.state === 'merged' ? (byPull.get(gap.prLink ?? '')?.get(gap.subject) ?? redirects.get(gap.subject)) : undefined, (gap) => mergedPull(gap)?.mergedOn ?? t.trigger.today, t.numbersAt);
    const state = (0,ledger/* withPulls */.jK)(moved, pulls, t.trigger.today);
    return {
        ...t,
        state,
        resolvedIds: newlyResolved(t.resolvedIds, t.state, state),
        // A gap whose merge was seen after its period was read may be resolved by that period.
        resolved: t.overview ? t.resolved + (state.periods.at(-1)?.resolved ?? 0) - resolvedBefore : t.resolved,
        notes: followedNotes(followed)
    };
}
/** The most pages a note names that gaps followed. */
const NAMED_MOVES = 5;
/** What the log says of the gaps that followed their pages to new paths (hostile paths: cut, and written as JSON). */
function followedNotes(followed) {
    if (followed.length === 0)
        return [];
    const named = followed
        .slice(0, NAMED_MOVES)
        .map(({ from, to }) => `${(0,text_escape/* logText */.kc)(JSON.stringify(from), 220)} → ${(0,text_escape/* logText */.kc)(JSON.stringify(to), 220)}`);
    return [
        `${followed.length === 1 ? '1 gap' : `${followed.length} gaps`} of the docs health issue followed ${followed.length === 1 ? 'its page' : 'their pages'} to a new path, ` +
            `which a merged pull request or the site’s redirects gave: ${named.join(', ')}${followed.length > NAMED_MOVES ? ', …' : ''}.`
    ];
}
/** Whether the run writes the issue at its end: a run an event on an issue started writes it only when it asked or dismissed. */
function writesAtEnd(t) {
    return !t.trigger.issueEvent || t.asked.length > 0 || t.dismissedNow > 0 || refusedTicks(t.trigger) !== undefined;
}
/** The boxes an edit by someone who may not push ticked, when it ticked any: what the body unticks. */
function refusedTicks(trigger) {
    const edited = trigger.refused === true ? trigger.edited : undefined;
    return edited !== undefined && edited.gaps.size + edited.dismissed.size + edited.restored.size > 0 ? edited : undefined;
}
/** The ids of `ticked` that are not in `refused`. */
const allowed = (ticked, refused) => new Set([...ticked].filter((id) => refused?.has(id) !== true));
/** No overview: what a run that reads no analytics writes when the top of the body is not the action's. */
const NO_BLOCKS = { top: '', figures: '', howRead: '' };
/**
 * The top of the issue as `body` carries it, when it is what the sealed state says the action wrote
 * (its digest), and holds no reader word while reader text is hidden; else nothing, with why.
 * Anyone who may edit the issue can rewrite the top (a link, a mention, a forged "fix first"): it is
 * never published again under the action's name.
 */
function keptOverview(t, body) {
    const blocks = (0,health_body/* overviewBlocks */.WI)((0,health_body/* ownedPart */.JZ)(body));
    const sealed = t.state.overview;
    if ((0,health_body/* overviewDigest */.ir)(blocks) === (0,health_body/* overviewDigest */.ir)(NO_BLOCKS))
        return {};
    if (sealed?.digest !== (0,health_body/* overviewDigest */.ir)(blocks))
        return {
            why: 'The top of the docs health issue is not as the action wrote it (someone edited it, or its state could not be verified): it is left out until the next run that reads the analytics.'
        };
    if (sealed.words && !t.settings.showWords)
        return {
            why: 'The top of the docs health issue held reader text, which is now hidden: it is left out until the next run that reads the analytics.'
        };
    return { kept: blocks };
}
/**
 * The part of the body the action owns, for the issue as it is now (`current`: a person's edit during
 * the run, text or a tick, is kept), and the transition with the state it holds. A run that read no
 * analytics keeps the top of the last weekly report, only as the action wrote it.
 */
function written(t, current) {
    const base = t.settings.showWords ? t.state : (0,health_state/* forgetReaderText */.AP)(t.state, t.settings.sitePages);
    const { overview } = t;
    const { kept, why } = overview ? {} : keptOverview({ ...t, state: base }, current);
    // Whether the top written now may hold reader text; and, where reader text is shown, whether the
    // state it came from may (forgetReaderText reads it so once reader text is hidden).
    const words = (overview ? t.settings.showWords : kept !== undefined && base.overview?.words === true) ||
        (t.settings.showWords && base.overview?.words === true);
    const state = {
        ...base,
        overview: { digest: (0,health_body/* overviewDigest */.ir)(overview ? (0,health_body/* blocksOf */.SH)(overview, base, t.moved) : (kept ?? NO_BLOCKS)), words }
    };
    const { action, version, runUrl } = t.settings.footer;
    const refused = refusedTicks(t.trigger);
    const footerHtml = `<sub>Updated ${overview ? `with ${(0,text_escape/* htmlText */.js)((0,dates/* shortRange */.W5)(overview.dateFrom, overview.dateTo), 60)} ` : ''}by ${action} ${(0,text_escape/* htmlText */.js)(version, 40)}` +
        `${runUrl ? ` · ${(0,html/* linkHtml */.eq)(runUrl, 'workflow run')}` : ''}</sub>`;
    const owned = (0,health_body/* ownedBody */.ul)({
        overview,
        ...(kept ? { kept } : {}),
        state,
        resolved: t.resolved,
        resolvedIds: t.resolvedIds,
        footerHtml,
        // The boxes someone who may not push ticked are written unticked: a scheduled run would act on them.
        ticked: allowed((0,health_body/* tickedGaps */.Cq)(current), refused?.gaps),
        dismissTicked: allowed((0,health_body/* dismissTicks */.P8)(current), refused?.dismissed),
        restoreTicked: allowed((0,health_body/* restoreTicks */.rB)(current), refused?.restored),
        movers: t.moved,
        filled: t.filled
    });
    const notes = why !== undefined && !t.warnedTop ? [why] : [];
    const { lost } = (0,health_state/* fittedState */.yX)(state);
    const warnings = lost.length > 0 ? [lostWarning(lost.length)] : [];
    return { transition: { ...t, state, warnedTop: t.warnedTop || why !== undefined, notes, warnings }, owned };
}
/** What the log warns of when the state could not keep `count` gaps a person decided on, or whose verdict is owed. */
function lostWarning(count) {
    return (`The docs health issue's state could not keep ${count === 1 ? '1 gap' : `${count} gaps`} a person dismissed or whose fix awaits a verdict ` +
        `within its ${health_state/* STATE_BUDGET_CHARS */.GW.toLocaleString('en-US')} characters: dropped, a dismissal is forgotten and a fix is not judged. ` +
        'The issue names them.');
}
/** What the run's report says of the issue. */
function reportOf(t) {
    const previous = Object.fromEntries((t.overview?.headlines ?? []).filter((h) => t.filled.includes(h.key)).map((h) => [h.key, h.previous]));
    const askedGaps = t.asked.map((gap) => ({
        kind: gap.kind,
        ...(gap.kind === 'page' || t.settings.showWords ? { subject: gap.subject } : {})
    }));
    return {
        resolved: t.resolved,
        resolvedNames: t.state.gaps.filter((gap) => t.resolvedIds.has(gap.id)).map((gap) => gap.subject),
        asked: t.asked.length,
        dismissed: (0,ledger/* dismissedIds */.mO)(t.state),
        ...(t.ranking ? { ranking: t.ranking } : {}),
        previous,
        movers: t.moved,
        ...(askedGaps.length > 0 ? { askedGaps } : {}),
        open: t.state.gaps.filter(ledger/* isOpen */.nT).length,
        ...(t.overview ? { items: t.overview.items } : {})
    };
}

// EXTERNAL MODULE: ./src/agent/pull-request.ts
var pull_request = __webpack_require__(9194);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/core/lifetime.ts
var lifetime = __webpack_require__(1764);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
;// CONCATENATED MODULE: ./src/health/announcement.ts
// A verdict told to the people who asked for the fix. GitHub notifies nobody of an edit to an issue's
// body, so when a run judges a gap's fix fixed, not fixed or back, it posts one comment on the docs
// health issue: the gaps (a page by its path, or its label where reader text is hidden; a search by no
// word of it), each verdict with its pull request, and an `@` mention of the person whose edit ticked
// the gap's box (ledger.ts, `tickedBy`), never of anyone else. Which gaps a run announces is found by
// comparing each gap's verdict at the end of the run with the verdict of the state it read: the issue
// is written before the comment is posted, so a run that reads that state again (a re-run, the next
// week) finds no change and posts nothing. Pure: run/health-issue.ts posts it.





/**
 * The verdicts a person hears of, in the order a comment names them: a fix proven first, then one that
 * did not work, then a fixed gap whose trouble returned.
 */
const ANNOUNCED_VERDICTS = ['fixed', 'not-fixed', 'back'];
/** Gaps a comment names at most; the others are counted (the issue lists them all). */
const ANNOUNCED_GAPS = 10;
/** The marker a verdict comment starts with: which of the issue's comments are the action's announcements. */
const ANNOUNCEMENT_MARKER = '<!-- docs-agent-action:verdicts -->';
/**
 * The gaps of `end` (the state the run writes) whose verdict is one a person hears of and is not the
 * verdict they had in `start` (the state the run read): the verdicts this run gave, the fixes that
 * worked first, each kind in the ledger's order. A gap asked again has no verdict, and one whose
 * verdict stands is not news.
 */
function verdictNews(start, end) {
    const was = new Map(start.gaps.map((gap) => [gap.id, gap.verdict]));
    // -1 for a verdict nobody hears of, and for none.
    const rank = (gap) => ANNOUNCED_VERDICTS.indexOf(gap.verdict);
    return end.gaps.filter((gap) => rank(gap) >= 0 && was.get(gap.id) !== gap.verdict).sort((a, b) => rank(a) - rank(b));
}
/** A login as GitHub allows one: letters, digits and single hyphens inside, at most 39 characters. */
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/**
 * The mention of the person who ticked a gap, when the state names one as GitHub allows a login to
 * be; undefined otherwise. Whatever else the field holds (the state is sealed, yet a login is text) is
 * never written: escaped, it would be no mention, and a mention of something else is never made.
 */
function mentionOf(gap) {
    const login = gap.tickedBy;
    return login !== undefined && GITHUB_LOGIN.test(login) ? `@${login}` : undefined;
}
/** The people a comment on `gaps` mentions: those who ticked them, once each, in the order of the gaps. */
function mentioned(gaps) {
    return [...new Set(gaps.flatMap((gap) => mentionOf(gap) ?? []))];
}
/** A gap as the comment names it: a page by its path (a label where reader text is hidden), a search by no word of it. */
function gapHtml(gap) {
    return gap.kind === 'page' ? `<code>${(0,text_escape/* htmlText */.js)(gap.subject, 200)}</code>` : 'a search (named in the issue)';
}
/** A gap's pull request as a link: "pull request #60"; "its pull request" when the state keeps none. */
function pullHtml(gap) {
    if (gap.prLink === undefined)
        return 'its pull request';
    const number = /\/pull\/(\d+)$/.exec(gap.prLink)?.[1];
    return (0,html/* linkHtml */.eq)(gap.prLink, number === undefined ? 'pull request' : `pull request ${(0,text_escape/* htmlText */.js)(`#${number}`)}`);
}
/** One gap's verdict, as a line of the comment's list, in the words the issue gives it (body.ts). */
function newsLine(gap, unit) {
    const mention = mentionOf(gap);
    const by = mention === undefined ? '' : ` · ticked by ${mention}`;
    if (gap.verdict === 'fixed')
        return `- ✅ <strong>Fixed:</strong> ${gapHtml(gap)} by ${pullHtml(gap)}${by}`;
    const again = 'Tick it in the issue to ask the agent again';
    if (gap.verdict === 'back') {
        const since = (0,health_body/* cameBackSince */.Iy)(gap, unit);
        return `- ❌ <strong>The trouble came back:</strong> ${gapHtml(gap)}, ${pullHtml(gap)}${since === '' ? '' : `: ${since}`}. ${again}${by}`;
    }
    const { verdict, change } = (0,health_body/* notEnough */.kM)(gap);
    return `- ❌ <strong>${verdict}:</strong> ${gapHtml(gap)}, ${pullHtml(gap)}: ${change}. ${again}${by}`;
}
/**
 * The comment that announces `news` (verdictNews, not empty), in Markdown as GitHub renders it: the
 * marker, one sentence with the period the verdicts were read over, one line per gap (at most
 * ANNOUNCED_GAPS, the others counted), and a footer. Every text from the state is escaped.
 */
function announcementBody(news, state, footer) {
    const last = state.periods.at(-1);
    const over = last === undefined ? '' : ` (the analytics of ${(0,text_escape/* htmlText */.js)((0,dates/* shortRange */.W5)(last.dateFrom, last.dateTo), 60)})`;
    const count = news.length === 1 ? 'A fix has its verdict' : `${(0,format/* num */.bu)(news.length)} fixes have their verdicts`;
    const unit = (0,health_body/* unitOf */.uF)(state);
    const lines = news.slice(0, ANNOUNCED_GAPS).map((gap) => newsLine(gap, unit));
    const more = news.length - lines.length;
    if (more > 0)
        lines.push(`- and ${(0,format/* num */.bu)(more)} more, in the issue`);
    const run = footer.runUrl === undefined ? '' : ` · ${(0,html/* linkHtml */.eq)(footer.runUrl, 'workflow run')}`;
    return [
        ANNOUNCEMENT_MARKER,
        '',
        `<strong>${count}</strong>${over}:`,
        '',
        ...lines,
        '',
        `<sub>Each gap’s numbers before and since its fix are in the issue above. Posted by ${(0,text_escape/* htmlText */.js)(footer.action, 60)} ${(0,text_escape/* htmlText */.js)(footer.version, 40)}${run}.</sub>`,
        ''
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/health/week.ts








/** Says in the log what the step just taken notes, and keeps it with the week. */
function told(week, next, log) {
    for (const note of next.notes)
        log.info(note);
    for (const warning of next.warnings ?? [])
        log.warning(warning);
    return { ...week, now: { ...next, warnings: [] }, notices: [...week.notices, ...next.notes, ...(next.warnings ?? [])] };
}
/** The week begun: the state read, with the dismissals of the edit that started the run. */
function opened(start, log) {
    const first = begin(start.read, start.body, start.trigger, start.settings);
    return told({ now: first, start: first.state, body: start.body, githubServer: start.githubServer, notices: [] }, first, log);
}
/**
 * Follows the jobs earlier runs asked for and left running (the step stopped waiting): a job that has
 * ended since is recorded, with its pull request or with its gaps open again. A job the service cannot
 * tell of now is left as it is.
 */
async function followJobs(week, ports) {
    let now = week.now;
    for (const jobId of jobsToFollow(now)) {
        // An id no request can carry (a state written before ids were checked) is left as it is.
        const problem = (0,schemas/* jobIdProblem */.M3)(jobId);
        if (problem !== undefined) {
            ports.log.info(`The docs health issue names an agent job the run cannot follow, ${(0,text_escape/* logText */.kc)(JSON.stringify(jobId), 100)} (${problem}): it is skipped.`);
            continue;
        }
        let job;
        try {
            job = await ports.getJob(jobId);
        }
        catch (error) {
            if (!(error instanceof errors/* ApiError */.hD))
                throw error;
            ports.log.info(`The agent job ${(0,text_escape/* htmlText */.js)(jobId, 60)} of the docs health issue could not be read: ${error.message}`);
            continue;
        }
        if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'archived')
            continue;
        now = jobEnded(now, jobId, pullRequestOf(job.prLink, week.githubServer));
    }
    return { ...week, now };
}
/**
 * Writes the issue: the body the transition gives for the issue as it is now (a person's edit during
 * the run is kept). Never throws: a read or a write that failed is `error`, with the week as far as
 * the write went (what the transition noted is said and kept either way).
 */
async function write(week, ports) {
    let current;
    try {
        current = await ports.readIssue();
    }
    catch (error) {
        return { week, error };
    }
    const { transition, owned } = written(week.now, current ?? '');
    const next = told(week, transition, ports.log);
    try {
        await ports.writeIssue(owned, current);
    }
    catch (error) {
        return { week: next, error };
    }
    return { week: { ...next, owned } };
}
/**
 * The prompt for the gaps a person ticked, when there are any this run may ask for; they are marked
 * asked in the issue first, so that a re-run or a second event asks nothing twice. It names the period
 * the gaps' evidence was read over and, where reader text may be shown, gives what readers wrote about
 * them.
 */
async function askTicked(week, ports) {
    if (week.body === undefined)
        return { week };
    const { transition, asks } = ask(week.now, week.body);
    if (asks === undefined)
        return { week: told(week, transition, ports.log) };
    const { week: recorded, error } = await write(told(week, transition, ports.log), ports);
    if (error !== undefined)
        // Not recorded as asked, so not asked: the next run tries again.
        return {
            week: {
                ...recorded,
                now: { ...week.now, warnedTop: recorded.now.warnedTop },
                failure: `The docs health issue could not record the ticked gaps, so the agent was not asked${ports.failureOf(error)}`
            }
        };
    ports.log.info(asks.note);
    const withAsks = { ...recorded, asks, notices: [...recorded.notices, asks.note] };
    // Asked only once there is a prompt: whether readers' words may go to the agent's repository.
    const quote = withAsks.now.settings.showWords && (await ports.mayQuote(recordedJobIds(withAsks.now)));
    return { week: withAsks, prompt: promptOf(asks, quote) };
}
/** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
async function jobStarted(week, ports, jobId) {
    if (week.now.asked.length === 0)
        return week;
    const { week: next, error } = await write({ ...week, now: started(week.now, jobId) }, ports);
    if (error !== undefined)
        ports.log.warning(`The docs health issue could not record job ${(0,text_escape/* htmlText */.js)(jobId, 60)}${ports.failureOf(error)}`);
    return next;
}
/** What the job this run asked for came to. */
function jobDone(week, job) {
    return { ...week, now: jobReported(week.now, job) };
}
/** The period the analytics read: its headlines, its ranking, every gap's own numbers, the pages whose traffic moved. */
function periodDone(week, read) {
    return { ...week, now: periodRead(week.now, read) };
}
/** The pages with a fix, and the day each merged: where feedback marked resolved counts. */
function weekFixes(week) {
    return fixes(week.now);
}
/**
 * Reads the state of the pull requests the ledger waits on (on the run's own GitHub server only),
 * writes the issue, and announces the verdicts the run gave. A run an event on an issue started
 * writes it only when it asked or dismissed.
 */
async function finished(week, ports) {
    if (!writesAtEnd(week.now))
        return week;
    let next = week;
    try {
        const pulls = new Map();
        const moves = new Map();
        // By the link as the ledger keeps it, which is how withPulls looks each gap's up.
        for (const prLink of pullsToRead(next.now)) {
            const pull = (0,pull_request/* pullRequestLink */.Z)(prLink, next.githubServer)?.pullRequest;
            if (!pull)
                continue;
            const [owner = '', repo = ''] = pull.repository.split('/');
            const state = await ports.pullState(owner, repo, Number(pull.number));
            if (state)
                pulls.set(prLink, state);
            // A merged fix may have moved its page: its gap follows it (health/moves.ts).
            if (state?.state === 'merged')
                moves.set(prLink, await ports.pullMoves(owner, repo, Number(pull.number)));
        }
        next = told(next, pullsRead(next.now, pulls, moves), ports.log);
    }
    catch (error) {
        return { ...next, failure: `The docs health issue could not be written${ports.failureOf(error)}` };
    }
    const { week: kept, error } = await write(next, ports);
    if (error !== undefined)
        return { ...kept, failure: `The docs health issue could not be written${ports.failureOf(error)}` };
    await announce(week.start, kept, ports);
    return kept;
}
/**
 * Posts one comment on the issue when the run gave verdicts (fixed, not fixed, back) that the state
 * it read did not hold, mentioning only the people who ticked those gaps. The issue already records
 * them: a run that reads it again finds nothing new, so no verdict is announced twice, and a comment
 * that cannot be posted is a warning, never a failed run.
 */
async function announce(start, week, ports) {
    // The gaps as the issue holds them (within the state's budget): a gap it could not keep is not announced.
    const held = (0,health_state/* boundedState */.dx)(week.now.state);
    const news = verdictNews(start, held);
    if (news.length === 0)
        return;
    try {
        await ports.comment(announcementBody(news, held, week.now.settings.footer));
        const people = mentioned(news).length;
        const whom = people === 0
            ? 'nobody: no edit is known to have ticked them'
            : people === 1
                ? 'the person who ticked them'
                : `the ${people} people who ticked them`;
        ports.log.info(`Announced ${news.length === 1 ? 'a verdict' : `${news.length} verdicts`} in a comment on the docs health issue, mentioning ${whom}.`);
    }
    catch (error) {
        ports.log.warning(`The docs health issue holds this run's verdicts, but they could not be announced in a comment${ports.failureOf(error)}`);
    }
}
/**
 * The weekly loop over a week already begun: every step in the order the run meets its events. When
 * the jobs cannot be followed, the issue is not read: the run's job and analytics go on without it,
 * and nowhere is feedback marked resolved counted.
 */
async function weekFrom(begun, ports, mayAsk) {
    let week;
    try {
        week = await followJobs(begun, ports);
    }
    catch (error) {
        if (error instanceof lifetime/* StopError */.Tj)
            throw error;
        const unread = { ...begun, unread: true, failure: `The docs health issue could not be read${ports.failureOf(error)}` };
        await ports.runJob(undefined, () => Promise.resolve());
        // Nor does it say what started the run: the analytics are read whatever did.
        await ports.readPeriod(undefined);
        return unread;
    }
    let prompt;
    if (mayAsk)
        ({ week, prompt } = await askTicked(week, ports));
    const jobs = await ports.runJob(prompt, async (jobId) => {
        week = await jobStarted(week, ports, jobId);
    });
    for (const job of jobs)
        week = jobDone(week, job);
    // A run started by an edit of an issue acts on its ticks only: it reads no analytics.
    if (!week.now.trigger.issueEvent) {
        const read = await ports.readPeriod(weekFixes(week));
        if (read)
            week = periodDone(week, read);
    }
    return finished(week, ports);
}
/** The weekly loop: from the state read, the run's events and the period's reads, through `ports`, to the week it ends with. */
function weeklyRun(start, ports) {
    return weekFrom(opened(start, ports.log), ports, start.mayAsk);
}
/** The link of a job's pull request on the run's GitHub server; undefined for any other link, which is no pull request. */
function pullRequestOf(prLink, githubServer) {
    const link = (0,pull_request/* pullRequestLink */.Z)(prLink, githubServer);
    return link?.pullRequest === undefined ? undefined : link.url;
}

// EXTERNAL MODULE: ./src/text/site-moves.ts
var site_moves = __webpack_require__(6255);
;// CONCATENATED MODULE: ./src/github/issues.ts
// The docs health issue on GitHub: finds its issue by its sealed state and the project marker in the
// body (under its label, oldest first, then among the latest issues, so that a renamed or relabelled
// issue is still found, and no number of newer issues hides it), creates
// and updates it, comments on it, reads the state of the pull requests its ledger links (and the pages a merged one
// moved), and a person's permission,
// all through the run's GitHub client (client.ts).

/** The label the docs health issue carries. */
const HEALTH_ISSUE_LABEL = 'docs-health';
/** Who wrote an issue or a comment, as GitHub reports it, for the log. */
function authorOf(data) {
    const login = data.user?.login ?? 'someone';
    const app = data.performed_via_github_app?.slug;
    return app ? `${login} (app ${app})` : login;
}
const issueOf = (data) => ({
    number: data.number,
    title: data.title,
    body: data.body ?? '',
    state: data.state === 'closed' ? 'closed' : 'open',
    url: data.html_url,
    author: authorOf(data)
});
class HealthIssues {
    github;
    runSignal;
    constructor(github, 
    /** The run's signal: a pull request's state that cannot be read counts for nothing, unless the run stopped. */
    runSignal) {
        this.github = github;
        this.runSignal = runSignal;
    }
    /**
     * The docs health issue: of the issues whose owned part (`owned`) holds `marker`, the oldest that
     * `isOwn` accepts (its sealed state verifies, and the seal names the issue's own number), whoever
     * GitHub says opened it (with a personal access token, the action's issue is a person's). The
     * issues under the label are read oldest first (up to 500), so that no count of newer issues, however
     * many another app opens with the marker, pushes the action's issue out of view; then the 100
     * latest issues, for an issue whose label was taken off. When none is accepted, the oldest a bot
     * opened, unproven (`proven: false`): after the API key changed, the issue the action opened is still
     * the first that carries its marker, as any copy is made after it; an unsealed issue a person opened,
     * with the marker copied into it, never counts. `others` are the issues that carry the marker and
     * were not taken.
     */
    async find(marker, owned, isOwn) {
        const seen = new Map();
        const add = (list) => {
            for (const data of list) {
                if (data.pull_request !== undefined || !owned(data.body ?? '').includes(marker))
                    continue;
                seen.set(data.number, { issue: issueOf(data), bot: data.user?.type === 'Bot' });
            }
        };
        const all = () => [...seen.values()].sort((a, b) => a.issue.number - b.issue.number);
        // Each issue's seal is checked once, however many pages are looked at after it.
        const verdicts = new Map();
        const sealed = (issue) => {
            let verdict = verdicts.get(issue.number);
            if (verdict === undefined)
                verdicts.set(issue.number, (verdict = isOwn(issue)));
            return verdict;
        };
        const result = () => {
            const own = all().find((found) => sealed(found.issue))?.issue;
            return own ? { issue: own, proven: true, others: all().flatMap((found) => (found.issue === own ? [] : [found.issue])) } : undefined;
        };
        // Oldest first: each page is looked at as it comes, to stop at the first that holds the action's
        // issue; what the list gives back is looked at too, so that it is found whoever asks of which page.
        const labelled = await this.github.issues({ label: HEALTH_ISSUE_LABEL, direction: 'asc' }, (page) => {
            add(page);
            return result() !== undefined;
        });
        add(labelled);
        const proven = result();
        if (proven)
            return proven;
        add(await this.github.issues({ sort: 'updated' }));
        const fallback = all().find((found) => found.bot)?.issue;
        return (result() ?? {
            ...(fallback ? { issue: fallback } : {}),
            proven: false,
            others: all().flatMap((found) => (found.issue === fallback ? [] : [found.issue]))
        });
    }
    /** The issue as it is now: read again just before it is written, so that a person's edit during the run is kept. */
    async get(number) {
        return issueOf(await this.github.issue(number));
    }
    async create(title, body) {
        return issueOf(await this.github.createIssue(title, body, [HEALTH_ISSUE_LABEL]));
    }
    async update(number, body) {
        return issueOf(await this.github.updateIssue(number, body));
    }
    /** Posts a comment on the issue (a verdict told to the people who asked for the fix): its id. */
    comment(number, body) {
        return this.github.createComment(number, body);
    }
    /**
     * The state of a pull request of this server: merged (with its day, YYYY-MM-DD, when GitHub gives
     * a date), closed unmerged, or open; undefined when the token cannot see it.
     */
    async pullState(owner, repo, number) {
        try {
            return await this.github.pullState(owner, repo, number);
        }
        catch (error) {
            if (this.runSignal.aborted)
                throw error;
            return undefined;
        }
    }
    /**
     * The pages a merged pull request of this server moved: the page files it renamed or removed
     * (text/site-moves.ts); none when the token cannot read its files.
     */
    async pullMoves(owner, repo, number) {
        try {
            return (0,site_moves/* fileMoves */.jS)(await this.github.pullFilesOf(owner, repo, number));
        }
        catch (error) {
            if (this.runSignal.aborted)
                throw error;
            return [];
        }
    }
    /** Whether `login` may push to the repository (push-rule.ts). */
    canWrite(login) {
        return this.github.canWrite(login);
    }
}

// EXTERNAL MODULE: ./src/github/runner.ts
var github_runner = __webpack_require__(9373);
// EXTERNAL MODULE: ./src/version.ts + 1 modules
var version = __webpack_require__(1013);
// EXTERNAL MODULE: ./src/run/wiring.ts + 33 modules
var wiring = __webpack_require__(2696);
;// CONCATENATED MODULE: ./src/run/health-issue.ts
// The docs health issue over one run: found (or made) before any work, its ticked gaps turned into one
// agent job, what the job came to and what the analytics read recorded in its ledger, and its body
// written once at the end. Ticks are acted on only from a run the issue's own edits cannot start
// (a bot's edit starts nothing) and, on an `issues` event, only for a person who may push, and only
// the boxes that very edit ticked. The weekly loop itself, its steps and their order, is
// health/week.ts; this shell finds the issue and who may act on it, and adapts GitHub (the issue's
// reads, sealed writes and comment, the pull requests) to the loop's ports.















/** The run's day, YYYY-MM-DD (UTC). */
const todayOf = () => new Date().toISOString().slice(0, 10);
/** The boxes the edit of an `issues: edited` payload ticked (edit-ticks.ts); none when the payload lacks either body. */
function ticksOfEdit(payload) {
    const after = payload.issue?.body;
    const before = payload.changes?.body?.from;
    return editTicks(typeof after === 'string' ? after : '', typeof before === 'string' ? before : undefined);
}
/** Issues that carry the marker without the seal, named in the log one by one; the others are counted. */
const OTHERS_NAMED = 3;
/** The workflow run, the same for every attempt of it: what keeps a re-run from asking twice. */
const runIdOf = (runner) => runner.runId ?? 'local';
class HealthIssueRun {
    github;
    runner;
    title;
    issue;
    seal;
    /** The run was started by an event on an issue: it reads no analytics. */
    issueEvent;
    /** The issue over the run so far: its state and what the run did to it (health/week.ts). */
    week;
    /** The issue on GitHub, as the weekly loop reads and writes it. */
    ports;
    constructor(github, runner, title, issue, seal, read, trigger, settings) {
        this.github = github;
        this.runner = runner;
        this.title = title;
        this.issue = issue;
        this.seal = seal;
        this.issueEvent = trigger.issueEvent;
        this.ports = {
            log: { info: core/* info */.pq, warning: core/* warning */.$e },
            readIssue: () => this.read(),
            writeIssue: (owned, current) => this.write(owned, current),
            comment: async (body) => {
                if (this.issue)
                    await this.github.comment(this.issue.number, body);
            },
            pullState: (owner, repo, number) => this.github.pullState(owner, repo, number),
            pullMoves: (owner, repo, number) => this.github.pullMoves(owner, repo, number),
            failureOf: healthIssueFailure
        };
        this.week = opened({ read, body: issue?.body, trigger, settings, githubServer: runner.server }, this.ports.log);
    }
    /** The docs health issue of this repository and project, as the event that started the run allows it to act. */
    static async open(settings, projectId, { runner, seal, connect }, showWords, sitePages, redirects) {
        const client = await connect(settings.token);
        const github = new HealthIssues(client, client.signal);
        const found = await github.find((0,health_body/* projectMarker */.At)(projectId), health_body/* ownedPart */.JZ, (candidate) => {
            return readState(candidate, projectId, seal, runner).state !== undefined;
        });
        const issue = found.issue;
        for (const other of found.others.slice(0, OTHERS_NAMED))
            core/* info */.pq(`Issue #${other.number}, opened by ${(0,text_escape/* logText */.kc)(other.author, 100)}, carries the docs health issue's marker but not a state this action sealed: it is not the docs health issue, and is left as it is.`);
        if (found.others.length > OTHERS_NAMED)
            core/* info */.pq(`${found.others.length - OTHERS_NAMED} more issues carry the docs health issue's marker without its seal, and are left as they are.`);
        if (!issue)
            core/* warning */.$e(`No docs health issue of this action was found (no issue with its marker and its sealed state under the label ${HEALTH_ISSUE_LABEL}, ` +
                'oldest first, nor among the 100 latest issues): a new one is opened. On the first run this is expected; ' +
                `otherwise give the action's issue the label ${HEALTH_ISSUE_LABEL} again, and keep the same apiKey.`);
        if (issue && !found.proven)
            core/* notice */.lm(`The docs health issue #${issue.number} holds no state this action can verify (the apiKey changed, or the state was edited or written by someone else): ` +
                'the issue is kept and updated, but its history and ledger start again, and its ticks are not acted on.');
        if (issue?.state === 'closed')
            core/* info */.pq(`The docs health issue #${issue.number} is closed: it is updated but left closed. Reopen it to keep it in view.`);
        // Only the part the action owns is read, and only when its seal verifies: a state someone else
        // wrote, edited or copied counts for nothing, and nor do the ticks of gaps it names.
        const opened = issue ? readState(issue, projectId, seal, runner) : {};
        const read = opened.state;
        if (issue && opened.place !== undefined && opened.place !== statePlace(runner, issue.number))
            core/* info */.pq(`The docs health issue's state was sealed for ${(0,text_escape/* logText */.kc)(opened.place, 300)}: it is read, and sealed for ${(0,text_escape/* logText */.kc)(statePlace(runner, issue.number), 300)} from this run on.`);
        const transitionSettings = {
            projectId,
            runId: runIdOf(runner),
            showWords,
            ...(sitePages ? { sitePages } : {}),
            ...(redirects && redirects.length > 0 ? { redirects } : {}),
            footer: { action: version/* ACTION_NAME */.px, version: (0,version/* versionText */.KA)(process.env), ...(runner.runUrl ? { runUrl: runner.runUrl } : {}) }
        };
        const make = (trigger) => new HealthIssueRun(github, runner, settings.title, issue, seal, read, { ...trigger, today: todayOf() }, transitionSettings);
        if (runner.eventName !== 'issues')
            return make({ issueEvent: false, mayAct: true });
        const payload = ((0,github_runner/* payloadObject */.Eq)(runner.payload) ?? {});
        const sender = payload.sender ?? {};
        let mayAct = false;
        let refused = false;
        if (payload.action !== 'edited' || issue === undefined || payload.issue?.number !== issue.number) {
            core/* info */.pq('The run was started by an event on another issue, or not by an edit: the docs health issue has nothing to do.');
        }
        else if (sender.type === 'Bot' || !sender.login) {
            // The action's own edits are a bot's: acting on them could start work in a loop.
            core/* info */.pq('The docs health issue was edited by a bot (this action, say): nothing to do.');
        }
        else {
            let writer = false;
            try {
                writer = await github.canWrite(sender.login);
                refused = !writer;
                if (!writer)
                    core/* warning */.$e(`${(0,text_escape/* htmlText */.js)(sender.login, 60)} ticked gaps in the docs health issue but may not push to the repository: the ticks are not acted on, and the issue is written with the boxes that edit ticked unticked.`);
            }
            catch (error) {
                // Nothing is asked for someone whose permission is not known; the issue itself is still kept.
                core/* warning */.$e(`Could not check whether ${(0,text_escape/* htmlText */.js)(sender.login, 60)} may push to ${(0,text_escape/* htmlText */.js)(runner.repositoryText, 200)} (${(0,github_client/* githubFailure */.eQ)(error)}): the ticks in the docs health issue are not acted on.`);
            }
            mayAct = writer;
        }
        return make({
            issueEvent: true,
            mayAct,
            ...(refused ? { refused } : {}),
            edited: ticksOfEdit(payload),
            ...(typeof sender.login === 'string' ? { editor: sender.login } : {})
        });
    }
    /**
     * The weekly loop (health/week.ts) over the rest of the run: `ports` does the run's own I/O (the
     * service's jobs, the agent job, the analytics). What the run's report says of the issue.
     */
    async run(ports, mayAsk) {
        this.week = await weekFrom(this.week, { ...this.ports, ...ports, readPeriod: (fixes) => this.periodOf(ports, fixes) }, mayAsk);
        return this.report();
    }
    /** The period the run's analytics read, as the docs health issue takes it. */
    async periodOf(ports, fixes) {
        const period = await ports.readPeriod(fixes);
        return period && analyticsRead(period.overview, period.sections.map(sectionRead));
    }
    /**
     * The prompt for the gaps a person ticked, when there are any this run may ask for; they are
     * marked asked in the issue first, so that a re-run or a second event asks nothing twice.
     */
    async ask(mayQuote = () => Promise.resolve(this.week.now.settings.showWords)) {
        const { week, prompt } = await askTicked(this.week, { ...this.ports, mayQuote: () => mayQuote() });
        this.week = week;
        return prompt;
    }
    /** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
    async started(jobId) {
        this.week = await jobStarted(this.week, this.ports, jobId);
    }
    /** Follows the jobs earlier runs asked for and left running (health/week.ts, followJobs). */
    async followJobs(getJob, githubServer) {
        this.week = await followJobs({ ...this.week, githubServer }, { log: this.ports.log, getJob });
    }
    /** Every job the issue records, once each: the source repository of each is one the agent has worked in. */
    recordedJobIds() {
        return recordedJobIds(this.week.now);
    }
    /** The pages with a fix, and the day each merged: where feedback marked resolved counts. */
    fixes() {
        return weekFixes(this.week);
    }
    /** What the job this run asked for came to. */
    recordJob(job) {
        this.week = jobDone(this.week, job);
    }
    /** The period the analytics read, from its overview and every section read (health/period-sections.ts). */
    recordPeriod(overview, sections = []) {
        this.week = periodDone(this.week, analyticsRead(overview, sections.map(sectionRead)));
    }
    /** Reads the pull requests the ledger waits on, writes the issue and announces new verdicts (health/week.ts, finished). */
    async finish(githubServer) {
        this.week = await finished({ ...this.week, githubServer }, this.ports);
        return this.report();
    }
    report() {
        const { now, failure } = this.week;
        // An issue that could not be read reports its failure alone.
        if (this.week.unread)
            return { failure, resolved: 0, asked: 0 };
        const askAgain = this.issue ? `Tick it in the ${(0,html/* linkHtml */.eq)(this.issue.url, 'docs health issue')} to ask the agent again.` : '';
        return {
            url: this.issue?.url,
            number: this.issue?.number,
            failure,
            ...reportOf(now),
            verdicts: this.issue ? (0,health_body/* verdictLines */.rz)(now.state, now.resolvedIds, askAgain) : []
        };
    }
    /** The issue's body as it is now: a person's edit during the run (text, or a tick) is kept. */
    async read() {
        return this.issue ? (await this.github.get(this.issue.number)).body : undefined;
    }
    /** Writes the issue: `owned`, sealed, into its body as it is now (`current`). */
    async write(owned, current) {
        // The seal binds the state to this issue: pasted into another issue, or another repository's, it
        // does not verify. A new issue has no number before it is made, so it is sealed just after.
        const sealedBody = (number, around) => {
            const body = (0,health_body/* withOwned */.kc)(around, (0,health_state/* sealState */.Bw)(owned, this.seal, statePlace(this.runner, number)));
            if (body.length > health_body/* BODY_LIMIT */.Th)
                throw new Error(`its body would be ${body.length} characters, over GitHub's ${health_body/* BODY_LIMIT */.Th}; shorten the text written around the report`);
            return body;
        };
        if (this.issue) {
            this.issue = await this.github.update(this.issue.number, sealedBody(this.issue.number, current ?? ''));
        }
        else {
            const made = await this.github.create(this.title, sealedBody(0, ''));
            this.issue = await this.github.update(made.number, sealedBody(made.number, made.body));
        }
    }
}
/**
 * Where a state is kept, as its seal names it: the repository and the issue's number. The repository
 * is named by its id when the runner gives it, which a rename or a transfer keeps; else by its
 * owner/name in lower case, since GitHub reads `Acme/Docs` and `acme/docs` as the same repository.
 */
function statePlace(runner, number) {
    return runner.repositoryId === undefined
        ? `${runner.repositoryText.toLowerCase()}#${number}`
        : `repository ${runner.repositoryId}#${number}`;
}
/**
 * The places this repository's state may be sealed for, the place it is sealed for now first: then its
 * owner/name in lower case, and as the runner gives it, as builds before the id sealed it. Each is this
 * repository's, in the case GitHub ignores: no other repository's state verifies for any of them.
 */
function statePlaces(runner, number) {
    return [
        ...new Set([statePlace(runner, number), `${runner.repositoryText.toLowerCase()}#${number}`, `${runner.repositoryText}#${number}`])
    ];
}
/** The state an issue's body holds, sealed for one of the places this repository's state may be sealed for, and that place; nothing when none verifies. */
function readState(issue, projectId, seal, runner) {
    for (const place of statePlaces(runner, issue.number)) {
        const { state } = (0,health_state/* openState */.Gf)((0,health_body/* ownedPart */.JZ)(issue.body), projectId, seal, place);
        if (state)
            return { state, place };
    }
    return {};
}
/** A section as the docs health issue takes it: whether it was read whole, and what its renderer says of gaps and pages. */
function sectionRead(section) {
    const render = (0,wiring/* sectionRendererOf */.W3)(section);
    const pages = render.pageNumbers?.(section);
    return {
        kind: section.kind,
        whole: section.requests > 0 && section.failure === undefined && !section.partial,
        signals: render.signals?.(section) ?? [],
        ...(pages ? { pages } : {})
    };
}
/**
 * Why the docs health issue could not be read or written, to follow "could not …": GitHub's failure
 * with the permission it needs (githubWriteFailure), or, when no request failed, the error's own words.
 */
function healthIssueFailure(error) {
    const status = error?.status;
    return typeof status === 'number' ? (0,github_client/* githubWriteFailure */.Z0)(error, 'issues: write', ', or set healthIssue: false') : `: ${(0,error_message/* errorMessage */.g)(error)}`;
}


/***/ })

};
