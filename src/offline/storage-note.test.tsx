import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordPersistOutcome } from './pwa/persist-storage.ts';
import { StorageNote } from './storage-note.tsx';

const note = () => screen.queryByRole('complementary', { name: '离线保存提示' });

describe('StorageNote', () => {
  it('is said once: on the first record page, in its words, until 知道了; the next record page does not repeat it', () => {
    act(() => recordPersistOutcome('refused'));
    const weekly = render(<StorageNote what="周记" />);
    expect(note()?.textContent).toContain('还没提交的周记');
    weekly.unmount();

    const leave = render(<StorageNote what="请假" />);
    expect(note()).toBeNull();
    leave.unmount();

    render(<StorageNote what="周记" />);
    expect(note()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    expect(note()).toBeNull();
  });
});
