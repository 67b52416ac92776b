// Numbers and durations for people, formatted by hand: Intl would load locale data (about 15 ms and
// 8 MB at start-up) for this alone.

/** A duration for people: "45s", "4m 12s", "1h 3m". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h}h ${m}m`
  if (m > 0) return `${m}m ${s}s`
  return `${s}s`
}

/** 1234567.891 → "1,234,567.89". */
export function num(n: number): string {
  // A whole number is not rounded: n × 100 of the largest finite numbers overflows.
  const text = String(Number.isInteger(n) ? n : Math.round(n * 100) / 100)
  // Negative numbers, NaN, Infinity and numbers in exponent form (1e+21 and up) are left as they are.
  if (!/^\d+(\.\d+)?$/.test(text)) return text
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A count and its noun: "1 page", "2 pages", "1,000 requests" (`plural` for nouns that take more than an s). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${num(n)} ${n === 1 ? noun : plural}`
}

/** The text with its first character in upper case: "job j1 failed" → "Job j1 failed". */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
