import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PhoneSheet } from './phone-sheet.tsx';

describe('<PhoneSheet> (antd-mobile)', () => {
  it('shows nothing while closed', () => {
    render(
      <PhoneSheet open={false} title="周记详情" onClose={() => undefined}>
        <p>周记内容</p>
      </PhoneSheet>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('周记内容')).toBeNull();
  });

  it('is a dialog named by its title, with its content, closed by 返回', async () => {
    const onClose = vi.fn();
    render(
      <PhoneSheet open title="周记详情" onClose={onClose}>
        <p>周记内容</p>
      </PhoneSheet>,
    );
    const dialog = await screen.findByRole('dialog', { name: '周记详情' });
    expect(dialog.textContent).toContain('周记内容');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
