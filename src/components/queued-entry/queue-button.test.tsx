import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pwaStore } from '@/offline/pwa/pwa-store.ts';
import { QueueButton } from './queue-button.tsx';

afterEach(() => act(() => pwaStore.set({ shellCached: true })));

describe('QueueButton', () => {
  it('holds 提交 with 正在准备离线使用 until the app is kept on the device, then queues', () => {
    act(() => pwaStore.set({ shellCached: false }));
    const submit = vi.fn();
    render(<QueueButton onClick={submit}>提交</QueueButton>);
    const button = screen.getByRole('button', { name: '正在准备离线使用…' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();

    // The service worker has taken over (register.ts): the record may go to the outbox now.
    act(() => pwaStore.set({ shellCached: true }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
