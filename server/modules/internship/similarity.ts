/**
 * Near-duplicate text, as a school's reviewer means it: how much of one record's wording is found in another.
 * Records are compared by their characters' 5-grams (shingles) after dropping white space and punctuation and
 * folding full-width forms (NFKC), so "本周，我在车间" and "本周 我在车间。" are the same text. A MinHash
 * signature of the shingles, cut into LSH bands, finds the few records worth comparing among a program's
 * thousands; the comparison itself is exact (the shared shingles), and so are the passages it marks.
 */

/** Characters per shingle: short enough that a copied sentence with a word changed still shares most of them. */
export const SHINGLE = 5;
/**
 * Bands × rows: two texts sharing half their shingles (Jaccard) meet in some band 87 % of the time, a copy with a
 * few words changed (0.7 and up) always; two students' own 周记, sharing the stock phrases (本周、师傅、收获很大:
 * about 0.1), under 1 %, so a new record is compared with a few hundred of the program's 40,000, not thousands.
 */
export const BANDS = 32;
const ROWS = 4;
const HASHES = BANDS * ROWS;
/** The share of a record's text found in the other at which it is flagged. */
export const FLAG_AT = 0.5;

/** A text's characters that count, each with its place in the original (for marking the passages). */
export function normalized(text: string): { chars: string[]; at: number[] } {
  const chars: string[] = [];
  const at: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = char.normalize('NFKC').toLowerCase();
    if (!/[\p{P}\p{S}\p{White_Space}\p{Cc}]/u.test(folded)) {
      for (const c of folded) {
        chars.push(c);
        at.push(index);
      }
    }
    index += char.length;
  }
  return { chars, at };
}

/** FNV-1a, 32 bits: a shingle's number. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The program's own wording (its requirements), whose shingles a copy of does not count. */
export const ignoredShingles = (text: string | null | undefined): Set<number> => new Set(text ? prepared(text).shingles.keys() : []);

// The hash family h_i(x) = (a_i·x + b_i) mod 2^32, with fixed odd a_i: the same signature on every process and every run.
const MULTIPLIERS = Uint32Array.from({ length: HASHES }, (_, i) => (fnv(`a${i}`) | 1) >>> 0);
const ADDENDS = Uint32Array.from({ length: HASHES }, (_, i) => fnv(`b${i}`));

/** The MinHash signature: for each hash of the family, the least value over the shingles. */
export function signatureOf(shingles: Iterable<number>): Uint32Array {
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (const shingle of shingles) {
    for (let i = 0; i < HASHES; i++) {
      const value = (Math.imul(MULTIPLIERS[i]!, shingle) + ADDENDS[i]!) >>> 0;
      if (value < signature[i]!) signature[i] = value;
    }
  }
  return signature;
}

/** The LSH band keys: one signed 32-bit number per band (its rows and its number hashed together), for an int[] column. */
export function bandsOf(signature: Uint32Array): number[] {
  const bands: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let hash = Math.imul(0x811c9dc5 ^ band, 0x01000193);
    for (let row = 0; row < ROWS; row++) hash = Math.imul(hash ^ signature[band * ROWS + row]!, 0x01000193);
    bands.push(hash | 0);
  }
  return bands;
}

/** The places of a text's characters covered by the given shingles, as [start, end) ranges of the original text. */
function passages(text: { at: number[]; chars: string[] }, starts: Iterable<number>, original: string): [number, number][] {
  const covered = new Uint8Array(text.chars.length);
  for (const start of starts) covered.fill(1, start, start + SHINGLE);
  const ranges: [number, number][] = [];
  for (let i = 0; i < covered.length; i++) {
    if (!covered[i]) continue;
    let end = i;
    while (end + 1 < covered.length && covered[end + 1]) end++;
    const last = text.at[end]!;
    ranges.push([text.at[i]!, last + String.fromCodePoint(original.codePointAt(last)!).length]);
    i = end;
  }
  return ranges;
}

/** A text made ready for comparing: its counted characters with their places, its shingles and where each starts. */
export interface PreparedText {
  text: string;
  chars: string[];
  at: number[];
  /** Each shingle with every place it starts (a phrase may be repeated). */
  shingles: Map<number, number[]>;
}

/** Prepares a text once for any number of comparisons, leaving out the ignored wording. */
export function prepared(text: string, ignored: ReadonlySet<number> = new Set()): PreparedText {
  const { chars, at } = normalized(text);
  const shingles = new Map<number, number[]>();
  for (let i = 0; i + SHINGLE <= chars.length; i++) {
    const hash = fnv(chars.slice(i, i + SHINGLE).join(''));
    if (ignored.has(hash)) continue;
    const starts = shingles.get(hash);
    if (starts) starts.push(i);
    else shingles.set(hash, [i]);
  }
  return { text, chars, at, shingles };
}

export interface Similarity {
  /** The share of the first text's shingles found in the second, 0–1. */
  share: number;
  /** The shared passages in each text, [start, end) in its original characters; none below FLAG_AT. */
  ranges: [number, number][];
  matchRanges: [number, number][];
}

/** How much of `a` is found in `b`, and, when it is to be flagged, where in each. */
export function compared(a: PreparedText, b: PreparedText): Similarity {
  if (a.shingles.size === 0) return { share: 0, ranges: [], matchRanges: [] };
  const shared: number[] = [];
  for (const hash of a.shingles.keys()) if (b.shingles.has(hash)) shared.push(hash);
  const share = shared.length / a.shingles.size;
  if (share < FLAG_AT) return { share, ranges: [], matchRanges: [] };
  const startsIn = (text: PreparedText) => shared.flatMap((hash) => text.shingles.get(hash)!);
  return { share, ranges: passages(a, startsIn(a), a.text), matchRanges: passages(b, startsIn(b), b.text) };
}

/** A prepared text's shingles, sorted: what a rebuild keeps of each of a program's thousands of records. */
export const shingleKeys = (text: PreparedText): Uint32Array => Uint32Array.from(text.shingles.keys()).sort();

/** The share of a's shingles found in b, from their sorted keys. */
export function shareOf(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / a.length;
}

/** How much of `text` is found in `other`, and where, leaving out the ignored wording. */
export const similarity = (text: string, other: string, ignored: ReadonlySet<number> = new Set()): Similarity => compared(prepared(text, ignored), prepared(other, ignored));

/** A signature's estimate of two texts' Jaccard similarity: the share of equal minimums. */
export function estimatedJaccard(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let equal = 0;
  for (let i = 0; i < HASHES; i++) if (a[i] === b[i]) equal++;
  return equal / HASHES;
}
