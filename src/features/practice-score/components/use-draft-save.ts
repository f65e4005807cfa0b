import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SHEETS_KEY, saveCells, sheetDetailKey } from '../api/score-sheet-api.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';

export type { SaveState };

/**
 * A sheet's draft saver (draft-saver.ts) with its state for the page: a save updates the list's counts;
 * a final refusal (locked meanwhile) reads the sheet again. Leaving the page sends what waits; closing
 * the tab with unsent cells asks first.
 */
export function useDraftSave(sheetId: string) {
  const client = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [saver] = useState(
    () =>
      new DraftSaver(
        (cells) => saveCells(sheetId, cells),
        (next) => {
          setState(next);
          if (next.kind === 'saved') void client.invalidateQueries({ queryKey: [...SHEETS_KEY, 'list'] });
          if (next.kind === 'failed' && next.final) void client.invalidateQueries({ queryKey: sheetDetailKey(sheetId) });
        },
      ),
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.unsaved) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      saver.close();
    };
  }, [saver]);
  return { state, change: (studentId: string, value: string | null) => saver.change(studentId, value), flush: () => saver.flush() };
}
