import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnnouncementDetail } from '@contract/announcement.ts';
import { AnnouncementBody } from './announcement-body.tsx';

const detail = (msgContent: string): AnnouncementDetail => ({
  id: 'a1',
  titile: '关于做好2026年岗位实习工作的通知',
  sender: '系统管理员',
  sendTime: '2026-03-10T08:05:09+08:00',
  msgContent,
  priority: 'H',
  openType: null,
  openPage: null,
  busId: null,
});

describe('AnnouncementBody', () => {
  it('shows the sender, the time, the priority and the formatted content', () => {
    const { container } = render(<AnnouncementBody detail={detail('<p>请按时提交<strong>周记</strong>和<a href="https://example.com/guide">月报</a>。</p>')} />);
    expect(screen.getByText('发布人：系统管理员')).toBeTruthy();
    expect(screen.getByText('紧急')).toBeTruthy();
    expect(container.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-10T08:05:09+08:00');
    expect(screen.getByText('周记').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '月报' }).getAttribute('href')).toBe('https://example.com/guide');
  });

  it('removes scripts, event handlers, javascript: links, frames and forms', () => {
    const hostile = [
      '<p>正文</p>',
      '<script>window.hacked = true</script>',
      '<img src="x.png" onerror="window.hacked = true" alt="图">',
      '<a href="javascript:window.hacked = true">点我</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="p"></form>',
      '<svg><script>window.hacked = true</script></svg>',
      '<div onclick="window.hacked = true">块</div>',
    ].join('');
    const { container } = render(<AnnouncementBody detail={detail(hostile)} />);
    const content = container.querySelector('.announcement-body__content')!;

    expect(content.textContent).toContain('正文');
    expect(content.querySelector('script, iframe, form, input')).toBeNull();
    expect(content.querySelector('img')!.getAttribute('onerror')).toBeNull();
    expect(content.querySelector('div')!.getAttribute('onclick')).toBeNull();
    expect(screen.getByText('点我').getAttribute('href')).toBeNull();
    expect(content.innerHTML).not.toMatch(/javascript:|onerror|onclick|<script/i);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows a dash for an announcement without a sender', () => {
    render(<AnnouncementBody detail={{ ...detail('<p>x</p>'), sender: null }} />);
    expect(screen.getByText('发布人：—')).toBeTruthy();
  });
});
