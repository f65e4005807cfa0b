import { useSearchParams } from 'react-router-dom';

/** The sheet shown, kept in the address (?sheet=id) so a reload and the back button find it again. */
export function useOpenSheet() {
  const [params, setParams] = useSearchParams();
  const sheetId = params.get('sheet');
  return {
    sheetId,
    open: (id: string) => setParams({ sheet: id }),
    back: () => setParams({}),
  };
}
