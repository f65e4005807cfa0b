import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SHEETS_KEY, saveCells, sheetDetailKey } from '../api/score-sheet-api.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';

export type { SaveState };

/**
 * A sheet's draft saver (draft-saver.ts) with its state for the page: a save updates the list's counts;
 * a final refusal (locked meanwhile) reads the sheet again. Leaving the page or hiding the tab sends what
 * waits at once; closing the tab with unsent cells asks first.
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
    // The tab hidden or left: what waits goes now rather than after the pause.
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const leave = () => void saver.flush();
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      saver.close();
    };
  }, [saver]);
  return { state, change: (studentId: string, value: string | null) => saver.change(studentId, value), flush: () => saver.flush() };
}
