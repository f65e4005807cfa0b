import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSheetOnceOpened } from './use-sheet-once-opened.ts';

describe('useSheetOnceOpened', () => {
  it('mounts the sheet at its first opening, closed for a frame, then open; mounted from then on', async () => {
    const sheet = renderHook(({ open }) => useSheetOnceOpened(open), { initialProps: { open: false } });
    expect(sheet.result.current).toEqual({ mounted: false, visible: false });

    sheet.rerender({ open: true });
    expect(sheet.result.current).toEqual({ mounted: true, visible: false });
    await waitFor(() => expect(sheet.result.current).toEqual({ mounted: true, visible: true }));

    sheet.rerender({ open: false });
    expect(sheet.result.current).toEqual({ mounted: true, visible: false });
    sheet.rerender({ open: true });
    expect(sheet.result.current).toEqual({ mounted: true, visible: true });
  });
});
