/** Ends a sentence: what follows starts a new one. */
const SENTENCE_END = /[。！？!?…．.]$/;
/** Ends a clause: dropped before the comma that joins the next part. */
const CLAUSE_END = /[，、；：,;:\s]+$/;

/**
 * Joins pieces of Chinese text (a person's words, then ours) as one would write them: with '，',
 * dropping a comma or colon the previous piece already ends with, and without a comma after a piece
 * that ends its sentence (问题。 + 修改后请重新提交 → 问题。修改后请重新提交). Empty pieces are left out.
 */
export function joinClauses(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .reduce((text, part) => {
      if (text === '') return part;
      if (SENTENCE_END.test(text)) return `${text}${part}`;
      return `${text.replace(CLAUSE_END, '')}，${part}`;
    }, '');
}
