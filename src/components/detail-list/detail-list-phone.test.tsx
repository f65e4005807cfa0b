import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailListPhone } from './detail-list-phone.tsx';

describe('<DetailListPhone> (antd-mobile)', () => {
  it('lays each item out as a row: label, value at the right, its note under it; long text under its label; then the extra rows', () => {
    const { container } = render(
      <DetailListPhone
        title="批阅结果"
        items={[
          { label: '分数', content: '90' },
          { label: '提交时间', content: '2026-10-16 18:30:00', note: '离线填写，联网后提交' },
          { label: '批阅意见', content: '继续保持', block: true },
        ]}
      >
        <p>批阅记录</p>
      </DetailListPhone>,
    );
    expect(screen.getByText('批阅结果')).toBeTruthy();
    const rows = Array.from(container.querySelectorAll('.adm-list-item'));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.querySelector('.adm-list-item-content-main')!.textContent).toBe('分数');
    expect(rows[0]!.querySelector('.adm-list-item-content-extra')!.textContent).toBe('90');
    expect(rows[1]!.querySelector('.adm-list-item-description')!.textContent).toBe('离线填写，联网后提交');
    expect(rows[2]!.querySelector('.adm-list-item-title')!.textContent).toBe('批阅意见');
    expect(rows[2]!.querySelector('.adm-list-item-content-main')!.textContent).toContain('继续保持');
    expect(screen.getByText('批阅记录')).toBeTruthy();
  });
});
