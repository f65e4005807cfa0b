import { useCallback, useState } from 'react';

interface ActionState<R> {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  data: R | undefined;
}

/**
 * A one-off call with its pending, error and result state, for the account pages before login:
 * they stay free of the query library, which keeps the phone's first load small. Pass a function
 * defined outside the component, so it stays the same between renders.
 */
export function useAction<A, R>(action: (input: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>({ isPending: false, isSuccess: false, error: null, data: undefined });
  const mutateAsync = useCallback(async (input: A): Promise<R> => {
    setState({ isPending: true, isSuccess: false, error: null, data: undefined });
    try {
      const data = await action(input);
      setState({ isPending: false, isSuccess: true, error: null, data });
      return data;
    } catch (error) {
      setState({ isPending: false, isSuccess: false, error, data: undefined });
      throw error;
    }
  }, [action]);
  const mutate = useCallback((input: A) => void mutateAsync(input).catch(() => undefined), [mutateAsync]);
  return { ...state, mutateAsync, mutate };
}
