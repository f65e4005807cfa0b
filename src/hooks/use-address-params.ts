import { useSearchParams } from 'react-router-dom';

/**
 * A page's choices kept in the address (?programId=&page=), so a reload or a shared link shows the same: the
 * parameters, and a change of some of them (an empty value removes one), replacing the history entry.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
